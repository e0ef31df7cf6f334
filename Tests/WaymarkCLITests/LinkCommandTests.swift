// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing
    import WaymarkTestSupport

    /// `waymark link` and `waymark links`, run as a user runs them.
    @Suite struct LinkCommandTests {
        static let routeFile = """
            {
              "schemes": ["app", "beta"],
              "domains": ["app.example.com"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "article", "template": "articles/:id<int>(/:section)" },
                { "name": "tag", "template": "tags/:name" },
                { "name": "files", "template": "files/*path", "scopes": ["appAny"] },
                { "name": "share", "template": "s/:code", "scopes": [{ "universal": "app.example.com" }] },
                { "name": "admin", "template": "admin", "internal": true }
              ]
            }
            """

        func link(_ arguments: [String]) throws -> CommandRunner.Output {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            return try CommandRunner.run(["link", "--routes", path] + arguments)
        }

        @Test func printsTheAppOrUniversalLinkOfANamedRoute() throws {
            #expect(try link(["article", "--param", "id=12"]).standardOutput == "app://articles/12\n")
            #expect(
                try link([
                    "article", "--param", "id=12", "--param", "section=a b/c", "--query", "ref=mail", "--query",
                    "x=1&2",
                ])
                .standardOutput == "app://articles/12/a%20b%2Fc?ref=mail&x=1%262\n")
            #expect(
                try link(["article", "--param", "id=1", "--universal"]).standardOutput
                    == "https://app.example.com/articles/1\n")
            #expect(try link(["tag", "--param", "name=new", "--scheme", "beta"]).standardOutput == "beta://tags/new\n")
            #expect(try link(["files", "--param", "path=docs/guide"]).standardOutput == "app://files/docs/guide\n")
            #expect(
                try link(["share", "--param", "code=Q1", "--universal"]).standardOutput
                    == "https://app.example.com/s/Q1\n")
        }

        @Test func problemsExitWithStatusOneAndNameTheProblem() throws {
            let cases: [([String], String)] = [
                (
                    ["article"],
                    "route article: articles/:id<int>(/:section): no value for 'id'; pass each as --param NAME=VALUE"
                ),
                (
                    ["article", "--param", "id=x"],
                    "route article: articles/:id<int>(/:section): 'id' is \"x\", which is not a valid int"
                ),
                (
                    ["tag", "--param", "name=a", "--param", "color=red"],
                    "route tag: 'tags/:name' has no parameter 'color'; its parameters: name"
                ),
                (["nothing"], "no route named 'nothing'; routes: home, article, tag, files, share, admin"),
                (
                    ["share", "--param", "code=Q1"],
                    "route share: s/:code has no app link: its scopes are universal(app.example.com)"
                ),
                (
                    ["files", "--param", "path=a", "--universal"],
                    "route files: files/*path has no universal link: its scopes are appAny"
                ),
                (
                    ["tag", "--param", "name=a", "--scheme", "other"],
                    "route tag: tags/:name has no app link with the scheme 'other'; allowed: app, beta"
                ),
                (["admin"], "route admin is internal-only: no outside link can reach it"),
            ]
            for (arguments, message) in cases {
                let output = try link(arguments)
                #expect(output.status == 1, "\(arguments)")
                #expect(output.standardOutput == "")
                #expect(output.standardError.hasSuffix(": " + message + "\n"), "\(arguments): \(output.standardError)")
            }
        }

        /// resolve(link(name, params)) gives back the same route, parameters and query, for hostile values.
        @Test func linksResolveToTheSameRouteAndValues() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            var generator = SeededGenerator(seed: 11)
            let pieces = ["a", "/", "%", "%2F", "+", " ", "?", "#", "&", "=", ",", "é", "🙂", "..", "~", "'", "\\"]
            func text(_ pieces: [String]) -> String {
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a"
                }
                .joined()
            }
            // A query name cannot contain '=' on the command line (NAME=VALUE splits at the first one).
            let namePieces = pieces.filter { $0 != "=" }
            for _ in 0..<12 {
                let section = text(pieces)
                let name = text(namePieces)
                let value = text(pieces)
                let universal = Bool.random(using: &generator)
                var arguments = [
                    "link", "--routes", path, "article", "--param", "id=7", "--param", "section=\(section)",
                ]
                arguments += ["--query", "\(name)=\(value)"] + (universal ? ["--universal"] : [])
                let made = try CommandRunner.run(arguments)
                #expect(made.status == 0, "\(arguments): \(made.standardError)")
                let url = made.standardOutput.trimmingCharacters(in: .newlines)
                let resolved = try CommandRunner.run(["resolve", "--routes", path, "--json", url])
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(resolved.standardOutput.utf8)) as? [String: Any])
                #expect(object["route"] as? String == "article", "\(url)")
                #expect(object["parameters"] as? [String: String] == ["id": "7", "section": section], "\(url)")
                #expect(object["query"] as? [String: [String]] == [name: [value]], "\(url)")
            }
        }

        @Test func linksListsEveryRouteAndScopeAndWritesACatalogue() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let page = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("links.html").path
            let output = try CommandRunner.run(["links", "--routes", path, "--html", page])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                output.standardOutput == """
                    home     appAny app                    app://
                    home     appAny beta                   beta://
                    home     universalAny app.example.com  https://app.example.com/
                    article  appAny app                    app://articles/42/section
                    article  appAny beta                   beta://articles/42/section
                    article  universalAny app.example.com  https://app.example.com/articles/42/section
                    tag      appAny app                    app://tags/name
                    tag      appAny beta                   beta://tags/name
                    tag      universalAny app.example.com  https://app.example.com/tags/name
                    files    appAny app                    app://files/a/b
                    files    appAny beta                   beta://files/a/b
                    share    universal(app.example.com)    https://app.example.com/s/code
                    admin    internal                      /admin

                    """)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("<a href=\"https://app.example.com/articles/42/section\">"))
            #expect(html.contains("<code>articles/:id&lt;int&gt;(/:section)</code>"))
            #expect(html.contains("<h2>admin <small>internal only</small></h2>"))
            #expect(!html.contains("<script"))
        }
    }
#endif
