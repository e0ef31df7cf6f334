/// One entry of a table's universal-link domains: a host name, a wildcard, or a base URL under
/// which the app's links live.
///
/// | written | accepts | prints links as |
/// |---|---|---|
/// | `shop.example.com` | `http(s)://shop.example.com/…` | `https://shop.example.com/…` |
/// | `*.example.com` | every subdomain of `example.com`, not `example.com` itself | `https://HOST/…`, for a host it covers |
/// | `https://example.com/m` | `http(s)://example.com/m/…`, routed as `/…` | `https://example.com/m/…` |
/// | `http://localhost:8080` | `http(s)://localhost/…` on any port | `http://localhost:8080/…` |
/// | `https://example.com/m?ref=app` | as `https://example.com/m` | `https://example.com/m/…?…&ref=app` |
///
/// The base path is matched beneath and printed under, symmetrically: a link to the host whose path
/// does not start with the base path's segments is refused (the app does not handle it; the
/// association file sends only paths under it), and the route path a template sees starts after it.
/// Base-path segments compare as a template's literals do (with the table's case rule); they are
/// written as links spell them: letters, digits, `-._~` and `!$&'()+,;=:@`, with no `%` escapes.
///
/// The scheme and the port are used only when printing: matching has always accepted `http` and
/// `https` on any port, and keeps doing so. The fixed query items are added to every link printed
/// under the base (after the template's own items, and left out where a link already carries an
/// item of that name); matching ignores them, as it ignores every query item a template does not
/// require. A link leaves a fixed item out when it writes an item of that name itself, or when
/// the template has an item of that name with a default (`ref={ref=app}`, which the link leaves out
/// at its default). They are configuration that may hold a secret (`?token=…`), so ``description``
/// names them without their values, as every message does.
public struct UniversalLinkBase: Hashable, Sendable, CustomStringConvertible {
    /// `https`, or `http` when the base was written with `http://`.
    public let scheme: String
    /// The host, lowercased: a host name or a wildcard (`*.example.com`).
    public let host: String
    /// The port links are printed with, when the base names one.
    public let port: Int?
    /// The segments every link of the host lives under (`["m"]` for `https://example.com/m`).
    public let pathPrefix: [String]
    /// The fixed query items, each as written (`ref=app`), added to every link printed under the base.
    public let queryItems: [String]

    /// Reads one entry of a domain list.
    ///
    /// - Throws: ``RoutingError/Code/invalidDomain``, with a message that names the entry and what
    ///   is wrong with it.
    public init(_ spelling: String) throws(RoutingError) {
        switch Self.parse(spelling) {
        case .success(let base): self = base
        case .failure(let problem): throw RoutingError(code: .invalidDomain, message: problem.message)
        }
    }

    /// A base from its parts (already checked).
    init(scheme: String, host: String, port: Int?, pathPrefix: [String], queryItems: [String]) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.pathPrefix = pathPrefix
        self.queryItems = queryItems
    }

    /// A plain host entry.
    init(host: String) {
        self.init(scheme: "https", host: host.lowercased(), port: nil, pathPrefix: [], queryItems: [])
    }

    /// The entry `spelling` reads as, or, for one that cannot be read, a host named by the spelling
    /// as messages show it (``redacted(_:)``), which accepts no link: for a ``LinkCreator`` and a
    /// ``RouteFile``, which take a list a table would refuse when built.
    static func reading(_ spelling: String) -> UniversalLinkBase {
        switch parse(spelling) {
        case .success(let base): base
        case .failure: UniversalLinkBase(host: redacted(spelling))
        }
    }

    /// The entry as a message names it: scheme, host, port and base path, with the fixed query
    /// items' names and not their values (`https://example.com/m?token=…`).
    public var description: String {
        let head = isPlainHost ? host : origin(host: host) + (pathPrefix.isEmpty ? "" : "/" + basePath)
        let names = queryItems.map(Self.withoutValue)
        return names.isEmpty ? head : head + "?" + names.joined(separator: "&")
    }

    /// The base path as written, without its leading `/` (`m/app`); empty for none.
    public var basePath: String { pathPrefix.joined(separator: "/") }

    /// Whether the entry is a host name or wildcard alone, as domain lists held before base URLs.
    public var isPlainHost: Bool { scheme == "https" && port == nil && pathPrefix.isEmpty && queryItems.isEmpty }

    /// The scheme, host and port of a link to `host` (a host the entry covers):
    /// `https://example.com`, `http://localhost:8080`.
    public func origin(host: String) -> String {
        scheme + "://" + host + (port.map { ":\($0)" } ?? "")
    }

    /// A link to `host` under this base, from the route path and what follows it as a link writes
    /// them (`product/42?ref=x`, without the leading `/`): `https://example.com/m/product/42?ref=x`.
    ///
    /// The root route under a base path is the base path itself (`https://example.com/m`), as the
    /// association file's component for it (`/m`) reads it; without one it is `https://HOST/`.
    public func link(host: String, routePath: String) -> String {
        let head = origin(host: host)
        if pathPrefix.isEmpty { return head + "/" + routePath }
        let atRoot = routePath.isEmpty || routePath.hasPrefix("?") || routePath.hasPrefix("#")
        return head + "/" + basePath + (atRoot ? "" : "/") + routePath
    }

    /// The entry of `bases` that links to `host` are read and printed under: the host's own, else
    /// the most specific wildcard that covers it (the precedence of scopes).
    public static func entry(for host: String, in bases: [UniversalLinkBase]) -> UniversalLinkBase? {
        let host = host.lowercased()
        return bases.first { $0.host == host }
            ?? bases.filter { DomainWildcard.domain(host, isCoveredBy: $0.host) }.max {
                $0.host.utf8.count < $1.host.utf8.count
            }
    }

    /// The decoded names of the fixed query items, in order.
    var queryItemNames: [String] {
        queryItems.map { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return Array(name.utf8).withUnsafeBufferPointer { PercentDecoding.decodeLeniently($0, plusAsSpace: true) }
        }
    }
}

