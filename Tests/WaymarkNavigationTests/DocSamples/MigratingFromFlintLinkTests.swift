import Testing
import Waymark
import WaymarkTesting

/// "Testing your links" of "Migrating from Flint" (Waymark.docc), as written.
@Suite struct MigratingFromFlintLinkTests {
    // sample: MigratingFromFlint#7
    enum MailRoute: URLRoute, Equatable {
        case open(name: String)
        case signIn(token: String)

        static let routeMap: RouteMap<MailRoute> = [
            "open": "open?name",
            "signIn": "sign-in/:token",
        ]
    }

    @Test func everyLinkTheAppCreatesOpensItsRoute() throws {
        let table = try TypedRouteTable<MailRoute>(schemes: ["x-hello"], domains: ["hello.example.com"])
        expectRoundTrips([.open(name: "Report 2026.pdf"), .signIn(token: "placeholder")], in: table)
        expectLink(
            "https://hello.example.com/sign-in/placeholder", opens: MailRoute.signIn(token: "placeholder"), in: table)
    }
    // end sample
}
