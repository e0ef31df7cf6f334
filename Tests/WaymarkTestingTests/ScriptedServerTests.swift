import Foundation
import Testing
import WaymarkPathConfiguration
import WaymarkTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test server's script, as an app's path-configuration test uses it: a first version, a 304,
/// a failing server, then a new version, each seen through a real `PathConfigurationLoader`.
@Suite struct ScriptedServerTests {
    static func document(_ title: String) -> Data {
        Data(#"{"settings": {}, "rules": [{"patterns": [".*"], "properties": {"title": "\#(title)"}}]}"#.utf8)
    }

    @Test func aLoaderFollowsTheScript() async throws {
        let server = try TestHTTPServer(script: [
            .document(Self.document("v1"), etag: "v1"),
            .notModified,
            .status(500),
            .document(Self.document("v2"), etag: "v2").delayed(by: 0.2),
        ])
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let loader = PathConfigurationLoader(
            sources: [.data(Self.document("bundled")), .server(server.url("configuration.json"))],
            cache: PathConfigurationCache(directory: cache))
        func title() async -> String? { await loader.current?.properties(forPath: "/").title }

        await loader.load()
        #expect(await title() == "v1")
        await loader.refresh()  // 304: the loader's copy is current
        #expect(await title() == "v1")
        await loader.refresh()  // 500: the copy in use stays
        #expect(await title() == "v1")
        await loader.refresh()  // a new version, slowly
        #expect(await title() == "v2")
        #expect(await loader.reports.contains { $0.kind == .failed })
        let requests = server.requests
        #expect(requests.count == 4)
        #expect(requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\"", "\"v1\"", "\"v1\""])
        #expect(requests.allSatisfy { $0.path == "/\(server.token)/configuration.json" })
    }

    @Test func anEmptyScriptAnswers404AndTheLastAnswerRepeats() async throws {
        let empty = try TestHTTPServer(script: [])
        defer { empty.stop() }
        let (_, emptyResponse) = try await URLSession.shared.data(from: empty.url("x"))
        #expect((emptyResponse as? HTTPURLResponse)?.statusCode == 404)
        let server = try TestHTTPServer(script: [.status(503), .document(Data("{}".utf8))])
        defer { server.stop() }
        var statuses: [Int] = []
        for _ in 0..<3 {
            let (_, response) = try await URLSession.shared.data(from: server.url("x"))
            statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        #expect(statuses == [503, 200, 200])
    }
}
