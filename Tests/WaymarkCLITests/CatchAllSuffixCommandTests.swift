// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// A named catch-all followed by more segments (`/api/v1/*rest/john`) through the commands.
    @Suite struct CatchAllSuffixCommandTests {
        static let routeFile = """
            {
              "schemes": ["app"],
              "domains": ["example.com"],
              "routes": [
                { "name": "john", "template": "/api/v1/*rest/john" },
                { "name": "api", "template": "/api/v1/*rest" }
              ]
            }
            """

        static func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile, named: "suffix.routes.json")
        }

        @Test func resolveExplainLinkAndAasa() throws {
            let resolved = try Self.run(["resolve", "--json", "https://example.com/api/v1/a/b/c/john"])
            let object = try JSONSerialization.jsonObject(with: Data(resolved.standardOutput.utf8)) as? [String: Any]
            #expect(object?["route"] as? String == "john")
            #expect(object?["parameters"] as? [String: String] == ["rest": "a/b/c"])
            #expect(object?["wildcard"] as? [String] == ["a", "b", "c"])
            #expect(try Self.run(["check"]).status == 0)
            let link = try Self.run(["link", "john", "--param", "rest=a/b", "--universal"])
            #expect(link.standardOutput == "https://example.com/api/v1/a/b/john\n", "\(link.standardError)")
            let aasa = try Self.run(["aasa", "--app-id", "ABCDE12345.com.example.app"])
            #expect(aasa.status == 0, "\(aasa.standardError)")
            #expect(aasa.standardOutput.contains(#""/": "/api/v1/*""#), "\(aasa.standardOutput)")
        }
    }
#endif
