import Testing
import Waymark

@Suite struct RegistrationCheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        var schemes: [String] = []
        var domains: [String] = []
        let routes: [(String, [RouteScope])]
        let code: RoutingError.Code
        let message: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "exact duplicate in one scope", routes: [("product/:id", []), ("/product/:id", [])],
            code: .duplicateRoute,
            message:
                #""/product/:id" duplicates "product/:id" in scope appAny: both match /product/:id; remove one or give them different scopes"#
        ),
        Case(
            label: "optional group expands into an existing template", routes: [("a/b", []), ("a(/b)", [])],
            code: .duplicateRoute,
            message:
                #""a(/b)" duplicates "a/b" in scope appAny: both match /a/b; remove one or give them different scopes"#),
        Case(
            label: "differ only in parameter names", routes: [("product/:id", []), ("product/:slug", [])],
            code: .ambiguousRoutes,
            message:
                #""product/:slug" and "product/:id" differ only in parameter names, so no URL can tell them apart in scope appAny; use one template, or give the parameters different types"#
        ),
        Case(
            label: "anonymous and named segment", routes: [("a/*/b", []), ("a/:x/b", [])], code: .ambiguousRoutes,
            message:
                #""a/:x/b" and "a/*/b" differ only in parameter names, so no URL can tell them apart in scope appAny; use one template, or give the parameters different types"#
        ),
        Case(
            label: "unknown parameter type", routes: [("item/:code<sku>", [])], code: .unknownParameterType,
            message:
                #""item/:code<sku>": parameter 'code' has the unknown type 'sku'; known types are float, int, uuid (register others with addParameterType(_:))"#
        ),
        Case(
            label: "well-known scheme as app scheme", schemes: ["https"], routes: [("a", [])], code: .invalidScheme,
            message: "'https' is a well-known scheme and cannot be an app scheme; universal links are set with domains"),
        Case(
            label: "tel scheme", schemes: ["tel"], routes: [("a", [])], code: .invalidScheme,
            message: "'tel' is a well-known scheme and cannot be an app scheme; universal links are set with domains"),
        Case(
            label: "scheme with ://", schemes: ["shop://"], routes: [("a", [])], code: .invalidScheme,
            message:
                "'shop://' is not a valid scheme; a scheme starts with a letter and has only letters, digits, '+', '-' and '.' (write it without '://')"
        ),
        Case(
            label: "domain with a bad scheme", domains: ["ftp://shop.example.com/app"], routes: [("a", [])],
            code: .invalidDomain,
            message:
                "the domain 'ftp://shop.example.com/app' has the scheme 'ftp'; a universal link is http or https "
                + "(write 'https://HOST/BASE-PATH' or the host name alone)"),
        Case(
            label: "domain with a bad port", domains: ["https://shop.example.com:0/app"], routes: [("a", [])],
            code: .invalidDomain,
            message: "the domain 'https://shop.example.com:0/app' has the port '0'; a port is a number from 1 to 65535"
        ),
        Case(
            label: "scope domain with a path", routes: [("a", [.universal(domain: "shop.example.com/x")])],
            code: .invalidScope,
            message:
                #""a": scope universal(shop.example.com/x): a scope names a host only, as in 'shop.example.com'; a base path, port or scheme belongs to the host's entry in the domains"#
        ),
        Case(
            label: "scope scheme not accepted", schemes: ["shop"], routes: [("a", [.app(scheme: "other")])],
            code: .invalidScope,
            message: #""a": scope app(other) names a scheme the table does not accept; add it to the schemes"#),
        Case(
            label: "host spellings that differ only in case", routes: [("Product/a", []), ("product/b", [])],
            code: .ambiguousRoutes,
            message:
                #""product/b" starts with 'product' and "Product/a" with 'Product'; in app links the first segment is the host, which compares case-insensitively, so spell them the same"#
        ),
    ]

    @Test(arguments: cases)
    func buildRejectsTheTableNamingTheTemplate(_ testCase: Case) {
        var builder = RouteTableBuilder<Int>(schemes: testCase.schemes, domains: testCase.domains)
        for (index, route) in testCase.routes.enumerated() {
            builder.add(
                RouteTemplate(stringLiteral: route.0), scopes: route.1.isEmpty ? RouteScope.defaultScopes : route.1,
                to: index)
        }
        #expect(throws: RoutingError(code: testCase.code, message: testCase.message)) { try builder.build() }
    }

    @Test func sameTemplateInDifferentScopesIsAllowed() throws {
        var builder = RouteTableBuilder<Int>(schemes: ["shop"])
        builder.add("product/:id", scopes: [.appAny], to: 1)
        builder.add("product/:id", scopes: [.app(scheme: "shop")], to: 2)
        builder.add("product/:id<int>", scopes: [.appAny], to: 3)
        _ = try builder.build()
    }

    @Test func hostSpellingsMayDifferInUniversalOnlyRoutes() throws {
        var builder = RouteTableBuilder<Int>()
        builder.add("Product/a", scopes: [.universalAny], to: 1)
        builder.add("product/b", scopes: [.universalAny], to: 2)
        builder.add("product/c", scopes: [.appAny], to: 3)
        let table = try builder.build()
        // Three root spellings fold to one host; an app link still finds the app-scoped route.
        #expect(table.lookup("shop://PRODUCT/c").match?.value == 3)
        #expect(table.lookup("shop://product/b").match == nil)
        #expect(table.lookup("https://x.example/Product/a").match?.value == 1)
        #expect(table.lookup("https://x.example/product/a").match == nil)
    }

    @Test func diagnosticsListEveryProblemWithItsRegistration() {
        var builder = RouteTableBuilder<Int>()
        builder.add("a/:", to: 0)
        builder.add("b", to: 1)
        builder.add("b", to: 2)
        let diagnostics = builder.diagnostics()
        #expect(diagnostics.map(\.registrationIndex) == [0, 2])
        #expect(diagnostics.map(\.code) == [.invalidTemplate, .duplicateRoute])
        #expect(diagnostics[1].relatedRegistrationIndices == [1])
    }

    @Test func aRouteThatAnotherAlwaysBeatsIsAWarning() {
        var builder = RouteTableBuilder<Int>()
        builder.add("*rest", priority: 1, to: 0)
        builder.add("product/:id", to: 1)
        builder.add("n/:x<float>", to: 2)
        builder.add("n/:y<int>", to: 3)
        builder.add("m/:x<int>", to: 4)
        builder.add("m/:y<float>", to: 5)
        let warnings = builder.diagnostics().filter { $0.severity == .warning }
        // "product/:id" loses to the higher-priority catch-all everywhere; so do the others, which is
        // what the analysis must find. Without the catch-all, only "n/:y<int>" would be shadowed.
        #expect(warnings.map(\.registrationIndex) == [1, 2, 3, 4, 5])
        #expect(warnings[0].message == #""product/:id" can never win: every URL it matches goes to "*rest" instead"#)

        var withoutCatchAll = RouteTableBuilder<Int>()
        withoutCatchAll.add("n/:x<float>", to: 2)
        withoutCatchAll.add("n/:y<int>", to: 3)
        withoutCatchAll.add("m/:x<int>", to: 4)
        withoutCatchAll.add("m/:y<float>", to: 5)
        withoutCatchAll.add("p/:id", scopes: [.appAny], to: 6)
        withoutCatchAll.add("p/:id<int>", scopes: [.appAny], to: 7)
        let shadowed = withoutCatchAll.diagnostics().filter { $0.severity == .warning }.map(\.registrationIndex)
        #expect(shadowed == [1])
    }

    @Test func anExactScopeShadowsAnAnyScopeOnlyWhenItCoversEveryAcceptedScheme() {
        var single = RouteTableBuilder<Int>(schemes: ["shop"])
        single.add("a", scopes: [.appAny], to: 0)
        single.add("a", scopes: [.app(scheme: "shop")], to: 1)
        #expect(single.diagnostics().map(\.registrationIndex) == [0])

        var two = RouteTableBuilder<Int>(schemes: ["shop", "dev"])
        two.add("a", scopes: [.appAny], to: 0)
        two.add("a", scopes: [.app(scheme: "shop")], to: 1)
        #expect(two.diagnostics().isEmpty)
    }
}

