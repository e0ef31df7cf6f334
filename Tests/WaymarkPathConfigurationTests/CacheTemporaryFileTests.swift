import Foundation
import Testing
import WaymarkPathConfiguration
import WaymarkTesting

/// Temporary files of cache writes whose process died between writing and renaming (issue 17,
/// finding 16a): the next write, and the next `load()`, remove those of this cache that are more
/// than a minute old, and nothing else.
@Suite(.serialized) struct CacheTemporaryFileTests {
    let fixture = LoaderFixture()

    /// The name a write gives its temporary file, recorded by the cache's writer.
    final class Recorder: @unchecked Sendable {
        // `@unchecked Sendable`: `stored` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var stored: URL?
        var url: URL? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    struct Killed: Error {}

    /// Leaves a temporary file exactly where a write that dies before its rename leaves it, last
    /// modified `age` seconds ago.
    func leaveTemporaryFile(for url: URL, age: TimeInterval) throws -> URL {
        let recorder = Recorder()
        let cache = PathConfigurationCache(directory: fixture.cacheFolder) { data, temporary in
            try data.write(to: temporary)
            recorder.url = temporary
        }
        // The write removes its temporary file when the interruption throws; a killed process does
        // not get that far, so the file is written again as it was.
        #expect(throws: Killed.self) {
            try cache.write(.init(url: url, etag: nil, document: LoaderFixture.document("lost"))) { throw Killed() }
        }
        let temporary = try #require(recorder.url)
        try Data("half a cache entry".utf8).write(to: temporary)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: temporary.path)
        return temporary
    }

    func names() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: fixture.cacheFolder.path))
    }

    @Test func theNextWriteRemovesOldTemporaryFilesOfThisCacheOnly() throws {
        let url = URL(string: "https://shop.example.com/ios_v1.json")!
        let stale = try leaveTemporaryFile(for: url, age: 3_600)
        let recent = try leaveTemporaryFile(for: url, age: 0)
        // Not this cache's temporary files: another app's file, and names that only look similar.
        let others = ["notes.tmp", ".other.json.1.tmp", "path-configuration-0000000000000000.json.1.tmp"]
        for name in others {
            let file = fixture.cacheFolder.appendingPathComponent(name)
            try Data().write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: file.path)
        }
        try fixture.cache.write(.init(url: url, etag: "\"v2\"", document: LoaderFixture.document("written")))
        let cacheFile = fixture.cache.fileURL(for: url).lastPathComponent
        #expect(try names() == Set(others + [cacheFile, recent.lastPathComponent]))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(try fixture.cachedTitle(url) == "written")
    }

    /// With the server down nothing is written, and `load()` still removes the leftovers; the cached
    /// document applies and stays.
    @Test func loadRemovesOldTemporaryFilesEvenWhenNothingIsWritten() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: LoaderFixture.document("server")) }
        let url = server.baseURL.appendingPathComponent("ios_v1.json")
        await fixture.loader(url).load()
        server.stop()
        let stale = try leaveTemporaryFile(for: url, age: 3_600)
        let loader = fixture.loader(url)
        await loader.load()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(try names() == [fixture.cache.fileURL(for: url).lastPathComponent])
        #expect(await fixture.title(loader) == "server")
        #expect(try fixture.cachedTitle(url) == "server")
        #expect(await loader.reports.map(\.kind) == [.applied, .applied, .failed])
    }
}
