internal import Foundation

/// The hand-off between routing and its observers: routing puts an event in a bounded buffer of
/// each observer and goes on; each observer has a task of its own that takes its events out, in
/// order, and gives them to it.
///
/// Routing never waits for an observer. ``send(_:)`` only appends to the buffers, and when an
/// observer's buffer is full (it fell behind by ``capacity`` events) the new event is dropped for
/// that observer alone and counted: a slow observer (a log handler writing to the network) loses
/// events, it never slows a link down, and the other observers still get every event. The count is
/// in ``statistics`` and is given to the observer itself before the next event it receives (for
/// example ``RoutingObserver/eventsDropped(_:)``): a drop happens only while events wait, so there
/// always is a next one. An observer that throws is counted in ``ObservationStatistics/failed`` and
/// gets the next event as usual.
///
/// One channel serves a ``RouteResolver`` (and every copy of it), a `Router` or a path-configuration
/// loader; the observers are the ones registered where it was made.
public final class ObservationChannel<Event: Sendable>: Sendable {
    /// What an observer does with an event.
    public typealias Handler = @Sendable (Event) async throws -> Void
    /// What an observer does when events were dropped: it is given how many since the last call.
    public typealias DropHandler = @Sendable (Int) async -> Void

    /// One observer's buffer, task and counts.
    private struct Lane: Sendable {
        let continuation: AsyncStream<Event>.Continuation
        let counters: ObservationCounters
    }

    /// How many events may wait for each observer; the next one is dropped for it.
    public let capacity: Int
    private let lanes: [Lane]
    private let sentEvents = ObservationCounters()

    /// A channel that gives every event to each of `handlers`, in order, from a task per handler.
    ///
    /// - Parameters:
    ///   - handlers: The observers.
    ///   - dropHandlers: For each handler at the same position, what is told how many events it
    ///     lost, before its next event; fewer than `handlers` leaves the rest untold.
    ///   - capacity: How many events may wait for each observer (at least 1).
    public init(handlers: [Handler], dropHandlers: [DropHandler] = [], capacity: Int = 4096) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        lanes = handlers.enumerated().map { index, handler in
            // `bufferingOldest`: a full buffer keeps the events it has, in order, and refuses the
            // new one, which `send` counts as dropped.
            let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingOldest(capacity))
            let counters = ObservationCounters()
            let drop = index < dropHandlers.count ? dropHandlers[index] : nil
            // The task holds the stream, the observer and the counters, never the channel: when
            // the channel goes, `deinit` finishes the stream and the task ends after the events
            // left in it.
            Task.detached {
                for await event in stream {
                    let dropped = counters.takeUnreportedDrops()
                    if dropped > 0, let drop { await drop(dropped) }
                    do {
                        try await handler(event)
                        counters.delivered(failed: false)
                    } catch {
                        counters.delivered(failed: true)
                    }
                }
            }
            return Lane(continuation: continuation, counters: counters)
        }
    }

    deinit {
        for lane in lanes { lane.continuation.finish() }
    }

    /// Hands an event to every observer without waiting for any: appended to each one's buffer, or
    /// dropped and counted for an observer whose buffer is full.
    public func send(_ event: Event) {
        sentEvents.sent(dropped: false)
        for lane in lanes {
            switch lane.continuation.yield(event) {
            case .enqueued: lane.counters.sent(dropped: false)
            case .dropped, .terminated: lane.counters.sent(dropped: true)
            @unknown default: lane.counters.sent(dropped: true)
            }
        }
    }

    /// What happened to the events sent so far: ``ObservationStatistics/sent`` counts events, the
    /// other counts are per observer and added up (an event given to two observers is delivered
    /// twice).
    public var statistics: ObservationStatistics {
        var total = ObservationStatistics(sent: sentEvents.snapshot().sent, delivered: 0, dropped: 0, failed: 0)
        for lane in lanes {
            let counts = lane.counters.snapshot()
            total.delivered &+= counts.delivered
            total.dropped &+= counts.dropped
            total.failed &+= counts.failed
        }
        return total
    }

    /// Returns once every event sent before the call has been given to each observer, or dropped
    /// for it: for tests, and for a command-line tool before it exits. Routing never calls it. It
    /// looks every millisecond, and returns early when its task is cancelled.
    public func drain() async {
        let targets = lanes.map { $0.counters.snapshot().sent }
        while !Task.isCancelled {
            let done = zip(lanes, targets).allSatisfy { lane, target in
                let counts = lane.counters.snapshot()
                return counts.delivered &+ counts.dropped >= target
            }
            if done { return }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// What happened to the events a channel was given.
public struct ObservationStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Events handed to the channel.
    public var sent: Int
    /// Deliveries to an observer that returned or threw, over all observers.
    public var delivered: Int
    /// Deliveries dropped because an observer was ``ObservationChannel/capacity`` events behind,
    /// over all observers.
    public var dropped: Int
    /// Deliveries to an observer that threw (counted in ``delivered`` too).
    public var failed: Int

    /// Counts as given.
    public init(sent: Int, delivered: Int, dropped: Int, failed: Int) {
        self.sent = sent
        self.delivered = delivered
        self.dropped = dropped
        self.failed = failed
    }

    /// `sent 10, delivered 8, dropped 2, failed 0`.
    public var description: String { "sent \(sent), delivered \(delivered), dropped \(dropped), failed \(failed)" }
}

/// One observer's counts (or the channel's events sent), shared by the senders and the
/// delivering task. Counts wrap instead of trapping: on a 32-bit watch, 2³¹ events is conceivable
/// for a long-lived process, and a counter must never stop an app.
///
/// `@unchecked Sendable`: every stored property is read and written only between `lock.lock()` and
/// `lock.unlock()` in the methods below, and none escapes them.
final class ObservationCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = ObservationStatistics(sent: 0, delivered: 0, dropped: 0, failed: 0)
    private var unreportedDrops = 0

    func sent(dropped: Bool) {
        lock.lock()
        counts.sent &+= 1
        if dropped {
            counts.dropped &+= 1
            unreportedDrops &+= 1
        }
        lock.unlock()
    }

    func delivered(failed: Bool) {
        lock.lock()
        counts.delivered &+= 1
        if failed { counts.failed &+= 1 }
        lock.unlock()
    }

    func takeUnreportedDrops() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let taken = unreportedDrops
        unreportedDrops = 0
        return taken
    }

    func snapshot() -> ObservationStatistics {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
