/// What a destination reports after it ran.
public enum DestinationOutcome: Hashable, Sendable {
    /// The destination handled the request.
    case handled
    /// The destination does not want this request; the next matching route (in precedence order)
    /// is tried, and the default route when every one declines.
    case declined
}