/// Schemes of the system, the web, browsers, Android intents and app installs are never an app's own:
/// refused at registration, and never routed by a table that accepts every scheme, in any case.
@Suite struct ReservedSchemeTests {
    static let reserved = [
        "http", "https", "ws", "wss", "ftp", "javascript", "vbscript", "about", "blob", "data", "file", "view-source",
        "chrome", "chrome-extension", "intent", "android-app", "content", "jar", "itms-services", "itms-apps", "tel",
        "sms", "mailto", "facetime", "facetime-audio",
    ]

    @Test(arguments: reserved)
    func aReservedSchemeIsNeverAnAppScheme(scheme: String) throws {
        for spelling in [scheme, scheme.uppercased()] {
            var builder = RouteTableBuilder<String>(schemes: [spelling])
            builder.add("a", to: "a")
            #expect(throws: RoutingError.self) { try builder.build() }
        }
        guard scheme != "http" && scheme != "https" else { return }
        var open = RouteTableBuilder<String>()
        open.add("a", to: "a")
        let table = try open.build()
        for spelling in [scheme, scheme.uppercased()] {
            let lookup = table.lookup("\(spelling)://a")
            #expect(lookup.match == nil, "\(spelling)")
            #expect(lookup.reason == "'\(scheme)' is not an app scheme; links with it are never routed", "\(spelling)")
        }
    }
}
