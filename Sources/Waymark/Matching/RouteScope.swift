/// Where a template applies: to app links of one scheme or of every accepted scheme, to universal
/// links of one domain or of every accepted domain.
///
/// A template registered without scopes applies to ``defaultScopes`` (`[.appAny, .universalAny]`).
/// When registrations in several scopes match one URL, the most specific scope wins: an exact scheme
/// or domain beats ``appAny`` / ``universalAny``, and an exact-scope lookup falls back to the
/// any-scope routes when none of its own match.
///
/// Schemes and domains compare case-insensitively; they are stored lowercased.
public enum RouteScope: Hashable, Sendable, CustomStringConvertible {
    /// Custom-scheme links of one scheme (`shop://…`).
    case app(scheme: String)
    /// Custom-scheme links of every accepted scheme.
    case appAny
    /// Universal links (`http`/`https`) of one domain, matched exactly (no implicit subdomains), or
    /// of every subdomain of a wildcard domain (`*.example.com`: `shop.example.com` and
    /// `eu.shop.example.com`, not `example.com`). For one host, its own scope comes first, then the
    /// wildcards that cover it, the most specific first, then ``universalAny``.
    case universal(domain: String)
    /// Universal links of every accepted domain.
    case universalAny

    /// The scopes of a template registered without any: every app scheme and every domain.
    public static let defaultScopes: [RouteScope] = [.appAny, .universalAny]

    /// The scope with its scheme or domain lowercased.
    var normalized: RouteScope {
        switch self {
        case .app(let scheme): .app(scheme: scheme.lowercased())
        case .universal(let domain): .universal(domain: domain.lowercased())
        case .appAny, .universalAny: self
        }
    }

    /// Whether the scope names one scheme or domain rather than all of them.
    public var isExact: Bool {
        switch self {
        case .app, .universal: true
        case .appAny, .universalAny: false
        }
    }

    /// The scope as written in a route file: `appAny`, `universalAny`, `app(shop)`, `universal(shop.example.com)`.
    public var description: String {
        switch self {
        case .app(let scheme): "app(\(scheme))"
        case .appAny: "appAny"
        case .universal(let domain): "universal(\(domain))"
        case .universalAny: "universalAny"
        }
    }
}
