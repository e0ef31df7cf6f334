import Foundation
import Testing
import Waymark
import WaymarkNavigation

/// The samples of "Navigation State and Routers" (WaymarkNavigation.docc), run as written.
@Suite struct NavigationStateAndRoutersTests {
    // sample: NavigationStateAndRouters#1
    enum AppScreen: NavigationRoute, Codable {
        case home
        case category(String)
        case product(Int)
        case cart
        case checkout

        var routingType: RoutingType {
            switch self {
            case .cart: .sheet()
            case .checkout: .cover
            default: .push
            }
        }

        var deepLinkPath: [AppScreen] {
            if case .product = self { return [.category("all")] }
            return []
        }
    }
    // end sample

    @Test func theState() {
        // sample: NavigationStateAndRouters#2
        var state = NavigationState(root: AppScreen.home)
        state.apply(.category("shoes"))
        state.apply(.product(42))
        state.apply(.cart)
        state.push(.product(7))
        let line = NavigationDescription.describe(state)
        // "home › category(shoes) › product(42) ⟫ sheet: cart › product(7)"
        let outline = NavigationDescription.outline(state)
        // ["root:  home", "stack: category(shoes) › product(42)", "presented as sheet:", "  root:  cart", "  stack: product(7)"]
        let visible = state.visibleRoute  // .product(7)

        state.openFromLink(.product(9))
        let afterLink = NavigationDescription.describe(state)  // "home › category(all) › product(9)"
        // end sample
        #expect(line == "home › category(shoes) › product(42) ⟫ sheet: cart › product(7)")
        #expect(
            outline == [
                "root:  home", "stack: category(shoes) › product(42)", "presented as sheet:", "  root:  cart",
                "  stack: product(7)",
            ])
        #expect(visible == .product(7))
        #expect(afterLink == "home › category(all) › product(9)")
    }

    @MainActor @Test func routersAndLinks() async throws {
        // sample: NavigationStateAndRouters#3
        let router = Router(root: AppScreen.home)
        await router.open(.product(42))
        let opened = NavigationDescription.describe(router.state)  // "home › category(all) › product(42)"
        await router.open(.category("sale"), properties: ["context": "modal"])
        let modal = NavigationDescription.describe(router.state)  // "home ⟫ sheet: category(sale)"

        let saved = try JSONEncoder().encode(router.state)
        let restored = try JSONDecoder().decode(NavigationState<AppScreen>.self, from: saved)
        let same = restored == router.state  // true
        // end sample
        #expect(opened == "home › category(all) › product(42)")
        #expect(modal == "home ⟫ sheet: category(sale)")
        #expect(same)
    }
}
