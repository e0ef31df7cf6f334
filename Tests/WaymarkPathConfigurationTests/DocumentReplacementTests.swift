import Foundation
import Testing
import WaymarkPathConfiguration
import WaymarkTesting

/// What a document must be to replace the current one (issue 17, finding 14): a JSON object with a
/// `rules` array, not every rule of which was skipped. Anything else is reported, and the good
/// document stays in memory and in the cache (with its ETag).
@Suite(.serialized) struct DocumentReplacementTests {
    let fixture = LoaderFixture()

    struct Refused: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        /// The report's message (for skipped rules: its start, the rest names the engine's reason).
        var message: String
        var testDescription: String { name }
    }

    static let stays = "; the current document stays"

    @Test(arguments: [
        Refused(
            name: "a JSON error page", body: #"{"error": "internal server error"}"#,
            message: #"server: has no "rules" array (an object with "error"), so it is not a path configuration"#
                + stays),
        Refused(
            name: "settings only", body: #"{"settings": {"tabs": []}}"#,
            message: #"server: has no "rules" array (an object with "settings"), so it is not a path configuration"#
                + stays),
        Refused(
            name: "an empty object", body: "{}",
            message: #"server: has no "rules" array (an empty object), so it is not a path configuration"# + stays),
        Refused(
            name: "rules is null", body: #"{"rules": null}"#,
            message: #"server: "rules" must be an array, not null"# + stays
        ),
        Refused(
            name: "rules is an object", body: #"{"rules": {"patterns": [".*"]}}"#,
            message: #"server: "rules" must be an array, not {"patterns": [".*"]}"# + stays),
        Refused(
            name: "every rule skipped", body: #"{"rules": [{"properties": {"title": "x"}}, 42]}"#,
            message:
                #"server: every one of its 2 rule(s) was skipped (rules[0]: skipped: the rule has no "patterns" array)"#
                + stays),
    ])
    func aDocumentThatCannotReplaceTheCurrentOneIsReportedAndNotCached(_ refused: Refused) async throws {
        // The good document answers a request without an ETag (the first load's), the refused one
        // the refresh, which sends the good one's: keyed on the request, not on its number, so that
        // a stray request (a previous case's client reaching a port the system gave out again)
        // cannot take the good answer.
        let server = try TestHTTPServer { request, _ in
            request.headers["if-none-match"] == nil
                ? .init(status: 200, headers: ["ETag": "\"v1\""], body: LoaderFixture.document("good"))
                : .init(status: 200, headers: ["ETag": "\"v2\""], body: Data(refused.body.utf8))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        await loader.load()
        await loader.refresh()
        #expect(await fixture.title(loader) == "good")
        #expect(try fixture.cachedTitle(url) == "good")
        #expect(try fixture.cache.read(url).get()?.etag == "\"v1\"")
        let last = try #require(await loader.reports.last)
        #expect(last.kind == .failed)
        #expect(last.message == refused.message)
    }

    /// `"rules": []` is a server saying "no rules": it applies and is cached.
    @Test func anEmptyRulesArrayIsADeliberateNoRulesAndApplies() async throws {
        let empty = Data(#"{"settings": {}, "rules": []}"#.utf8)
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: empty) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        await loader.load()
        #expect(await loader.current?.rules.isEmpty == true)
        #expect(await fixture.title(loader) == nil)
        #expect(try fixture.cache.read(url).get()?.document == empty)
        #expect(
            await loader.reports.last
                == PathConfigurationReport(kind: .applied, source: .server(url), message: "server (no rules)"))
    }

    /// Some rules skipped, not all: the rest applies (and is cached), and the report counts them.
    @Test func aDocumentWithSomeRulesSkippedApplies() async throws {
        let partly = Data(
            #"{"rules": [{"properties": {"title": "lost"}}, {"patterns": [".*"], "properties": {"title": "kept"}}]}"#
                .utf8)
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: partly) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = fixture.loader(url)
        await loader.load()
        #expect(await fixture.title(loader) == "kept")
        #expect(try fixture.cachedTitle(url) == "kept")
        #expect(await loader.reports.last?.message == "server (1 rule(s) skipped)")
    }

    /// A cache file written before this rule (holding a JSON error page) is ignored, reported, and
    /// its ETag is not sent: the server's full answer replaces it.
    @Test func aCachedDocumentThatCannotReplaceTheCurrentOneIsIgnored() async throws {
        let server = try LoaderFixture.conditionalServer()
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        try fixture.cache.write(.init(url: url, etag: "\"old\"", document: Data(#"{"error": "oops"}"#.utf8)))
        let loader = fixture.loader(url)
        await loader.load()
        let reports = await loader.reports
        #expect(reports.map(\.kind) == [.applied, .cacheIgnored, .applied])
        #expect(
            reports[1].message
                == fixture.cache.fileURL(for: url).lastPathComponent
                + #": cache: has no "rules" array (an object with "error"), so it is not a path configuration"#
                + Self.stays)
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil])
        #expect(await fixture.title(loader) == "server")
        #expect(try fixture.cachedTitle(url) == "server")
    }
}
