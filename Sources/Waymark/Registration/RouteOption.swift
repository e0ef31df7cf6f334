/// One option of a route: where it applies, who may open it, what it carries, what it needs.
///
/// Every way of registering a route takes the same options, in any order, after its template
/// and name: a closure (``RouteResolverBuilder/add(_:name:_:to:)``), a typed input
/// (``RouteResolverBuilder/add(_:name:input:_:to:)``), a typed route enum (a ``RouteMap`` entry,
/// ``RouteMap/Mapping/template(_:_:)``) and a route file (its fields of the same names).
///
/// ```swift
/// builder.add("create", name: "createNew", .alsoMatches("create-document"), .requiresConfirmation) { … }
/// builder.add("reports", name: "reports", .feature(pro, whenUnavailable: .redirect(to: "paywall"))) { … }
/// builder.add("debug/menu", name: "debug", .internalOnly, .properties(["presentation": "modal"])) { … }
///
/// static let routeMap: RouteMap<DocumentRoute> = [
///     "createNew": .template("create", .alsoMatches("create-document")),
///     "admin": .template("admin", .internalOnly),
/// ]
/// ```
///
/// When an option is given twice, the later one wins for a single value (scopes, priority);
/// lists add up (filters, features, properties — a later property of the same key wins —, other
/// templates), and the flags (internal-only, confirmation) hold once given. A nested route
/// (``URLRoute``) starts from its parent's options and adds its own the same way, so a child of
/// an internal-only case is internal-only, and a feature of the parent is needed by every child.
///
/// Options rather than labelled arguments: labelled arguments must come in one declared order,
/// and each new one multiplies the overloads of every form; these compose.
public struct RouteOption: Sendable {
    enum Kind: Sendable {
        case scopes([RouteScope])
        case priority(Int)
        case internalOnly(reachableThroughRedirects: Bool)
        case properties([String: JSONValue])
        case filters([any RouteFilter])
        case feature(FeatureRequirement)
        case requiresConfirmation
        case alsoMatches([RouteTemplate])
        case loggable(LoggableValues)
    }

    let kind: Kind

    /// Where the route's templates apply. Default: every app scheme and every domain
    /// (``RouteScope/defaultScopes``).
    public static func scopes(_ scopes: [RouteScope]) -> RouteOption { RouteOption(kind: .scopes(scopes)) }

    /// Where the route's templates apply: `.scopes(.app(scheme: "shop"), .universal(domain: "shop.example.com"))`.
    public static func scopes(_ scopes: RouteScope...) -> RouteOption { RouteOption(kind: .scopes(scopes)) }

    /// Higher priorities win before specificity is compared. Default: 0. Compared as 32-bit
    /// integers (as on Apple Watch); values beyond ±2,147,483,647 are clamped.
    public static func priority(_ priority: Int) -> RouteOption { RouteOption(kind: .priority(priority)) }

    /// No chain of links started outside the app reaches the route, directly or through any number
    /// of redirects (``RoutingStatus/internalOnly``).
    public static var internalOnly: RouteOption { RouteOption(kind: .internalOnly(reachableThroughRedirects: false)) }

    /// Internal-only; with `reachableThroughRedirects`, a chain started outside the app may still
    /// reach the route when a filter or a feature fallback redirects it there, while a link that
    /// names it directly is refused: for a sign-in or paywall screen only the app sends people to.
    public static func internalOnly(reachableThroughRedirects: Bool) -> RouteOption {
        RouteOption(kind: .internalOnly(reachableThroughRedirects: reachableThroughRedirects))
    }

    /// Properties every request of the route carries (path properties, when the resolver has them,
    /// merge over these).
    public static func properties(_ properties: [String: JSONValue]) -> RouteOption {
        RouteOption(kind: .properties(properties))
    }

    /// The route's own filters, run after the global ones, in order.
    public static func filters(_ filters: [any RouteFilter]) -> RouteOption { RouteOption(kind: .filters(filters)) }

    /// The route's own filters, run after the global ones, in order.
    public static func filters(_ filters: any RouteFilter...) -> RouteOption { RouteOption(kind: .filters(filters)) }

    /// A feature the route needs, asked after the filters every time the route resolves; when it is
    /// unavailable the request ends as ``RoutingStatus/featureUnavailable``, or is redirected (to a
    /// paywall, say). A route may need several; each is asked in order.
    public static func feature(_ feature: any Feature, whenUnavailable fallback: FeatureFallback = .reject)
        -> RouteOption
    {
        RouteOption(kind: .feature(FeatureRequirement(feature: feature, fallback: fallback)))
    }

    /// External links to the route end as ``RoutingStatus/needsConfirmation``; the app asks the
    /// user, then calls ``RouteResolver/resolveConfirmed(_:)``.
    public static var requiresConfirmation: RouteOption { RouteOption(kind: .requiresConfirmation) }

    /// More templates that open the same route, for legacy or alternative paths: they parse links,
    /// and only the route's first template prints them.
    public static func alsoMatches(_ templates: RouteTemplate...) -> RouteOption {
        RouteOption(kind: .alsoMatches(templates))
    }

    /// More templates that open the same route; as the variadic form.
    public static func alsoMatches(_ templates: [RouteTemplate]) -> RouteOption {
        RouteOption(kind: .alsoMatches(templates))
    }

    /// Every parameter and query value of the route may appear in ``RoutingEvent``s, and so in logs
    /// and analytics. By default none does: a link may carry a sign-in token. Mark only routes whose
    /// values are public (a product number, a search term the app already sends to analytics).
    public static var loggable: RouteOption { RouteOption(kind: .loggable(.all)) }

    /// The values of these parameters and query items of the route may appear in ``RoutingEvent``s;
    /// every other value stays out (see ``loggable``). Several `loggable` options add up.
    public static func loggable(_ names: String...) -> RouteOption {
        RouteOption(kind: .loggable(.names(Set(names))))
    }
}

/// A feature a route needs and what happens when it is unavailable.
struct FeatureRequirement: Sendable {
    var feature: any Feature
    var fallback: FeatureFallback
}
