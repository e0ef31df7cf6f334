/// Where a routing request comes from.
public enum RouteOrigin: String, Hashable, Sendable, Codable {
    /// A link from outside the app: a deep link, a universal link, a notification. External requests
    /// cannot reach internal-only routes.
    case external
    /// In-app navigation, including redirects chosen by filters.
    case `internal`
}
