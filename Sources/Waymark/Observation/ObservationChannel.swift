internal import Foundation

/// The hand-off between routing and its observers: routing puts an event in a bounded buffer and
/// goes on; one task takes the events out, in order, and gives each to every observer in turn.
///
/// Routing never waits for an observer. ``send(_:)`` only appends to the buffer, and when the buffer
/// is full (the observers fell behind by ``capacity`` events) the new event is dropped and counted:
/// a slow observer loses events, it never slows a link down. The count is in ``statistics`` and is
/// given to the observers themselves before the next event they receive (for example
/// ``RoutingObserver/eventsDropped(_:)``), so a log or a metric says that events are missing. An
/// observer that throws is counted in ``ObservationStatistics/failed`` and gets the next event as
/// usual; the others still get this one.
///
/// One channel serves a ``RouteResolver`` (and every copy of it), a `Router` or a path-configuration
/// loader; the observers are the ones registered where it was made.
public final class ObservationChannel<Event: Sendable>: Sendable {
    /// What an observer does with an event.
    public typealias Handler = @Sendable (Event) async throws -> Void
    /// What an observer does when events were dropped: it is given how many since the last call.
    public typealias DropHandler = @Sendable (Int) async -> Void

    enum Item: Sendable {
        case event(Event)
        /// Resumed with `true` once every item before it was delivered.
        case flush(CheckedContinuation<Bool, Never>)
    }

    /// How many events may wait for the observers; the next one is dropped.
    public let capacity: Int
    private let continuation: AsyncStream<Item>.Continuation
    private let counters = ObservationCounters()

    /// A channel that gives every event to `handlers`, in order, from one task of its own.
    ///
    /// - Parameters:
    ///   - handlers: The observers, in the order they get each event.
    ///   - dropHandlers: Told how many events were dropped, before the next event is delivered.
    ///   - capacity: How many events may wait (at least 1).
    public init(handlers: [Handler], dropHandlers: [DropHandler] = [], capacity: Int = 4096) {
        let capacity = max(1, capacity)
        self.capacity = capacity
        // `bufferingOldest`: a full buffer keeps the events it has, in order, and refuses the new
        // one, which `send` counts as dropped.
        let (stream, continuation) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingOldest(capacity))
        self.continuation = continuation
        let counters = counters
        // The task holds the stream, the observers and the counters, never the channel: when the
        // channel goes, `deinit` finishes the stream and the task ends after the events left in it.
        Task.detached {
            for await item in stream {
                switch item {
                case .event(let event):
                    let dropped = counters.takeUnreportedDrops()
                    if dropped > 0 {
                        for drop in dropHandlers { await drop(dropped) }
                    }
                    var failures = 0
                    for handler in handlers {
                        do { try await handler(event) } catch { failures += 1 }
                    }
                    counters.delivered(failures: failures)
                case .flush(let waiter):
                    // Drops after the last event are told here, so a drained channel has told all.
                    let dropped = counters.takeUnreportedDrops()
                    if dropped > 0 {
                        for drop in dropHandlers { await drop(dropped) }
                    }
                    waiter.resume(returning: true)
                }
            }
        }
    }

    deinit { continuation.finish() }

    /// Hands an event to the observers without waiting for them: appended to the buffer, or dropped
    /// and counted when the buffer is full.
    public func send(_ event: Event) {
        switch continuation.yield(.event(event)) {
        case .enqueued: counters.sent(dropped: false)
        case .dropped, .terminated: counters.sent(dropped: true)
        @unknown default: counters.sent(dropped: true)
        }
    }

    /// What happened to the events sent so far.
    public var statistics: ObservationStatistics { counters.snapshot() }

    /// Returns once every event sent before the call has been given to the observers (or dropped):
    /// for tests, and for a command-line tool before it exits. Routing never calls it.
    public func drain() async {
        while true {
            let flushed = await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
                switch continuation.yield(.flush(waiter)) {
                case .enqueued: break
                case .dropped(let item):
                    // The buffer is full: try again once the observers have taken some out.
                    if case .flush(let refused) = item { refused.resume(returning: false) }
                case .terminated: waiter.resume(returning: true)
                @unknown default: waiter.resume(returning: true)
                }
            }
            if flushed { return }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// What happened to the events a channel was given.
public struct ObservationStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Events handed to the channel, delivered or not.
    public var sent: Int
    /// Events every observer was given.
    public var delivered: Int
    /// Events dropped because the observers were ``ObservationChannel/capacity`` events behind.
    public var dropped: Int
    /// Deliveries to one observer that threw.
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

/// The channel's counts, shared by the senders and the delivering task.
///
/// `@unchecked Sendable`: every stored property is read and written only between `lock.lock()` and
/// `lock.unlock()` in the methods below, and none escapes them.
final class ObservationCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = ObservationStatistics(sent: 0, delivered: 0, dropped: 0, failed: 0)
    private var unreportedDrops = 0

    func sent(dropped: Bool) {
        lock.lock()
        counts.sent += 1
        if dropped {
            counts.dropped += 1
            unreportedDrops += 1
        }
        lock.unlock()
    }

    func delivered(failures: Int) {
        lock.lock()
        counts.delivered += 1
        counts.failed += failures
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
