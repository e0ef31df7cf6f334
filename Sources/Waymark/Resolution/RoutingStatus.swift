/// What happened to a routing request, in one word. A struct over a private enum, so that later
/// versions can add statuses (presentation cancelled, feature unavailable) without breaking clients;
/// compare with `==` or `switch` over the static members.
public struct RoutingStatus: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: String, Sendable {
        case handled
        case handledByDefault
        case unmatched
        case declined
        case rejected
        case redirectLoop
        case refused
        case internalOnly
        case invalid
        case failed
        case deferred
        case presentationCancelled
        case userCancelled
        case unsupported
        case featureUnavailable
        case limitExceeded
        case redirectRefused
        case needsConfirmation
    }

    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// A route matched, passed its filters, and its destination handled the request.
    public static let handled = RoutingStatus(.handled)
    /// The default route handled the request: nothing matched, every match declined, or the scheme
    /// or domain was refused. ``RoutingResult/reason`` says which.
    public static let handledByDefault = RoutingStatus(.handledByDefault)
    /// Nothing matched and there is no default route (or it declined).
    public static let unmatched = RoutingStatus(.unmatched)
    /// Routes matched, but every destination declined and there is no default route.
    public static let declined = RoutingStatus(.declined)
    /// A filter rejected the request; ``RoutingResult/filter`` names it.
    public static let rejected = RoutingStatus(.rejected)
    /// Filters redirected in a loop (or too many times); the chain is in ``RoutingResult/redirects``.
    public static let redirectLoop = RoutingStatus(.redirectLoop)
    /// The scheme or domain is not accepted and there is no default route.
    public static let refused = RoutingStatus(.refused)
    /// The best match is an internal-only route and the request came from outside.
    public static let internalOnly = RoutingStatus(.internalOnly)
    /// The string cannot be routed (control characters, bad encoding, a universal link with a user part).
    public static let invalid = RoutingStatus(.invalid)
    /// A destination threw; ``RoutingResult/reason`` carries the error.
    public static let failed = RoutingStatus(.failed)

    /// The destination's presentation policy deferred the route until the UI is ready.
    public static let deferred = RoutingStatus(.deferred)
    /// The app cancelled the presentation; ``RoutingResult/reason`` says why.
    public static let presentationCancelled = RoutingStatus(.presentationCancelled)
    /// The user cancelled the presentation.
    public static let userCancelled = RoutingStatus(.userCancelled)
    /// The app cannot show the route; ``RoutingResult/reason`` says why.
    public static let unsupported = RoutingStatus(.unsupported)
    /// The route's feature is unavailable and it has no fallback route; ``RoutingResult/feature``
    /// names the feature.
    public static let featureUnavailable = RoutingStatus(.featureUnavailable)

    /// The URL is over one of the table's ``RouteLimits``; ``RoutingResult/exceededLimit`` names it.
    public static let limitExceeded = RoutingStatus(.limitExceeded)

    /// A filter (or a feature fallback) redirected to a URL whose scheme or domain the table does not
    /// explicitly accept; redirects may only go to internal routes or accepted links.
    public static let redirectRefused = RoutingStatus(.redirectRefused)
    /// The route asks the user to confirm before an external link opens it; after they confirm,
    /// ``RouteResolver/resolveConfirmed(_:)`` goes on.
    public static let needsConfirmation = RoutingStatus(.needsConfirmation)

    /// Whether a destination (the matched route's or the default route's) handled the request.
    public var isHandled: Bool { kind == .handled || kind == .handledByDefault }

    /// The status's name.
    public var description: String { kind.rawValue }
}
