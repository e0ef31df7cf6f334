// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Domains with a base URL and query items with a default, through the commands a team runs on
    /// a route file: the same links are read beneath the base path, printed under it, listed,
    /// explained and written into the association file.
    @Suite struct BaseURLCommandTests {
        static let routeFile = """
            {
              "schemes": ["shop"],
              "domains": ["https://example.com/m?ref=app&token=s3cret", "http://localhost:8080"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "product", "template": "product/:id<int>" },
                { "name": "search", "template": "search?q={q}&page={page<int>=1}" }
              ],
              "default": "home"
            }
            """

        static func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile, named: "base.routes.json")
        }

        static func objects(_ output: CommandRunner.Output) -> [[String: Any]] {
            output.standardOutput.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }
        }

        @Test func resolveReadsLinksBeneathTheBasePathAndRefusesTheRest() throws {
            let output = try Self.run([
                "resolve", "--json", "https://example.com/m/product/42", "https://example.com/product/42",
                "http://localhost:3000/search?q=shoes", "https://example.com/m",
            ])
            let objects = Self.objects(output)
            #expect(objects.map { $0["route"] as? String } == ["product", "home", "search", "home"])
            #expect(objects.map { $0["outcome"] as? String } == ["matched", "default", "matched", "matched"])
            #expect(
                output.standardOutput.contains(
                    "the path is not under example.com's base path '/m'; the app handles only links beneath it"))
            // The default of `page` fills the parameter of a link without it.
            #expect(((objects[2]["parameters"] as? [String: Any])?["page"] as? String) == "1", "\(objects[2])")
            #expect(try Self.run(["check"]).status == 0)
        }

        @Test func linkPrintsUnderTheBaseWithItsSchemePortAndFixedItems() throws {
            let cases: [([String], String)] = [
                (
                    ["product", "--param", "id=42", "--universal"],
                    "https://example.com/m/product/42?ref=app&token=s3cret"
                ),
                (["product", "--param", "id=42", "--domain", "localhost"], "http://localhost:8080/product/42"),
                (["home", "--universal"], "https://example.com/m?ref=app&token=s3cret"),
                (["search", "--param", "q=a", "--param", "page=1"], "shop://search?q=a"),
                (
                    ["search", "--param", "q=a", "--param", "page=3", "--domain", "localhost"],
                    "http://localhost:8080/search?page=3&q=a"
                ),
                (
                    ["product", "--param", "id=1", "--universal", "--query", "token=mine"],
                    "https://example.com/m/product/1?token=mine&ref=app"
                ),
            ]
            for (arguments, expected) in cases {
                let output = try Self.run(["link"] + arguments)
                #expect(output.standardOutput == expected + "\n", "\(arguments): \(output.standardError)")
                // What is printed opens the route it was printed for.
                let resolved = Self.objects(try Self.run(["resolve", "--json", expected]))
                #expect(resolved.first?["route"] as? String == arguments[0], "\(expected)")
                #expect(resolved.first?["outcome"] as? String == "matched", "\(expected)")
            }
        }

        /// The listing names each domain by its host and its HTML page by the base without the fixed
        /// items' values; only the links themselves carry them.
        @Test func linksNameDomainsWithoutFixedValues() throws {
            let listing = try Self.run(["links"])
            #expect(listing.status == 0, "\(listing.standardError)")
            #expect(listing.standardOutput.contains("universalAny example.com"), "\(listing.standardOutput)")
            #expect(listing.standardOutput.contains("https://example.com/m/product/42?ref=app&token=s3cret"))
            #expect(listing.standardOutput.contains("http://localhost:8080/product/42"))
            let folder = URL(fileURLWithPath: try CommandRunner.temporaryFile("")).deletingLastPathComponent()
            let page = folder.appendingPathComponent("base-links.html")
            #expect(try Self.run(["links", "--html", page.path]).status == 0)
            let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
            #expect(html.contains("https://example.com/m?ref=…&amp;token=…"), "\(html)")
        }

        @Test func aasaWritesComponentsUnderTheBasePathAndChecksClean() throws {
            let folder = URL(fileURLWithPath: try CommandRunner.temporaryFile("")).deletingLastPathComponent()
            let file = folder.appendingPathComponent("base-aasa.json").path
            let generated = try Self.run(["aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "example.com"])
            #expect(generated.status == 0, "\(generated.standardError)")
            for component in [
                #"{ "/": "/m/product/?*", "comment": "route product" }"#,
                #"{ "/": "/m/search", "comment": "route search" }"#,
                #"{ "/": "/m", "comment": "route home" }"#,
            ] {
                #expect(generated.standardOutput.contains(component), "\(generated.standardOutput)")
            }
            // A defaulted item is not something the component leaves unchecked; `q` is.
            #expect(generated.standardError.contains("the query item 'q'"))
            #expect(!generated.standardError.contains("the query item 'page'"))
            try Data(generated.standardOutput.utf8).write(to: URL(fileURLWithPath: file))
            let checked = try Self.run([
                "aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "example.com", "--check", file,
            ])
            #expect(checked.status == 0, "\(checked.standardOutput)\(checked.standardError)")
        }

        @Test func aDomainEntryThatCannotBeReadIsAnErrorOfTheDomainsField() throws {
            let output = try CommandRunner.run(
                ["check"], routes: #"{"domains": ["https://example.com:99999/m?token=s3cret"], "routes": []}"#,
                named: "bad-base.routes.json")
            #expect(output.status == 1)
            #expect(
                output.standardOutput.contains(
                    "domains: the domain 'https://example.com:99999/m?token=…' has the port '99999'"),
                "\(output.standardOutput)")
            #expect(!output.standardOutput.contains("s3cret") && !output.standardError.contains("s3cret"))
        }
    }
#endif
