public import Waymark

/// Something that wants to know what a ``PathConfigurationLoader`` did, as it happens: a log, a
/// metric, an alert when the server's document keeps failing. Give it to the loader's
/// `init(sources:options:cache:timeout:maximumBodySize:observers:)`.
///
/// Reports arrive in order, one at a time, on a task of their own, through the same kind of
/// bounded hand-off as routing events (`ObservationChannel`): the loader never waits for an
/// observer; a slow one loses reports (counted, and told with ``reportsDropped(_:)``).
public protocol PathConfigurationObserver: Sendable {
    /// Called once for every report, in order.
    func observe(_ report: PathConfigurationReport) async throws

    /// Called before the next report when `count` reports were dropped since the last call. Does
    /// nothing by default.
    func reportsDropped(_ count: Int) async
}

extension PathConfigurationObserver {
    /// Does nothing.
    public func reportsDropped(_ count: Int) async {}
}

extension ObservationChannel where Event == PathConfigurationReport {
    /// A channel that gives every report to `observers`, in order.
    public convenience init(observers: [any PathConfigurationObserver], capacity: Int = 256) {
        self.init(
            handlers: observers.map { observer in { try await observer.observe($0) } },
            dropHandlers: observers.map { observer in { await observer.reportsDropped($0) } }, capacity: capacity)
    }
}
