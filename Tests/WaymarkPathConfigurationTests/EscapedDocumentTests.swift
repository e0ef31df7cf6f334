import Foundation
import Testing
import WaymarkTesting

@testable import WaymarkPathConfiguration

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Documents near the size limit whose strings are all escapes (issue 31, finding 2), through
/// every way a path configuration arrives: a file, a server answer, and the cached copy of that
/// answer read at the next launch. The reader's work is shown linear by
/// `JSONParserScalingTests` (WaymarkTests); this is that each source reads such a document whole,
/// to the same value.
@Suite(.serialized) struct EscapedDocumentTests {
    let fixture = LoaderFixture()

    /// An escape that doubled in the cache's older form of file (each `\` and `"` was escaped
    /// again, so a 5 MB document made a 10 MB file, which the cache never read back), and one that
    /// grew less.
    static let escapes = [#"\""#, #"\ud83d\ude00"#]

    /// A path configuration of about `size` bytes: one rule whose title is `escape` repeated.
    static func document(_ escape: String, size: Int) -> (data: Data, title: String) {
        let prefix = #"{"settings": {}, "rules": [{"patterns": [".*"], "properties": {"title": ""#
        let suffix = #""}}]}"#
        let count = (size - prefix.utf8.count - suffix.utf8.count) / escape.utf8.count
        let text = prefix + String(repeating: escape, count: count) + suffix
        let decoded: String
        switch escape {
        case #"\n"#: decoded = "\n"
        case #"\""#: decoded = "\""
        case #"\\"#: decoded = "\\"
        default: decoded = "😀"
        }
        return (Data(text.utf8), String(repeating: decoded, count: count))
    }

    /// At a limit of 1 MB (the default's 5 MB is slow to read in a debug build; the cache at 5 MB
    /// is ``aCachedDocumentAtTheDefaultLimitIsReadBack(escape:)``).
    @Test(arguments: escapes)
    func aDocumentOfEscapesAtTheLimitIsReadFromEverySource(escape: String) async throws {
        let limit = 1_000_000
        let (document, title) = Self.document(escape, size: limit)
        #expect(document.count <= limit)
        // A file.
        let file = fixture.cacheFolder.appendingPathComponent("document.json")
        try FileManager.default.createDirectory(at: fixture.cacheFolder, withIntermediateDirectories: true)
        try document.write(to: file)
        let fromFile = PathConfigurationLoader(
            sources: [.file(file)], cache: fixture.cache, maximumBodySize: limit)
        await fromFile.load()
        #expect(await fromFile.reports.map(\.kind) == [.applied])
        #expect(await fixture.title(fromFile) == title)
        // A server's answer, then its cached copy at the next launch, with the server gone.
        let server = try TestHTTPServer { _, _ in .init(status: 200, headers: ["ETag": "\"big\""], body: document) }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let fromServer = fixture.loader(url, limit: limit)
        await fromServer.load()
        #expect(await fromServer.reports.last?.kind == .applied)
        #expect(await fixture.title(fromServer) == title)
        server.stop()
        #expect(try fixture.cachedTitle(url) == title)
        let nextLaunch = fixture.loader(url, limit: limit)
        await nextLaunch.load()
        let reports = await nextLaunch.reports
        #expect(reports.count == 3, "\(reports)")
        #expect(
            reports.dropFirst().first == PathConfigurationReport(kind: .applied, source: .server(url), message: "cache")
        )
        #expect(reports.last?.kind == .failed)  // the server is gone
        #expect(await fixture.title(nextLaunch) == title)
    }

    /// A document of the default limit's size, escapes alone, is read back from the cache as it
    /// was written, whatever it holds: a file of the older form was twice the document's size for
    /// `\"` and `\\`, over the limit of the files the cache reads.
    @Test(arguments: [#"\n"#, #"\""#, #"\\"#, #"\ud83d\ude00"#])
    func aCachedDocumentAtTheDefaultLimitIsReadBack(escape: String) throws {
        let url = try #require(URL(string: "https://example.com/ios_v1.json"))
        let (document, _) = Self.document(escape, size: 5_000_000)
        try fixture.cache.write(.init(url: url, etag: "\"v1\"", document: document))
        #expect(try fixture.cache.read(url).get() == .init(url: url, etag: "\"v1\"", document: document))
    }

    /// A cache file is a line of JSON (the URL and the ETag), then the document as the server sent
    /// it, byte for byte.
    @Test func aCacheFileIsAHeaderLineThenTheDocument() throws {
        let url = try #require(URL(string: "https://example.com/ios_v1.json?x=\"1\""))
        let document = Data("{\"rules\": [],\n \"settings\": {\"a\": \"\\n\\\"\"}}\n".utf8)
        try fixture.cache.write(.init(url: url, etag: "W/\"e\ntag\"", document: document))
        let file = try Data(contentsOf: fixture.cache.fileURL(for: url))
        let header = #"{"etag":"W/\"e\ntag\"","url":"https://example.com/ios_v1.json?x=%221%22"}"#
        #expect(file == Data((header + "\n").utf8) + document)
        #expect(try fixture.cache.read(url).get() == .init(url: url, etag: "W/\"e\ntag\"", document: document))
    }

    /// A file of the older form (one JSON object with the document as a string) is still read.
    @Test func aCacheFileOfTheOlderFormIsRead() throws {
        let url = try #require(URL(string: "https://example.com/ios_v1.json"))
        let document = #"{"rules": [], "settings": {"a": "\n\""}}"#
        let object: [String: Any] = ["url": url.absoluteString, "etag": "\"v1\"", "document": document]
        try FileManager.default.createDirectory(at: fixture.cacheFolder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(
            to: fixture.cache.fileURL(for: url))
        #expect(try fixture.cache.read(url).get() == .init(url: url, etag: "\"v1\"", document: Data(document.utf8)))
    }

    /// An ETag that would make the first line longer than 64 KiB is not kept: the document is, and
    /// the next request goes without `If-None-Match`.
    @Test func aHugeETagIsNotKept() throws {
        let url = try #require(URL(string: "https://example.com/ios_v1.json"))
        let document = LoaderFixture.document("x")
        try fixture.cache.write(.init(url: url, etag: String(repeating: "e", count: 70_000), document: document))
        #expect(try fixture.cache.read(url).get() == .init(url: url, etag: nil, document: document))
    }
}
