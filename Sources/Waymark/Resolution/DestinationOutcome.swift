/// What a destination reports after it ran.
public enum DestinationOutcome: Hashable, Sendable {
    /// The destination handled the request.
    case handled
    /// The destination does not want this request; the next matching route (in precedence order)
    /// is tried, and the default route when every one declines.
    case declined
    /// The destination will show the route when the UI is ready (a presentation policy deferred it).
    case deferred
    /// The app cancelled the presentation, for a reason.
    case cancelled(String)
    /// The user cancelled the presentation.
    case userCancelled
    /// The app cannot show the route, for a reason.
    case unsupported(String)
}
