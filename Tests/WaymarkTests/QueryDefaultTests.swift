import Testing
import WaymarkTestSupport

@testable import Waymark

/// A typed route whose page defaults to 1, as swift-url-routing's `Field("page", default: 1)`.
enum CatalogueRoute: URLRoute, Equatable {
    case search(q: String, page: Int)
    case feed(format: String)

    static let routeMap: RouteMap<CatalogueRoute> = [
        "search": "search?q={q}&page={page<int>=1}",
        "feed": "feed?format={format=rss}",
    ]
}

/// A query item with a declared default (`page={page<int>=1}`): a link without it, or with a value
/// its type refuses, reads the default; a link printed with the default leaves the item out.
@Suite struct QueryDefaultTests {
    static func table(_ patterns: [String]) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: ["app"])
        for pattern in patterns { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    @Test func aDefaultIsWrittenInsideTheValuesBraces() throws {
        let template = try RouteTemplate(parsing: #"search?q={q}&page={page<int>=1}&sort={sort=a\}b}&x={x=\(1\)}"#)
        let variant = try #require(template.variants.first)
        #expect(
            variant.query == [
                QueryRequirement(name: "page", value: .parameter(name: "page", type: "int"), defaultValue: "1"),
                QueryRequirement(name: "q", value: .parameter(name: "q", type: nil)),
                QueryRequirement(name: "sort", value: .parameter(name: "sort", type: nil), defaultValue: "a}b"),
                QueryRequirement(name: "x", value: .parameter(name: "x", type: nil), defaultValue: "(1)"),
            ])
        #expect(template.variants.count == 1)
        // Written back as parsed.
        #expect(
            variant.query.map(\.description) == ["page={page<int>=1}", "q={q}", #"sort={sort=a\}b}"#, #"x={x=\(1\)}"#])
        let written = "search?" + variant.query.map(\.description).joined(separator: "&")
        #expect(try RouteTemplate(parsing: written).variants.first?.query == variant.query)
    }

    @Test(arguments: [
        ("search?page={page<int>=x}", "the default 'x' of 'page' is not a valid int"),
        ("search?page={page<int>=}", "the default of 'page' is empty"),
        ("search?page={page=1}x", "a default ends the item's value"),
        ("search?page=p{page=1}", "a default ends the item's value"),
        ("search/{page=1}", "a default belongs to a query item's value"),
        ("search?q={q=a%41}", "a default is the decoded value"),
        ("search?q={q=a\u{01}}", "control characters are not allowed"),
        ("search?q={q=a(b)}", "'(' inside '{…}' would open or close an optional group"),
    ])
    func aDefaultThatCannotBeReadIsAnErrorAtItsColumn(_ pattern: String, _ message: String) throws {
        let error = try #require(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error.code == .invalidTemplate)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func aLinkWithoutTheItemOrWithARefusedValueReadsTheDefault() throws {
        let table = try Self.table(["search?q={q}&page={page<int>=1}", "search"])
        for (url, page) in [
            ("app://search?q=a", "1"), ("app://search?q=a&page=3", "3"), ("app://search?q=a&page=x", "1"),
            ("app://search?page=2&q=a", "2"),
        ] {
            let match = table.lookup(url).match
            #expect(match?.value == "search?q={q}&page={page<int>=1}", "\(url)")
            #expect(match?.parameters["page"] == page, "\(url)")
        }
        // The other requirement still decides: without `q`, the next route.
        #expect(table.lookup("app://search?page=2").match?.value == "search")
        #expect(table.match(path: "app://search?q=a")?.parameters["page"] == "1")
    }

    /// Printed with its default, the item is left out; with another value, it is written; with no
    /// value, the default applies. Whatever is printed opens the same values.
    @Test func aLinkLeavesOutAValueEqualToItsDefault() throws {
        let links = LinkCreator(schemes: ["app"])
        let template = try RouteTemplate(parsing: "search?q={q}&page={page<int>=1}")
        func link(_ values: [(String, String)]) throws -> String {
            try links.appLink(for: template, parameters: RouteParameters(values.map { (name: $0.0, value: $0.1) }))
        }
        #expect(try link([("q", "a"), ("page", "1")]) == "app://search?q=a")
        #expect(try link([("q", "a"), ("page", "01")]) == "app://search?q=a")
        #expect(try link([("q", "a"), ("page", "2")]) == "app://search?page=2&q=a")
        #expect(try link([("q", "a")]) == "app://search?q=a")

        let typed = try TypedRouteTable<CatalogueRoute>(schemes: ["app"])
        #expect(try typed.appLink(for: .search(q: "shoes", page: 1)) == "app://search?q=shoes")
        #expect(try typed.appLink(for: .search(q: "shoes", page: 4)) == "app://search?page=4&q=shoes")
        #expect(try typed.appLink(for: .feed(format: "rss")) == "app://feed")
        #expect(try typed.appLink(for: .feed(format: "atom")) == "app://feed?format=atom")
        for route in [CatalogueRoute.search(q: "a b", page: 1), .search(q: "x", page: -7), .feed(format: "rss")] {
            #expect(typed.route(for: try typed.appLink(for: route)) == route)
        }
        #expect(typed.route(for: "app://search?q=x") == .search(q: "x", page: 1))
    }

    /// A template whose only requirements have defaults matches every link of its path and comes
    /// first: the path alone can never win, whatever the order, and `check` says so.
    @Test func aDefaultsOnlyRouteShadowsItsPlainPathAndIsReported() throws {
        for order in [["search?page={page<int>=1}", "search"], ["search", "search?page={page<int>=1}"]] {
            var builder = RouteTableBuilder<String>(schemes: ["app"])
            for pattern in order { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
            let warnings = builder.diagnostics().map(\.message)
            #expect(warnings.count == 1, "\(order): \(warnings)")
            #expect(warnings.first?.contains("\"search\" can never win") == true, "\(order): \(warnings)")
            #expect(try builder.build().lookup("app://search").match?.value == "search?page={page<int>=1}")
        }
        // Beside another item a link must carry, the defaults-only route ranks equal: registration
        // order decides, and the later one is reported.
        var equal = RouteTableBuilder<String>(schemes: ["app"])
        equal.add(try RouteTemplate(parsing: "search?page={page<int>=1}"), to: "defaults")
        equal.add(try RouteTemplate(parsing: "search?q={q}"), to: "q")
        #expect(equal.diagnostics().map(\.message).contains { $0.contains("can never win") })
        #expect(try equal.build().lookup("app://search?q=a").match?.value == "defaults")
    }
}
