import Foundation
import Observation
import Testing
import Waymark
import WaymarkNavigation

/// The samples of "App Integration" (Waymark.docc) that run without Apple's SDKs, run as written,
/// and the flow every entry point of the article shares, exercised on Linux: links resolved before
/// the UI exists wait in a router made with `isReady: false`, in arrival order, without asking the
/// policy; they open when it becomes ready; and `preview` answers for the same links at once.
///
/// The article's SwiftUI, UIKit and AppKit samples cannot run here: copies of them in
/// Tests/AppleSDKInterfaces/AppIntegration are type-checked by scripts/check-swiftui.sh against
/// transcribed SDK declarations, with this file's `ShopRoute` and `ShopLinks` taken from the article.
@MainActor
@Suite struct AppIntegrationTests {
    // sample: AppIntegration#1
    enum ShopRoute: URLRoute, NavigationRoute {
        case home
        case product(id: Int)
        case orders

        static let routeMap: RouteMap<ShopRoute> = [
            "home": "/",
            "product": "product/:id<int>",
            "orders": "account/orders",
        ]
    }

    /// Every link the app receives comes through here: one resolver, one router.
    @MainActor
    final class ShopLinks {
        static let shared = try! ShopLinks()

        let router: Router<ShopRoute>
        let resolver: RouteResolver
        private var last: Task<RoutingResult, Never>?

        init() throws {
            // Made before the UI exists: routes from links wait until `router.isReady`.
            let router = Router(root: ShopRoute.home, isReady: false)
            var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
            try builder.add(routes: ShopRoute.self) { route, request in
                await router.open(route, properties: request.properties).destinationOutcome
            }
            self.router = router
            self.resolver = try builder.build()
        }

        /// Whether a route of the app opens `url`: the answer a delegate returns at once.
        func opensRoute(_ url: URL) -> Bool {
            resolver.preview(url.absoluteString).opensRoute
        }

        /// Resolves `url` in a task, after every link that arrived before it.
        @discardableResult
        func open(_ url: URL) -> Task<RoutingResult, Never> {
            let previous = last
            let task = Task {
                _ = await previous?.value
                return await resolver.resolve(url.absoluteString)
            }
            last = task
            return task
        }
    }
    // end sample

    @Test func aColdLaunch() async throws {
        // sample: AppIntegration#7
        let links = try ShopLinks()  // at launch: the router is not ready, there is no UI yet
        let link = URL(string: "shop://product/42")!
        let answer = links.opensRoute(link)  // true: what application(_:open:options:) returns now
        let first = await links.open(link).value
        let second = await links.open(URL(string: "https://shop.example.com/account/orders")!).value
        let statuses = [first.status, second.status]  // [.deferred, .deferred]
        let waiting = links.router.deferred.map(\.route)  // [.product(id: 42), .orders]
        let before = NavigationDescription.describe(links.router.state)  // "home"

        links.router.isReady = true  // the first screen is on screen
        let after = NavigationDescription.describe(links.router.state)  // "home › orders"
        let later = await links.open(URL(string: "shop://product/7")!).value.status  // .handled
        let now = NavigationDescription.describe(links.router.state)  // "home › product(7)"
        // end sample
        #expect(answer)
        #expect(statuses == [.deferred, .deferred])
        #expect(waiting == [.product(id: 42), .orders])
        #expect(before == "home")
        #expect(after == "home › orders")
        #expect(later == .handled)
        #expect(now == "home › product(7)")
        #expect(links.router.deferred.isEmpty)
    }

    /// Links that arrive side by side, before the UI: each is resolved after the one before it, so
    /// they wait in arrival order; the policy is not asked until the router is ready, and then only
    /// for links that arrive after; the preview of each link answers at once, before and after.
    @Test func linksKeepTheirOrderAndThePolicyWaitsForTheUI() async throws {
        let links = try ShopLinks()
        let policy = CountingPolicy()
        links.router.policy = policy
        let urls = (1...20).map { URL(string: $0 % 5 == 0 ? "shop://account/orders" : "shop://product/\($0)")! }
        // Every preview, before anything resolves: each link opens a route.
        #expect(urls.allSatisfy(links.opensRoute))
        let tasks = urls.map { links.open($0) }
        var statuses: [RoutingStatus] = []
        for task in tasks { statuses.append(await task.value.status) }
        #expect(statuses == Array(repeating: .deferred, count: 20))
        #expect(links.router.deferred.map(\.route) == urls.map { ShopRoute.route(for: $0) })
        #expect(policy.asked.isEmpty)
        #expect(links.router.state == NavigationState(root: .home))

        links.router.isReady = true
        // Applied once each, in order: each link rebuilds from the root, so the last one shows.
        #expect(links.router.deferred.isEmpty)
        #expect(NavigationDescription.describe(links.router.state) == "home › orders")
        #expect(policy.asked.isEmpty)

        #expect(await links.open(URL(string: "shop://product/3")!).value.status == .handled)
        #expect(policy.asked == [.product(id: 3)])
        #expect(links.router.state.visibleRoute == .product(id: 3))
    }

    /// What the preview answers for links that open no route, and that resolving agrees.
    @Test func linksThatOpenNoRoute() async throws {
        let links = try ShopLinks()
        for link in ["shop://nowhere", "https://evil.example/product/1", "shop://product/red", "mailto:x@example.com"] {
            let url = URL(string: link)!
            #expect(!links.opensRoute(url), "\(link)")
            let result = await links.open(url).value
            #expect(!result.status.isHandled, "\(link): \(result)")
        }
        links.router.isReady = true
        #expect(links.router.state == NavigationState(root: .home))
        #expect(links.router.deferred.isEmpty)
    }

