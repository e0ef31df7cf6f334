import Foundation
import Testing
import Waymark

/// A path parameter's value comes from the path alone, where its template type checked it: never
/// from a query item of the same name, not even when an optional group left it out, in every
/// entry point that makes typed values (issue 31, finding 6).
@Suite struct PathValuesFromThePathTests {
    /// A type that refuses `..` anywhere, as an app's `safe` type would.
    static let safe = ParameterType(name: "safe") { !$0.contains("..") && !$0.contains("/") }

    enum Files: URLRoute {
        case file(name: String?)
        case item(id: Int?)
        case feed(name: String?)
        case page(slug: String?)

        static let routeMap: RouteMap<Files> = [
            "file": "file(/:name<safe>)",
            "item": "item(/{id<int>}.json)",
            "feed": "feed(/{name}.json)",
            "page": "page(/:slug)",
        ]
    }

    enum Screen: Route, Decodable {
        case file(name: String?)
        case item(id: Int?)
    }

    /// The links: each route's path without its optional part, with a hostile value for the path
    /// parameter's name in the query, spelt every way a query can spell a name.
    static let typedPaths = [
        ("file", "file", "name"), ("item", "item", "id"), ("feed", "feed", "name"), ("page", "page", "slug"),
    ]
    static let filePaths = [("file", "file", "name"), ("item", "item", "id"), ("item", "items", "id")]

    static func links(_ paths: [(String, String, String)] = typedPaths) -> [(link: String, route: String, name: String)]
    {
        let hostile = ["..%2F..%2Fetc%2Fpasswd", "../../etc/passwd", "-1", "x", "1%00"]
        let spellings: [(String) -> String] = [
            { "\($0)=" }, { "\($0.replacingOccurrences(of: "a", with: "%61"))=" }, { "\($0)[x]=" },
        ]
        var links: [(String, String, String)] = []
        for (route, path, name) in paths {
            for value in hostile {
                for spell in spellings {
                    links.append(("shop://\(path)?\(spell(name))\(value)", route, name))
                    links.append(("shop://\(path)?ok=1&\(spell(name))\(value)&\(name)=\(value)", route, name))
                }
            }
        }
        return links
    }

    @Test func typedTablesNeverTakeAPathValueFromTheQuery() throws {
        let routes = try TypedRouteTable<Files>(schemes: ["shop"], parameterTypes: [Self.safe])
        for (link, _, _) in Self.links() {
            let route = routes.route(for: link)
            #expect(
                [Files.file(name: nil), .item(id: nil), .feed(name: nil), .page(slug: nil)].contains(route),
                "\(link) → \(String(describing: route))")
        }
        // From the path, each value is read and checked by its type.
        #expect(routes.route(for: "shop://file/report") == .file(name: "report"))
        #expect(routes.route(for: "shop://file/..") == nil || routes.route(for: "shop://file/..") == .file(name: nil))
        #expect(routes.route(for: "shop://item/7.json") == .item(id: 7))
        #expect(routes.route(for: "shop://page/about") == .page(slug: "about"))
    }

    actor Opened {
        var values: [String] = []
        func add(_ value: String) { values.append(value) }
    }

    @Test func resolversWithTypedRoutesNeverTakeAPathValueFromTheQuery() async throws {
        let opened = Opened()
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.addParameterType(Self.safe)
        try builder.add(routes: Files.self) { route, _ in
            await opened.add("\(route)")
            return .handled
        }
        let resolver = try builder.build()
        for (link, _, _) in Self.links() { _ = await resolver.resolve(link) }
        let values = await opened.values
        #expect(values.count == Self.links().count)
        #expect(
            values.allSatisfy {
                $0.hasSuffix("(name: nil)") || $0.hasSuffix("(id: nil)") || $0.hasSuffix("(slug: nil)")
            }, "\(values.prefix(5))")
    }

    @Test func routeFileBindingsNeverTakeAPathValueFromTheQuery() async throws {
        let text = #"""
            {"schemes": ["shop"], "routes": [
              {"name": "file", "template": "file(/:name)"},
              {"name": "item", "template": ["item(/{id<int>}.json)", "items"]}
            ]}
            """#
        let file = try RouteFile(data: Data(text.utf8))
        let opened = Opened()
        let resolver = try file.makeBuilder(binding: Screen.self) { screen, _ in
            await opened.add("\(screen)")
            return .handled
        }.build()
        for (link, _, _) in Self.links(Self.filePaths) {
            _ = await resolver.resolve(link)
        }
        let values = await opened.values
        #expect(values.count == Self.links(Self.filePaths).count)
        #expect(values.allSatisfy { $0 == "file(name: nil)" || $0 == "item(id: nil)" }, "\(Set(values))")
    }
}
