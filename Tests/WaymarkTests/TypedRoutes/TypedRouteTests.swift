import Foundation
import Testing
import Waymark

/// Typed routes: one declaration that parses URLs into route values and prints them back.
@Suite struct TypedRouteTests {
    let routes: TypedRouteTable<ShopRoute>

    init() throws {
        routes = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
    }

    @Test func urlsOpenIntoRouteValues() {
        #expect(routes.route(for: "shop://") == .home)
        #expect(routes.route(for: "shop://product/42") == .product(id: 42))
        #expect(
            routes.route(for: "https://shop.example.com/search?tag=a&q=red+shoes&tag=b")
                == .search(q: "red shoes", tag: ["a", "b"]))
        #expect(routes.route(for: "search") == .search(q: nil, tag: []))
        #expect(routes.route(for: "shop://category/shoes?sort=newest") == .category(slug: "shoes", sort: .newest))
        #expect(routes.route(for: "/account/orders") == .account(.orders))
        let id = UUID()
        #expect(routes.route(for: "shop://account/orders/\(id.uuidString)") == .account(.order(id: id)))
        #expect(routes.route(for: "shop://account/edit") == .account(.edit(section: nil)))
        #expect(routes.route(for: "shop://account/edit/email") == .account(.edit(section: "email")))
        #expect(routes.route(for: "shop://product/abc") == nil)
    }

    @Test func aValueThatDoesNotConvertSaysWhich() throws {
        let result = routes.resolve("shop://category/shoes?sort=cheapest")
        guard case .failure(let error)? = result else {
            Issue.record("expected a decoding failure, got \(String(describing: result))")
            return
        }
        #expect(error.message == "parameter 'sort' is not a valid SortOrder")
    }

    @Test func routeValuesPrintAsPathsAppLinksAndUniversalLinks() throws {
        let links = routes.links
        #expect(try links.path(for: ShopRoute.product(id: 42)) == "/product/42")
        #expect(try links.appLink(for: ShopRoute.product(id: 42)) == "shop://product/42")
        #expect(try links.universalLink(for: ShopRoute.home) == "https://shop.example.com/")
        #expect(
            try links.universalLink(for: ShopRoute.search(q: "red shoes", tag: ["a", "b,c"]))
                == "https://shop.example.com/search?q=red%20shoes&tag=a&tag=b%2Cc")
        #expect(try links.appLink(for: ShopRoute.category(slug: "a/b", sort: nil)) == "shop://category/a%2Fb")
        #expect(try links.appLink(for: ShopRoute.account(.edit(section: "email"))) == "shop://account/edit/email")
        #expect(try links.appLink(for: ShopRoute.account(.edit(section: nil))) == "shop://account/edit")
    }

    @Test func namesComposeAndRoutingTypesDefaultToPush() {
        #expect(ShopRoute.home.name == "home")
        #expect(ShopRoute.product(id: 42).name == "product(42)")
        #expect(ShopRoute.category(slug: "shoes", sort: nil).name == "category(shoes, nil)")
        #expect(ShopRoute.account(.edit(section: "email")).name == "account.edit(email)")
        #expect(ShopRoute.product(id: 1).routingType == .push)
        #expect(AccountRoute.orders.routingType == .sheet(withStack: true))
    }

    @Test func nestedTemplatesMountUnderTheParent() throws {
        let templates = routes.entries.map(\.template.pattern)
        #expect(templates.contains("account/orders/:id<uuid>"))
        #expect(templates.contains("account/edit(/:section)"))
    }

    @Test func catchAllsAndScopes() throws {
        let docs = try TypedRouteTable<DocsRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        #expect(docs.route(for: "shop://docs/guide/install?lang=de") == .page(path: ["guide", "install"], lang: "de"))
        #expect(
            try docs.links.appLink(for: DocsRoute.page(path: ["a b", "c/d"], lang: nil)) == "shop://docs/a%20b/c%2Fd")
        #expect(throws: RoutingError.self) { try docs.links.universalLink(for: DocsRoute.admin(tab: "users")) }
        do {
            _ = try docs.links.universalLink(for: DocsRoute.admin(tab: "users"))
        } catch {
            #expect(error.code == .linkUnavailable)
            #expect(error.message == "DocsRoute.admin has no universal link: its scopes are app(shop)")
        }
        #expect(try docs.links.universalLink(for: DocsRoute.share(ref: "x")) == "https://shop.example.com/share/x")
        do {
            _ = try docs.links.appLink(for: DocsRoute.share(ref: "x"))
            Issue.record("a universal-only route printed an app link")
        } catch {
            #expect(error.message == "DocsRoute.share has no app link: its scopes are universalAny")
        }
        do {
            _ = try docs.links.appLink(for: DocsRoute.page(path: [], lang: nil), scheme: "other")
            Issue.record("a scheme the table does not accept was used")
        } catch {
            #expect(error.message == "DocsRoute.page has no app link with the scheme 'other'; allowed: shop")
        }
    }

    @Test func resolverDestinationsReceiveRouteValues() async throws {
        let opened = Opened()
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        try builder.add(routes: ShopRoute.self) { route, _ in
            await opened.append(route)
            return .handled
        }
        let resolver = try builder.build()
        let handled = await resolver.resolve("shop://account/orders")
        #expect(handled.status == .handled)
        #expect(handled.request?.routeName == "ShopRoute.account.orders")
        let invalid = await resolver.resolve("shop://category/x?sort=cheapest")
        #expect(invalid.status == .invalid)
        #expect(invalid.inputError?.parameter == "sort")
        #expect(await opened.routes == [.account(.orders)])
    }

    actor Opened {
        var routes: [ShopRoute] = []
        func append(_ route: ShopRoute) { routes.append(route) }
    }
}
