import Testing
import Waymark
import WaymarkTesting

/// "Testing your links" of "Migrating from SwiftRouting" (WaymarkNavigation.docc), as written.
@Suite struct MigratingFromSwiftRoutingLinkTests {
    // sample: MigratingFromSwiftRouting#7
    enum ProfileLink: URLRoute, Equatable {
        case profile(userID: Int)
        case edit(userID: Int)

        static let routeMap: RouteMap<ProfileLink> = [
            "profile": "profile/:userID<int>",
            "edit": "profile/edit/:userID<int>",
        ]
    }

    @Test func profileLinksOpenTheirRouteAndRoundTrip() throws {
        let table = try TypedRouteTable<ProfileLink>(schemes: ["myapp"])
        expectLink("myapp://profile/edit/42", opens: ProfileLink.edit(userID: 42), in: table)
        expectRoundTrips(in: table)
    }
    // end sample
}
