import Testing
import Waymark

/// Builds a table whose values are the templates' patterns.
func makeTable(
    _ templates: [String], schemes: [String] = [], domains: [String] = [],
    options: RouteTableOptions = RouteTableOptions()
) throws -> RouteTable<String> {
    var builder = RouteTableBuilder<String>(schemes: schemes, domains: domains, options: options)
    for template in templates { builder.add(try RouteTemplate(parsing: template), to: template) }
    return try builder.build()
}

@Suite struct RouteTableMatchingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        let expected: String?
        var parameters: [String: String] = [:]
        var testDescription: String { "\(url) → \(expected ?? "nil")" }
    }

    static let templates = [
        "/", "product/:id<int>", "product/:slug", "product/new", "product/:id<int>/reviews",
        "files/*path", "files/readme", "user/:id(/:tab)", "a/*/c", "a/b/*", "café/menu", "docs/:uuid<uuid>",
        "price/:amount<float>",
    ]

    @Test(arguments: [
        // Literal > typed parameter > parameter, whatever the registration order.
        Case(url: "product/new", expected: "product/new"),
        Case(url: "product/42", expected: "product/:id<int>", parameters: ["id": "42"]),
        Case(url: "product/-7", expected: "product/:id<int>", parameters: ["id": "-7"]),
        // A typed parameter that does not convert fails over to the next candidate.
        Case(url: "product/red-shoes", expected: "product/:slug", parameters: ["slug": "red-shoes"]),
        Case(url: "product/99999999999999999999", expected: "product/:slug"),
        Case(url: "product/42/reviews", expected: "product/:id<int>/reviews"),
        Case(url: "product/abc/reviews", expected: nil),
        // %2F stays inside its parameter.
        Case(url: "product/red%2Fblue", expected: "product/:slug", parameters: ["slug": "red/blue"]),
        // + in a path stays +.
        Case(url: "product/a+b", expected: "product/:slug", parameters: ["slug": "a+b"]),
        // Catch-all: zero or more segments; a literal sibling wins.
        Case(url: "files", expected: "files/*path", parameters: ["path": ""]),
        Case(url: "files/readme", expected: "files/readme"),
        Case(url: "files/a/b/c", expected: "files/*path", parameters: ["path": "a/b/c"]),
        // Optional groups: one logical route.
        Case(url: "user/7", expected: "user/:id(/:tab)", parameters: ["id": "7"]),
        Case(url: "user/7/posts", expected: "user/:id(/:tab)", parameters: ["id": "7", "tab": "posts"]),
        Case(url: "user/7/posts/extra", expected: nil),
        // Middle * is exactly one segment; a longer literal prefix wins.
        Case(url: "a/x/c", expected: "a/*/c"),
        Case(url: "a/b/c", expected: "a/b/*"),
        Case(url: "a/c", expected: nil),
        // Empty segments and one trailing slash are ignored.
        Case(url: "product//42/", expected: "product/:id<int>"),
        // The root.
        Case(url: "", expected: "/"),
        Case(url: "/", expected: "/"),
        // NFC and NFD spellings are equal, as Swift String equality says.
        Case(url: "caf%C3%A9/menu", expected: "café/menu"),
        Case(url: "cafe%CC%81/menu", expected: "café/menu"),
        Case(url: "café/menu", expected: "café/menu"),
        // Literals are case-sensitive by default.
        Case(url: "Product/new", expected: nil),
        Case(url: "product/NEW", expected: "product/:slug"),
        // Built-in types.
        Case(url: "docs/E621E1F8-C36C-495A-93FC-0C247A3E6E5F", expected: "docs/:uuid<uuid>"),
        Case(url: "docs/e621e1f8-c36c-495a-93fc-0c247a3e6e5f", expected: "docs/:uuid<uuid>"),
        Case(url: "docs/not-a-uuid", expected: nil),
        Case(url: "price/2.5", expected: "price/:amount<float>"),
        Case(url: "price/1e3", expected: "price/:amount<float>"),
        Case(url: "price/nan", expected: nil),
        Case(url: "price/inf", expected: nil),
    ])
    func matchesInPrecedenceOrder(_ testCase: Case) throws {
        let table = try makeTable(Self.templates)
        let match = table.match(path: testCase.url)
        #expect(match?.value == testCase.expected)
        if let match, !testCase.parameters.isEmpty {
            #expect(match.parameters.dictionary == testCase.parameters)
        }
    }

    @Test func precedenceDoesNotDependOnRegistrationOrder() throws {
        let forward = try makeTable(Self.templates)
        let backward = try makeTable(Self.templates.reversed())
        for url in ["product/new", "product/42", "product/x", "files/readme", "files/a", "a/b/c", "a/x/c", "user/1/2"] {
            #expect(forward.match(path: url)?.value == backward.match(path: url)?.value, "\(url)")
        }
    }

    @Test func catchAllReturnsTheDecodedSegmentsInOrder() throws {
        let table = try makeTable(["files/*path", "static/*"])
        let match = try #require(table.match(path: "files/a%2Fb/c%20d"))
        #expect(match.wildcard == ["a/b", "c d"])
        #expect(match.wildcardPath == "a/b/c d")
        #expect(match.parameters["path"] == "a/b/c d")
        let anonymous = try #require(table.match(path: "static"))
        #expect(anonymous.wildcard == [])
        #expect(anonymous.parameters.isEmpty)
        #expect(table.match(path: "files/x/y")?.variant.description == "/files/*path")
    }

    @Test func everyParameterOfALongTemplateIsCaptured() throws {
        // The first four captures are kept inline; the others are found again from the string.
        let table = try makeTable(["r/:a/:b/:c/:d/:e/x/:f/:g/*rest"], schemes: ["shop"])
        let match = try #require(table.match(path: "r/1/2//3/4/caf%C3%A9/x/6/7/t/u"))
        #expect(
            match.parameters.dictionary == [
                "a": "1", "b": "2", "c": "3", "d": "4", "e": "café", "f": "6", "g": "7", "rest": "t/u",
            ])
        let app = try #require(table.lookup("shop://r/a/b/c/d/e/x/f/g").match)
        #expect(app.parameters["e"] == "e")
        #expect(app.parameters["g"] == "g")
    }

    @Test func oneParameterReadsLikeAnyOtherCount() throws {
        // One parameter is kept without an array; it must behave as the general case does.
        let table = try makeTable(["product/:id", "pair/:a/:b"], schemes: ["shop"])
        let one = try #require(table.match(path: "product/42")).parameters
        #expect(Array(one.map(\.name)) == ["id"] && one.count == 1 && one[0].value == "42")
        #expect(one == RouteParameters([(name: "id", value: "42")]))
        #expect(one.hashValue == RouteParameters([(name: "id", value: "42")]).hashValue)
        #expect(one["missing"] == nil && one.unredactedDescription == "id=42")
        let two = try #require(table.match(path: "pair/x/y")).parameters
        #expect(two.map(\.value) == ["x", "y"] && two["b"] == "y" && two[1].name == "b")
        #expect(RouteParameters().isEmpty && RouteParameters().first == nil)
    }

    @Test func priorityBeatsSpecificity() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("product/new", to: "literal")
        builder.add("product/:slug", priority: 10, to: "priority")
        builder.add("*rest", priority: 5, to: "catch-all")
        let table = try builder.build()
        #expect(table.match(path: "product/new")?.value == "priority")
        #expect(table.match(path: "other/thing")?.value == "catch-all")
    }

    @Test func aCatchAllOnTheMostSpecificPathBeatsParametersHigherUp() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("docs/:section/intro/page", to: "parameter")
        builder.add("docs/guides/*rest", to: "catch-all")
        builder.add("docs/*rest", to: "shallow catch-all")
        let table = try builder.build()
        // Segment 1 decides: the literal 'guides' beats ':section'; the deeper catch-all beats the
        // one that starts at segment 1.
        #expect(table.match(path: "docs/guides/intro/page")?.value == "catch-all")
        #expect(table.match(path: "docs/guides/intro/page")?.wildcard == ["intro", "page"])
        #expect(table.match(path: "docs/api/intro/page")?.value == "parameter")
        #expect(table.match(path: "docs/api/other")?.value == "shallow catch-all")

        var prioritized = RouteTableBuilder<String>()
        prioritized.add("docs/:section/intro/page", priority: 1, to: "parameter")
        prioritized.add("docs/guides/*rest", to: "catch-all")
        #expect(try prioritized.build().match(path: "docs/guides/intro/page")?.value == "parameter")
    }

    @Test func theOnlyPathAnswersWhateverItsPriority() throws {
        var builder = RouteTableBuilder<String>(schemes: ["shop"])
        builder.add("help/faq", to: "faq")
        builder.add("help/faq/more", scopes: [.app(scheme: "shop")], to: "exact")
        builder.add("promo/:code", priority: 5, to: "promo")
        let table = try builder.build()
        // No other way leads to these paths, so the low-priority leaf (or nothing) is the answer.
        #expect(table.match(path: "help/faq")?.value == "faq")
        #expect(table.match(path: "help/faq/more")?.value == "exact")
        #expect(table.lookup("shop://help/faq/more").match?.value == "exact")
        #expect(table.match(path: "help/faq/less") == nil)
        #expect(table.match(path: "help") == nil)
        #expect(table.match(path: "elsewhere/x") == nil)
        #expect(table.match(path: "promo/x")?.value == "promo")
    }

    @Test func reservingCapacityRegistersNothing() throws {
        var builder = RouteTableBuilder<Int>()
        builder.reserveCapacity(1_000)
        #expect(builder.count == 0)
        for index in 0..<300 { builder.add(try RouteTemplate(parsing: "item-\(index)/:id"), to: index) }
        builder.reserveCapacity(10)  // less than is there: keeps every registration
        #expect(builder.count == 300)
        let table = try builder.build()
        #expect(table.count == 300)
        #expect(table.match(path: "item-0/a")?.value == 0)
        #expect(table.match(path: "item-299/b")?.registrationIndex == 299)
    }

    @Test func registrationOrderBreaksTies() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("n/:value<float>", to: "float")
        builder.add("n/:value<int>", to: "int")
        let table = try builder.build()
        // Both typed parameters: same specificity, so the first registered wins.
        #expect(table.match(path: "n/42")?.value == "float")
        #expect(table.candidates("n/42").matches.map(\.value) == ["float", "int"])
    }

    @Test func caseInsensitiveOptionFoldsEveryLiteral() throws {
        let table = try makeTable(["Product/New", "straße"], options: RouteTableOptions(caseInsensitivePaths: true))
        #expect(table.match(path: "product/new")?.value == "Product/New")
        #expect(table.match(path: "PRODUCT/NEW")?.value == "Product/New")
        #expect(table.match(path: "STRASSE") == nil)
        #expect(table.match(path: "Straße")?.value == "straße")
    }

    @Test func strictTrailingSlashMakesTheSlashSignificant() throws {
        let table = try makeTable(
            ["docs", "docs/:page/", "files/*"], options: RouteTableOptions(strictTrailingSlash: true))
        #expect(table.match(path: "docs")?.value == "docs")
        #expect(table.match(path: "docs/") == nil)
        #expect(table.match(path: "docs/intro/")?.value == "docs/:page/")
        #expect(table.match(path: "docs/intro") == nil)
        #expect(table.match(path: "files/a/")?.value == "files/*")
        let lenient = try makeTable(["docs"])
        #expect(lenient.match(path: "docs/")?.value == "docs")
    }

    @Test func customParameterTypes() throws {
        var builder = RouteTableBuilder<String>()
        builder.addParameterType(ParameterType(name: "sku") { $0.count == 4 && $0.allSatisfy(\.isNumber) })
        builder.add("item/:code<sku>", to: "sku")
        builder.add("item/:name", to: "name")
        let table = try builder.build()
        #expect(table.match(path: "item/1234")?.value == "sku")
        #expect(table.match(path: "item/12345")?.value == "name")
    }

    @Test func typedParameterErrorsNameTheParameter() throws {
        let table = try makeTable(["product/:slug"])
        let match = try #require(table.match(path: "product/abc"))
        #expect(
            throws: RoutingError(
                code: .invalidParameter, message: #"parameter 'slug' is not a valid Int"#)
        ) {
            try match.parameters.require("slug", as: Int.self)
        }
        #expect(
            throws: RoutingError(
                code: .missingParameter, message: "the route has no parameter 'id'; its parameters are slug")
        ) {
            try match.parameters.require("id")
        }
        #expect(try match.parameters.require("slug") == "abc")
    }
}

