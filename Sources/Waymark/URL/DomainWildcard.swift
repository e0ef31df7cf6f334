/// Wildcard universal-link domains: `*.example.com` stands for every subdomain of `example.com`, at
/// any depth (`shop.example.com`, `eu.shop.example.com`), and **not** `example.com` itself.
///
/// This follows Apple's rule for associated domains, where `applinks:*.example.com` matches the
/// subdomains and the domain itself needs an entry of its own, and Android's intent filters, where
/// the host `*.example.com` matches a host that ends with `.example.com`. The one place this rule
/// is written: the table's acceptance and scopes, link creation and the association-file
/// generator all ask it.
///
/// Precedence (docs/templates.md): for one host, routes scoped to the host exactly come first,
/// then those scoped to the wildcards that cover it, the most specific (longest) first, then
/// `universalAny`.
package enum DomainWildcard {
    /// The domain a wildcard covers the subdomains of (`example.com` for `*.example.com`), or `nil`
    /// for a domain that is not a wildcard.
    package static func base(of domain: String) -> Substring? {
        domain.hasPrefix("*.") ? domain.dropFirst(2) : nil
    }

    /// Whether the wildcard whose base is `base` covers `host`: the host ends with `.` and the base,
    /// and has at least one more label. Both are lowercase ASCII (the table lowercases domains; a
    /// host is compared as the URL's bytes lowercased).
    package static func covers(base: some StringProtocol, host: some StringProtocol) -> Bool {
        let hostBytes = host.utf8
        let baseBytes = base.utf8
        guard hostBytes.count > baseBytes.count + 1 else { return false }
        let dot = hostBytes.index(hostBytes.endIndex, offsetBy: -(baseBytes.count + 1))
        return hostBytes[dot] == UInt8(ascii: ".") && hostBytes[hostBytes.index(after: dot)...].elementsEqual(baseBytes)
    }

    /// Whether `domain` (a host, or a wildcard) is covered by the wildcard `wildcard`: a host is
    /// covered as ``covers(base:host:)`` says; a wildcard `*.a.example.com` is covered by
    /// `*.example.com`, since every host of the first is a host of the second.
    package static func domain(_ domain: String, isCoveredBy wildcard: String) -> Bool {
        guard let base = base(of: wildcard) else { return false }
        return covers(base: base, host: Self.base(of: domain) ?? Substring(domain))
    }

    /// The wildcards of `domains` that cover `host`, the most specific (longest base) first.
    package static func covering(_ host: String, in domains: [String]) -> [String] {
        domains.filter { self.domain(host, isCoveredBy: $0) }.sorted { $0.utf8.count > $1.utf8.count }
    }

    /// Whether a table with these domains accepts universal links to `host`: listed exactly, or
    /// covered by a listed wildcard. A wildcard given as the host (the association file served on
    /// every subdomain) is accepted when it is listed or covered.
    package static func accepts(_ host: String, domains: [String]) -> Bool {
        domains.contains(host) || domains.contains { self.domain(host, isCoveredBy: $0) }
    }
}
