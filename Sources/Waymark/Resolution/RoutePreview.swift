/// What resolving a link would do, answered at once: the answer an app delegate must give
/// synchronously (`application(_:open:options:)` returns a `Bool` before anything async can run).
///
/// A preview applies the rules that matching alone decides, the same ones ``RouteResolver/resolve(_:origin:)-(String,_)``
/// applies first, in the same order: limits, invalid links, refused schemes and domains,
/// internal-only routes, confirmation. It runs no filter, no feature and no destination (they are
/// asynchronous); ``pendingChecks`` names the ones resolving will ask, any of which may still
/// redirect, reject or decline. Resolving stays the authority: it applies every rule again.
///
/// ```swift
/// func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
///     let preview = resolver.preview(url.absoluteString)
///     guard preview.opensRoute else { return false }
///     Task { await resolver.resolve(url.absoluteString) }
///     return true
/// }
/// ```
public struct RoutePreview: Sendable, CustomStringConvertible {
    /// What resolving would do first.
    public enum Outcome: String, Hashable, Sendable {
        /// A route of the app opens it (its filters, features and destination run when resolved).
        case opens
        /// No route opens it; the default route would (nothing matches, or the scheme or domain is
        /// not accepted).
        case opensDefault
        /// A route opens it once the user confirms (``RouteOption/requiresConfirmation``).
        case needsConfirmation
        /// The route is internal-only and the link comes from outside.
        case internalOnly
        /// Nothing matches and there is no default route.
        case unmatched
        /// The scheme or domain is not accepted and there is no default route.
        case refused
        /// The string cannot be routed at all.
        case invalid
        /// The link is over one of the table's ``RouteLimits``.
        case limitExceeded
    }

    /// What resolving would do first.
    public let outcome: Outcome
    /// The request resolving would create (as ``RouteResolver/request(for:origin:)-(String,_)`` gives it), or
    /// `nil` for an invalid link or one over a limit.
    public let request: RouteRequest?
    /// Why, for every outcome but ``Outcome/opens``.
    public let reason: String?
    /// The filters and features resolving will ask, in order (`filter 'signed-in'`,
    /// `feature 'pro'`): each may still change the answer.
    public let pendingChecks: [String]
    /// For ``Outcome/limitExceeded``: the limit the link is over.
    public private(set) var exceededLimit: RouteLimits.Limit? = nil

    /// Whether a route of the app opens the link (now, or once the user confirms): the answer for
    /// `application(_:open:options:)`. `false` for a link only the default route would take, so
    /// that the system may offer it elsewhere.
    public var opensRoute: Bool { outcome == .opens || outcome == .needsConfirmation }

    /// `outcome: reason`.
    public var description: String { reason.map { "\(outcome.rawValue): \($0)" } ?? outcome.rawValue }
}

extension RouteResolver {
    /// What resolving `string` would do, at once: see ``RoutePreview``.
    ///
    /// - Parameters:
    ///   - string: A custom-scheme link, a universal link or an internal route string.
    ///   - origin: Where it comes from; by default as ``resolve(_:origin:)-(String,_)`` decides (a string with a
    ///     scheme is external).
    public func preview(_ string: String, origin: RouteOrigin? = nil) -> RoutePreview {
        guard let observer else { return unobservedPreview(string, origin: origin) }
        let start = ContinuousClock.now
        let preview = unobservedPreview(string, origin: origin)
        observer.send(preview, link: string, since: start)
        return preview
    }

    /// The preview without an event: for a report over traffic (``LinkHealthReport``), whose links
    /// are not links the app opened.
    func unobservedPreview(_ string: String, origin: RouteOrigin?) -> RoutePreview {
        let lookup = table.lookup(string)
        if lookup.outcome == .limitExceeded {
            return RoutePreview(
                outcome: .limitExceeded, request: nil, reason: lookup.reason, pendingChecks: [],
                exceededLimit: lookup.exceededLimit)
        }
        guard let url = lookup.url, lookup.outcome != .invalid else {
            return RoutePreview(outcome: .invalid, request: nil, reason: lookup.reason, pendingChecks: [])
        }
        let origin = origin ?? Self.inferredOrigin(of: string)
        guard lookup.outcome == .matched, let best = lookup.match else {
            let reason = lookup.reason ?? "no route matches"
            guard let route = defaultRoute else {
                let request = RouteRequest(
                    url: url, origin: origin, routeName: nil, matchedTemplate: nil, scope: nil, routeParameters: nil,
                    wildcard: nil, properties: properties([:], url))
                let outcome: RoutePreview.Outcome = lookup.outcome == .refused ? .refused : .unmatched
                return RoutePreview(outcome: outcome, request: request, reason: reason, pendingChecks: [])
            }
            let request = RouteRequest(
                url: url, origin: origin, routeName: route.name, matchedTemplate: nil, scope: nil, routeParameters: nil,
                wildcard: nil, properties: properties(route.properties, url))
            return RoutePreview(
                outcome: .opensDefault, request: request, reason: reason,
                pendingChecks: (filters + route.filters).map { "filter '\($0.name)'" })
        }
        let route = routes[best.value]
        let request = makeRequest(url, origin: origin, match: best)
        // The first hop of a chain: no redirect led here, and nothing is confirmed yet.
        let hop = Hop(origin: origin, throughRedirect: false, confirmed: false)
        if !hop.mayOpen(route) {
            return RoutePreview(
                outcome: .internalOnly, request: request,
                reason: "\(describe(route)) is internal-only; external links cannot open it", pendingChecks: [])
        }
        let checks =
            filters.map { "filter '\($0.name)'" } + route.features.map { "feature '\($0.feature.name)'" }
            + route.filters.map { "filter '\($0.name)'" }
        if origin == .external && route.requiresConfirmation {
            return RoutePreview(
                outcome: .needsConfirmation, request: request,
                reason: "\(describe(route)) asks the user to confirm before an external link opens it",
                pendingChecks: checks)
        }
        return RoutePreview(outcome: .opens, request: request, reason: nil, pendingChecks: checks)
    }
}
