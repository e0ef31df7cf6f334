import Foundation
import WaymarkPathConfiguration
import WaymarkTesting

/// A cache folder of its own (removed with the fixture) and the helpers every loader test needs:
/// a loader with a bundled document before one server, the title a loader's current document gives
/// `/`, and the title of the document in the cache file.
final class LoaderFixture: Sendable {
    let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "waymark-loader-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: cacheFolder) }

    var cache: PathConfigurationCache { PathConfigurationCache(directory: cacheFolder) }

    /// `{"rules": [{"patterns": [".*"], "properties": {"title": TITLE}}]}`.
    static func document(_ title: String) -> Data {
        Data(#"{"settings": {}, "rules": [{"patterns": [".*"], "properties": {"title": "\#(title)"}}]}"#.utf8)
    }

    static let bundled = document("bundled")

    /// A server that answers a plain GET with the document "server" (ETag `"v2"`) and a request
    /// with `If-None-Match` with a 304: it shows which ETag the loader sent.
    static func conditionalServer() throws -> TestHTTPServer {
        try TestHTTPServer { request, _ in
            request.headers["if-none-match"] == nil
                ? .init(status: 200, headers: ["ETag": "\"v2\""], body: document("server"))
                : .init(status: 304)
        }
    }

    func loader(_ url: URL, timeout: Duration = .seconds(30), limit: Int = 5_000_000) -> PathConfigurationLoader {
        PathConfigurationLoader(
            sources: [.data(Self.bundled), .server(url)], cache: cache, timeout: timeout, maximumBodySize: limit)
    }

    func title(_ loader: PathConfigurationLoader) async -> String? {
        await loader.current?.properties(forPath: "/").title
    }

    /// The title of the cached document for `url`, `nil` when nothing is cached.
    func cachedTitle(_ url: URL) throws -> String? {
        guard let entry = try cache.read(url).get() else { return nil }
        return try PathConfiguration(data: entry.document).properties(forPath: "/").title
    }
}
