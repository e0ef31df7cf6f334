import Foundation
import Testing
import Waymark

/// The README's Swift examples, run as written (with `Session` standing in for the app's own state).
@Suite struct ReadmeExampleTests {
    enum Session {
        static let isSignedIn = false
    }

    @Test func theFiveStepTour() async throws {
        // 1. Register routes: a template, a name, and a destination that handles (or declines) the request.
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product", .properties(["presentation": "modal"])) { request in
            let id = try request.routeParameters?.require("id", as: Int.self)
            print("show product", id ?? 0)
            return .handled
        }
        builder.add("user/:user_id/profile(/:tab)", name: "profile") { _ in .handled }
        builder.add("help/*topic", name: "help", .scopes([.appAny])) { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }

        // 2. Filters run before the destination: proceed, redirect or reject.
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
        #expect(result.status == .handled)
        #expect(result.request?.routeParameters?["id"] == "42")
        #expect(result.request?.queryParameters["ref"] == "mail")
        #expect(result.request?.properties["presentation"] == "modal")

        #expect(await resolver.resolve("shop://debug/menu").status == .internalOnly)
        #expect(await resolver.resolve("debug/menu").status == .handled)
        let evil = await resolver.resolve("https://evil.example/x")
        #expect(evil.status == .handledByDefault)
        #expect(evil.reason == "the domain 'evil.example' is not accepted; accepted domains: shop.example.com")

        let profile = await resolver.resolve("shop://user/7/profile")
        #expect(profile.request?.routeName == "sign-in")
        #expect(profile.redirects.map(\.filter) == ["signed-in"])
    }

    @Test func theTableOnItsOwn() throws {
        var tableBuilder = RouteTableBuilder<String>()
        tableBuilder.add("product/:id<int>", to: "product")
        tableBuilder.add("files/*path", to: "files")
        let table = try tableBuilder.build()
        #expect(table.match(path: "/files/a/b")?.wildcard == ["a", "b"])
        #expect(table.lookup("shop://product/42").match?.value == "product")
    }

    /// "Typed routes, typed inputs and links" (the enums are in TypedRoutes/ShopRoute.swift, as written there).
    @Test func typedRoutesInputsAndLinks() async throws {
        let routes = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])

        #expect(routes.route(for: "shop://product/42") == .product(id: 42))
        #expect(
            routes.route(for: "https://shop.example.com/search?q=red+shoes&tag=a&tag=b")
                == .search(q: "red shoes", tag: ["a", "b"]))
        #expect(routes.route(for: "shop://account/edit") == .account(.edit(section: nil)))

        #expect(try routes.appLink(for: .category(slug: "a/b", sort: .newest)) == "shop://category/a%2Fb?sort=newest")
        #expect(try routes.universalLink(for: .account(.orders)) == "https://shop.example.com/account/orders")
        #expect(try routes.path(for: .search(q: "50% off", tag: [])) == "/search?q=50%25%20off")
        #expect(ShopRoute.account(.edit(section: "email")).name == "account.edit(email)")

        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        try builder.add(routes: ShopRoute.self) { route, request in
            print("open", route.name)
            return .handled
        }
        builder.add("deals", name: "deals", input: Listing.self) { listing, request in
            print("deals page", listing.page)
            return .handled
        }
        let resolver = try builder.build()
        let result = await resolver.resolve("shop://deals?page=two")
        #expect(result.inputError?.message == "parameter 'page' is \"two\", which is not a valid Int")
        #expect(await resolver.resolve("shop://deals?sort=newest").status == .handled)

        let links = LinkCreator(schemes: ["shop"], domains: ["shop.example.com"])
        #expect(
            try links.appLink(for: "user/:id<int>(/:tab)", parameters: RouteParameters([("id", "7")]))
                == "shop://user/7")
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

    struct Listing: Codable, RouteInputDefaults {
        var page: Int
        var sort: SortOrder
        var since: Date?
        static let defaultInput = Listing(page: 1, sort: .popular, since: nil)
    }
}
