// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Literal punctuation through the commands: the wiki template that used to pass `check` as an
    /// optional group, and its escaped spelling, which resolves, explains and prints its own URL.
    @Suite struct TemplateEscapeCommandTests {
        static func routeFile(_ template: String) -> String {
            """
            {
              "schemes": ["wiki"],
              "domains": ["en.example.org"],
              "routes": [
                { "name": "article", "template": \(Self.jsonString(template)) },
                { "name": "any", "template": "wiki/:title" }
              ]
            }
            """
        }

        static func jsonString(_ text: String) -> String {
            String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
        }

        static func run(_ template: String, _ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(arguments, routes: Self.routeFile(template), named: "wiki.routes.json")
        }

        @Test func checkRefusesTheUnescapedWikiTemplateNamingTheRouteAndColumn() throws {
            let output = try Self.run("/wiki/Swift_(programming_language)", ["check"])
            #expect(output.status == 1)
            #expect(
                output.standardOutput.contains(
                    #"routes[0] (article): error: template: "/wiki/Swift_(programming_language)" column 13: the optional group in 'Swift_(programming_language)' lies inside a segment with no parameter"#
                ), "\(output.standardOutput)\(output.standardError)")
        }

        @Test func theEscapedTemplateResolvesBothSpellingsAndLinkPrintsItsOwnURL() throws {
            let template = #"/wiki/Swift_\(programming_language\)"#
            #expect(try Self.run(template, ["check"]).status == 0)
            for url in [
                "https://en.example.org/wiki/Swift_(programming_language)",
                "https://en.example.org/wiki/Swift_%28programming_language%29",
            ] {
                let resolved = try Self.run(template, ["resolve", "--json", url])
                let object =
                    try JSONSerialization.jsonObject(with: Data(resolved.standardOutput.utf8)) as? [String: Any]
                #expect(object?["route"] as? String == "article", "\(url): \(resolved.standardOutput)")
                #expect(object?["template"] as? String == template)
            }
            let link = try Self.run(template, ["link", "article", "--universal"])
            #expect(link.standardOutput == "https://en.example.org/wiki/Swift_(programming_language)\n")

            let explained = try Self.run(template, ["explain", "https://en.example.org/wiki/Swift_x/y"])
            #expect(
                explained.standardOutput.contains(#"article (/wiki/Swift_\(programming_language\))"#),
                "\(explained.standardOutput)")
        }
    }
#endif
