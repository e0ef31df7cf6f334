import Foundation
import Testing
import Waymark

/// The README's Swift examples, run as written;
/// the route enums are in TypedRoutes/ShopRoute.swift, and scripts/check-doc-samples checks every
/// `// sample:` region against README.md.
@Suite struct ReadmeExampleTests {
    @Test func theFiveStepTour() async throws {
        // sample: README#2
        enum Session { static let isSignedIn = false }  // stands in for your app's sign-in state

        // 1. Register routes: a template, a name, options, and a destination that handles (or declines) the request.
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product", .properties(["presentation": "modal"])) { request in
            let id = try request.routeParameters?.require("id", as: Int.self)
            print("show product", id ?? 0)
            return .handled
        }
        builder.add("user/:user_id/profile(/:tab)", name: "profile") { _ in .handled }
        builder.add("help/*topic", name: "help", .scopes(.appAny)) { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }

        // 2. Filters run before the destination: proceed, redirect, or reject with a reason.
        builder.addFilter(
            FilterClosure(name: "signed-in") { request in
                request.routeName == "profile" && !Session.isSignedIn ? .redirect(to: "sign-in") : .proceed
            })
        builder.add("sign-in", name: "sign-in") { _ in .handled }

        // 3. The default route runs when nothing matches (or the domain is not accepted).
        builder.setDefaultRoute(name: "home") { _ in .handled }

        // 4. Build: every template and scope is checked here, with errors that name the template.
        let resolver = try builder.build()

        // 5. Resolve. The result says what happened and carries the request.
        let result = await resolver.resolve("shop://product/42?ref=mail")
        let status = result.status  // .handled
        let id = result.request?.routeParameters?["id"]  // "42"
        let ref = result.request?.queryParameters["ref"]  // "mail"
        let presentation = result.request?.properties["presentation"]  // "modal"

        let fromOutside = await resolver.resolve("shop://debug/menu").status  // .internalOnly
        let fromTheApp = await resolver.resolve("debug/menu").status  // .handled
        let elsewhere = await resolver.resolve("https://evil.example/x")
        let fallback = elsewhere.status  // .handledByDefault
        let why = elsewhere.reason  // "the domain 'evil.example' is not accepted; accepted domains: shop.example.com"
        // end sample
        #expect(status == .handled)
        #expect(id == "42")
        #expect(ref == "mail")
        #expect(presentation == "modal")
        #expect(fromOutside == .internalOnly)
        #expect(fromTheApp == .handled)
        #expect(fallback == .handledByDefault)
        #expect(why == "the domain 'evil.example' is not accepted; accepted domains: shop.example.com")
        // The README: `reason` is nil when a matched route handled the request, a sentence otherwise.
        #expect(result.reason == nil)
        #expect(await resolver.resolve("shop://nowhere").reason == #"no route matches the path (1 segment)"#)

        let profile = await resolver.resolve("shop://user/7/profile")
        #expect(profile.request?.routeName == "sign-in")
        #expect(profile.redirects.map(\.filter) == ["signed-in"])
        #expect(profile.status == .handled && profile.reason == nil)
        #expect(await resolver.resolve("shop://help/a/b").request?.wildcard == ["a", "b"])
    }

    @Test func typedRoutesAndLinks() throws {
        // sample: README#4
        let routes = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        let product = routes.route(for: "shop://product/42")  // .product(id: 42)
        let edit = routes.route(for: "shop://account/edit")  // .account(.edit(section: nil))
        let link = try routes.appLink(for: .category(slug: "a/b", sort: .newest))
        // "shop://category/a%2Fb?sort=newest"
        let web = try routes.universalLink(for: .account(.orders))  // "https://shop.example.com/account/orders"
        // end sample
        #expect(product == .product(id: 42))
        #expect(edit == .account(.edit(section: nil)))
        #expect(link == "shop://category/a%2Fb?sort=newest")
        #expect(web == "https://shop.example.com/account/orders")
        #expect(
            routes.route(for: "https://shop.example.com/search?q=red+shoes&tag=a&tag=b")
                == .search(q: "red shoes", tag: ["a", "b"]))
        #expect(ShopRoute.account(.edit(section: "email")).name == "account.edit(email)")
    }

    enum UntypedProduct: URLRoute {
        case product(id: Int)
        static let routeMap: RouteMap<Self> = ["product": "product/:id"]
    }

    @Test func typedRouteMismatchMessage() {
        #expect(throws: RoutingError.self) { try TypedRouteTable<UntypedProduct>() }
        do {
            _ = try TypedRouteTable<UntypedProduct>()
        } catch {
            #expect(
                error.description
                    == "invalidRouteMap: UntypedProduct.product: 'id' has the type Int, but the template 'product/:id' leaves ':id' untyped; write ':id<int>'"
            )
        }
    }
}
