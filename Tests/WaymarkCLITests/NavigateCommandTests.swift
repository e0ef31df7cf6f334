// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark navigate`: what a sequence of links does, asserted exactly.
    @Suite struct NavigateCommandTests {
        static let routeFile = """
            {
              "schemes": ["app"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "category", "template": "category/:slug" },
                { "name": "product", "template": "product/:id<int>" },
                { "name": "cart", "template": "cart", "properties": { "context": "modal" } },
                { "name": "back", "template": "back", "properties": { "presentation": "pop" } }
              ],
              "default": "home"
            }
            """

        @Test func threeLinksInOrder() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run([
                "navigate", "--routes", path, "app://category/shoes", "product/42", "cart",
            ])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                output.standardOutput == """
                    app://category/shoes
                      route: category(slug=shoes) (push, deep link)
                      root:  home
                      stack: category(slug=shoes)

                    product/42
                      route: product(id=42) (push, in-app)
                      root:  home
                      stack: category(slug=shoes) › product(id=42)

                    cart
                      route: cart (sheet, in-app)
                      root:  home
                      stack: category(slug=shoes) › product(id=42)
                      presented as sheet:
                        root:  cart
                        stack: (empty)


                    """)
        }

        @Test func aDeepLinkStartsFromTheRootAndJSONLinesDescribeEachState() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run([
                "navigate", "--routes", path, "--json", "product/1", "back", "app://product/2", "nowhere/at/all",
            ])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    {"url":"product/1","outcome":"handled","route":"product(id=1)","behavior":"push","state":{"root":"home","stack":["product(id=1)"]}}
                    {"url":"back","outcome":"handled","route":"back","behavior":"pop","state":{"root":"home","stack":[]}}
                    {"url":"app://product/2","outcome":"handled","route":"product(id=2)","behavior":"push","state":{"root":"home","stack":["product(id=2)"]}}
                    {"url":"nowhere/at/all","outcome":"handledByDefault","route":"home","behavior":"back to the root","state":{"root":"home","stack":[]}}

                    """)
        }

        /// A link no route matches shows the default route once, as the root: never `root: home /
        /// stack: home`, whatever was pushed or presented before, for deep links and in-app strings.
        @Test(arguments: ["app://nowhere", "nowhere/at/all"])
        func anUnmatchedLinkShowsTheDefaultRouteOnce(unmatched: String) throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            for before in [[], ["product/1"], ["app://category/a", "cart"]] {
                let output = try CommandRunner.run(["navigate", "--routes", path] + before + [unmatched])
                #expect(output.status == 0, "\(output.standardError)")
                let how = unmatched.contains(":") ? "deep link" : "in-app"
                #expect(
                    output.standardOutput.hasSuffix(
                        """
                        \(unmatched)
                          route: home (default route: back to the root, \(how))
                          root:  home
                          stack: (empty)


                        """), "\(before): \(output.standardOutput)")
            }
        }

        /// Without a default route an unmatched link opens nothing, leaves the state as it was, and
        /// makes the exit status 1 once every URL is applied.
        @Test func withoutADefaultAnUnmatchedLinkIsNotOpened() throws {
            let path = try CommandRunner.temporaryFile(
                Self.routeFile.replacingOccurrences(of: #""default": "home""#, with: #""description": "no default""#))
            let output = try CommandRunner.run([
                "navigate", "--routes", path, "--json", "product/1", "nowhere", "product/2",
            ])
            #expect(output.status == 1)
            let lines = output.standardOutput.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(
                lines[1]
                    == #"{"url":"nowhere","outcome":"unmatched","route":null,"behavior":null,"state":{"root":"home","stack":["product(id=1)"]}}"#
            )
        }

        /// Twenty in-app links that each open a sheet: eight sheets stacked, the most there can be,
        /// then each new one replaces the top-most (issue 17, finding 11).
        @Test func sheetsStackEightDeepAndThenReplaceTheTopMost() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run(["navigate", "--routes", path] + Array(repeating: "cart", count: 20))
            #expect(output.status == 0, "\(output.standardError)")
            let blocks = output.standardOutput.components(separatedBy: "\n\n")
            #expect(!blocks[7].contains("replaced"))
            #expect(
                blocks[8]
                    == """
                    cart
                      route: cart (sheet, in-app)
                      (8 presentations are stacked, the most there can be: this one replaced the top-most)
                    """ + "\n" + Self.outline(depth: 8))
            #expect(blocks[19].hasSuffix(Self.outline(depth: 8)))
        }

        /// The outline of home with `depth` cart sheets on it.
        static func outline(depth: Int) -> String {
            var lines = ["  root:  home", "  stack: (empty)"]
            for level in 1...depth {
                let indent = String(repeating: "  ", count: level)
                lines += [indent + "presented as sheet:", indent + "  root:  cart", indent + "  stack: (empty)"]
            }
            return lines.joined(separator: "\n")
        }

        /// A long stack prints its ends and says how long it is, so each line stays short.
        @Test func aLongStackPrintsItsEnds() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run(
                ["navigate", "--routes", path, "--json"] + (1...20).map { "product/\($0)" })
            #expect(output.status == 0)
            let last = output.standardOutput.split(separator: "\n").last.map(String.init)
            let shown = [1, 2, 3, 4, 14, 15, 16, 17, 18, 19, 20].map { "\"product(id=\($0))\"" }
            #expect(
                last
                    == #"{"url":"product/20","outcome":"handled","route":"product(id=20)","behavior":"push","state":{"root":"home","stack":["#
                    + shown.joined(separator: ",") + #"],"stackCount":20}}"#)
        }

        /// A route file's `"routingType"` decides how `navigate` shows a route, as a typed route's
        /// `routingType` does; a route left at push still follows its path properties.
        @Test func routingTypesFromTheRouteFileDecideThePresentation() throws {
            let path = try CommandRunner.temporaryFile(
                """
                {
                  "schemes": ["app"],
                  "routes": [
                    { "name": "home", "template": "/" },
                    { "name": "settings", "template": "settings", "routingType": "sheetWithoutStack" },
                    { "name": "player", "template": "player/:id", "routingType": "cover" },
                    { "name": "welcome", "template": "welcome", "routingType": "root" },
                    { "name": "cart", "template": "cart", "properties": { "context": "modal" } }
                  ],
                  "default": "home"
                }
                """)
            let output = try CommandRunner.run([
                "navigate", "--routes", path, "--json", "settings", "player/7", "welcome", "cart",
            ])
            #expect(output.status == 0, "\(output.standardError)")
            let behaviors = output.standardOutput.split(separator: "\n").map { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["behavior"] as? String
            }
            #expect(behaviors == ["sheet without a stack", "cover", "replace root", "sheet"])
            #expect(output.standardOutput.split(separator: "\n").last?.contains(#""root":"welcome""#) == true)
        }
    }
#endif
