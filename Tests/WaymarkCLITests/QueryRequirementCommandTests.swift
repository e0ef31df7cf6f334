// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Templates that require query items (`users?id={id}`), through every command a team runs on a
    /// route file: Android's deep links as Waymark reads them.
    @Suite struct QueryRequirementCommandTests {
        static let routeFile = """
            {
              "schemes": ["app"],
              "domains": ["example.com"],
              "routes": [
                { "name": "user", "template": "users?id={id<int>}" },
                { "name": "users", "template": "users" },
                { "name": "person", "template": "people?name={first}_{last}" },
                { "name": "item", "template": "items?id={id<int>}L(&page={page<int>})" }
              ]
            }
            """

        static func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile, named: "query.routes.json")
        }

        static func objects(_ output: CommandRunner.Output) -> [[String: Any]] {
            output.standardOutput.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }
        }

        @Test func resolveTakesTheNextRouteWhenAnItemIsMissingOrRefused() throws {
            let output = try Self.run([
                "resolve", "--json", "app://users?id=7", "app://users?id=x", "app://users",
                "https://example.com/people?name=ada_lovelace", "app://items?id=5L&page=2",
            ])
            let objects = Self.objects(output)
            #expect(objects.map { $0["route"] as? String } == ["user", "users", "users", "person", "item"])
            #expect(objects[0]["parameters"] as? [String: String] == ["id": "7"])
            #expect(objects[3]["parameters"] as? [String: String] == ["first": "ada", "last": "lovelace"])
            #expect(objects[4]["parameters"] as? [String: String] == ["id": "5", "page": "2"])
        }

        @Test func explainSaysWhichItemFailedAndNeverItsValue() throws {
            let output = try Self.run(["explain", "app://people?name=secret"])
            #expect(output.status == 1)
            #expect(
                output.standardOutput.contains(
                    "person (people?name={first}_{last}): its path matches, but the query item 'name' is not of the form '{first}_{last}'"
                ), "\(output.standardOutput)")
            #expect(!output.standardOutput.contains("name=secret'"))
        }

        @Test func checkLinkAndLinksKnowTheItems() throws {
            let check = try Self.run(["check"])
            #expect(check.status == 0, "\(check.standardOutput)")
            #expect(!check.standardOutput.contains("can never win"))
            let link = try Self.run(["link", "item", "--param", "id=5", "--param", "page=2", "--universal"])
            #expect(link.standardOutput == "https://example.com/items?id=5L&page=2\n", "\(link.standardError)")
            let links = try Self.run(["links"])
            #expect(links.status == 0, "\(links.standardOutput)\(links.standardError)")
            #expect(links.standardOutput.contains("app://users?id=42"), "\(links.standardOutput)")
            #expect(links.standardOutput.contains("app://people?name=first_last"))
        }

        @Test func aasaNotesThatComponentsDoNotCheckTheItems() throws {
            let output = try Self.run(["aasa", "--app-id", "ABCDE12345.com.example.app", "--domain", "example.com"])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput.contains(#"{ "/": "/people", "comment": "route person" }"#))
            #expect(
                output.standardError.contains(
                    "the route also requires the query item 'name', which the component does not check"),
                "\(output.standardError)")
        }
    }
#endif
