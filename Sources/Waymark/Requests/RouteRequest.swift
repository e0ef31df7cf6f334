/// The record of one routing: what came in, what matched, and what was captured.
///
/// Built by ``RouteResolver`` when a URL is resolved, then passed through the filters and to the
/// destination. For the default route, ``matchedTemplate`` and ``routeParameters`` are `nil`.
public struct RouteRequest: Sendable {
    /// The fields, in one immutable box: a request is copied with a single retain. `Sendable`
    /// because every field is a `let` of a `Sendable` type.
    private final class Storage: Sendable {
        let url: RouteURL
        let origin: RouteOrigin
        let routeName: String?
        let matchedTemplate: RouteTemplate?
        let scope: RouteScope?
        let routeParameters: RouteParameters?
        let wildcard: [String]?
        let properties: [String: JSONValue]

        init(
            url: RouteURL, origin: RouteOrigin, routeName: String?, matchedTemplate: RouteTemplate?,
            scope: RouteScope?, routeParameters: RouteParameters?, wildcard: [String]?,
            properties: [String: JSONValue]
        ) {
            self.url = url
            self.origin = origin
            self.routeName = routeName
            self.matchedTemplate = matchedTemplate
            self.scope = scope
            self.routeParameters = routeParameters
            self.wildcard = wildcard
            self.properties = properties
        }
    }

    private let storage: Storage

    /// The URL or route string as received, after parsing.
    public var url: RouteURL { storage.url }
    /// Whether the request came from outside the app or from within it.
    public var origin: RouteOrigin { storage.origin }
    /// The name of the route that will run (the default route's name when nothing matched), if named.
    public var routeName: String? { storage.routeName }
    /// The template that matched, or `nil` when the default route runs.
    public var matchedTemplate: RouteTemplate? { storage.matchedTemplate }
    /// The scope the template matched in, or `nil` when the default route runs.
    public var scope: RouteScope? { storage.scope }
    /// The captured route parameters, or `nil` when the default route runs.
    public var routeParameters: RouteParameters? { storage.routeParameters }
    /// The segments of a trailing catch-all, decoded; `nil` when the template has none.
    public var wildcard: [String]? { storage.wildcard }
    /// The route's own properties (``RouteOption/properties(_:)``), with the path properties of the
    /// URL (``RouteResolverBuilder/pathProperties``, a path configuration) merged over them.
    public var properties: [String: JSONValue] { storage.properties }

    /// Creates a request.
    public init(
        url: RouteURL, origin: RouteOrigin, routeName: String?, matchedTemplate: RouteTemplate?, scope: RouteScope?,
        routeParameters: RouteParameters?, wildcard: [String]?, properties: [String: JSONValue]
    ) {
        storage = Storage(
            url: url, origin: origin, routeName: routeName, matchedTemplate: matchedTemplate, scope: scope,
            routeParameters: routeParameters, wildcard: wildcard, properties: properties)
    }

    /// The scheme, lowercased (`nil` for internal route strings).
    public var scheme: String? { url.scheme }
    /// The host: the domain of a universal link, or the host segment of an app link.
    public var host: String? { url.host }
    /// The decoded query items.
    public var queryParameters: QueryParameters { url.query }
    /// The decoded fragment, never used for matching.
    public var fragment: String? { url.fragment }
    /// The catch-all segments joined by `/`.
    public var wildcardPath: String? { wildcard?.joined(separator: "/") }
    /// Whether the default route is handling this request.
    public var isDefaultRoute: Bool { matchedTemplate == nil }
}
