// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing
    import WaymarkTestSupport

    /// `waymark links` lists a link under a route only when resolving it opens that route, and reports
    /// a route no example reaches as shadowed, naming the route that opens the link instead (issue 19,
    /// item 6).
    @Suite struct LinksShadowingTests {
        /// One line of `links --json`.
        struct Line {
            var route: String
            var scope: String
            var link: String?
            var shadowed: Bool
            var openedBy: String?
            var tried: String?
        }

        static func links(_ file: String, _ extra: [String] = []) throws -> (CommandRunner.Output, [Line], String) {
            let path = try CommandRunner.temporaryFile(file)
            let output = try CommandRunner.run(["links", "--routes", path, "--json"] + extra)
            let lines = try output.standardOutput.split(separator: "\n").map { line in
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return Line(
                    route: try #require(object["route"] as? String), scope: try #require(object["scope"] as? String),
                    link: object["link"] as? String, shadowed: try #require(object["shadowed"] as? Bool),
                    openedBy: object["openedBy"] as? String, tried: object["tried"] as? String)
            }
            return (output, lines, path)
        }

        /// The route each URL opens (`null` when none does), by `resolve --json`.
        static func openedRoutes(_ path: String, _ urls: [String]) throws -> [String?] {
            guard !urls.isEmpty else { return [] }
            let output = try CommandRunner.run(["resolve", "--routes", path, "--json"] + urls)
            return try output.standardOutput.split(separator: "\n").map { line in
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                // Only a match counts: the default route standing in does not open a route's link.
                return object["outcome"] as? String == "matched" ? object["route"] as? String : nil
            }
        }

        /// The issue's reproduction: `x-test://create`, listed under createNew, opens createLegacy.
        @Test func theNarrowerScopeShadowsTheAppLinkOnly() throws {
            let (output, lines, _) = try Self.links(
                """
                { "schemes": ["x-test"], "domains": ["x-test.example.com"],
                  "routes": [
                    { "name": "createNew", "template": "create" },
                    { "name": "createLegacy", "template": "create", "scopes": [{ "app": "x-test" }] }
                  ] }
                """)
            #expect(output.status == 0, "\(output.standardError)")
            let new = lines.filter { $0.route == "createNew" }
            #expect(new.count == 2)
            #expect(new[0].scope == "appAny x-test")
            #expect(new[0].link == nil)
            #expect(new[0].shadowed)
            #expect(new[0].openedBy == "createLegacy")
            #expect(new[0].tried == "x-test://create")
            #expect(new[1].link == "https://x-test.example.com/create")
            #expect(!new[1].shadowed)
            #expect(lines.first { $0.route == "createLegacy" }?.link == "x-test://create")
        }

        /// Shadowing shapes, each with the link expected (or the route expected to open the shadowed
        /// one): the later examples get past a literal, a typed sibling and a priority.
        static let shapeCases: [(routes: String, link: String?, openedBy: String?)] = [
            // A literal takes the parameter's name: the next example ('example') reaches the route.
            (
                #"{"name": "item", "template": "item/:id"}, {"name": "itemId", "template": "item/id"}"#,
                "s://item/example", nil
            ),
            // A literal takes the first int: the next one reaches it.
            (#"{"name": "num", "template": "n/:n<int>"}, {"name": "n42", "template": "n/42"}"#, "s://n/1", nil),
            // A catch-all's two segments go to a two-parameter route; one segment reaches it.
            (
                #"{"name": "files", "template": "f/*path"}, {"name": "pair", "template": "f/:a/:b"}"#, "s://f/example",
                nil
            ),
            // The filled optional group is taken by a higher priority; the short form reaches it.
            (
                #"{"name": "page", "template": "p(/:x<int>)"}, {"name": "other", "template": "p/:y", "priority": 1}"#,
                "s://p", nil
            ),
            // A higher-priority parameter takes every link of a literal: nothing reaches the route.
            (#"{"name": "low", "template": "same"}, {"name": "high", "template": ":any", "priority": 1}"#, nil, "high"),
            // Every example of the parameter is taken by a literal or a higher-priority int.
            (
                #"{"name": "word", "template": "w/:name"}, {"name": "wName", "template": "w/name"}, {"name": "wExample", "template": "w/example"}, {"name": "wInt", "template": "w/:k<int>", "priority": 1}"#,
                nil, "wName"
            ),
        ]

        @Test(arguments: Self.shapeCases)
        func shapes(routes: String, link: String?, openedBy: String?) throws {
            let file = #"{ "schemes": ["s"], "routes": [ "# + routes + " ] }"
            let (output, lines, _) = try Self.links(file)
            #expect(output.status == 0, "\(output.standardError)")
            let first = try #require(lines.first)
            #expect(first.link == link, "\(lines)")
            #expect(first.shadowed == (openedBy != nil))
            #expect(first.openedBy == openedBy)
        }

        /// Generated route files: every link `links` lists opens its own route when resolved, and every
        /// shadowed link opens the route it names.
        @Test func everyListedLinkOpensItsOwnRoute() throws {
            var generator = SeededGenerator(seed: 19)
            let segments = ["a", "b", "id", "42", "name", "example", ":id", ":name", ":n<int>", ":u<uuid>", "(/:opt)"]
            let scopes = [#"["appAny"]"#, #"[{"app": "s"}]"#, #"["universalAny"]"#, #"["appAny", "universalAny"]"#]
            var checked = 0
            var shadowed = 0
            for round in 0..<24 {
                var routes: [String] = []
                var seen: Set<String> = []
                for index in 0..<Int.random(in: 3...8, using: &generator) {
                    let count = Int.random(in: 1...3, using: &generator)
                    var template = (0..<count).map { _ in segments.randomElement(using: &generator) ?? "a" }
                        .joined(separator: "/").replacingOccurrences(of: "/(", with: "(")
                    if template.hasPrefix("(") { template = "x" + template }
                    if Int.random(in: 0..<5, using: &generator) == 0 { template += "/*rest" }
                    // Parameters named apart per route; the same shape twice is an error `check` reports.
                    let shape = template.replacingOccurrences(of: ":", with: ":r\(index)")
                    guard seen.insert(template).inserted else { continue }
                    routes.append(
                        #"{"name": "r\#(index)", "template": "\#(shape)", "priority": \#(Int.random(in: 0...1, using: &generator)), "scopes": \#(scopes.randomElement(using: &generator) ?? "[]")}"#
                    )
                }
                let file =
                    #"{"schemes": ["s"], "domains": ["s.example.com"], "routes": ["# + routes.joined(separator: ", ")
                    + "]}"
                let (output, lines, path) = try Self.links(file)
                // A generated file may hold two shapes no URL tells apart: the loader refuses it.
                guard output.status == 0 else { continue }
                let listed = lines.filter { $0.link != nil }
                let opened = try Self.openedRoutes(path, listed.compactMap(\.link))
                for (line, route) in zip(listed, opened) {
                    #expect(route == line.route, "round \(round): \(line.link ?? "") in \(file)")
                    checked += 1
                }
                let notes = lines.filter(\.shadowed)
                let shadowOpened = try Self.openedRoutes(path, notes.compactMap(\.tried))
                for (line, route) in zip(notes, shadowOpened) where line.openedBy != nil {
                    #expect(route == line.openedBy, "round \(round): \(line.tried ?? "") in \(file)")
                    #expect(line.openedBy != line.route)
                }
                shadowed += notes.count
            }
            // The generator must reach both kinds, or the test checks nothing.
            #expect(checked > 50)
            #expect(shadowed > 0)
        }

        /// The HTML page names the app and shows a shadowed link as a note, never as a link to tap.
        @Test func thePageNamesTheAppAndMarksShadowedLinks() throws {
            let path = try CommandRunner.temporaryFile(
                """
                { "schemes": ["x-test"],
                  "routes": [
                    { "name": "createNew", "template": "create" },
                    { "name": "createLegacy", "template": "create", "scopes": [{ "app": "x-test" }] }
                  ] }
                """)
            let page = path + ".html"
            let output = try CommandRunner.run(["links", "--routes", path, "--html", page])
            #expect(output.status == 0, "\(output.standardError)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<title>Deep links · x-test</title>"))
            #expect(!html.contains("&lt;example&gt;"))
            // The name may break between its words (`<wbr>`), never inside one.
            let newSection = try #require(
                html.components(separatedBy: "<section>").first { $0.contains("<h2>create<wbr>New</h2>") })
            #expect(!newSection.contains("<a href"))
            #expect(
                newSection.contains(
                    "<strong>shadowed</strong>: <code>x-test://create</code> opens createLegacy"))
            #expect(
                output.standardOutput.contains(
                    "createNew     appAny x-test  (shadowed: x-test://create opens createLegacy)\n"))
        }

        /// Without schemes or domains the title is the file's name; the embedded example's is its scheme.
        @Test func theTitleFallsBackToTheFileName() throws {
            let path = try CommandRunner.temporaryFile(
                #"{ "routes": [ { "name": "home", "template": "/" } ] }"#, name: "myapp.routes.json")
            let page = path + ".html"
            #expect(try CommandRunner.run(["links", "--routes", path, "--html", page]).status == 0)
            #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<title>Deep links · myapp</title>"))
            let example = path + ".example.html"
            #expect(try CommandRunner.run(["links", "--html", example]).status == 0)
            #expect(try String(contentsOfFile: example, encoding: .utf8).contains("<title>Deep links · shop</title>"))
        }

        /// Columns line up by display width, measured on the escaped text: a wide name, a name with a
        /// combining accent and a name with a control character.
        @Test func columnsAlignByDisplayWidth() throws {
            let path = try CommandRunner.temporaryFile(
                #"""
                { "schemes": ["s"], "routes": [
                  { "name": "商品", "template": "p", "scopes": ["appAny"] },
                  { "name": "cafe\u0301", "template": "c", "scopes": ["appAny"] },
                  { "name": "a\u001bb", "template": "e", "scopes": [{ "app": "s" }] }
                ] }
                """#)
            let output = try CommandRunner.run(["links", "--routes", path])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                output.standardOutput == """
                    商品      appAny s  s://p
                    cafe\u{301}      appAny s  s://c
                    a\\u{1B}b  app(s)    s://e

                    """)
        }
    }
#endif