extension UniversalLinkBase {
    /// Why an entry cannot be read, with the message every surface shows.
    struct Problem: Error {
        var message: String
    }

    /// Reads `spelling`: `[http[s]://]host[:port][/base/path][?fixed=items]`.
    static func parse(_ spelling: String) -> Result<UniversalLinkBase, Problem> {
        func problem(_ text: String) -> Result<UniversalLinkBase, Problem> {
            .failure(Problem(message: "the domain '\(redacted(spelling))' " + text))
        }
        var rest = Substring(spelling)
        var scheme = "https"
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let written = rest[..<colon].lowercased()
            guard written == "https" || written == "http" else {
                return problem(
                    "has the scheme '\(written)'; a universal link is http or https (write 'https://HOST/BASE-PATH' "
                        + "or the host name alone)")
            }
            scheme = written
            rest = rest[colon...].dropFirst(3)
        }
        if rest.contains("#") { return problem("has a fragment; a domain entry ends before any '#'") }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[slash...]
            rest = rest[..<slash]
        }
        var port: Int?
        if let colon = rest.lastIndex(of: ":") {
            let digits = rest[rest.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
                let value = Int(digits), value >= 1, value <= 65_535
            else {
                return problem("has the port '\(digits)'; a port is a number from 1 to 65535")
            }
            port = value
            rest = rest[..<colon]
        }
        let host = rest.lowercased()
        if let hostProblem = hostProblem(host) { return .failure(Problem(message: hostProblem)) }
        var prefix: [String] = []
        for segment in path.split(separator: "/") {
            if segment == "." || segment == ".." {
                return problem("has the dot segment '\(segment)' in its base path; write the path it stands for")
            }
            if let bad = segment.unicodeScalars.first(where: { !isBasePathCharacter($0) }) {
                return problem(
                    "has '\(bad.escaped(asASCII: true))' in its base path; a base path is written as links spell "
                        + "it, with letters, digits, '-._~' and '!$&'()+,;=:@' (no '%' escapes)")
            }
            prefix.append(String(segment))
        }
        var items: [String] = []
        for item in (query ?? "").split(separator: "&") {
            if item.hasPrefix("=") { return problem("has a fixed query item with no name") }
            if item.unicodeScalars.contains(where: { !isQueryCharacter($0) }) {
                return problem(
                    "has a fixed query item that is not percent-encoded; write each item as a link carries it")
            }
            items.append(String(item))
        }
        return .success(
            UniversalLinkBase(scheme: scheme, host: host, port: port, pathPrefix: prefix, queryItems: items))
    }

    /// A query item as messages show it, its name and not its value: `token=…`. An item with no
    /// name (`=x`) shows as `=…`.
    static func withoutValue(_ item: some StringProtocol) -> String {
        String(item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") + "=…"
    }

    /// The entry as messages show it: without its query values (a fixed item may be a token), its
    /// fragment, or a user part (`user:password@`).
    static func redacted(_ spelling: String) -> String {
        var head = Substring(spelling)
        var tail = ""
        if let hash = head.firstIndex(of: "#") {
            head = head[..<hash]
            tail = "#…"
        }
        if let mark = head.firstIndex(of: "?") {
            let items = head[head.index(after: mark)...].split(separator: "&").map(Self.withoutValue)
            tail = "?" + items.joined(separator: "&") + tail
            head = head[..<mark]
        }
        if let at = head.lastIndex(of: "@") {
            var start = head.startIndex
            if let colon = head.firstIndex(of: ":"), head[colon...].hasPrefix("://") {
                start = head.index(colon, offsetBy: 3)
            }
            if start <= at { head = head[..<start] + "…" + head[at...] }
        }
        return head + tail
    }

    /// A base path's characters: those a link writes as they are, except `*`, which an association
    /// file's pattern would read as a wildcard.
    private static func isBasePathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && ((scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || "-._~!$&'()+,;=:@".unicodeScalars.contains(scalar))
    }

    private static func isQueryCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isBasePathCharacter(scalar) || scalar == "%" || scalar == "/" || scalar == "?" || scalar == "*"
    }

    /// What is wrong with a host name or wildcard, or `nil`: the one rule for a domain list's hosts
    /// and for the domains route scopes name.
    static func hostProblem(_ domain: String) -> String? {
        if let base = DomainWildcard.base(of: domain) {
            // `*.example.com`: the base must be a host name of two labels or more (`*.com` would
            // claim a whole top-level domain).
            if base.contains("*") || hostProblem(String(base)) != nil || !base.contains(".") {
                return "'\(domain)' is not a valid wildcard domain; write '*.' before a host name of two labels or "
                    + "more, as in '*.example.com'"
            }
            return nil
        }
        if domain.contains("*") {
            return "'\(domain)' is not a valid host name; a wildcard is written '*.' before the domain, as in "
                + "'*.example.com', and covers its subdomains"
        }
        let labels = domain.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !domain.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy {
                        ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-"
                    }
            }
        if !valid {
            return "'\(domain)' is not a valid host name; use letters, digits, '-' and '.', and punycode for "
                + "internationalized names"
        }
        return nil
    }
}
