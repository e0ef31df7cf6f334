import Foundation
import Testing
import Waymark

/// The samples of "Typed Routes" (Waymark.docc), run as written. The route enums are nested in
/// the suite, so that they do not clash with the test target's own `ShopRoute`.
@Suite struct TypedRoutesTests {
    // sample: TypedRoutes#1
    enum ShopRoute: URLRoute {
        case home
        case product(id: Int)
        case search(q: String?, tag: [String])
        case category(slug: String, sort: SortOrder?)
        case account(AccountRoute)

        static let routeMap: RouteMap<ShopRoute> = [
            "home": "/",
            "product": "product/:id<int>",
            "search": "search?q&tag",
            "category": "category/:slug?sort",
            "account": "account",
        ]
    }

    enum SortOrder: String, Codable, CaseIterable, Sendable {
        case popular, newest
    }

    enum AccountRoute: URLRoute {
        case orders
        case order(id: UUID)
        case edit(section: String?)

        static let routeMap: RouteMap<AccountRoute> = [
            "orders": "orders",
            "order": "orders/:id<uuid>",
            "edit": "edit(/:section)",
        ]

        var routingType: RoutingType { .sheet() }
    }
    // end sample

    // sample: TypedRoutes#3
    enum UntypedProduct: URLRoute {
        case product(id: Int)

        static let routeMap: RouteMap<UntypedProduct> = ["product": "product/:id"]
    }
    // end sample

    @Test func openAndPrint() throws {
        // sample: TypedRoutes#2
        let routes = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])

        let product = routes.route(for: "shop://product/42")  // .product(id: 42)
        let search = routes.route(for: "https://shop.example.com/search?q=red+shoes&tag=a&tag=b")
        // .search(q: "red shoes", tag: ["a", "b"])
        let edit = routes.route(for: "shop://account/edit")  // .account(.edit(section: nil))

        let appLink = try routes.appLink(for: .category(slug: "a/b", sort: .newest))
        // "shop://category/a%2Fb?sort=newest"
        let webLink = try routes.universalLink(for: .account(.orders))  // "https://shop.example.com/account/orders"
        let path = try routes.path(for: .search(q: "50% off", tag: []))  // "/search?q=50%25%20off"

        let name = ShopRoute.account(.edit(section: "email")).name  // "account.edit(email)"
        let shownAs = ShopRoute.account(.orders).routingType  // .sheet(withStack: true)
        // end sample
        #expect(product == .product(id: 42))
        #expect(search == .search(q: "red shoes", tag: ["a", "b"]))
        #expect(edit == .account(.edit(section: nil)))
        #expect(appLink == "shop://category/a%2Fb?sort=newest")
        #expect(webLink == "https://shop.example.com/account/orders")
        #expect(path == "/search?q=50%25%20off")
        #expect(name == "account.edit(email)")
        #expect(shownAs == .sheet(withStack: true))
        for route: ShopRoute in [
            .home, .product(id: 7), .account(.order(id: UUID())), .category(slug: "a b", sort: nil),
        ] {
            #expect(routes.route(for: try routes.appLink(for: route)) == route)
        }
    }

    @Test func aMismatchIsReportedWhenTheTableIsBuilt() {
        #expect {
            try TypedRouteTable<UntypedProduct>()
        } throws: { error in
            (error as? RoutingError)?.description
                == "invalidRouteMap: UntypedProduct.product: 'id' has the type Int, but the template 'product/:id' leaves ':id' untyped; write ':id<int>'"
        }
    }

    @Test func inAResolver() async throws {
        // sample: TypedRoutes#4
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        try builder.add(routes: ShopRoute.self) { route, request in
            print("open", route.name)
            return .handled
        }
        let resolver = try builder.build()
        let opened = await resolver.resolve("shop://account/orders").request?.routeName  // "ShopRoute.account.orders"
        // end sample
        #expect(opened == "ShopRoute.account.orders")
    }

    @Test func typedInputs() async throws {
        // sample: TypedRoutes#5
        struct Listing: Codable, RouteInputDefaults {
            var page: Int
            var sort: SortOrder
            var since: Date?
            static let defaultInput = Listing(page: 1, sort: .popular, since: nil)
        }

        var deals = RouteResolverBuilder(schemes: ["shop"])
        deals.add("deals", name: "deals", input: Listing.self) { listing, _ in
            print("deals page", listing.page, "sorted by", listing.sort)
            return .handled
        }
        let listings = try deals.build()
        let bad = await listings.resolve("shop://deals?page=two")
        let status = bad.status  // .invalid
        let message = bad.inputError?.message  // "parameter 'page' is not a valid Int"
        let fine = await listings.resolve("shop://deals?sort=newest").status  // .handled
        // end sample
        #expect(status == .invalid)
        #expect(message == "parameter 'page' is not a valid Int")
        #expect(fine == .handled)
    }

    @Test func routeFilesBoundToAnEnum() async throws {
        // sample: TypedRoutes#6
        enum Screen: Route, Decodable {
            case home
            case product(id: Int, ref: String?)
        }
        let file = try RouteFile(
            data: Data(
                #"{"schemes": ["shop"], "default": "home", "routes": [{"name": "home", "template": "/"}, {"name": "product", "template": "product/:id<int>"}]}"#
                    .utf8))
        let screens = try file.makeBuilder(binding: Screen.self) { screen, _ in
            print("open", screen)
            return .handled
        }.build()
        // .handled, with .product(id: 42, ref: "mail"):
        let opened = await screens.resolve("shop://product/42?ref=mail").status
        // end sample
        #expect(opened == .handled)
    }
}
