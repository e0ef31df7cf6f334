import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTesting

/// The samples of "Migrating from Turbo and Hotwire Native" (WaymarkPathConfiguration.docc), run as
/// written; the server is a real HTTP server on 127.0.0.1.
@Suite struct MigratingFromTurboTests {
    @Test func theDocumentedDocument() throws {
        // sample: MigratingFromTurbo#1
        let document = Data(
            """
            {
              "settings": {
                "enable-feature-x": true
              },
              "rules": [
                {
                  "patterns": [
                    "/new$",
                    "/edit$"
                  ],
                  "properties": {
                    "presentation": "modal"
                  }
                },
                {
                  "patterns": [
                    "/sign_in",
                  ],
                  "properties": {
                    "appearance": "dark"
                  }
                },
              ]
            }
            """.utf8)
        let configuration = try PathConfiguration(data: document, options: .init(target: .turboIOS))

        let newPost = configuration.properties(forPath: "/posts/new")
        let presentation = newPost["presentation"]  // "modal"
        let context = newPost.context  // .modal
        let signIn = configuration.properties(forPath: "/sign_in")["appearance"]  // "dark"
        let featureX = configuration.settings["enable-feature-x"]?.boolValue  // true
        let notes = configuration.diagnostics.map(\.description)
        let underHotwire = try PathConfiguration(data: document).properties(forPath: "/posts/new").context  // .default
        // end sample
        #expect(presentation == "modal")
        #expect(context == .modal)
        #expect(signIn == "dark")
        #expect(featureX == true)
        #expect(
            notes == [
                #"rules[0]: warning: presentation: "modal" is Turbo iOS's convention and reads as context modal; Hotwire Native reads "context": "modal""#
            ])
        #expect(underHotwire == .default)
    }

    @Test func mergingDigitsAndQueryStrings() throws {
        // sample: MigratingFromTurbo#2
        let rules = Data(
            #"""
            {
              "rules": [
                { "patterns": ["/new$", "/edit$"], "properties": { "context": "modal" } },
                { "patterns": ["/messages/new$"], "properties": { "appearance": "dark" } },
                { "patterns": ["/messages/\\d+$"], "properties": { "title": "Message" } },
                { "patterns": ["/messages\\?filter=unread"], "properties": { "title": "Unread" } }
              ]
            }
            """#.utf8)
        let messages = try PathConfiguration(data: rules)  // Hotwire Native iOS: query matching on

        let newMessage = messages.properties(forPath: "/messages/new").raw
        // ["context": "modal", "appearance": "dark"]
        let message = messages.properties(forPath: "/messages/42").title  // "Message"
        let notAnID = messages.properties(forPath: "/messages/abc").title  // nil
        let unread = messages.properties(for: "https://hey.example.com/messages?filter=unread").title  // "Unread"

        let turbo = try PathConfiguration(data: rules, options: .init(target: .turboIOS))  // off, as in Turbo iOS
        let ignored = turbo.properties(for: "https://hey.example.com/messages?filter=unread").title  // nil
        let withQueries = try PathConfiguration(
            data: rules, options: .init(target: .turboIOS, queryStringMatching: true))
        let matched = withQueries.properties(for: "https://hey.example.com/messages?filter=unread").title  // "Unread"
        // end sample
        #expect(newMessage == ["context": "modal", "appearance": "dark"])
        #expect(message == "Message")
        #expect(notAnID == nil)
        #expect(unread == "Unread")
        #expect(ignored == nil)
        #expect(matched == "Unread")
    }

    @Test func bundledAndServerSources() async throws {
        let fixture = LoaderFixture()
        let cacheFolder = fixture.cacheFolder
        let bundledURL = cacheFolder.deletingLastPathComponent().appendingPathComponent(
            "waymark-bundled-\(UUID().uuidString).json")
        try Data(#"{"rules": [{"patterns": [".*"], "properties": {"source": "bundled"}}]}"#.utf8).write(to: bundledURL)
        defer { try? FileManager.default.removeItem(at: bundledURL) }
        let server = try TestHTTPServer { _, _ in
            .init(
                status: 200, headers: ["ETag": "\"v1\""],
                body: Data(
                    #"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal", "source": "server"}}]}"#
                        .utf8))
        }
        defer { server.stop() }
        let serverURL = server.baseURL.appendingPathComponent("ios_v1.json")

        // sample: MigratingFromTurbo#3
        let loader = PathConfigurationLoader(
            sources: [.file(bundledURL), .server(serverURL)],
            cache: PathConfigurationCache(directory: cacheFolder))

        var builder = RouteResolverBuilder(domains: ["hey.example.com"])
        builder.add("*path", name: "web") { _ in .handled }
        builder.pathProperties = loader.holder
        let resolver = try builder.build()

        await loader.load()
        let reports = await loader.reports.map(\.kind)  // [.applied, .applied]: the file, then the server
        let visit = await resolver.resolve("https://hey.example.com/messages/new")
        let properties = visit.request?.properties  // the server's rules for /messages/new
        // end sample
        #expect(reports == [.applied, .applied])
        #expect(properties == ["context": "modal", "source": "server"])
        #expect(await resolver.resolve("https://hey.example.com/inbox").request?.properties == [:])
    }

    /// The app's settings, which the listener of the article updates on the main actor.
    @MainActor
    final class AppSettings {
        private(set) var applied: [[String: JSONValue]] = []
        func apply(_ settings: [String: JSONValue]) { applied.append(settings) }

        /// Waits (up to 5 s) until `count` documents were applied.
        func wait(for count: Int) async throws {
            var turns = 0
            while applied.count < count, turns < 500 {
                try await Task.sleep(for: .milliseconds(10))
                turns += 1
            }
        }
    }

    /// The listener of the article: the document in use first, then a newer one from a refresh;
    /// cancelling the task ends the loop.
    @Test func listeningForNewerDocuments() async throws {
        let fixture = LoaderFixture()
        let server = try TestHTTPServer { _, index in
            .init(
                status: 200, headers: ["ETag": "\"v\(index + 1)\""],
                body: Data(
                    #"{"settings": {"tabs": \#(index == 0 ? #"["home"]"# : #"["home", "search"]"#)}, "rules": []}"#.utf8
                ))
        }
        defer { server.stop() }
        let loader = PathConfigurationLoader(
            sources: [.server(server.baseURL.appendingPathComponent("ios_v1.json"))], cache: fixture.cache)
        await loader.load()
        let settings = AppSettings()

        // sample: MigratingFromTurbo#4
        let listener = Task {
            let updates = await loader.updates()  // the loader is an actor: await
            for await configuration in updates {
                await settings.apply(configuration.settings)  // e.g. the tabs a newer document lists
            }
        }
        // end sample
        try await settings.wait(for: 1)
        await loader.refresh()
        try await settings.wait(for: 2)
        #expect(await settings.applied == [["tabs": ["home"]], ["tabs": ["home", "search"]]])
        listener.cancel()
        await listener.value
    }
}
