import Foundation
import Testing
import WaymarkPathConfiguration
import WaymarkTesting

/// The loader against a real HTTP server on 127.0.0.1, with a real cache folder on disk.
@Suite(.serialized) final class PathConfigurationLoaderTests: Sendable {
    static func document(_ title: String) -> Data {
        Data(#"{"settings": {}, "rules": [{"patterns": [".*"], "properties": {"title": "\#(title)"}}]}"#.utf8)
    }

    static let bundled = document("bundled")

    let cacheFolder: URL

    init() throws {
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "waymark-cache-\(UUID().uuidString)")
    }

    deinit { try? FileManager.default.removeItem(at: cacheFolder) }

    func loader(_ url: URL, timeout: Duration = .seconds(30)) -> PathConfigurationLoader {
        PathConfigurationLoader(
            sources: [.data(Self.bundled), .server(url)], cache: PathConfigurationCache(directory: cacheFolder),
            timeout: timeout)
    }

    func title(_ loader: PathConfigurationLoader) async -> String? {
        await loader.current?.properties(forPath: "/").title
    }

    func cachedTitle(_ url: URL) throws -> String? {
        guard let entry = try PathConfigurationCache(directory: cacheFolder).read(url).get() else { return nil }
        return try PathConfiguration(data: entry.document).properties(forPath: "/").title
    }

