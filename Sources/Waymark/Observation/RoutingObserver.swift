/// Something that wants to know what happened to every link: a log, metrics, an analytics
/// pipeline. Register it with ``RouteResolverBuilder/addObserver(_:)`` (and on a `Router` or a
/// path-configuration loader for their events).
///
/// Events arrive in order, one at a time, on a task of the observer's own: never on the caller of
/// ``RouteResolver/resolve(_:origin:)-(String,_)``, which does not wait for observers. An observer
/// that is slow loses events (counted, and told with ``eventsDropped(_:)``) and costs the others
/// none; one that throws is counted in ``ObservationStatistics/failed``. Neither changes what
/// routing does.
///
/// ```swift
/// struct Campaigns: RoutingObserver {
///     let analytics: Analytics   // the app's own
///     func observe(_ event: RoutingEvent) async {
///         if event.outcome.tookDefaultRoute { await analytics.count("link-fell-to-home", event.linkKind) }
///     }
/// }
/// builder.addObserver(Campaigns(analytics: analytics))
/// ```
public protocol RoutingObserver: Sendable {
    /// Called once for every event, in order.
    func observe(_ event: RoutingEvent) async throws

    /// Called before the next event when `count` events were dropped since the last call, because
    /// the observers were ``ObservationChannel/capacity`` events behind. Does nothing by default.
    func eventsDropped(_ count: Int) async
}

extension RoutingObserver {
    /// Does nothing.
    public func eventsDropped(_ count: Int) async {}
}

/// An observer made of a closure: for a test or a one-off.
///
/// ```swift
/// builder.addObserver(RoutingObserverClosure { event in print(event) })
/// ```
public struct RoutingObserverClosure: RoutingObserver {
    private let body: @Sendable (RoutingEvent) async throws -> Void

    /// An observer that runs `body` for every event.
    public init(_ body: @escaping @Sendable (RoutingEvent) async throws -> Void) { self.body = body }

    /// Runs the closure.
    public func observe(_ event: RoutingEvent) async throws { try await body(event) }
}

extension ObservationChannel where Event == RoutingEvent {
    /// A channel that gives every event to `observers`, in order.
    public convenience init(observers: [any RoutingObserver], capacity: Int = 4096) {
        self.init(
            handlers: observers.map { observer in { try await observer.observe($0) } },
            dropHandlers: observers.map { observer in { await observer.eventsDropped($0) } }, capacity: capacity)
    }
}
