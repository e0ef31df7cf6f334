// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Wildcard domains (`*.example.com`) through the commands a team runs on a route file.
    @Suite struct WildcardDomainCommandTests {
        static let routeFile = """
            {
              "schemes": ["shop"],
              "domains": ["shop.example.com", "*.example.com"],
              "routes": [
                { "name": "product", "template": "product/:id<int>" },
                { "name": "store", "template": "store/:city", "scopes": [{ "universal": "*.example.com" }] },
                { "name": "flagship", "template": "store/:city", "scopes": [{ "universal": "shop.example.com" }] }
              ]
            }
            """

        static func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile, named: "wildcard.routes.json")
        }

        static func route(_ output: CommandRunner.Output) -> [String?] {
            output.standardOutput.split(separator: "\n").map { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["route"] as? String
            }
        }

        @Test func resolveChoosesTheHostsOwnRouteThenTheWildcardsAndRefusesTheApex() throws {
            let output = try Self.run([
                "resolve", "--json", "https://paris.example.com/store/paris", "https://shop.example.com/store/x",
                "https://eu.www.example.com/product/1", "https://example.com/product/1",
            ])
            #expect(Self.route(output) == ["store", "flagship", "product", nil])
            #expect(
                output.standardOutput.contains(
                    "the domain 'example.com' is not accepted; accepted domains: shop.example.com, *.example.com"))
            #expect(try Self.run(["check"]).status == 0)
        }

        @Test func linkNeedsAHostTheWildcardCoversAndLinksShowsOne() throws {
            let link = try Self.run([
                "link", "store", "--param", "city=lyon", "--universal", "--domain", "lyon.example.com",
            ])
            #expect(link.standardOutput == "https://lyon.example.com/store/lyon\n", "\(link.standardError)")
            let noHost = try Self.run(["link", "store", "--param", "city=lyon", "--universal"])
            #expect(noHost.status == 1)
            #expect(noHost.standardError.contains("its only domains are wildcards (*.example.com)"))
            let links = try Self.run(["links"])
            #expect(links.standardOutput.contains("https://www.example.com/store/city"), "\(links.standardOutput)")
        }

        @Test func aasaForTheWildcardCarriesItsRoutesAndChecksClean() throws {
            let folder = URL(fileURLWithPath: try CommandRunner.temporaryFile("")).deletingLastPathComponent()
            let file = folder.appendingPathComponent("wildcard-aasa.json").path
            let generated = try Self.run([
                "aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "*.example.com",
            ])
            #expect(generated.status == 0, "\(generated.standardError)")
            #expect(generated.standardOutput.contains(#"{ "/": "/store/?*", "comment": "route store" }"#))
            try Data(generated.standardOutput.utf8).write(to: URL(fileURLWithPath: file))
            for domain in ["*.example.com", "paris.example.com"] {
                let checked = try Self.run([
                    "aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", domain, "--check", file,
                ])
                #expect(checked.status == 0, "\(domain): \(checked.standardOutput)\(checked.standardError)")
            }
        }
    }
#endif