    @Test func firstLoadAppliesTheServerAnswerAndCachesIt() async throws {
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, headers: ["ETag": "\"v1\""], body: Self.document("server"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = loader(url)
        await loader.load()
        #expect(await title(loader) == "server")
        #expect(try cachedTitle(url) == "server")
        #expect(try PathConfigurationCache(directory: cacheFolder).read(url).get()?.etag == "\"v1\"")
        #expect(await loader.reports.map(\.kind) == [.applied, .applied])
        #expect(server.requests.first?.headers["if-none-match"] == nil)
    }

    @Test func aCachedCopyAppliesWhenTheServerIsDown() async throws {
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, headers: ["ETag": "\"v1\""], body: Self.document("server"))
        }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        await loader(url).load()
        server.stop()
        let restarted = loader(url)
        await restarted.load()
        #expect(await title(restarted) == "server")
        let reports = await restarted.reports
        #expect(reports.map(\.kind) == [.applied, .applied, .failed])
        #expect(reports[1].message == "cache")
        #expect(try cachedTitle(url) == "server")
    }

    @Test func notModifiedKeepsTheCachedDocument() async throws {
        let server = try TestHTTPServer { request, _ in
            request.headers["if-none-match"] == "\"v1\""
                ? .init(status: 304) : .init(status: 200, headers: ["ETag": "\"v1\""], body: Self.document("server"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        await loader(url).load()
        let second = loader(url)
        await second.load()
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
        #expect(await title(second) == "server")
        #expect(await second.reports.map(\.kind) == [.applied, .applied, .notModified])
        #expect(try cachedTitle(url) == "server")
    }

    @Test(arguments: ["500", "malformed", "truncated", "not a document", "UTF-16", "duplicate key"])
    func badAnswersNeverReplaceTheCurrentDocument(failure: String) async throws {
        let server = try TestHTTPServer { _, number in
            if number == 0 { return .init(status: 200, headers: ["ETag": "\"v1\""], body: Self.document("good")) }
            switch failure {
            case "500": return .init(status: 500, body: Data("oops".utf8))
            case "malformed": return .init(status: 200, body: Data(#"{"rules": [{"patterns": "#.utf8))
            case "truncated": return .init(status: 200, body: Self.document("half"), truncateTo: 20)
            // JSON between systems is UTF-8 (RFC 8259 §8.1): a UTF-16 answer, BOM and all, is refused,
            // not applied (and then cached as something else).
            case "UTF-16":
                let text = String(decoding: Self.document("utf16"), as: UTF8.self)
                return .init(status: 200, body: Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data()))
            case "duplicate key":
                return .init(status: 200, body: Data(#"{"rules": [], "rules": [{"patterns": [".*"]}]}"#.utf8))
            default: return .init(status: 200, body: Data("[1, 2, 3]".utf8))
            }
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let loader = loader(url)
        await loader.load()
        await loader.refresh()
        #expect(await title(loader) == "good")
        #expect(try cachedTitle(url) == "good")
        let last = try #require(await loader.reports.last)
        #expect(last.kind == .failed, "\(last)")
        let expected = [
            "500": "HTTP 500; the current document stays",
            "malformed": "server: not valid JSON",
            "truncated": "the request failed",
            "not a document": "server: must be a JSON object with \"settings\" and \"rules\"",
            "UTF-16":
                "server: not valid JSON (the document is not UTF-8 (byte 0xFF at byte offset 0) at line 1, column 1)",
            "duplicate key": "server: not valid JSON (duplicate key \"rules\" (first at line 1, column 2)",
        ]
        // A truncated body ends the transfer with an error on Linux; elsewhere it may arrive short.
        let truncatedElsewhere = failure == "truncated" && last.message.hasPrefix("the body is truncated")
        #expect(last.message.hasPrefix(expected[failure] ?? "?") || truncatedElsewhere, "\(last)")
    }

    /// An answer with both a chunked encoding and a Content-Length (shorter or longer than what
    /// arrives) is refused, and the message names the pair, not a truncation. Bytes past a
    /// Content-Length without chunking are not part of the message (RFC 9112 §6.3): the announced
    /// bytes are the body, and a document in them is applied.
    @Test(arguments: ["chunked, Content-Length short", "chunked, Content-Length long", "bytes past the length"])
    func anAnswerWithBothLengthsIsRefusedByName(shape: String) async throws {
        let document = Self.document("sent")
        let chunked =
            Data(String(document.count, radix: 16).utf8) + Data("\r\n".utf8) + document + Data("\r\n0\r\n\r\n".utf8)
        let server = try TestHTTPServer { _, _ in
            switch shape {
            case "chunked, Content-Length short":
                return .init(status: 200, headers: ["Transfer-Encoding": "chunked"], body: chunked, announcedLength: 5)
            case "chunked, Content-Length long":
                return .init(
                    status: 200, headers: ["Transfer-Encoding": "chunked"], body: chunked,
                    announcedLength: chunked.count + 40)
            default: return .init(status: 200, body: document + Data("junk".utf8), announcedLength: document.count)
            }
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("lengths.json")
        let loader = loader(url)
        await loader.load()
        let last = try #require(await loader.reports.last)
        if shape == "bytes past the length" {
            #expect(last.kind == .applied, "\(last)")
            #expect(await title(loader) == "sent")
            return
        }
        #expect(last.kind == .failed, "\(last)")
        #expect(await title(loader) != "sent", "\(last)")
        // The client may end such a transfer itself ("the request failed"); when it hands the body
        // over, the message names both headers.
        #expect(
            last.message.contains("both a Transfer-Encoding and a Content-Length")
                || last.message.hasPrefix("the request failed"), "\(last.message)")
        #expect(!last.message.contains("truncated"), "\(last.message)")
    }

    @Test func aServerThatDoesNotAnswerInTimeIsReported() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: Self.document("late"), delay: 2) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("slow.json")
        let loader = loader(url, timeout: .milliseconds(300))
        await loader.load()
        #expect(await title(loader) == "bundled")
        let last = try #require(await loader.reports.last)
        #expect(last.kind == .failed)
        #expect(last.message == "no answer within 0.3 seconds", "\(last)")
        #expect(try cachedTitle(url) == nil)
    }

    @Test func observersGetEveryNewerDocumentInOrder() async throws {
        let server = try TestHTTPServer { _, number in .init(status: 200, body: Self.document("v\(number)")) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("changing.json")
        let loader = loader(url)
        let updates = await loader.updates()
        await loader.load()
        await loader.refresh()
        await loader.refresh()
        var titles: [String?] = []
        for await configuration in updates {
            titles.append(configuration.properties(forPath: "/").title)
            if titles.count == 4 { break }
        }
        #expect(titles == ["bundled", "v0", "v1", "v2"])
        #expect(try cachedTitle(url) == "v2")
    }

    @Test func aCorruptCacheFileIsIgnoredAndReported() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: Self.document("server")) }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let cache = PathConfigurationCache(directory: cacheFolder)
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        try Data("{\"url\": \"trunc".utf8).write(to: cache.fileURL(for: url))
        let loader = loader(url)
        await loader.load()
        let reports = await loader.reports
        #expect(reports.map(\.kind) == [.applied, .cacheIgnored, .applied])
        #expect(reports[1].message.hasSuffix("the file is not a Waymark cache entry (corrupt or truncated)"))
        #expect(await title(loader) == "server")
        #expect(try cachedTitle(url) == "server")
    }

    @Test func aCacheWriteThatDiesHalfwayLeavesThePreviousCacheWhole() throws {
        let cache = PathConfigurationCache(directory: cacheFolder)
        let url = URL(string: "https://shop.example.com/ios_v1.json")!
        try cache.write(.init(url: url, etag: "\"v1\"", document: Self.document("old")))
        struct Killed: Error {}
        #expect(throws: Killed.self) {
            try cache.write(.init(url: url, etag: "\"v2\"", document: Self.document("new"))) { throw Killed() }
        }
        #expect(try cachedTitle(url) == "old")
        #expect(try cache.read(url).get()?.etag == "\"v1\"")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        #expect(leftovers == [cache.fileURL(for: url).lastPathComponent])
    }

    @Test func theCacheIsKeyedByTheFullServerURL() throws {
        let cache = PathConfigurationCache(directory: cacheFolder)
        let first = URL(string: "https://shop.example.com/ios_v1.json")!
        let second = URL(string: "https://shop.example.com/ios_v1.json?beta=1")!
        #expect(cache.fileURL(for: first) != cache.fileURL(for: second))
        try cache.write(.init(url: first, etag: nil, document: Self.document("first")))
        #expect(try cache.read(second).get() == nil)
    }
}

/// Remote configuration faults beyond bad answers, each against a real local server.
@Suite(.serialized) final class RemoteConfigurationFaultTests: Sendable {
    let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "waymark-faults-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: cacheFolder) }

    func load(_ url: URL, timeout: Duration = .seconds(5), limit: Int = 100_000) async -> (
        String?, PathConfigurationReport?
    ) {
        let loader = PathConfigurationLoader(
            sources: [.data(PathConfigurationLoaderTests.bundled), .server(url)],
            cache: PathConfigurationCache(directory: cacheFolder), timeout: timeout, maximumBodySize: limit)
        await loader.load()
        return (await loader.current?.properties(forPath: "/").title, await loader.reports.last)
    }

    @Test func anEndlessBodyStopsAtTheSizeCap() async throws {
        // 64 KiB a millisecond: about 500 Mbit/s, faster than any phone's link.
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, body: Data("{\"rules\": [".utf8), endless: true, endlessPause: 0.001)
        }
        defer { server.stop() }
        let (title, report) = await load(server.baseURL.appendingPathComponent("endless.json"))
        #expect(title == "bundled")
        #expect(report?.kind == .failed)
        #expect(report?.message == "the body passed the limit of 100000 bytes")
    }

    /// A server that floods the loopback as fast as the kernel allows can keep FoundationNetworking
    /// on Linux from acting on a cancellation for a long time: the loader still answers, by the
    /// size cap or by its deadline, and keeps the document it had (docs/security.md).
    @Test func aFloodingServerCannotHoldTheLoaderPastItsDeadline() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: Data("{\"rules\": [".utf8), endless: true) }
        defer { server.stop() }
        let (title, report) = await load(
            server.baseURL.appendingPathComponent("flood.json"), timeout: .seconds(2))
        #expect(title == "bundled")
        #expect(report?.kind == .failed)
        let message = try #require(report?.message)
        #expect(
            ["the body passed the limit of 100000 bytes", "no answer within 2.0 seconds"].contains(message),
            "\(message)")
    }

    @Test func aHugeContentLengthIsRefusedBeforeTheBody() async throws {
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, body: PathConfigurationLoaderTests.document("big"), announcedLength: 5_000_000_000)
        }
        defer { server.stop() }
        let (title, report) = await load(server.baseURL.appendingPathComponent("big.json"))
        #expect(title == "bundled")
        #expect(report?.message == "the answer announces 5000000000 bytes, over the limit of 100000")
    }

    @Test func aSlowTrickleHitsTheOverallDeadline() async throws {
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, body: PathConfigurationLoaderTests.document("slow"), trickle: 0.05)
        }
        defer { server.stop() }
        let (title, report) = await load(
            server.baseURL.appendingPathComponent("slow.json"), timeout: .milliseconds(500))
        #expect(title == "bundled")
        #expect(report?.message == "no answer within 0.5 seconds")
    }

    @Test func aRedirectLoopFails() async throws {
        let server = try TestHTTPServer { request, _ in .init(status: 302, headers: ["Location": request.path]) }
        defer { server.stop() }
        let (title, report) = await load(server.baseURL.appendingPathComponent("loop.json"))
        #expect(title == "bundled")
        #expect(report?.kind == .failed)
        #expect(server.requests.count > 1)
    }

    @Test func httpsToAPlainHTTPServerIsRefused() async throws {
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, body: PathConfigurationLoaderTests.document("plain"))
        }
        defer { server.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/config.json"))
        let (title, report) = await load(url)
        #expect(title == "bundled")
        #expect(report?.kind == .failed)
        #expect(report?.message.hasPrefix("the request failed") == true, "\(String(describing: report))")
    }

    @Test func aFullDiskWhileCachingKeepsThePreviousCache() async throws {
        let server = try TestHTTPServer { _, number in
            .init(status: 200, body: PathConfigurationLoaderTests.document(number == 0 ? "first" : "second"))
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        let cache = PathConfigurationCache(directory: cacheFolder)
        let loader = PathConfigurationLoader(sources: [.server(url)], cache: cache)
        await loader.load()
        // The disk fills: every write fails with "out of space" (simulated by the cache's writer).
        let full = PathConfigurationCache(
            directory: cacheFolder, writer: { _, _ in throw CocoaError(.fileWriteOutOfSpace) })
        let second = PathConfigurationLoader(sources: [.server(url)], cache: full)
        await second.load()
        #expect(await second.current?.properties(forPath: "/").title == "second")
        let report = try #require(await second.reports.last)
        #expect(report.kind == .cacheNotWritten)
        let entry = try #require(try cache.read(url).get())
        #expect(try PathConfiguration(data: entry.document).properties(forPath: "/").title == "first")
    }
}
