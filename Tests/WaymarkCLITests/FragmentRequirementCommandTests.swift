// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Templates that require a fragment (`legal/privacy#faq`, `user#/view/:userID`), and
    /// `link --fragment`, through the commands.
    @Suite struct FragmentRequirementCommandTests {
        static let routeFile = """
            {
              "schemes": ["app"],
              "domains": ["example.com"],
              "routes": [
                { "name": "faq", "template": "legal/privacy#faq" },
                { "name": "privacy", "template": "legal/privacy" },
                { "name": "viewer", "template": "user#/view/:userID" }
              ]
            }
            """

        static func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile, named: "fragment.routes.json")
        }

        @Test func resolveAndExplainReadTheFragment() throws {
            let output = try Self.run([
                "resolve", "--json", "https://example.com/legal/privacy#faq", "https://example.com/legal/privacy",
                "app://user#/view/joe", "app://user#/edit/joe",
            ])
            let objects = output.standardOutput.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }
            #expect(objects.map { $0["route"] as? String } == ["faq", "privacy", "viewer", nil])
            #expect(objects[2]["parameters"] as? [String: String] == ["userID": "joe"])
            let explained = try Self.run(["explain", "app://user#/edit/joe"])
            #expect(
                explained.standardOutput.contains(
                    "viewer (user#/view/:userID): its path matches, but the fragment does not fit '#/view/:userID'"),
                "\(explained.standardOutput)")
            #expect(try Self.run(["check"]).status == 0)
        }

        @Test func linkPrintsTheTemplatesFragmentOrTheOneGiven() throws {
            let faq = try Self.run(["link", "faq", "--universal"])
            #expect(faq.standardOutput == "https://example.com/legal/privacy#faq\n")
            let given = try Self.run(["link", "privacy", "--universal", "--fragment", "cookies"])
            #expect(given.standardOutput == "https://example.com/legal/privacy#cookies\n")
            let viewer = try Self.run(["link", "viewer", "--param", "userID=joe"])
            #expect(viewer.standardOutput == "app://user#/view/joe\n")
            let twice = try Self.run(["link", "faq", "--fragment", "other"])
            #expect(twice.status == 1)
            #expect(twice.standardError.contains("the template writes its own fragment ('#faq'); give no other"))
            let links = try Self.run(["links"])
            #expect(links.standardOutput.contains("https://example.com/legal/privacy#faq"), "\(links.standardOutput)")
        }

        /// An include carries the fragment its route requires (Apple's components match on `#`), so
        /// the file sends the app only links that have it; a component without one still covers it.
        @Test func aasaCarriesTheFragmentARouteRequires() throws {
            let output = try Self.run(["aasa", "--app-id", "ABCDE12345.com.example.app", "--domain", "example.com"])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                output.standardOutput.contains(##"{ "/": "/user", "#": "*view/?*", "comment": "route viewer" }"##),
                "\(output.standardOutput)")
            #expect(
                output.standardOutput.contains(
                    #"{ "/": "/legal/privacy", "comment": "route privacy; also covers faq" }"#))
            let alone = try CommandRunner.run(
                ["aasa", "--app-id", "ABCDE12345.com.example.app", "--domain", "example.com"],
                routes: #"{"domains": ["example.com"], "routes": [{"name": "faq", "template": "legal/privacy#faq"}]}"#,
                named: "fragment-alone.routes.json")
            #expect(alone.status == 0, "\(alone.standardError)")
            #expect(
                alone.standardOutput.contains(##"{ "/": "/legal/privacy", "#": "*faq*", "comment": "route faq" }"##))
            #expect(alone.standardError.isEmpty, "\(alone.standardError)")
        }
    }
#endif
