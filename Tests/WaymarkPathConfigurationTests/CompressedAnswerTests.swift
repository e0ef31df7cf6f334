import Foundation
import Testing
import WaymarkTesting

@testable import WaymarkPathConfiguration

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Compressed answers against the real test server (issue 17, finding 13). URLSession asks for
/// gzip and deflate and hands the body over decoded, while `Content-Length` counts the encoded
/// bytes: the loader must not compare the two, must still notice a body cut short, and must stop a
/// body that decodes past `maximumBodySize` as the decoded bytes arrive.
@Suite(.serialized) struct CompressedAnswerTests {
    let fixture = LoaderFixture()

    enum Encoding: String, CaseIterable, Sendable {
        case gzip, deflate

        func encode(_ data: Data) -> Data {
            switch self {
            case .gzip: Compression.gzip(Compression.stored(data))
            case .deflate: Compression.zlib(Compression.stored(data))
            }
        }
    }

    /// 24 MB of spaces after `{"rules": [`, gzip-compressed to about 160 KB: 12 to 240 times the
    /// limits below. Not 200 MB: on a loaded machine FoundationNetworking's cancellation can land
    /// late, and it keeps decoding what curl hands it until then (CI once saw a test process pass
    /// 12 GB); at 24 MB a late cancellation costs 24 MB. The 1 GB bomb is measured by hand
    /// (docs/path-configuration.md).
    static let bomb = Compression.gzip(
        Compression.repeatedRun(prefix: Array(#"{"rules": ["#.utf8), byte: UInt8(ascii: " "), count: 24_000_000))

    @Test(arguments: Encoding.allCases, [true, false])
    func aCompressedAnswerAppliesAndItsDecodedDocumentIsCached(encoding: Encoding, sendsLength: Bool) async throws {
        let document = LoaderFixture.document("compressed \(encoding)")
        let body = encoding.encode(document)
        let server = try TestHTTPServer { _, _ in
            .init(
                status: 200, headers: ["Content-Encoding": encoding.rawValue, "ETag": "\"c1\""], body: body,
                omitsContentLength: !sendsLength)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("compressed.json")
        let loader = fixture.loader(url)
        await loader.load()
        let reports = await loader.reports
        #expect(reports.map(\.kind) == [.applied, .applied], "\(reports)")
        #expect(reports.last?.message == "server")
        // URLSession asked for the encoding (curl's list on Linux, "gzip, deflate, br" on Apple).
        #expect(server.requests.first?.headers["accept-encoding"]?.contains(encoding.rawValue) == true)
        #expect(await fixture.title(loader) == "compressed \(encoding)")
        let entry = try #require(try fixture.cache.read(url).get())
        #expect(entry.document == document)
        #expect(entry.etag == "\"c1\"")
    }

    /// A compressed body cut short: with a `Content-Length` the transfer itself fails; without one,
    /// the decoded document is cut short and is not JSON. Either way the good document stays, in
    /// memory and in the cache.
    @Test(arguments: Encoding.allCases, [true, false])
    func aCompressedBodyCutShortNeverReplacesTheDocument(encoding: Encoding, sendsLength: Bool) async throws {
        let good = encoding.encode(LoaderFixture.document("good"))
        let cut = encoding.encode(LoaderFixture.document("cut"))
        let server = try TestHTTPServer { _, number in
            number == 0
                ? .init(status: 200, headers: ["Content-Encoding": encoding.rawValue], body: good)
                // The last 12 bytes (the trailer and the end of the document) never arrive.
                : .init(
                    status: 200, headers: ["Content-Encoding": encoding.rawValue], body: cut,
                    truncateTo: cut.count - 12,
                    omitsContentLength: !sendsLength)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("cut.json")
        let loader = fixture.loader(url)
        await loader.load()
        await loader.refresh()
        #expect(await fixture.title(loader) == "good")
        #expect(try fixture.cachedTitle(url) == "good")
        let last = try #require(await loader.reports.last)
        #expect(last.kind == .failed, "\(last)")
        #expect(
            last.message.hasPrefix(sendsLength ? "the request failed" : "server: not valid JSON"), "\(last.message)")
    }

    /// A body that decodes to 24 MB stops at the limit, with or without a `Content-Length` (which
    /// counts the 160 KB on the wire): nothing applies, nothing is cached.
    @Test(arguments: [(2_000_000, true), (100_000, false)])
    func aCompressionBombStopsAtTheDecodedLimit(limit: Int, sendsLength: Bool) async throws {
        let server = try TestHTTPServer { _, _ in
            .init(
                status: 200, headers: ["Content-Encoding": "gzip"], body: Self.bomb, omitsContentLength: !sendsLength)
        }
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("bomb.json")
        let loader = fixture.loader(url, limit: limit)
        await loader.load()
        #expect(await fixture.title(loader) == "bundled")
        #expect(try fixture.cachedTitle(url) == nil)
        let last = try #require(await loader.reports.last)
        #expect(last.kind == .failed)
        #expect(last.message == "the body passed the limit of \(limit) bytes (decoded from gzip)")
    }

    /// What the download holds of a compression bomb, counted: it stops at the first chunk past the
    /// limit (URLSession delivers decoded bytes in chunks of at most 16 KiB on Linux; 1 MiB allows
    /// for larger ones elsewhere) and keeps no more than the limit, never the 24 MB.
    @Test func aCompressionBombCostsTheDownloadAtMostTheLimit() async throws {
        let server = try TestHTTPServer { _, _ in
            .init(status: 200, headers: ["Content-Encoding": "gzip"], body: Self.bomb, omitsContentLength: true)
        }
        defer { server.stop() }
        let limit = 1_000_000
        let request = URLRequest(url: server.baseURL.appendingPathComponent("bomb.json"))
        let outcome = await PathConfigurationLoader.download(request, timeout: .seconds(10), limit: limit)
        guard case .failure(let failure) = outcome else {
            Issue.record("the bomb was accepted")
            return
        }
        #expect(failure.reason == "the body passed the limit of \(limit) bytes (decoded from gzip)")
        #expect(failure.bytesKept <= limit)
        #expect(failure.bytesArrived > limit)
        #expect(failure.bytesArrived <= limit + 1_048_576, "\(failure.bytesArrived) decoded bytes arrived")
    }
}
