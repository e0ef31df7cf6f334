// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing
    import WaymarkTestSupport

    /// `waymark explain` takes several URLs, names routes whose scopes exclude the URL, and ranks near
    /// misses by how close the failing segment is (issue 19, item 7).
    @Suite struct ExplainCommandTests {
        /// Flint's documented shapes: a document route on one domain, a create route for the app.
        static let routeFile = """
            {
              "schemes": ["x-your-app"],
              "domains": ["your-app-domain.com"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "create", "template": "create" },
                { "name": "openDocument", "template": "open", "scopes": [{ "universal": "your-app-domain.com" }] }
              ],
              "default": "home"
            }
            """

        @Test func severalURLsEachGetABlock() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run([
                "explain", "--routes", path, "https://yourdomain.com/open", "x-your-app://creat", "x-your-app://open",
            ])
            #expect(
                output.standardOutput == """
                    https://yourdomain.com/open
                      universal link for yourdomain.com; route path /open, segments ["open"]
                      outcome: default — the domain 'yourdomain.com' is not accepted; accepted domains: your-app-domain.com
                      nearest templates:
                        openDocument (open): its path matches, but its scopes (universal(your-app-domain.com)) exclude the domain 'yourdomain.com'

                    x-your-app://creat
                      app link (scheme x-your-app); route path /creat, segments ["creat"]
                      outcome: default — no route matches the path (1 segment)
                      nearest templates:
                        create (create): segment 1 is "creat", the template expects 'create'

                    x-your-app://open
                      app link (scheme x-your-app); route path /open, segments ["open"]
                      outcome: default — no route matches the path (1 segment)
                      nearest templates:
                        openDocument (open): its path matches, but its scopes (universal(your-app-domain.com)) exclude the scheme 'x-your-app'
                        create (create): segment 1 is "open", the template expects 'create'


                    """)
        }

        /// A matched URL also names the route its scopes keep from it.
        @Test func aMatchNamesTheRouteItsScopesExclude() throws {
            let path = try CommandRunner.temporaryFile(
                """
                { "schemes": ["x-test"], "domains": ["x-test.example.com"],
                  "routes": [
                    { "name": "createNew", "template": "create", "scopes": [{ "universal": "x-test.example.com" }] },
                    { "name": "createLegacy", "template": "create", "scopes": [{ "app": "x-test" }] }
                  ] }
                """)
            let output = try CommandRunner.run(["explain", "--routes", path, "x-test://create"])
            #expect(
                output.standardOutput.contains(
                    "  matched createLegacy (create) in scope app(x-test)\n"
                        + "  not createNew (create): its path matches, but its scopes (universal(x-test.example.com)) "
                        + "exclude the scheme 'x-test'\n"), "\(output.standardOutput)")
        }

        /// One JSON object per URL per line, each attempt with its exclusion flag and distance.
        @Test func jsonIsOneObjectPerURL() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run([
                "explain", "--routes", path, "--json", "x-your-app://creat", "https://your-app-domain.com/open",
            ])
            let objects = try output.standardOutput.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            #expect(objects.map { $0["url"] as? String } == ["x-your-app://creat", "https://your-app-domain.com/open"])
            let first = try #require((objects[0]["attempts"] as? [[String: Any]])?.first)
            #expect(first["route"] as? String == "create")
            #expect(first["distance"] as? Int == 1)
            #expect(first["excludedByScope"] as? Bool == false)
            #expect(objects[1]["outcome"] as? String == "matched")
        }

        /// The newcomer's repros (issue 30): the root is no near match of a URL with a path, and `creat`
        /// names `create` first although its scopes exclude the URL, saying so.
        @Test func theNearestIntendedRouteComesFirst() throws {
            let path = try CommandRunner.temporaryFile(
                """
                { "schemes": ["x-your-app"], "domains": ["your-app-domain.com"],
                  "routes": [
                    { "name": "home", "template": "/" },
                    { "name": "settings", "template": "settings" },
                    { "name": "create", "template": "create", "scopes": [{ "universal": "your-app-domain.com" }] }
                  ],
                  "default": "home" }
                """)
            let output = try CommandRunner.run(["explain", "--routes", path, "x-your-app://creat"])
            #expect(output.status == 0)
            #expect(
                output.standardOutput.contains(
                    """
                      nearest templates:
                        create (create): segment 1 is "creat", the template expects 'create'; and its scopes (universal(your-app-domain.com)) exclude the scheme 'x-your-app'
                        settings (settings): segment 1 is "creat", the template expects 'settings'

                    """), "\(output.standardOutput)")
            let json = try CommandRunner.run(["explain", "--routes", path, "--json", "x-your-app://creat"])
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            let first = try #require((object["attempts"] as? [[String: Any]])?.first)
            #expect(first["route"] as? String == "create")
            #expect(first["outOfScope"] as? Bool == true)
            #expect(first["excludedByScope"] as? Bool == false)
            // The embedded example: nothing like any route, and `/` is not offered.
            let miss = try CommandRunner.run(["explain", "shop://nothing-like-this"])
            #expect(miss.standardOutput.contains("  nearest templates:\n"), "\(miss.standardOutput)")
            #expect(!miss.standardOutput.contains("home (/)"), "\(miss.standardOutput)")
        }

        /// Generated typos of every literal route rank that route first, above `/`.
        @Test func aTypoRanksItsRouteFirst() throws {
            let names = ["create", "settings", "messages", "profile", "search", "orders"]
            let routes =
                ([#"{ "name": "home", "template": "/" }"#]
                + names.map { #"{ "name": "\#($0)", "template": "\#($0)" }"# }).joined(separator: ", ")
            let path = try CommandRunner.temporaryFile(
                #"{ "schemes": ["app"], "routes": [\#(routes)], "default": "home" }"#)
            var generator = SeededGenerator(seed: 7)
            var urls: [String] = []
            var expected: [String] = []
            for name in names {
                var scalars = Array(name)
                let position = Int.random(in: 0..<scalars.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: scalars.remove(at: position)
                case 1: scalars[position] = "z"
                default: scalars.insert("q", at: position)
                }
                urls.append("app://" + String(scalars))
                expected.append(name)
            }
            let output = try CommandRunner.run(["explain", "--routes", path, "--json"] + urls)
            let firsts = try output.standardOutput.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return (object["attempts"] as? [[String: Any]])?.first?["route"] as? String
            }
            #expect(firsts == expected, "\(urls)")
        }
    }
#endif
