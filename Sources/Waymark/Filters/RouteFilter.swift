/// A step between match and destination that lets a request through, redirects it, or rejects it.
///
/// Filters run in order: the resolver's global filters first, then the route's own. They are async
/// and may throw; a filter that throws rejects the request, and the result carries the error.
///
/// ```swift
/// struct SignInFilter: RouteFilter {
///     let session: Session
///     func evaluate(_ request: RouteRequest) async throws -> FilterDecision {
///         request.routeName == "account" && !(await session.isSignedIn) ? .redirect(to: "sign-in") : .proceed
///     }
/// }
/// ```
public protocol RouteFilter: Sendable {
    /// The name shown in a ``RoutingResult`` that this filter rejected or redirected. Defaults to the
    /// type's name.
    var name: String { get }

    /// Decides what happens to a request.
    func evaluate(_ request: RouteRequest) async throws -> FilterDecision
}

extension RouteFilter {
    /// The type's name.
    public var name: String { String(describing: Self.self) }
}

/// What a ``RouteFilter`` decides.
public enum FilterDecision: Hashable, Sendable {
    /// Let the request go on to the next filter and then the destination.
    case proceed
    /// Resolve another route string or URL instead. The chain keeps the origin of the link that
    /// started it: a redirect of an external link is still external, so it reaches no internal-only
    /// route (unless registered `reachableThroughRedirects`) and skips no confirmation. Targets off the
    /// app (other schemes and domains, `//host`) are refused; redirect loops are detected and stopped.
    case redirect(to: String)
    /// Stop the request; the reason ends up in the ``RoutingResult``.
    case reject(String)
}

/// A filter made from a closure.
///
/// ```swift
/// let onlyInternal = FilterClosure(name: "only-internal") { request in
///     request.origin == .internal ? .proceed : .reject("opened from outside")
/// }
/// ```
public struct FilterClosure: RouteFilter {
    /// The filter's name in results.
    public let name: String
    private let body: @Sendable (RouteRequest) async throws -> FilterDecision

    /// Creates a named filter from a closure.
    public init(name: String, _ body: @escaping @Sendable (RouteRequest) async throws -> FilterDecision) {
        self.name = name
        self.body = body
    }

    /// Runs the closure.
    public func evaluate(_ request: RouteRequest) async throws -> FilterDecision {
        try await body(request)
    }
}
