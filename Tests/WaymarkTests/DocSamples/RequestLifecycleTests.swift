import Testing
import Waymark

/// The samples of "The Request Lifecycle" (Waymark.docc), run as written.
@Suite struct RequestLifecycleTests {
    @Test func filtersAndRequests() async throws {
        // sample: RequestLifecycle#1
        enum Session { static let isSignedIn = false }  // stands in for your app's sign-in state

        let maintenance = FilterClosure(name: "maintenance") { request in
            request.routeName == "checkout" ? .reject("checkout is closed for maintenance") : .proceed
        }
        let signedIn = FilterClosure(name: "signed-in") { request in
            Session.isSignedIn ? .proceed : .redirect(to: "sign-in?next=\(request.url.path)")
        }

        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.addFilter(maintenance)
        builder.add("account/orders", name: "orders", .filters(signedIn)) { _ in .handled }
        builder.add("checkout", name: "checkout") { _ in .handled }
        builder.add("sign-in", name: "sign-in") { request in
            print("sign in, then open", request.queryParameters["next"] ?? "/")
            return .handled
        }
        let resolver = try builder.build()

        let orders = await resolver.resolve("shop://account/orders")
        let openedInstead = orders.request?.routeName  // "sign-in"
        let next = orders.request?.queryParameters["next"]  // "/account/orders"
        let hops = orders.redirects.map(\.filter)  // ["signed-in"]

        let checkout = await resolver.resolve("shop://checkout")
        let rejected = checkout.status  // .rejected
        let rejectedBy = checkout.filter  // "maintenance"
        let reason = checkout.reason  // "filter 'maintenance' rejected the request: checkout is closed for maintenance"
        // end sample
        #expect(openedInstead == "sign-in")
        #expect(next == "/account/orders")
        #expect(hops == ["signed-in"])
        #expect(rejected == .rejected)
        #expect(rejectedBy == "maintenance")
        #expect(reason == "filter 'maintenance' rejected the request: checkout is closed for maintenance")

        // sample: RequestLifecycle#2
        let request = resolver.request(for: "shop://account/orders?tab=open#top")
        let scheme = request?.scheme  // "shop"
        let host = request?.host  // "account"
        let template = request?.matchedTemplate  // account/orders
        let tab = request?.queryParameters["tab"]  // "open"
        let fragment = request?.fragment  // "top"
        let origin = request?.origin  // .external
        // end sample
        #expect(scheme == "shop")
        #expect(host == "account")
        #expect(template?.pattern == "account/orders")
        #expect(tab == "open")
        #expect(fragment == "top")
        #expect(origin == .external)
    }

    @Test func aDeclinedDestinationLetsTheNextCandidateTry() async throws {
        // sample: RequestLifecycle#3
        let known: Set = ["red-shoes", "blue-hat"]
        var catalogue = RouteResolverBuilder(schemes: ["shop"])
        catalogue.add("product/:slug", name: "product") { request in
            known.contains(request.routeParameters?["slug"] ?? "") ? .handled : .declined
        }
        catalogue.add("*path", name: "web page") { _ in .handled }
        let shop = try catalogue.build()
        let found = await shop.resolve("shop://product/red-shoes").request?.routeName  // "product"
        let missing = await shop.resolve("shop://product/green").request?.routeName  // "web page"
        // end sample
        #expect(found == "product")
        #expect(missing == "web page")
    }
}
