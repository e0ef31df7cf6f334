import GeneratedRoutes
import Testing
import Waymark

/// The enum the plugin generated from `shop.routes.json` opens links into cases and prints cases
/// back into links, as the route file says.
@Suite struct GeneratedRoutesTests {
    @Test func aLinkOpensItsCase() throws {
        #expect(try ShopLinkReader().route(for: "shop://product/42") == .product(id: 42))
        #expect(
            try ShopLinkReader().route(for: "https://shop.example.com/user/7/profile/posts")
                == .profile(user_id: "7", tab: "posts"))
        #expect(
            try ShopLinkReader().route(for: "shop://help/returns/international")
                == .help(topic: ["returns", "international"]))
    }

    /// The examples of the article "Route files in Xcode".
    @Test func theArticlesExampleOpensAndPrints() throws {
        // sample: RouteFilesInXcode#1
        let table = try GeneratedShopRoute.Table.make()  // once; keep it
        let opened = table.route(for: "shop://product/42")  // .product(id: 42)
        let link = try table.appLink(for: .profile(user_id: "7", tab: "orders"))  // "shop://user/7/profile/orders"
        let home = table.route(for: "shop://no/such/page") ?? GeneratedShopRoute.Table.defaultRoute  // .home
        // end sample
        #expect(opened == .product(id: 42))
        #expect(link == "shop://user/7/profile/orders")
        #expect(home == .home)
    }

    @Test func theArticlesResolverAnswersAsTheFileDoes() async throws {
        // sample: RouteFilesInXcode#2
        var builder = RouteResolverBuilder(
            schemes: GeneratedShopRoute.Table.schemes, domains: GeneratedShopRoute.Table.domains,
            options: GeneratedShopRoute.Table.options)
        try builder.add(routes: GeneratedShopRoute.self) { route, request in
            print("show", route)
            return .handled
        }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        let resolver = try builder.build()
        let result = await resolver.resolve("shop://debug/menu")  // .internalOnly: an external link
        // end sample
        #expect(result.status == .internalOnly)
        #expect(await resolver.resolve("shop://product/42").request?.routeName == "GeneratedShopRoute.product")
    }

    /// A query item with a default is a plain value, the default when the link leaves it out.
    @Test func aQueryDefaultFillsTheValue() throws {
        let table = try FeaturesRoute.Table.make()
        #expect(table.route(for: "app://listing") == .listing(page: 1))
        #expect(table.route(for: "app://listing?page=3") == .listing(page: 3))
        #expect(table.route(for: "app://reports/2026-summary.json") == .report(year: 2026, slug: "summary"))
    }

    @Test func aCasePrintsItsLink() throws {
        #expect(try ShopLinkReader().appLink(for: .product(id: 42)) == "shop://product/42")
        #expect(try ShopLinkReader().appLink(for: .profile(user_id: "7", tab: nil)) == "shop://user/7/profile")
    }

    /// The file's options come through: `debug` is internal, so an external link does not open it.
    @Test func theFilesOptionsApply() throws {
        // An external link to it finds no route of its own, so the default route answers.
        #expect(try ShopLinkReader().route(for: "shop://debug/menu") == .home)
        #expect(try ShopLinkReader().route(for: "debug/menu") == .debug)
        #expect(GeneratedShopRoute.Table.defaultRouteName == "home")
    }
}
