import Foundation
import Testing
import WaymarkPathConfiguration
import WaymarkTesting

/// "Testing your links" of "Migrating from Turbo and Hotwire Native" (WaymarkPathConfiguration.docc),
/// as written.
@Suite struct MigratingFromTurboLinkTests {
    // sample: MigratingFromTurbo#5
    @Test func theServersDocumentReplacesTheBundledOne() async throws {
        let bundled = Data(#"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#.utf8)
        let served = Data(#"{"rules": [{"patterns": ["/new$"], "properties": {"context": "default"}}]}"#.utf8)
        let server = try TestHTTPServer(script: [.document(served, etag: "2")])
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: cache) }
        let loader = PathConfigurationLoader(
            sources: [.data(bundled), .server(server.url("ios_v1.json"))],
            cache: PathConfigurationCache(directory: cache))
        await loader.load()
        #expect(await loader.current?.properties(forPath: "/messages/new")["context"] == "default")
    }
    // end sample
}
