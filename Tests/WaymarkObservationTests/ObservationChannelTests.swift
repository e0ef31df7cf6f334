import Testing
import Waymark

/// The hand-off between routing and observers: order, a bounded buffer that drops and counts,
/// failures that change nothing, and routing that never waits.
@Suite struct ObservationChannelTests {
    struct Failure: Error {}

    @Test func everyObserverGetsEveryEventInOrder() async {
        let first = IntRecorder()
        let second = IntRecorder()
        let channel = ObservationChannel<Int>(handlers: [{ await first.add($0) }, { await second.add($0) }])
        for value in 0..<500 { channel.send(value) }
        await channel.drain()
        #expect(await first.values == Array(0..<500))
        #expect(await second.values == Array(0..<500))
        // Deliveries count per observer: two observers, two deliveries an event.
        #expect(channel.statistics == ObservationStatistics(sent: 500, delivered: 1000, dropped: 0, failed: 0))
    }

    @Test func aSlowObserverLosesTheEventsPastTheBufferAndIsToldHowMany() async {
        let gate = Gate()
        let seen = IntRecorder()
        let drops = IntRecorder()
        let channel = ObservationChannel<Int>(
            handlers: [
                { value in
                    if value == 0 { await gate.wait() }
                    await seen.add(value)
                }
            ], dropHandlers: [{ await drops.add($0) }], capacity: 4)
        channel.send(0)
        await gate.arrival()
        // The observer holds event 0: four events wait, and the six after them are dropped.
        for value in 1...10 { channel.send(value) }
        #expect(channel.statistics == ObservationStatistics(sent: 11, delivered: 0, dropped: 6, failed: 0))
        await gate.open()
        await channel.drain()
        channel.send(11)
        await channel.drain()
        #expect(await seen.values == [0, 1, 2, 3, 4, 11])
        #expect(await drops.values == [6])
        #expect(channel.statistics == ObservationStatistics(sent: 12, delivered: 6, dropped: 6, failed: 0))
    }

    @Test func aSlowObserverNeverCostsAnotherObserverAnEvent() async throws {
        let gate = Gate()
        let fast = IntRecorder()
        let channel = ObservationChannel<Int>(
            handlers: [{ if $0 == 0 { await gate.wait() } }, { await fast.add($0) }], capacity: 4)
        channel.send(0)
        await gate.arrival()
        // One event at a time, each sent once the fast observer has the one before: it keeps up,
        // while the slow one still holds event 0, keeps four and loses five.
        for value in 1...9 {
            for _ in 0..<5_000 where await fast.values.count < value { try await Task.sleep(nanoseconds: 1_000_000) }
            channel.send(value)
        }
        for _ in 0..<5_000 where await fast.values.count < 10 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(await fast.values == Array(0...9))
        await gate.open()
        await channel.drain()
        #expect(channel.statistics == ObservationStatistics(sent: 10, delivered: 15, dropped: 5, failed: 0))
    }

    @Test func dropsAfterTheLastEventAreToldWhenTheChannelDrains() async {
        let gate = Gate()
        let drops = IntRecorder()
        let channel = ObservationChannel<Int>(
            handlers: [{ if $0 == 0 { await gate.wait() } }], dropHandlers: [{ await drops.add($0) }], capacity: 1)
        channel.send(0)
        await gate.arrival()
        for value in 1...3 { channel.send(value) }
        await gate.open()
        await channel.drain()
        #expect(await drops.values == [2])
    }

    @Test func anObserverThatThrowsIsCountedAndTheOthersStillGetTheEvent() async {
        let after = IntRecorder()
        let channel = ObservationChannel<Int>(handlers: [
            { if $0.isMultiple(of: 2) { throw Failure() } }, { await after.add($0) },
        ])
        for value in 0..<10 { channel.send(value) }
        await channel.drain()
        #expect(await after.values == Array(0..<10))
        #expect(channel.statistics == ObservationStatistics(sent: 10, delivered: 20, dropped: 0, failed: 5))
    }

    @Test func routingNeverWaitsForAnObserverThatIsStuck() async throws {
        let gate = Gate()
        var builder = SecretShop.builder()
        builder.eventBufferSize = 8
        builder.addObserver(RoutingObserverClosure { _ in await gate.wait() })
        let resolver = try builder.build()
        // The observer never returns until the end: 100 resolutions still finish, and what did not
        // fit in the buffer is counted.
        for index in 0..<100 {
            #expect(await resolver.resolve("shop://product/\(index)").status == .handled)
        }
        let statistics = try #require(resolver.observation?.statistics)
        #expect(statistics.sent == 100)
        #expect(statistics.delivered == 0)
        #expect(statistics.dropped >= 100 - 8 - 1)
        await gate.open()
        await resolver.observation?.drain()
        let drained = try #require(resolver.observation?.statistics)
        #expect(drained.delivered + drained.dropped == 100)
    }

    @Test func aResolverWithoutObserversHasNoChannel() throws {
        #expect(try SecretShop.builder().build().observation == nil)
    }
}

actor IntRecorder {
    private(set) var values: [Int] = []
    func add(_ value: Int) { values.append(value) }
}
