import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 304 with nothing to confirm (issue 17, finding 16b), and files that are not regular files or
/// are too large (finding 16d): each reported by its real cause.
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
        let server = try LoaderFixture.conditionalServer()
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

    /// A folder with a file of `size` bytes, a subfolder and a named pipe; removed afterwards.
    static func withSpecialFiles(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(count: 5_000_001).write(to: folder.appendingPathComponent("big.json"))
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
        try await body(folder)
    }

    static let special: [(path: String, reason: String)] = [
        ("/dev/zero", "it is a character device, not a regular file"),
        ("folder.json", "it is a folder, not a regular file"),
        ("pipe.json", "it is a named pipe, not a regular file"),
        ("big.json", "it is 5000001 bytes, over the limit of 5000000"),
        ("missing.json", "it does not exist"),
    ]

    /// `"pathConfiguration": "/dev/zero"` and its kind: the error names what the path is.
    @Test func aRouteFilesPathConfigurationThatIsNotARegularFileIsRefusedByName() async throws {
        try await Self.withSpecialFiles { folder in
            for (path, reason) in Self.special {
                let routes = #"{"pathConfiguration": "\#(path)", "routes": [{"name": "p", "template": "p/:id"}]}"#
                let file = try RouteFile(data: Data(routes.utf8))
                let resolved = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
                #expect(throws: PathConfigurationError(message: "\(resolved): cannot be read: \(reason)")) {
                    try file.loadPathConfiguration(relativeTo: folder)
                }
            }
        }
    }

    /// The same files as a loader's `.file` source: reported, the bundled document stays, and
    /// nothing is cached.
    @Test func aFileSourceThatIsNotARegularFileIsReportedAndTheDocumentStays() async throws {
        try await Self.withSpecialFiles { folder in
            for (path, reason) in Self.special {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
                let loader = PathConfigurationLoader(
                    sources: [.data(LoaderFixture.bundled), .file(url)], cache: fixture.cache)
                await loader.load()
                #expect(
                    await loader.reports.last
                        == PathConfigurationReport(
                            kind: .failed, source: .file(url), message: "the file cannot be read: \(reason)"))
                #expect(await fixture.title(loader) == "bundled")
                #expect(!FileManager.default.fileExists(atPath: fixture.cacheFolder.path))
            }
        }
    }
}

/// A loader kept for the life of an app keeps its newest reports, not every one it ever had.
@Test func aLoaderKeepsItsNewestReports() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-reports-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for loads in [1, 255, 256, 257, 700] {
        let documents = (0..<loads).map { Data(#"{"rules": [], "settings": {"n": \#($0)}}"#.utf8) }
        let loader = PathConfigurationLoader(
            sources: documents.map { .data($0) }, cache: PathConfigurationCache(directory: folder))
        await loader.load()
        let reports = await loader.reports
        #expect(reports.count == min(loads, PathConfigurationLoader.maximumReports), "\(loads) loads")
        #expect(await loader.current?.settings["n"] == .number(Double(loads - 1)))
    }
}
