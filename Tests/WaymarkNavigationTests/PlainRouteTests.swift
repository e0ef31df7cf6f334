import Testing
import Waymark
import WaymarkNavigation

/// Routes as SwiftRouting writes them: `Hashable`, not `Codable`, with a nested route enum.
enum PlainRoute: Route {
    case home
    case profile(ProfileRoute)
    case settings(section: String, ProfileRoute)
}

enum ProfileRoute: Route {
    case overview
    case edit(field: String)

    var routingType: RoutingType {
        if case .edit = self { return .cover }
        return .sheet()
    }
}

/// The same shapes, `Codable`: names and routing types come from the encoding, not reflection.
enum CodablePlainRoute: Route, Codable {
    case home
    case profile(CodableProfileRoute)
    case settings(section: String, CodableProfileRoute)
}

enum CodableProfileRoute: Route, Codable {
    case overview
    case edit(field: String)

    var routingType: RoutingType {
        if case .edit = self { return .cover }
        return .sheet()
    }
}

/// Navigation needs `Route` only; `Codable` adds saving and restoring the state.
@MainActor
@Suite struct PlainRouteTests {
    /// A case that carries a route is shown as the carried route says, through any number of
    /// associated values; the parent may still decide by implementing `routingType`.
    @Test func aNestedRouteDecidesHowItsParentIsShown() {
        #expect(PlainRoute.profile(.overview).routingType == .sheet())
        #expect(PlainRoute.profile(.edit(field: "name")).routingType == .cover)
        #expect(PlainRoute.settings(section: "a", .overview).routingType == .sheet())
        #expect(PlainRoute.home.routingType == .push)
        #expect(CodablePlainRoute.profile(.overview).routingType == .sheet())
        #expect(CodablePlainRoute.profile(.edit(field: "name")).routingType == .cover)
        #expect(CodablePlainRoute.settings(section: "a", .overview).routingType == .sheet())
        #expect(CodablePlainRoute.home.routingType == .push)
    }

    @Test func aRouterTakesRoutesThatAreNotCodable() {
        let router = Router(root: PlainRoute.home)
        router.apply(.profile(.overview))
        #expect(router.presentation(at: 0)?.state.root == .profile(.overview))
        #expect(router.presentation(at: 0)?.style == .sheet(withStack: true))
        router.dismiss()
        router.apply(.profile(.edit(field: "name")))
        #expect(router.presentation(at: 0)?.style == .cover)
        #expect(NavigationDescription.describe(router.state) == "home ⟫ cover: profile.edit(name)")
    }

    /// The README's `ShopRoute.account(AccountRoute)` with `AccountRoute.routingType == .sheet()`:
    /// opened from a link, it is presented, not pushed.
    @Test func aNestedSheetIsPresentedWhenOpenedFromALink() async {
        let router = Router(root: CodablePlainRoute.home)
        await router.open(.profile(.overview))
        #expect(router.stack(at: 0).isEmpty)
        #expect(router.presentation(at: 0)?.style == .sheet(withStack: true))
    }
}
