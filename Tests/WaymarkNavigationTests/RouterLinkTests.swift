import Foundation
import Testing
import Waymark
import WaymarkNavigation

/// A typed route of a shop, opened on a router from the `URL`s an app is handed.
enum LinkedRoute: URLRoute, NavigationRoute, CustomStringConvertible {
    case home
    case product(id: Int)
    case cart

    static let routeMap: RouteMap<LinkedRoute> = ["home": "/", "product": "product/:id<int>", "cart": "cart"]

    var routingType: RoutingType { self == .cart ? .sheet() : .push }
}

/// `Router.open(_:with:)`: the `URL` (or string) form of opening a link, and how its state prints.
@MainActor
@Suite struct RouterLinkTests {
    @Test func aURLOpensTheRouteItMapsTo() async throws {
        let routes = try TypedRouteTable<LinkedRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        let router = Router(root: LinkedRoute.home)
        let product = try #require(URL(string: "https://shop.example.com/product/42"))
        #expect(await router.open(product, with: routes) == .ready)
        #expect(router.state == NavigationState(root: .home, stack: [.product(id: 42)]))
        #expect(await router.open("shop://cart", with: routes) == .ready)
        #expect(router.presentation(at: 0)?.state.root == .cart)
        #expect("\(router.state)" == "NavigationState(home ⟫ sheet: cart)")
        let unknown = try #require(URL(string: "shop://nowhere"))
        let before = router.state
        #expect(await router.open(unknown, with: routes) == nil)
        #expect(router.state == before)
    }

    @Test func aStatePrintsItsRoutesByName() {
        let state = NavigationState(root: LinkedRoute.home, stack: [.product(id: 1), .product(id: 2)])
        #expect("\(state)" == "NavigationState(home › product(1) › product(2))")
    }
}
