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
                    {"url":"nowhere/at/all","outcome":"handledByDefault","route":"home","behavior":"push","state":{"root":"home","stack":["product(id=2)","home"]}}

                    """)
        }
    }
#endif
