// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark links` gives a tester every link there is to tap: a route that asks for confirmation
    /// is listed with its link and a note, a link carries the query values its route requires, and an
    /// internal-only route is shown as a path to open from inside the app (issue 30, item 5).
    @Suite struct LinksForTestersTests {
        /// Confirmation and internal routes, in a file any version of the tool reads.
        static let file = #"""
            { "schemes": ["x-your-app"], "domains": ["your-app-domain.com"],
              "routes": [
                { "name": "createNew", "template": ["create", "create-document"], "requiresConfirmation": true },
                { "name": "wipe", "template": "wipe", "requiresConfirmation": true },
                { "name": "wipeToo", "template": "wipe", "scopes": [{ "app": "x-your-app" }], "requiresConfirmation": true },
                { "name": "debug", "template": "debug/menu", "internal": true }
              ] }
            """#

        /// Routes that declare the query values they require.
        static let queryFile = #"""
            { "schemes": ["x-your-app"], "domains": ["your-app-domain.com"],
              "routes": [
                { "name": "open", "template": "open/:kind", "query": { "document": "string", "page": "int?", "at": "float", "id": "uuid" } },
                { "name": "erase", "template": "erase", "requiresConfirmation": true, "query": { "token": "string" } }
              ] }
            """#

        /// The JSON lines of `links --json` for `file`, and the file's path.
        static func lines(_ file: String = Self.file) throws -> ([[String: Any]], String) {
            let path = try CommandRunner.temporaryFile(file)
            let output = try CommandRunner.run(["links", "--routes", path, "--json"])
            #expect(output.status == 0, "\(output.standardError)")
            let lines = try output.standardOutput.split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            return (lines, path)
        }

        /// What `resolve --json` says of each URL: its outcome and route.
        static func resolved(_ path: String, _ urls: [String]) throws -> [(outcome: String?, route: String?)] {
            let output = try CommandRunner.run(["resolve", "--routes", path, "--json"] + urls)
            return try output.standardOutput.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return (object["outcome"] as? String, object["route"] as? String)
            }
        }

        /// The section of the HTML page about one route (whose name may hold `<wbr>`, a place to break).
        static func section(_ html: String, _ route: String) throws -> String {
            try #require(
                html.components(separatedBy: "<section>").first {
                    $0.replacingOccurrences(of: "<wbr>", with: "").contains("<h2>\(route)<")
                        || $0.replacingOccurrences(of: "<wbr>", with: "").contains("<h2>\(route) ")
                })
        }

        /// A route that asks for confirmation is the link a tester wants to tap: listed, with a note,
        /// in the table, the JSON and the page. Only its own confirmation counts: a link another
        /// route asks about is still shadowed.
        @Test func aRouteThatAsksForConfirmationIsListed() throws {
            let (lines, path) = try Self.lines()
            let create = lines.filter { $0["route"] as? String == "createNew" }
            #expect(
                create.map { $0["link"] as? String } == ["x-your-app://create", "https://your-app-domain.com/create"])
            #expect(create.allSatisfy { $0["confirmation"] as? Bool == true && $0["shadowed"] as? Bool == false })
            let wipe = try #require(lines.first { $0["route"] as? String == "wipe" })
            #expect(wipe["scope"] as? String == "appAny x-your-app")
            #expect(wipe["link"] is NSNull)
            #expect(wipe["shadowed"] as? Bool == true)
            #expect(wipe["confirmation"] as? Bool == false)
            #expect(lines.first { $0["route"] as? String == "wipeToo" }?["confirmation"] as? Bool == true)
            #expect(lines.first { $0["route"] as? String == "debug" }?["confirmation"] as? Bool == false)

            let table = try CommandRunner.run(["links", "--routes", path]).standardOutput
            #expect(table.contains("x-your-app://create (asks the user to confirm)\n"))

            let page = path + ".html"
            #expect(try CommandRunner.run(["links", "--routes", path, "--html", page]).status == 0)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let section = try Self.section(html, "createNew")
            #expect(section.contains(#"<a href="x-your-app://create">x-your-app://create</a>"#))
            #expect(section.contains(#"<span class="note confirm">asks the user to confirm</span>"#))
            #expect(!section.contains("shadowed"))
        }

        /// Every required query value is filled with the first example of its type, optional ones are
        /// left out, and each link is listed because resolving it opens its route.
        @Test func linksCarryTheRequiredQueryValues() throws {
            let (lines, path) = try Self.lines(Self.queryFile)
            let open = lines.filter { $0["route"] as? String == "open" }.compactMap { $0["link"] as? String }
            #expect(
                open == [
                    "x-your-app://open/kind?at=1.5&document=document&id=00000000-0000-4000-8000-000000000042",
                    "https://your-app-domain.com/open/kind?at=1.5&document=document&id=00000000-0000-4000-8000-000000000042",
                ])
            let erase = lines.filter { $0["route"] as? String == "erase" }
            #expect(
                erase.map { $0["link"] as? String } == [
                    "x-your-app://erase?token=token", "https://your-app-domain.com/erase?token=token",
                ])
            #expect(erase.allSatisfy { $0["confirmation"] as? Bool == true })
            for (outcome, route) in try Self.resolved(path, open) {
                #expect(outcome == "matched")
                #expect(route == "open")
            }
            // Without its query, the same link is invalid: the value is not a nicety.
            let bare = try Self.resolved(path, ["x-your-app://open/kind"])
            #expect(bare.first?.outcome == "invalid")

            let page = path + ".html"
            #expect(try CommandRunner.run(["links", "--routes", path, "--html", page]).status == 0)
            let section = try Self.section(try String(contentsOfFile: page, encoding: .utf8), "open")
            #expect(
                section.contains(
                    #"<p class="query">query: <code>at</code> float · <code>document</code> string · <code>id</code> uuid · <code>page</code> int, optional</p>"#
                ))
        }

        /// An internal-only route's path is not a link a page can open: shown as text, labelled, and
        /// flagged in the JSON.
        @Test func anInternalRouteIsShownAsAPathNotALink() throws {
            let (lines, path) = try Self.lines()
            let debug = try #require(lines.first { $0["route"] as? String == "debug" })
            #expect(debug["link"] as? String == "/debug/menu")
            #expect(debug["internal"] as? Bool == true)
            #expect(lines.filter { $0["internal"] as? Bool == true }.count == 1)

            let page = path + ".html"
            #expect(try CommandRunner.run(["links", "--routes", path, "--html", page]).status == 0)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let section = try Self.section(html, "debug")
            #expect(!section.contains("<a "))
            #expect(section.contains(#"<code class="path">/debug/<wbr>menu</code>"#))
            #expect(section.contains("internal: open from inside the app"))
        }

        /// Words are never split mid-word: only what has no place to break (a long link) wraps
        /// anywhere, and a link is a tap target at least 44 points high.
        @Test func thePageWrapsWithoutSplittingWords() throws {
            let path = try CommandRunner.temporaryFile(Self.file)
            let page = path + ".html"
            #expect(try CommandRunner.run(["links", "--routes", path, "--html", page]).status == 0)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(!html.contains("break-all"))
            #expect(html.contains("overflow-wrap: anywhere"))
            #expect(html.contains("min-height: 44px"))
        }
    }
#endif
