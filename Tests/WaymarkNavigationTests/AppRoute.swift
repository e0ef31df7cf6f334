import Waymark
import WaymarkNavigation

/// The routes of the navigation tests: pushes, a sheet with and without a stack, a cover, a root.
enum AppRoute: NavigationRoute, Codable {
    case home
    case category(String)
    case product(Int)
    case cart
    case settings
    case login
    case onboarding
    case welcome

    var routingType: RoutingType {
        switch self {
        case .cart: .sheet()
        case .settings: .sheet(withStack: false)
        case .login: .cover
        case .welcome: .root
        default: .push
        }
    }

    var deepLinkPath: [AppRoute] {
        if case .product(let id) = self { return [.category(id % 2 == 0 ? "even" : "odd")] }
        return []
    }
}
