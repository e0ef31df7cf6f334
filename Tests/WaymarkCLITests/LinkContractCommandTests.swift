// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark links --contract` freezes today's links; `waymark check --links` fails, with a diff
    /// a person can act on, when a change breaks one of them (issue 35).
    @Suite struct LinkContractCommandTests {
        static let routes = """
            {
              "schemes": ["shop"],
              "domains": ["shop.example.com"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "product", "template": "product/:id<int>", "properties": { "presentation": "modal" } },
                { "name": "search", "template": "search?q={q}" },
                { "name": "transfer", "template": "transfer/:amount<int>", "requiresConfirmation": true },
                { "name": "debug", "template": "debug/menu", "internal": true }
              ],
              "default": "home"
            }
            """

        /// A contract written by `links --contract FILE` from `routes` (the embedded example when nil).
        static func freeze(_ routes: String? = nil, extra: [String] = []) throws -> String {
            let contract = try CommandRunner.temporaryFile("", name: "links.json")
            var arguments = ["links", "--contract", contract] + extra
            if let routes {
                arguments += ["--routes", try CommandRunner.temporaryFile(routes, name: "v1.routes.json")]
            }
            let output = try CommandRunner.run(arguments)
            #expect(output.status == 0, "\(output.standardError)")
            return contract
        }

        @Test func theEmbeddedExampleHoldsItsOwnContract() throws {
            let contract = try Self.freeze()
            let text = try String(decoding: Data(contentsOf: URL(fileURLWithPath: contract)), as: UTF8.self)
            #expect(text.contains(#"{"url": "shop://product/42", "origin": "external", "route": "product""#))
            #expect(text.contains(#"{"url": "/debug/menu", "origin": "internal", "route": "debug""#))
            let output = try CommandRunner.run(["check", "--links", contract])
            #expect(output.status == 0)
            #expect(output.standardOutput == "\(contract): 14 link(s) hold\n")
        }

        @Test func aMovedTemplateFailsWithTheDiff() throws {
            let contract = try Self.freeze()
            let moved = try CommandRunner.run([
                "check", "--links", contract, "--routes", Self.embeddedExample(moving: true),
            ])
            #expect(moved.status == 1)
            let lines = moved.standardOutput.split(separator: "\n").map(String.init)
            #expect(
                lines.first
                    == "\(contract): links[2]: shop://product/42: was product(id=42), now the default route (home): "
                    + "no route matches the path (2 segments); nearest: product (products/:id<int>) — segment 1 is "
                    + #""product", the template expects 'products'"#)
            #expect(lines.last == "\(contract): 14 link(s) checked, 2 broken")
        }

        @Test func jsonNamesTheKindOfEveryBreak() throws {
            let contract = try Self.freeze(Self.routes, extra: ["--property", "presentation"])
            let text = try String(decoding: Data(contentsOf: URL(fileURLWithPath: contract)), as: UTF8.self)
            #expect(text.contains(#""properties": {"presentation": "modal"}"#))
            #expect(
                text.contains(
                    #""route": "transfer", "template": "transfer/:amount<int>", "parameters": {"amount": "42"}, "confirmation": true"#
                ))
            let changed = Self.routes
                .replacingOccurrences(of: #""presentation": "modal""#, with: #""presentation": "sheet""#)
                .replacingOccurrences(of: #", "requiresConfirmation": true"#, with: "")
                .replacingOccurrences(of: #""template": "search?q={q}""#, with: #""template": "search?query={q}""#)
                .replacingOccurrences(of: #""template": "debug/menu", "internal": true"#, with: #""template": "debug""#)
            let output = try CommandRunner.run([
                "check", "--links", contract, "--json", "--routes", try CommandRunner.temporaryFile(changed),
            ])
            #expect(output.status == 1)
            let objects = output.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let kinds = Dictionary(grouping: objects, by: { $0["route"] as? String ?? "" }).mapValues {
                $0.compactMap { $0["kind"] as? String }
            }
            #expect(kinds["product"] == ["otherProperty", "otherProperty"])
            #expect(kinds["transfer"] == ["confirmation", "confirmation"])
            #expect(kinds["search"] == ["defaultRoute", "defaultRoute"])
            #expect(kinds["debug"] == ["defaultRoute"])
            let search = try #require(objects.first { $0["route"] as? String == "search" })
            #expect(search["was"] as? String == "search(q=q)")
            let nearest = try #require((search["nearest"] as? [[String: Any]])?.first)
            #expect(nearest["route"] as? String == "search")
            #expect(nearest["template"] as? String == "search?query={q}")
        }

        @Test func urlsFromStandardInputAreContractedAndOneThatOpensNothingIsNamed() throws {
            let routes = try CommandRunner.temporaryFile(Self.routes)
            let output = try CommandRunner.run(
                ["links", "--routes", routes, "--contract", "-", "--input", "-"],
                standardInput: Data(
                    "shop://product/7\n# a comment\nshop://nowhere\nhttps://shop.example.com/search?q=red\n".utf8))
            #expect(output.status == 1)
            #expect(
                output.standardError
                    == "not contracted: input URL 2: shop://…: the default route (home): no route matches the path (1 segment)\n"
            )
            let contract = output.standardOutput
            #expect(contract.hasPrefix("{\n  \"version\": 1,\n  \"links\": [\n"))
            #expect(contract.contains(#"{"url": "shop://product/7", "origin": "external", "route": "product""#))
            #expect(contract.contains(#""route": "search", "template": "search?q={q}", "parameters": {"q": "red"}"#))
            #expect(!contract.contains("nowhere"))
        }

        @Test func aContractWithProblemsIsNotChecked() throws {
            let contract = try CommandRunner.temporaryFile(
                #"{"version": 1, "links": [{"url": "shop://product/42", "rout": "product"}]}"#, name: "bad.json")
            let output = try CommandRunner.run(["check", "--links", contract])
            #expect(output.status == 1)
            #expect(output.standardError.contains("\(contract): links[0].rout: unknown key"))
            #expect(output.standardError.contains("\(contract): links[0].route: missing"))
        }

        @Test(arguments: [
            ["links", "--input", "-"], ["links", "--property", "title"],
            ["check", "--links", "x.json", "--config", "y.json"],
            ["links", "--contract", "-", "--json"],
        ])
        func contractOptionsOutOfPlaceAreUsageErrors(_ arguments: [String]) throws {
            #expect(try CommandRunner.run(arguments).status == 2)
        }

        /// The embedded example, with `product/:id<int>` moved to `products/:id<int>`.
        static func embeddedExample(moving: Bool) throws -> String {
            let source = try String(
                decoding: Data(
                    contentsOf: Self.packageRoot.appendingPathComponent("Sources/WaymarkCLI/Resources/shop.routes.json")
                ),
                as: UTF8.self)
            let changed =
                moving ? source.replacingOccurrences(of: "\"product/:id<int>\"", with: "\"products/:id<int>\"") : source
            // The route file names its path configuration inline: the copy stands alone.
            return try CommandRunner.temporaryFile(changed, name: "moved.routes.json")
        }

        static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
#endif
