/// The record of one routing: what came in, what matched, and what was captured.
///
/// Built by ``RouteResolver`` when a URL is resolved, then passed through the filters and to the
/// destination. For the default route, ``matchedTemplate`` and ``routeParameters`` are `nil`.
public struct RouteRequest: Sendable {
    /// The URL or route string as received, after parsing.
    public let url: RouteURL
    /// Whether the request came from outside the app or from within it.
    public let origin: RouteOrigin
    /// The name of the route that will run (the default route's name when nothing matched), if named.
    public let routeName: String?
    /// The template that matched, or `nil` when the default route runs.
    public let matchedTemplate: RouteTemplate?
    /// The scope the template matched in, or `nil` when the default route runs.
    public let scope: RouteScope?
    /// The captured route parameters, or `nil` when the default route runs.
    public let routeParameters: RouteParameters?
    /// The segments of a trailing catch-all, decoded; `nil` when the template has none.
    public let wildcard: [String]?
    /// Properties attached to the route (in a later version merged with the path configuration's).
    public let properties: [String: JSONValue]

    /// Creates a request.
    public init(
        url: RouteURL, origin: RouteOrigin, routeName: String?, matchedTemplate: RouteTemplate?, scope: RouteScope?,
        routeParameters: RouteParameters?, wildcard: [String]?, properties: [String: JSONValue]
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
