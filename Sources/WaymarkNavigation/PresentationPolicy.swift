public import Waymark

/// Decides, for a route arriving from outside (a deep link), whether the UI can take it now — as
/// Flint's `PresentationRouter` does. The app implements it: for example, defer while onboarding
/// is on screen, cancel while a payment sheet is up, refuse routes the current device cannot show.
///
/// ```swift
/// struct ShopPolicy: PresentationPolicy {
///     let onboarding: Bool
///     func decide(_ route: ShopRoute, in state: NavigationState<ShopRoute>) -> PresentationDecision {
///         onboarding ? .deferred : .ready
///     }
/// }
/// ```
public protocol PresentationPolicy<R>: Sendable {
    /// The route type.
    associatedtype R: Route
    /// The answer for `route`, given what is on screen.
    @MainActor func decide(_ route: R, in state: NavigationState<R>) async -> PresentationDecision
}

/// A presentation policy's answer.
public enum PresentationDecision: Hashable, Sendable {
    /// Apply the route now.
    case ready
    /// Apply it when the UI becomes ready (``Router/presentationBecameReady()``): queued, applied
    /// once, in arrival order.
    case deferred
    /// The app cancels it, for a reason.
    case cancelled(String)
    /// The user cancelled it (for example, declined a confirmation).
    case userCancelled
    /// The app cannot show it (for example, on this device), for a reason.
    case unsupported(String)

    /// The resolver outcome this answer stands for, so it ends up in the `RoutingResult`.
    public var destinationOutcome: DestinationOutcome {
        switch self {
        case .ready: .handled
        case .deferred: .deferred
        case .cancelled(let reason): .cancelled(reason)
        case .userCancelled: .userCancelled
        case .unsupported(let reason): .unsupported(reason)
        }
    }
}

/// Always ready.
public struct ReadyPolicy<R: Route>: PresentationPolicy {
    /// Creates the policy.
    public init() {}
    /// ``PresentationDecision/ready``.
    public func decide(_ route: R, in state: NavigationState<R>) -> PresentationDecision { .ready }
}
