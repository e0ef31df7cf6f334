// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Parameters inside a segment (`{name}.json`) through every command, run as a user runs them.
    @Suite struct SegmentPatternCommandTests {
        static let routeFile = """
            {
              "schemes": ["shop"],
              "domains": ["shop.example.com"],
              "routes": [
                { "name": "feed", "template": "feed/{name}.json" },
                { "name": "report", "template": "feed/report.json" },
                { "name": "version", "template": "api/v{major<int>}.{minor<int>}/status" },
                { "name": "person", "template": "people/{first}_{last}" }
              ]
            }
            """

        static func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile, named: "patterns.routes.json")
        }

        @Test func resolveAndExplainNameTheSegmentAndItsValues() throws {
            let resolved = try Self.run(["resolve", "--json", "shop://api/v2.10/status"])
            #expect(resolved.status == 0, "\(resolved.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(resolved.standardOutput.utf8)) as? [String: Any]
            #expect(object?["route"] as? String == "version")
            #expect(object?["parameters"] as? [String: String] == ["major": "2", "minor": "10"])

            let explained = try Self.run(["explain", "shop://api/v1.x/status"])
            #expect(explained.status == 1)
            #expect(
                explained.standardOutput.contains(
                    #"segment 2 is "v1.x", which 'v{major<int>}.{minor<int>}' does not match: "x" is not a valid int for 'minor'"#
                ), "\(explained.standardOutput)")
        }

        @Test func linkPrintsTheTextAroundTheValuesAndRefusesAValueThatSplitsOtherwise() throws {
            let link = try Self.run(["link", "version", "--param", "major=1", "--param", "minor=2", "--universal"])
            #expect(link.standardOutput == "https://shop.example.com/api/v1.2/status\n")
            let refused = try Self.run(["link", "person", "--param", "first=a_b", "--param", "last=c"])
            #expect(refused.status == 1)
            #expect(
                refused.standardError.contains(#"the values of 'first', 'last' make "a_b_c""#),
                "\(refused.standardError)")
        }

        @Test func linksAndTheCatalogueShowPatternsWithExampleValues() throws {
            // A folder of its own, in the runner's scratch folder.
            let folder = URL(fileURLWithPath: try CommandRunner.temporaryFile("")).deletingLastPathComponent()
            let page = folder.appendingPathComponent("links.html").path
            let output = try Self.run(["links", "--html", page])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput.contains("feed     appAny shop                    shop://feed/name.json\n"))
            #expect(output.standardOutput.contains("shop://api/v42.42/status\n"))
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<code>api/v{major&lt;int&gt;}.{minor&lt;int&gt;}/status</code>"))
            #expect(html.contains("<a href=\"https://shop.example.com/people/first_last\">"))
        }

        @Test func checkReportsPatternsThatDifferOnlyInNames() throws {
            #expect(try Self.run(["check"]).status == 0)
            let clash = try CommandRunner.temporaryFile(
                #"{"schemes": ["x"], "routes": [{"name": "a", "template": "f/{a}.json"}, {"name": "b", "template": "f/{b}.json"}]}"#
            )
            let output = try CommandRunner.run(["check", "--routes", clash])
            #expect(output.status == 1)
            #expect(output.standardOutput.contains("differ only in parameter names"), "\(output.standardOutput)")
        }

        /// Each segment with parameters inside it gets its own narrowest component (`?*.json`), and
        /// the check reads its text (issue 31); typed captures get a note, as the check accepts any
        /// split of them.
        @Test func aasaWritesANarrowComponentForEachPattern() throws {
            let output = try Self.run([
                "aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "shop.example.com",
            ])
            #expect(output.status == 0, "\(output.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
            let details = (object?["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
            let components = (details?.first?["components"] as? [[String: Any]] ?? []).compactMap { $0["/"] as? String }
            #expect(components == ["/api/v?*.?*/status", "/feed/?*.json", "/people/?*_?*"])
            #expect(
                output.standardError.contains(
                    "note: the segment 'v{major<int>}.{minor<int>}' has typed parameters inside it"
                ))
            #expect(!output.standardError.contains("'{name}.json' has"), "\(output.standardError)")
        }
    }
#endif
