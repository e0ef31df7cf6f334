import Foundation
import Testing
import WaymarkPathConfiguration

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

    @Test func anOlderAnswerThatArrivesLastIsDiscarded() async throws {
        // Request 0 is answered after a second and a half, request 1 at once, each on its own thread.
        let server = try TestHTTPServer(concurrent: true) { _, number in
            number == 0
                ? .init(status: 200, headers: ["ETag": "\"old\""], body: LoaderFixture.document("older"), delay: 1.5)
                : .init(status: 200, headers: ["ETag": "\"new\""], body: LoaderFixture.document("newer"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        let first = Task { await loader.refresh() }
        try await Self.waitForRequests(server, count: 1)
        await loader.refresh()
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
        let server = try TestHTTPServer(concurrent: true) { _, number in
            number == 0
                ? .init(status: 200, body: LoaderFixture.document("first"))
                : .init(status: 200, body: LoaderFixture.document("second"), delay: 0.5)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        let updates = await loader.updates()
        let first = Task { await loader.refresh() }
        try await Self.waitForRequests(server, count: 1)
        await loader.refresh()
        await first.value
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
