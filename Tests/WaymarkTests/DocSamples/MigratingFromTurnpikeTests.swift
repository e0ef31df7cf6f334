import Foundation
import Testing
import Waymark

/// The samples of "Migrating from Turnpike" (Waymark.docc), run as written.
@Suite struct MigratingFromTurnpikeTests {
    enum Screen: Hashable, Sendable {
        case product(String)
    }

    /// Stands for the app's navigation, a main-actor UI object as a view controller is: records what
    /// the destinations asked for, and checks that they asked on the main actor.
    @MainActor
    final class Navigation {
        private(set) var pushed: [Screen] = []
        private(set) var selectedTab: Int?

        func push(_ screen: Screen) {
            MainActor.assertIsolated()
            pushed.append(screen)
        }

        func selectTab(_ index: Int) {
            MainActor.assertIsolated()
            selectedTab = index
        }
    }

    actor Coupons {
        private(set) var processed: [String] = []
        func validateAndProcess(_ coupon: String) { processed.append(coupon) }
    }

    @Test func mappingFiltersAndRequests() async throws {
        let navigation = Navigation()
        let coupons = Coupons()

        // sample: MigratingFromTurnpike#1
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:product_id", name: "product") { request in
            let productID = try request.routeParameters?.require("product_id") ?? ""
            await navigation.push(.product(productID))
            return .handled
        }
        builder.add("tab/:tab_name", name: "tab") { request in
            let tabIndex = request.routeParameters?["tab_name"] == "Home" ? 0 : 1
            await navigation.selectTab(tabIndex)
            return .handled
        }
        builder.setDefaultRoute(name: "launch") { _ in .handled }
        // end sample

        // sample: MigratingFromTurnpike#2
        builder.addFilter(
            FilterClosure(name: "coupon") { request in
                if let coupon = request.queryParameters["coupon_id"] {
                    await coupons.validateAndProcess(coupon)
                }
                return .proceed
            })
        builder.addFilter(
            FilterClosure(name: "log") { request in
                if let template = request.matchedTemplate {
                    print("route", template.pattern, "parameters", request.routeParameters?.dictionary ?? [:])
                }
                return .proceed
            })
        let resolver = try builder.build()
        // end sample

        // sample: MigratingFromTurnpike#3
        let external = await resolver.resolve("shop://product/42?coupon_id=SPRING")
        let matchedRoute = external.request?.matchedTemplate?.pattern  // "product/:product_id"
        let productID = external.request?.routeParameters?["product_id"]  // "42"
        let coupon = external.request?.queryParameters["coupon_id"]  // "SPRING"
        let urlSchema = external.request?.scheme  // "shop"

        let inApp = await resolver.resolve("tab/Home")
        let internalSchema = inApp.request?.scheme  // nil: invoked internally
        let internalQuery = inApp.request?.queryParameters.isEmpty  // true
        let origin = inApp.request?.origin  // .internal

        let unknown = await resolver.resolve("shop://somewhere/else")
        let defaultRan = unknown.status  // .handledByDefault
        let noRoute = unknown.request?.matchedTemplate  // nil, as Turnpike's matchedRoute
        let noParameters = unknown.request?.routeParameters  // nil
        // end sample
        #expect(matchedRoute == "product/:product_id")
        #expect(productID == "42")
        #expect(coupon == "SPRING")
        #expect(urlSchema == "shop")
        #expect(internalSchema == nil)
        #expect(internalQuery == true)
        #expect(origin == .internal)
        #expect(defaultRan == .handledByDefault)
        #expect(noRoute == nil)
        #expect(noParameters == nil)
        #expect(await navigation.pushed == [.product("42")])
        #expect(await navigation.selectedTab == 0)
        #expect(await coupons.processed == ["SPRING"])
        #expect(await resolver.resolve("tab/Settings").status == .handled)
        #expect(await navigation.selectedTab == 1)
    }
}
