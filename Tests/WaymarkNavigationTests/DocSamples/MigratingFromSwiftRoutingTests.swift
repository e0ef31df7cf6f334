import Testing
import Waymark
import WaymarkNavigation

/// The samples of "Migrating from SwiftRouting" (WaymarkNavigation.docc), run as written. The
/// routes are nested in the suite (this test target has an `AppRoute` of its own); they are not
/// `Codable`, as SwiftRouting's are not. The tests that drive a `Router` are `@MainActor`, as the
/// article says they must be.
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
    struct Item: Hashable, Sendable {
        let id: Int
        let title: String
    }

    struct Tag: Hashable, Sendable, CustomStringConvertible {
        let slug: String
        let count: Int
        var description: String { slug }
    }

    enum ShelfRoute: Route {
        case item(Item)  // named item(Item(id: 1, title: "Shoes")): every field
        case tag(Tag)  // named tag(sale): Tag's description
    }
    // end sample

    /// The same payloads in a `Codable` route: named from the encoding, which lists a struct's
    /// fields and does not read `description`.
    enum CodableShelfRoute: Route, Codable {
        case item(CodableItem)
        case tag(CodableTag)
    }

    struct CodableItem: Hashable, Sendable, Codable {
        let id: Int
        let title: String
    }

    struct CodableTag: Hashable, Sendable, Codable, CustomStringConvertible {
        let slug: String
        let count: Int
        var description: String { slug }
    }

    // sample: MigratingFromSwiftRouting#3
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
        #expect(ShelfRoute.item(Item(id: 1, title: "Shoes")).name == #"item(Item(id: 1, title: "Shoes"))"#)
        #expect(ShelfRoute.tag(Tag(slug: "sale", count: 3)).name == "tag(sale)")
        #expect(CodableShelfRoute.item(CodableItem(id: 1, title: "Shoes")).name == "item({id: 1, title: Shoes})")
        #expect(CodableShelfRoute.tag(CodableTag(slug: "sale", count: 3)).name == "tag({slug: sale, count: 3})")
        #expect(HomeRoute.settings.routingType == .push)
        #expect(AppRoute.profile(.edit(userId: "1")).routingType == .sheet(withStack: true))
        #expect(AppRoute.profile(.overview).name == "profile.overview")
    }

    @MainActor @Test func everyRoutingTypeAndADeepLink() async {
        // sample: MigratingFromSwiftRouting#4
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

        // sample: MigratingFromSwiftRouting#5
        let app = Router(root: AppRoute.home)
        app.apply(.profile(.overview))  // route(_:): as the route says, pushed
        app.apply(.profile(.edit(userId: "7")))  // route(_:): a sheet
        app.push(.profile(.overview))  // push(_:): onto the sheet's stack, the top-most one
        let inSheet = NavigationDescription.describe(app.state)
        // "home › profile.overview ⟫ sheet: profile.edit(7) › profile.overview"

        app.pop()  // back(): the top-most stack
        app.dismiss()  // close(): the top-most presentation
        app.popToRoot()  // popToRoot(): the top-most stack, now the root level's
        let backHome = NavigationDescription.describe(app.state)  // "home"

        app.replaceRoot(with: .profile(.overview))  // update(root:)
        let newRoot = NavigationDescription.describe(app.state)  // "profile.overview"
        // end sample
        #expect(inSheet == "home › profile.overview ⟫ sheet: profile.edit(7) › profile.overview")
        #expect(backHome == "home")
        #expect(newRoot == "profile.overview")

        // sample: MigratingFromSwiftRouting#6
        await router.open(.profile(.edit(userId: "7")), root: .home, intermediate: [.profile(.overview)])
        let fromLink = NavigationDescription.describe(router.state)
        // "home › profile.overview ⟫ sheet: profile.edit(7)"
        // end sample
        #expect(fromLink == "home › profile.overview ⟫ sheet: profile.edit(7)")
    }
}