    @Test func thePreviewAndResolution() async throws {
        // sample: AppIntegration#8
        struct Search: Decodable, Sendable {
            var page: Int
        }
        let signedIn = FilterClosure(name: "signed-in") { _ in .redirect(to: "sign-in") }  // nobody is signed in
        let pro = FeatureClosure(name: "pro") { false }  // nothing is purchased
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.add("orders", name: "orders", .filters(signedIn)) { _ in .handled }
        builder.add("sign-in", name: "sign-in") { _ in .handled }
        builder.add("reports", name: "reports", .feature(pro)) { _ in .handled }
        builder.add("search", name: "search", input: Search.self) { _, _ in .handled }
        builder.add("debug", name: "debug", .internalOnly) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        let resolver = try builder.build()

        let product = resolver.preview("shop://product/42").outcome  // .opens
        let orders = resolver.preview("shop://orders")  // .opens, pendingChecks ["filter 'signed-in'"]
        let ordersOpened = await resolver.resolve("shop://orders").request?.routeName  // "sign-in"
        let reports = resolver.preview("shop://reports").opensRoute  // true
        let reportsResolved = await resolver.resolve("shop://reports").status  // .featureUnavailable
        let search = resolver.preview("shop://search?page=two").opensRoute  // true
        let searchResolved = await resolver.resolve("shop://search?page=two").status  // .invalid
        let debug = resolver.preview("shop://debug").outcome  // .internalOnly
        let unknown = resolver.preview("shop://nowhere")  // .opensDefault: opensRoute is false
        let offSite = resolver.preview("https://evil.example/product/42").outcome  // .opensDefault
        // end sample
        #expect(product == .opens)
        #expect(orders.outcome == .opens)
        #expect(orders.pendingChecks == ["filter 'signed-in'"])
        #expect(ordersOpened == "sign-in")
        #expect(reports)
        #expect(resolver.preview("shop://reports").pendingChecks == ["feature 'pro'"])
        #expect(reportsResolved == .featureUnavailable)
        #expect(search)
        #expect(searchResolved == .invalid)
        #expect(debug == .internalOnly)
        #expect(unknown.outcome == .opensDefault)
        #expect(!unknown.opensRoute)
        #expect(offSite == .opensDefault)
        #expect(await resolver.resolve("https://evil.example/product/42").status == .handledByDefault)
    }

    /// The way the UIKit section's `ShopViewController` follows the router (`withObservationTracking`,
    /// tracked again from a main-actor task started in `onChange`), run here without UIKit: every change
    /// is shown, several changes in one turn of the main actor are shown once, in their final state, and
    /// what UIKit reports back (the back button, a sheet swiped down) reaches the router and is shown.
    @Test func followingTheRouterShowsEveryChange() async throws {
        let links = try ShopLinks()
        links.router.isReady = true
        let follower = StateFollower(router: links.router)
        #expect(follower.shown == [NavigationState(root: .home)])

        _ = await links.open(URL(string: "shop://product/42")!).value
        await follower.settle()
        #expect(follower.shown.map(NavigationDescription.describe) == ["home", "home › product(42)"])

        links.router.push(.orders)
        links.router.pop()
        links.router.apply(.product(id: 7), as: .sheet())
        await follower.settle()
        #expect(follower.shown.count == 3)
        #expect(follower.shown.last.map(NavigationDescription.describe) == "home › product(42) ⟫ sheet: product(7)")

        // The user swiped the sheet down, then went back: the delegate methods tell the router.
        links.router.dismissPresentation(at: 0)
        await follower.settle()
        links.router.setStack([], at: 0)
        await follower.settle()
        #expect(
            follower.shown.suffix(2).map(NavigationDescription.describe) == ["home › product(42)", "home"])
        #expect(follower.shown.count == 5)
    }

    /// `ShopViewController.follow()` without UIKit: records each state it would show.
    @MainActor
    final class StateFollower {
        let router: Router<ShopRoute>
        private(set) var shown: [NavigationState<ShopRoute>] = []

        init(router: Router<ShopRoute>) {
            self.router = router
            follow()
        }

        private func follow() {
            let state = withObservationTracking {
                router.state
            } onChange: { [weak self] in
                Task { @MainActor [weak self] in self?.follow() }
            }
            shown.append(state)
        }

        /// Lets the main actor run the task `onChange` started, until the last state shown is the
        /// router's.
        func settle() async {
            var turns = 0
            while shown.last != router.state, turns < 1_000 {
                await Task.yield()
                turns += 1
            }
        }
    }

    /// A policy that records what it is asked, and answers ready.
    @MainActor
    final class CountingPolicy: PresentationPolicy {
        var asked: [ShopRoute] = []
        func decide(_ route: ShopRoute, in state: NavigationState<ShopRoute>) -> PresentationDecision {
            asked.append(route)
            return .ready
        }
    }
}

extension AppIntegrationTests.ShopRoute {
    /// The route a link of the test opens (the test's own mapping, to compare with the router's).
    static func route(for url: URL) -> Self {
        url.lastPathComponent == "orders" ? .orders : .product(id: Int(url.lastPathComponent)!)
    }
}
