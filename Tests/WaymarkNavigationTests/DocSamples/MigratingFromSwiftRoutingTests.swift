import Testing
import Waymark
import WaymarkNavigation

/// The samples of "Migrating from SwiftRouting" (WaymarkNavigation.docc), run as written. The
/// routes are nested in the suite (this test target has an `AppRoute` of its own); they are not
/// `Codable`, as SwiftRouting's are not.
@Suite struct MigratingFromSwiftRoutingTests {
    // sample: MigratingFromSwiftRouting#1
    enum HomeRoute: Route {
        case home
        case detail(id: Int)
        case settings

        var name: String {
            switch self {
            case .home: "home"
            case .detail(let id): "detail(\(id))"
            case .settings: "settings"
            }
        }
    }
    // end sample

    // sample: MigratingFromSwiftRouting#2
    enum ProfileRoute: Route {
        case overview
        case edit(userId: String)
        case avatar
        case onboarding
        case signOut

        var routingType: RoutingType {
            switch self {
            case .overview: .push
            case .edit: .sheet()
            case .avatar: .sheet(withStack: false)
            case .onboarding: .cover
            case .signOut: .root
            }
        }
    }

    enum AppRoute: Route {
        case home
        case profile(ProfileRoute)
    }
    // end sample

    @Test func namesAsWritten() {
        #expect(HomeRoute.detail(id: 42).name == "detail(42)")
        #expect(HomeRoute.settings.routingType == .push)
        #expect(AppRoute.profile(.edit(userId: "1")).routingType == .sheet(withStack: true))
        #expect(AppRoute.profile(.overview).name == "profile.overview")
    }

    @MainActor @Test func everyRoutingTypeAndADeepLink() async {
        // sample: MigratingFromSwiftRouting#3
        let router = Router(root: AppRoute.home)
        router.apply(.profile(.overview))  // pushed
        router.apply(.profile(.edit(userId: "42")))  // a sheet with its own stack
        let editing = NavigationDescription.describe(router.state)
        // "home › profile.overview ⟫ sheet: profile.edit(42)"

        router.dismiss()
        router.apply(.profile(.avatar))  // a sheet without a stack
        router.apply(.profile(.onboarding))  // a full-screen cover, over the sheet
        let stacked = NavigationDescription.describe(router.state)
        // "home › profile.overview ⟫ sheet (no stack): profile.avatar ⟫ cover: profile.onboarding"

        router.apply(.profile(.signOut))  // replaces the root, dismissing everything
        let signedOut = NavigationDescription.describe(router.state)  // "profile.signOut"
        // end sample
        #expect(editing == "home › profile.overview ⟫ sheet: profile.edit(42)")
        #expect(stacked == "home › profile.overview ⟫ sheet (no stack): profile.avatar ⟫ cover: profile.onboarding")
        #expect(signedOut == "profile.signOut")

        // sample: MigratingFromSwiftRouting#4
        await router.open(.profile(.edit(userId: "7")), root: .home, intermediate: [.profile(.overview)])
        let fromLink = NavigationDescription.describe(router.state)
        // "home › profile.overview ⟫ sheet: profile.edit(7)"
        // end sample
        #expect(fromLink == "home › profile.overview ⟫ sheet: profile.edit(7)")
    }
}
