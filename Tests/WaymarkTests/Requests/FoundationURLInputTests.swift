import Foundation
import Testing
import Waymark

/// Every entry point that reads a URL string takes a Foundation `URL` too, and reads it as its
/// `absoluteString`: the two forms give the same answer, on URLs Foundation normalises.
@Suite struct FoundationURLInputTests {
    static func makeResolver() throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com", "xn--bcher-kva.example"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.add("files/:name", name: "file") { _ in .handled }
        builder.add("tag/:tag", name: "tag") { _ in .handled }
        builder.add("help/*topic", name: "help") { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return try builder.build()
    }

    /// A URL as Foundation makes it, and what Waymark must read from it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var url: URL?
        /// The route and the decoded parameters the URL opens.
        var route: String
        var parameters: String
        var testDescription: String { name }

        init(_ name: String, _ url: URL?, _ route: String, _ parameters: String) {
            (self.name, self.url, self.route, self.parameters) = (name, url, route, parameters)
        }
    }

    static let base = URL(string: "https://shop.example.com/help/start")

    static let cases: [Case] = [
        Case("%2F stays inside one segment", URL(string: "shop://files/a%2Fb"), "file", "name=a/b"),
        Case("an empty query", URL(string: "shop://product/42?"), "product", "id=42"),
        Case("an empty query, universal", URL(string: "https://shop.example.com/product/42?"), "product", "id=42"),
        Case("an empty fragment", URL(string: "https://shop.example.com/product/42#"), "product", "id=42"),
        Case("an IDN host, held as punycode", URL(string: "https://bücher.example/product/7"), "product", "id=7"),
        Case("relative to a base", URL(string: "../product/42?ref=mail", relativeTo: base), "product", "id=42"),
        Case("non-ASCII text, percent-encoded", URL(string: "shop://tag/café"), "tag", "tag=café"),
        Case("a scheme in capitals", URL(string: "SHOP://product/42"), "product", "id=42"),
        Case("a catch-all", URL(string: "shop://help/a/b%20c"), "help", "topic=a/b c"),
    ]

    @Test(arguments: cases)
    func aURLResolvesAsItsAbsoluteString(_ testCase: Case) async throws {
        let url = try #require(testCase.url, "Foundation refused the URL")
        let resolver = try Self.makeResolver()
        let fromURL = await resolver.resolve(url)
        let fromText = await resolver.resolve(url.absoluteString)
        #expect(fromURL.status == .handled)
        #expect(fromURL.request?.routeName == testCase.route)
        #expect(fromURL.request?.routeParameters?.unredactedDescription == testCase.parameters)
        #expect(fromURL.status == fromText.status)
        #expect(fromURL.request?.routeName == fromText.request?.routeName)
        #expect(fromURL.request?.url == fromText.request?.url)
        #expect(resolver.request(for: url)?.url == resolver.request(for: url.absoluteString)?.url)
        #expect(resolver.preview(url).description == resolver.preview(url.absoluteString).description)
        #expect(resolver.table.lookup(url).matches.count == resolver.table.lookup(url.absoluteString).matches.count)
        #expect(
            resolver.table.candidates(url).matches.map(\.registrationIndex)
                == resolver.table.candidates(url.absoluteString).matches.map(\.registrationIndex))
        #expect(
            resolver.table.explain(url).attempts.map(\.registrationIndex)
                == resolver.table.explain(url.absoluteString).attempts.map(\.registrationIndex))
        #expect(try RouteURL(url) == RouteURL(parsing: url.absoluteString))
    }

    /// Foundation's changes are Foundation's: the text is what it holds, as these show.
    @Test func theTextIsWhatFoundationHolds() throws {
        let relative = try #require(URL(string: "../product/42?ref=mail", relativeTo: Self.base))
        #expect(RouteURL.text(of: relative) == "https://shop.example.com/product/42?ref=mail")
        let idn = try #require(URL(string: "https://bücher.example/product/7"))
        #expect(try RouteURL(idn).host == "xn--bcher-kva.example")
        let empty = try #require(URL(string: "shop://product/42?"))
        #expect(try RouteURL(empty).query.isEmpty)
    }

    /// The security rules hold through the `URL` form: an external link cannot reach an
    /// internal-only route, and an unknown domain goes to the default route.
    @Test func theURLFormKeepsTheRules() async throws {
        let debug = try #require(URL(string: "shop://debug/menu"))
        let resolver = try Self.makeResolver()
        #expect(await resolver.resolve(debug).status == .internalOnly)
        let elsewhere = try #require(URL(string: "https://evil.example/product/42"))
        #expect(await resolver.resolve(elsewhere).status == .handledByDefault)
    }

    /// Typed tables take and print `URL`s, and what they print opens the same route again.
    @Test func typedTablesTakeAndPrintURLs() throws {
        let routes = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        let product = try #require(URL(string: "shop://product/42"))
        #expect(routes.route(for: product) == .product(id: 42))
        #expect(try routes.resolve(product)?.get() == .product(id: 42))
        let values: [ShopRoute] = [
            .product(id: 7), .category(slug: "a/b c", sort: .newest), .search(q: "red shoes", tag: ["x&y"]),
            .account(.edit(section: nil)),
        ]
        for value in values {
            let app = try routes.appLinkURL(for: value)
            let web = try routes.universalLinkURL(for: value)
            #expect(app.absoluteString == (try routes.appLink(for: value)))
            #expect(routes.route(for: app) == value, "\(app)")
            #expect(routes.route(for: web) == value, "\(web)")
            #expect(try LinkCreator(schemes: ["shop"]).appLinkURL(for: value) == app)
        }
    }
}
