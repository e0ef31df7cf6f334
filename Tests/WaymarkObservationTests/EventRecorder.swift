import Waymark

/// An observer that keeps every event it is given, for a test to read after `drain()`.
actor EventRecorder: RoutingObserver {
    private(set) var events: [RoutingEvent] = []
    private(set) var dropped = 0

    func observe(_ event: RoutingEvent) { events.append(event) }
    func eventsDropped(_ count: Int) { dropped += count }
}

/// A door an observer waits at until the test opens it, and a signal that it is waiting.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var arrivals: [CheckedContinuation<Void, Never>] = []
    private var arrived = false

    /// Waits until ``open()``; the first call also signals ``arrival()``.
    func wait() async {
        arrived = true
        for arrival in arrivals { arrival.resume() }
        arrivals.removeAll()
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Returns once something waits at the gate.
    func arrival() async {
        if arrived { return }
        await withCheckedContinuation { arrivals.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiting { waiter.resume() }
        waiting.removeAll()
    }
}
