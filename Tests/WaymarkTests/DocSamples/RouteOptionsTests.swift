import Testing
import Waymark

/// The samples of "Route Options" (Waymark.docc), run as written.
@Suite struct RouteOptionsTests {
    /// Stands for the app's store: "pro" is not purchased.
    actor Store {
        static let shared = Store()
        func hasPurchased(_ product: String) -> Bool { false }
    }

    @Test func onAClosureRoute() async throws {
        // sample: RouteOptions#1
        let pro = FeatureClosure(name: "pro") { await Store.shared.hasPurchased("pro") }

        var builder = RouteResolverBuilder(schemes: ["x-your-app"], domains: ["your-app-domain.com"])
        builder.add("create", name: "createNew", .alsoMatches("create-document"), .requiresConfirmation) { _ in .handled
        }
        builder.add("reports", name: "reports", .feature(pro, whenUnavailable: .redirect(to: "paywall"))) { _ in
            .handled
        }
        builder.add("paywall", name: "paywall", .internalOnly(reachableThroughRedirects: true)) { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly, .properties(["presentation": "modal"])) { _ in .handled
        }
        let resolver = try builder.build()

        let legacy = await resolver.resolve("x-your-app://create-document")
        let asked = legacy.status  // .needsConfirmation
        let confirmed = await resolver.resolveConfirmed(legacy).status  // .handled
        let inApp = await resolver.resolve("create").status  // .handled: in-app links are not asked

        let reports = await resolver.resolve("https://your-app-domain.com/reports")
        let shown = reports.request?.routeName  // "paywall"
        let debug = await resolver.resolve("x-your-app://debug/menu").status  // .internalOnly
        let paywall = await resolver.resolve("x-your-app://paywall").status  // .internalOnly (redirects only)
        // end sample
        #expect(asked == .needsConfirmation)
        #expect(confirmed == .handled)
        #expect(inApp == .handled)
        #expect(shown == "paywall")
        #expect(reports.redirects.map(\.filter) == ["feature 'pro'"])
        #expect(debug == .internalOnly)
        #expect(paywall == .internalOnly)
    }

    @Test func onARouteWithATypedInput() async throws {
        // sample: RouteOptions#2
        struct NewDocument: Decodable, Sendable {
            var name: String
        }

        var documents = RouteResolverBuilder(schemes: ["x-your-app"])
        documents.add("create", name: "createNew", input: NewDocument.self, .alsoMatches("create-document")) {
            input, _ in
            print("create", input.name)
            return .handled
        }
        let created = try documents.build()
        let name = await created.resolve("x-your-app://create-document?name=MyFile1").request?.queryParameters["name"]
        // "MyFile1"
        // end sample
        #expect(name == "MyFile1")
        #expect(await created.resolve("x-your-app://create").status == .invalid)
    }

    @Test func onARouteEnum() throws {
        // sample: RouteOptions#3
        enum DocumentRoute: URLRoute {
            case createNew(name: String)
            case open(docRef: String)
            case admin

            static let routeMap: RouteMap<DocumentRoute> = [
                "createNew": ["create?name", "create-document"],
                "open": .template("open?docRef", .scopes(.appAny, .universal(domain: "your-app-domain.com"))),
                "admin": .template("admin", .internalOnly),
            ]
        }

        let routes = try TypedRouteTable<DocumentRoute>(schemes: ["x-your-app"], domains: ["your-app-domain.com"])
        let fromLegacy = routes.route(for: "x-your-app://create-document?name=MyFile1")  // .createNew(name: "MyFile1")
        let link = try routes.appLink(for: .createNew(name: "MyFile1"))  // "x-your-app://create?name=MyFile1"
        let adminFromOutside = routes.route(for: "x-your-app://admin")  // nil
        // end sample
        #expect(fromLegacy == .createNew(name: "MyFile1"))
        #expect(link == "x-your-app://create?name=MyFile1")
        #expect(adminFromOutside == nil)
        #expect(routes.route(for: "admin") == .admin)
    }
}
