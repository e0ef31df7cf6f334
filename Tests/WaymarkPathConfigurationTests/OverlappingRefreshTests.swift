import Foundation
import Testing
import WaymarkPathConfiguration
import WaymarkTesting

/// Overlapping `refresh()` calls (issue 17, finding 15): the newest request wins. An answer to an
/// older request that arrives after a newer request's answer was applied is discarded and reported;
/// it replaces neither the document in use nor the cache.
@Suite(.serialized) struct OverlappingRefreshTests {
    let fixture = LoaderFixture()

    /// Waits (up to five seconds) until the server has received `count` requests.
    static func waitForRequests(_ server: TestHTTPServer, count: Int) async throws {
        for _ in 0..<500 where server.requests.count < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(server.requests.count >= count)
    }

    /// Held shut by a test until it has seen what it waits for; a server thread waits on it.
    /// `@unchecked Sendable`: `isOpen` is read and written only while `lock` is held.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var isOpen = false

        func open() { lock.withLock { isOpen = true } }

        /// Returns once the gate is open, or after `seconds`.
        func wait(upTo seconds: Double) {
            var waited = 0.0
            while !lock.withLock({ isOpen }) && waited < seconds {
                Thread.sleep(forTimeInterval: 0.01)
                waited += 0.01
            }
        }
    }

    @Test func anOlderAnswerThatArrivesLastIsDiscarded() async throws {
        // Request 0 is answered only once request 1's answer is applied (not after a fixed delay,
        // which a busy machine can outlast), request 1 at once, each on its own thread.
        let gate = Gate()
        let server = try TestHTTPServer(concurrent: true) { _, number in
            if number == 0 { gate.wait(upTo: 10) }
            return number == 0
                ? .init(status: 200, headers: ["ETag": "\"old\""], body: LoaderFixture.document("older"))
                : .init(status: 200, headers: ["ETag": "\"new\""], body: LoaderFixture.document("newer"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        let first = Task { await loader.refresh() }
        try await Self.waitForRequests(server, count: 1)
        await loader.refresh()
        gate.open()
        await first.value
        #expect(await fixture.title(loader) == "newer")
        #expect(try fixture.cachedTitle(url) == "newer")
        #expect(try fixture.cache.read(url).get()?.etag == "\"new\"")
        let reports = await loader.reports
        #expect(reports.map(\.kind) == [.applied, .superseded], "\(reports)")
        // On a busy machine the slow answer may time out instead of arriving: either way it comes
        // after request 2's answer, and is discarded.
        let message = reports.last?.message ?? ""
        #expect(
            message.hasPrefix("the answer to request 1 (HTTP 200)")
                || message.hasPrefix("the answer to request 1 (no answer within"))
        #expect(message.hasSuffix(") arrived after the answer to request 2 was applied; it is discarded"), "\(message)")
    }

    /// When the answers arrive in the order the requests were sent, each applies in turn.
    @Test func answersInRequestOrderAllApply() async throws {
        // Request 1 is answered only once request 0's answer is applied.
        let gate = Gate()
        let server = try TestHTTPServer(concurrent: true) { _, number in
            if number == 1 { gate.wait(upTo: 10) }
            return number == 0
                ? .init(status: 200, body: LoaderFixture.document("first"))
                : .init(status: 200, body: LoaderFixture.document("second"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        let updates = await loader.updates()
        let first = Task { await loader.refresh() }
        try await Self.waitForRequests(server, count: 1)
        let second = Task { await loader.refresh() }
        await first.value
        gate.open()
        await second.value
        var titles: [String?] = []
        for await configuration in updates {
            titles.append(configuration.properties(forPath: "/").title)
            if titles.count == 2 { break }
        }
        #expect(titles == ["first", "second"])
        #expect(await fixture.title(loader) == "second")
        #expect(try fixture.cachedTitle(url) == "second")
        #expect(await loader.reports.map(\.kind) == [.applied, .applied])
    }
}
