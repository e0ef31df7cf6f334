import Foundation
import Testing
import Waymark

@Suite struct RouteFileTests {
    static func diagnostics(_ json: String) -> [String] {
        RouteFile.diagnostics(for: Data(json.utf8)).map(\.description)
    }

    @Test func loadsAFileWithEveryField() async throws {
        let json = """
            {
              "schemes": ["shop"],
              "domains": ["shop.example.com"],
              "options": { "caseInsensitivePaths": true, "strictTrailingSlash": false },
              "routes": [
                { "name": "product", "template": "product/:id<int>", "scopes": ["appAny", {"universal": "shop.example.com"}],
                  "priority": 2, "internal": false, "properties": { "presentation": "modal", "depth": 1 } },
                { "name": "home", "template": "/" }
              ],
              "default": "home"
            }
            """
        let file = try RouteFile(data: Data(json.utf8))
        #expect(file.schemes == ["shop"])
        #expect(file.options.caseInsensitivePaths)
        let product = try #require(file.route(named: "product"))
        #expect(product.scopes == [.appAny, .universal(domain: "shop.example.com")])
        #expect(product.priority == 2)
        #expect(product.properties == ["presentation": "modal", "depth": 1])
        #expect(file.route(named: "home")?.scopes == RouteScope.defaultScopes)
        let resolver = try file.makeResolver()
        let result = await resolver.resolve("https://shop.example.com/PRODUCT/7")
        #expect(result.status == .handled)
        #expect(result.request?.routeName == "product")
        let fallback = await resolver.resolve("shop://elsewhere")
        #expect(fallback.status == .handledByDefault)
        #expect(fallback.request?.routeName == "home")
    }

