import Foundation
import Testing
import WaymarkPathConfiguration

/// A 304 with nothing to confirm (issue 17, finding 16b): reported by its real cause.
@Suite(.serialized) struct LoaderSourceEdgeTests {
    let fixture = LoaderFixture()

    /// The server answers 304 to a request that sent no `If-None-Match` (a misconfigured server or
    /// a cache in between): there is no document for it to confirm.
    @Test func notModifiedWithNothingCachedIsAFailureThatSaysSo() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 304) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        await loader.load()
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil])
        let reports = await loader.reports
        #expect(reports.map(\.kind) == [.applied, .failed])
        #expect(
            reports.last?.message
                == "304 Not Modified, but the request had no If-None-Match (no document from this server is in use), "
                + "so the answer carries no document; the current document stays")
        #expect(await fixture.title(loader) == "bundled")
        #expect(try fixture.cachedTitle(url) == nil)
    }

    /// `refresh()` before `load()`: the cache file's document is not in use, so its ETag is not
    /// sent (a 304 would confirm a document the loader does not have, and leave it with none).
    @Test func theETagSentIsThatOfTheDocumentInUse() async throws {
        let server = try TestHTTPServer { request, _ in
            request.headers["if-none-match"] == nil
                ? .init(status: 200, headers: ["ETag": "\"v2\""], body: LoaderFixture.document("server"))
                : .init(status: 304)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        try fixture.cache.write(.init(url: url, etag: "\"v1\"", document: LoaderFixture.document("cached")))
        let loader = fixture.loader(url)
        await loader.refresh()
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil])
        #expect(await loader.reports.map(\.kind) == [.applied])
        #expect(await fixture.title(loader) == "server")
        #expect(try fixture.cachedTitle(url) == "server")
        // Now the server's document is in use: the next request sends its ETag, and 304 confirms it.
        await loader.refresh()
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v2\""])
        #expect(await loader.reports.last?.message == "304 Not Modified (ETag \"v2\")")
        #expect(await fixture.title(loader) == "server")
        #expect(try fixture.cache.read(url).get()?.etag == "\"v2\"")
    }
}