@Suite struct RouteScopeTests {
    static func table() throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(
            schemes: ["shop", "shopdev"], domains: ["shop.example.com", "m.shop.example.com"])
        builder.add("product/:id", to: "any")
        builder.add("product/:id", scopes: [.app(scheme: "shopdev")], to: "dev")
        builder.add("product/:id", scopes: [.universal(domain: "m.shop.example.com")], to: "mobile")
        builder.add("promo/:code", scopes: [.universalAny], to: "promo-web")
        builder.add("settings", scopes: [.appAny], to: "settings-app")
        builder.add("only/dev", scopes: [.app(scheme: "ShopDev")], to: "only-dev")
        return try builder.build()
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        let outcome: RouteLookup<String>.Outcome
        var value: String?
        var scope: RouteScope?
        var testDescription: String { url }
    }

    @Test(arguments: [
        Case(url: "shop://product/1", outcome: .matched, value: "any", scope: .appAny),
        Case(url: "SHOP://PRODUCT/1", outcome: .matched, value: "any", scope: .appAny),
        Case(url: "shopdev://product/1", outcome: .matched, value: "dev", scope: .app(scheme: "shopdev")),
        Case(url: "https://shop.example.com/product/1", outcome: .matched, value: "any", scope: .universalAny),
        Case(
            url: "https://M.Shop.Example.com/product/1", outcome: .matched, value: "mobile",
            scope: .universal(domain: "m.shop.example.com")),
        Case(url: "http://shop.example.com:8443/product/1", outcome: .matched, value: "any"),
        // Exact scope falls back to the any-scope routes.
        Case(url: "shopdev://settings", outcome: .matched, value: "settings-app", scope: .appAny),
        Case(url: "https://m.shop.example.com/promo/x", outcome: .matched, value: "promo-web"),
        // Scopes keep app and universal links apart.
        Case(url: "shop://promo/x", outcome: .unmatched),
        Case(url: "https://shop.example.com/settings", outcome: .unmatched),
        Case(url: "shop://only/dev", outcome: .unmatched),
        Case(url: "shopdev://only/dev", outcome: .matched, value: "only-dev"),
        // Internal strings match as if they came through the primary scheme.
        Case(url: "settings", outcome: .matched, value: "settings-app"),
        Case(url: "product/1", outcome: .matched, value: "any"),
        // Refused schemes and domains: exact host match, no implicit subdomains.
        Case(url: "other://product/1", outcome: .refused),
        Case(url: "https://evil.example/product/1", outcome: .refused),
        Case(url: "https://x.shop.example.com/product/1", outcome: .refused),
        Case(url: "https://shop.example.com.evil.example/product/1", outcome: .refused),
        Case(url: "https://shop.example.com./product/1", outcome: .refused),
        Case(url: "javascript:alert(1)", outcome: .refused),
        Case(url: "https://user@shop.example.com/product/1", outcome: .invalid),
    ])
    func scopesChooseTheMostSpecificRegistration(_ testCase: Case) throws {
        let lookup = try Self.table().lookup(testCase.url)
        #expect(lookup.outcome == testCase.outcome)
        #expect(lookup.match?.value == testCase.value)
        if let scope = testCase.scope { #expect(lookup.match?.scope == scope) }
    }

    @Test func refusalsSayWhy() throws {
        let table = try Self.table()
        #expect(
            table.lookup("other://product/1").reason
                == "the scheme 'other' is not accepted; accepted schemes: shop, shopdev")
        #expect(
            table.lookup("https://evil.example/x").reason
                == "the domain 'evil.example' is not accepted; accepted domains: shop.example.com, m.shop.example.com")
        #expect(table.lookup("mailto:a@b.c").reason == "'mailto' is not an app scheme; links with it are never routed")
    }

    @Test func aTableWithNoSchemesOrDomainsAcceptsEveryone() throws {
        let table = try makeTable(["product/:id"])
        #expect(table.lookup("anything://product/1").outcome == .matched)
        #expect(table.lookup("https://any.example/product/1").outcome == .matched)
        #expect(table.lookup("file:///product/1").outcome == .refused)
    }

    @Test func configuringOnlySchemesRefusesEveryDomain() throws {
        let table = try makeTable(["product/:id"], schemes: ["shop"])
        #expect(
            table.lookup("https://shop.example.com/product/1").reason
                == "the domain 'shop.example.com' is not accepted; the table accepts no universal-link domains")
    }

    @Test func theHostSegmentComparesCaseInsensitivelyInAppLinksOnly() throws {
        let table = try makeTable(["product/new"], schemes: ["shop"], domains: ["shop.example.com"])
        #expect(table.lookup("shop://PRODUCT/new").outcome == .matched)
        #expect(table.lookup("shop:Product/new").outcome == .matched)
        #expect(table.lookup("shop:///Product/new").outcome == .matched)
        #expect(table.lookup("shop://product/NEW").outcome == .unmatched)
        #expect(table.lookup("https://shop.example.com/Product/new").outcome == .unmatched)
        #expect(table.lookup("Product/new").outcome == .unmatched)
    }

    @Test func aHostWithADotIsStillSegmentZero() throws {
        let table = try makeTable(["shop.example.com/:id"], schemes: ["shop"])
        #expect(table.lookup("shop://shop.example.com/7").match?.parameters["id"] == "7")
    }
}