    @Test func theExampleFileLoadsWithoutProblems() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/shop.routes.json")
        let data = try Data(contentsOf: url)
        #expect(RouteFile.diagnostics(for: data).isEmpty)
        #expect(try RouteFile(data: data).routes.count == 8)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let json: String
        let messages: [String]
        var testDescription: String { label }
    }

    @Test(arguments: [
        Case(
            label: "not JSON", json: "{ routes: [] }",
            messages: [
                "error: the file is not valid JSON: expected a key in double quotes, found 'r' at line 1, column 3"
            ]),
        Case(
            label: "trailing commas are tolerated",
            json: "{\n  \"routes\": [\n    {\"name\": \"a\", \"template\": \"a\"},\n  ],\n}",
            messages: []),
        Case(
            label: "error position on line 3", json: "{\n  \"routes\": [\n    {name: 1}\n  ]\n}",
            messages: [
                "error: the file is not valid JSON: expected a key in double quotes, found 'n' at line 3, column 6"
            ]),
        Case(
            label: "a key written twice: refused, not resolved one way or the other",
            json: #"{"routes": [{"name":"dbg","template":"debug","internal":false,"internal":true}]}"#,
            messages: [
                #"error: the file is not valid JSON: duplicate key "internal" (first at line 1, column 46); each key may appear once at line 1, column 63"#
            ]),
        Case(
            label: "not an object", json: "[]",
            messages: [#"error: the file must be a JSON object with a "routes" array"#]),
        Case(label: "no routes", json: "{}", messages: [#"error: the file has no "routes" array"#]),
        Case(
            label: "unknown top-level field", json: #"{"routes": [], "rutes": []}"#,
            messages: [
                #"error: unknown field "rutes"; the fields are schemes, domains, options, routes, default, pathConfiguration, description"#
            ]),
        Case(
            label: "missing name", json: #"{"routes": [{"template": "a"}]}"#,
            messages: ["routes[0]: error: name: is missing; every route needs a unique name"]),
        Case(
            label: "bad template", json: #"{"routes": [{"name": "p", "template": "product/:"}]}"#,
            messages: [
                #"routes[0] (p): error: template: "product/:" column 9: ':' must be followed by a parameter name, as in ':id'"#
            ]),
        Case(
            label: "template not a string", json: #"{"routes": [{"name": "p", "template": 5}]}"#,
            messages: ["routes[0] (p): error: template: must be a string or a list of strings, not 5"]),
        Case(
            label: "bad scope", json: #"{"routes": [{"name": "p", "template": "a", "scopes": ["appAny", "web"]}]}"#,
            messages: [
                #"routes[0] (p): error: scopes[1]: "web" is not a scope; write "appAny", "universalAny", {"app": "SCHEME"} or {"universal": "DOMAIN"}"#
            ]),
        Case(
            label: "priority not whole", json: #"{"routes": [{"name": "p", "template": "a", "priority": 1.5}]}"#,
            messages: [
                "routes[0] (p): error: priority: must be a whole number between -1000000000 and 1000000000, not 1.5"
            ]),
        Case(
            label: "internal not a Boolean", json: #"{"routes": [{"name": "p", "template": "a", "internal": "yes"}]}"#,
            messages: [#"routes[0] (p): error: internal: must be true or false, not "yes""#]),
        Case(
            label: "unknown route field", json: #"{"routes": [{"name": "p", "template": "a", "tmpl": "b"}]}"#,
            messages: [
                #"routes[0] (p): error: unknown field "tmpl"; a route has name, template, scopes, priority, internal, requiresConfirmation, properties, query, routingType, loggable, description"#
            ]),
        Case(
            label: "unknown default", json: #"{"routes": [{"name": "p", "template": "a"}], "default": "home"}"#,
            messages: ["error: default: no route is named 'home'; the routes are p"]),
        // A default that names a route which failed to load says so, and lists what loaded (issue 30).
        Case(
            label: "default names a broken route",
            json:
                #"{"routes": [{"name": "create", "template": "create"}, {"name": "open", "template": "open/:"}], "default": "open"}"#,
            messages: [
                #"routes[1] (open): error: template: "open/:" column 6: ':' must be followed by a parameter name, as in ':id'"#,
                "error: default: the route 'open' failed to load (see routes[1] above); the routes that loaded are create",
            ]),
        Case(
            label: "unknown default beside a broken route",
            json:
                #"{"routes": [{"name": "create", "template": "create"}, {"name": "open", "template": "open/:"}, 4], "default": "home"}"#,
            messages: [
                #"routes[1] (open): error: template: "open/:" column 6: ':' must be followed by a parameter name, as in ':id'"#,
                #"routes[2]: error: must be an object with "name" and "template", not 4"#,
                "error: default: no route is named 'home'; the routes that loaded are create; routes[1] (open), routes[2] failed to load",
            ]),
        Case(
            label: "default when no route loaded",
            json: #"{"routes": [{"name": "open", "template": 1}], "default": "home"}"#,
            messages: [
                "routes[0] (open): error: template: must be a string or a list of strings, not 1",
                "error: default: no route is named 'home'; no route loaded; routes[0] (open) failed to load",
            ]),
        Case(
            label: "default in a file with no routes", json: #"{"routes": [], "default": "home"}"#,
            messages: ["error: default: no route is named 'home'; the file has no routes"]),
        Case(
            label: "duplicate name",
            json: #"{"routes": [{"name": "p", "template": "a"}, {"name": "p", "template": "b"}]}"#,
            messages: [
                "routes[1] (p): error: name: the route name 'p' is already used; names must be unique [see routes[0] (p)]"
            ]),
        Case(
            label: "bad option", json: #"{"options": {"strict": true}, "routes": []}"#,
            messages: [
                #"error: options: unknown option "strict"; the options are caseInsensitivePaths, strictTrailingSlash"#
            ]),
        Case(
            label: "scope names an unaccepted domain",
            json:
                #"{"domains": ["a.example"], "routes": [{"name": "p", "template": "a", "scopes": [{"universal": "b.example"}]}]}"#,
            messages: [
                #"routes[0] (p): error: scopes: "a": scope universal(b.example) names a domain the table does not accept; add it to the domains"#
            ]),
        Case(
            label: "positions count file routes, not valid ones",
            json:
                #"{"routes": [{"name": "bad", "template": 1}, {"name": "a", "template": "x/:id"}, {"name": "b", "template": "x/:slug"}]}"#,
            messages: [
                "routes[0] (bad): error: template: must be a string or a list of strings, not 1",
                #"routes[2] (b): error: template: "x/:slug" and "x/:id" differ only in parameter names, so no URL can tell them apart in scope appAny; use one template, or give the parameters different types [see routes[1] (a)]"#,
            ]),
        Case(
            label: "shadowed route is a warning",
            json:
                #"{"routes": [{"name": "all", "template": "*rest", "priority": 1}, {"name": "p", "template": "p/:id"}]}"#,
            messages: [
                #"routes[1] (p): warning: template: "p/:id" can never win: every URL it matches goes to "*rest" instead [see routes[0] (all)]"#
            ]),
        Case(
            label: "unknown routing type",
            json: #"{"routes": [{"name": "p", "template": "a", "routingType": "modal"}]}"#,
            messages: [
                #"routes[0] (p): error: routingType: "modal" is not a routing type; write one of "push", "sheet", "sheetWithoutStack", "cover", "root""#
            ]),
        Case(
            label: "routing type of the wrong kind",
            json: #"{"routes": [{"name": "p", "template": "a", "routingType": true}]}"#,
            messages: [#"routes[0] (p): error: routingType: must be a string, not true"#]),
    ])
    func problemsNameTheRouteAndField(_ testCase: Case) {
        #expect(Self.diagnostics(testCase.json) == testCase.messages)
    }

    @Test func aFileWithErrorsDoesNotLoadAndListsThemAll() {
        let json = #"{"routes": [{"name": "a", "template": "a/:"}, {"template": "b"}]}"#
        let error = #expect(throws: RouteFileError.self) { try RouteFile(data: Data(json.utf8), source: "app.json") }
        #expect(
            error?.description == """
                app.json: routes[0] (a): error: template: "a/:" column 3: ':' must be followed by a parameter name, as in ':id'
                app.json: routes[1]: error: name: is missing; every route needs a unique name
                """)
    }

    @Test func aFileWithOnlyWarningsLoads() throws {
        let json =
            #"{"routes": [{"name": "all", "template": "*rest", "priority": 1}, {"name": "p", "template": "p/:id"}]}"#
        let file = try RouteFile(data: Data(json.utf8))
        #expect(file.warnings.count == 1)
    }

    /// A message quotes at most 80 characters of a value, however large the value is.
    @Test func messagesQuoteLargeValuesShort() {
        let big = "[" + (0..<100_000).map { _ in "1" }.joined(separator: ",") + "]"
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let json = #"{"routes": [{"name": "a", "template": "a", "properties": \#(big)}], "default": \#(deep)}"#
        let messages = RouteFile.diagnostics(for: Data(json.utf8)).map(\.message)
        #expect(
            messages == [
                "must be the name of a route, not " + String(repeating: "[", count: 80) + "…",
                "must be an object, not [" + Array(repeating: "1", count: 27).joined(separator: ", ") + "…",
            ])
    }

    /// A route file takes several templates for a route and the confirmation flag, as the Swift
    /// forms do; it refuses `reachableThroughRedirects` on purpose.
    @Test func templateListsAndConfirmation() async throws {
        let file = try RouteFile(
            data: Data(
                #"""
                {"schemes": ["x-test"], "routes": [
                  {"name": "createNew", "template": ["create", "create-document"], "requiresConfirmation": true},
                  {"name": "open", "template": "open/:ref"}
                ]}
                """#.utf8))
        #expect(file.routes[0].alsoMatches.map(\.pattern) == ["create-document"])
        let resolver = try file.makeResolver()
        #expect(await resolver.resolve("x-test://create-document").status == .needsConfirmation)
        #expect(await resolver.resolve("create-document").request?.routeName == "createNew")

        let bad = RouteFile.diagnostics(
            for: Data(
                #"""
                {"routes": [
                  {"name": "a", "template": ["a", "b/:"]},
                  {"name": "b", "template": []},
                  {"name": "c", "template": "c", "internal": true, "reachableThroughRedirects": true},
                  {"name": "d", "template": ["d", "d"]},
                  {"name": "e", "template": \#("[" + Array(repeating: "\"e\"", count: 100_000).joined(separator: ",") + "]")}
                ]}
                """#.utf8))
        #expect(
            bad.map(\.description) == [
                #"routes[0] (a): error: template[1]: "b/:" column 3: ':' must be followed by a parameter name, as in ':id'"#,
                "routes[1] (b): error: template: is an empty list; write one template, or a list whose first prints links",
                "routes[2] (c): error: reachableThroughRedirects: cannot be set in a route file: whoever edits the file could open an internal route to outside links; add .internalOnly(reachableThroughRedirects: true) in code, on the builder the file makes",
                "routes[4] (e): error: template: lists 100000 templates; a route has at most 64",
                #"routes[3] (d): error: template[1]: "d" duplicates "d" in scope appAny: both match /d; remove one or give them different scopes [see routes[3] (d)]"#,
            ])
    }

    @Test func routingTypesAreReadInEverySpellingAndDefaultToPush() throws {
        let routes = RoutingType.routeFileSpellings.enumerated().map { index, entry in
            #"{"name": "r\#(index)", "template": "r\#(index)", "routingType": "\#(entry.spelling)"}"#
        }
        let json = #"{"routes": [{"name": "plain", "template": "plain"}, "# + routes.joined(separator: ", ") + "]}"
        let file = try RouteFile(data: Data(json.utf8))
        #expect(file.routes.map(\.routingType) == [.push] + RoutingType.routeFileSpellings.map(\.type))
        #expect(
            RoutingType.routeFileSpellings.map(\.type) == [.push, .sheet(), .sheet(withStack: false), .cover, .root])
        for entry in RoutingType.routeFileSpellings {
            #expect(entry.type.routeFileSpelling == entry.spelling)
            #expect(RoutingType(routeFileSpelling: entry.spelling) == entry.type)
        }
        #expect(RoutingType(routeFileSpelling: "Sheet") == nil)
    }
}
