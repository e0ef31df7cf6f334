import Foundation
import Logging
import Testing
import Waymark
import WaymarkNavigation

/// Collects log messages, for asserting what the router logs.
final class LogRecorder: @unchecked Sendable {
    // `@unchecked Sendable`: `lines` is only touched while `lock` is held.
    private let lock = NSLock()
    private var lines: [String] = []
    var messages: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            recorder.append("\(event.level): \(event.message)")
        }
    }
}

/// A policy whose answers the test sets.
@MainActor
final class ScriptedPolicy: PresentationPolicy {
    nonisolated(unsafe) var answers: [PresentationDecision]
    init(_ answers: [PresentationDecision]) { self.answers = answers }
    func decide(_ route: AppRoute, in state: NavigationState<AppRoute>) -> PresentationDecision {
        answers.isEmpty ? .ready : answers.removeFirst()
    }
}

@MainActor
@Suite struct RouterTests {
    @Test func everyChangeIsLoggedWithTheRouteName() {
        let recorder = LogRecorder()
        let router = Router(root: AppRoute.home, logger: recorder.logger)
        router.apply(.product(1))
        router.apply(.cart)
        router.pop()
        router.dismiss()
        #expect(
            recorder.messages == [
                "debug: navigation[main]: apply push product(<private>) → home › product(<private>)",
                "debug: navigation[main]: apply sheet(withStack: true) cart → home › product(<private>) ⟫ sheet: cart",
                "trace: navigation[main]: pop : no change",
                "debug: navigation[main]: dismiss → home › product(<private>)",
            ])
    }

    @Test func eachPolicyAnswer() async {
        let policy = ScriptedPolicy([
            .ready, .cancelled("payment in progress"), .userCancelled, .unsupported("no camera"),
        ])
        let router = Router(root: AppRoute.home)
        router.policy = policy
        #expect(await router.open(.product(2)) == .ready)
        #expect(
            router.state == NavigationState(root: .home, stack: [.category("even"), .product(2)]).applying { _ in })
        let before = router.state
        #expect(await router.open(.cart) == .cancelled("payment in progress"))
        #expect(await router.open(.cart) == .userCancelled)
        #expect(await router.open(.cart) == .unsupported("no camera"))
        #expect(router.state == before)
        #expect(PresentationDecision.cancelled("x").destinationOutcome == .cancelled("x"))
        #expect(PresentationDecision.ready.destinationOutcome == .handled)
    }

    /// Routine answers (deferred, cancelled by the app's policy or by the user) are logged at debug,
    /// below swift-log's default `info`; a route the app cannot show at all, which is dropped, at
    /// notice.
    @Test func eachPolicyAnswerIsLoggedAtItsLevel() async {
        let recorder = LogRecorder()
        let router = Router(root: AppRoute.home, logger: recorder.logger)
        router.policy = ScriptedPolicy([
            .deferred, .cancelled("payment in progress"), .userCancelled, .unsupported("no camera"),
        ])
        for _ in 0..<4 { await router.open(.cart) }
        #expect(
            recorder.messages == [
                "debug: navigation[main]: deferred cart (1 waiting)",
                #"debug: navigation[main]: cancelled("payment in progress") cart: payment in progress"#,
                "debug: navigation[main]: the user cancelled cart",
                #"notice: navigation[main]: unsupported("no camera") cart: no camera"#,
            ])
    }

    @Test func deferredRoutesApplyOnceInOrderWhenTheUIIsReady() async {
        let router = Router(root: AppRoute.home)
        router.policy = ScriptedPolicy([.deferred, .deferred])
        #expect(await router.open(.product(1)) == .deferred)
        #expect(await router.open(.cart) == .deferred)
        #expect(router.state == NavigationState(root: .home))
        #expect(router.deferred.map(\.route) == [.product(1), .cart])
        router.presentationBecameReady()
        var expected = NavigationState<AppRoute>(root: .home)
        expected.rebuild(for: .product(1))
        expected.rebuild(for: .cart)
        #expect(router.state == expected)
        #expect(router.deferred.isEmpty)
        let after = router.state
        router.presentationBecameReady()
        #expect(router.state == after)
    }

    @Test func levelRoutersWorkOnTheirLevel() {
        let router = Router(root: AppRoute.home)
        router.apply(.cart)
        router.level(1).push(.product(7))
        #expect(router.stack(at: 1) == [.product(7)])
        #expect(router.stack(at: 0).isEmpty)
        router.level(1).dismiss()
        #expect(router.presentation(at: 0) == nil)
    }

    @Test func tabsSelectThenRoute() async {
        let tabs = TabRouter(tabs: [("shop", AppRoute.home), ("account", AppRoute.settings)], selected: "shop")
        #expect(await tabs.open(.product(4), in: "account") == .ready)
        #expect(tabs.selectedTab == "account")
        #expect(tabs.router(for: "account")?.state.stack == [.category("even"), .product(4)])
        #expect(tabs.router(for: "shop")?.state == NavigationState(root: .home))
        #expect(await tabs.open(.cart, in: "nowhere") == .unsupported("there is no tab nowhere"))
    }

    /// A cold launch: links arrive before the UI; they wait, the policy is not asked, and they are
    /// applied in arrival order, once, when the router becomes ready.
    @Test func linksWaitUntilTheRouterIsReady() async {
        let router = Router(root: AppRoute.home, isReady: false)
        let policy = ScriptedPolicy([.cancelled("asked too early")])
        router.policy = policy
        #expect(await router.open(.product(3)) == .deferred)
        #expect(await router.open(.cart) == .deferred)
        #expect(router.state == NavigationState(root: .home))
        #expect(router.deferred.map(\.route) == [.product(3), .cart])
        #expect(policy.answers.count == 1)
        router.isReady = true
        // Each link rebuilds from the root, so the last one decides what is on screen.
        #expect(router.deferred.isEmpty)
        #expect(router.stack(at: 0).isEmpty)
        #expect(router.presentation(at: 0)?.state.root == .cart)
        let shown = router.state
        router.isReady = true
        #expect(router.state == shown)
        #expect(await router.open(.product(5)) == .cancelled("asked too early"))
    }

    /// `presentationBecameReady()` (a policy's queue released, say when onboarding ends) does not
    /// show routes while the router is not ready: they keep waiting for `isReady`, in order.
    @Test func releasingThePolicyQueueWaitsForTheUI() async {
        let router = Router(root: AppRoute.home, isReady: false)
        await router.open(.product(3))
        router.presentationBecameReady()
        #expect(router.state == NavigationState(root: .home))
        #expect(router.deferred.map(\.route) == [.product(3)])
        router.isReady = true
        #expect(router.deferred.isEmpty)
        #expect(router.stack(at: 0) == [.category("odd"), .product(3)])
    }
}

/// Hotwire path properties mapped to navigation behaviour.
@Suite struct NavigationBehaviorTests {
    @Test(
        arguments: [
            (["context": "modal"], NavigationBehavior.show(.sheet(withStack: true))),
            (["context": "modal", "modal_style": "full"], .show(.cover)),
            (["presentation": "replace_root"], .show(.root)),
            (["presentation": "pop"], .pop),
            (["presentation": "replace"], .replace),
            (["presentation": "clear_all"], .clearAll),
            (["presentation": "refresh"], .refresh),
            (["presentation": "none"], NavigationBehavior.none),
            (["presentation": "push", "context": "default"], .show(.push)),
            ([:], .show(.push)),
        ] as [([String: JSONValue], NavigationBehavior)])
    func hotwireValues(properties: [String: JSONValue], expected: NavigationBehavior) {
        let (behavior, problems) = NavigationBehavior.resolve(AppRoute.product(1), properties: properties)
        #expect(behavior == expected)
        #expect(problems.isEmpty)
    }

    @Test func aRoutesOwnRoutingTypeWins() {
        #expect(NavigationBehavior.resolve(AppRoute.login, properties: ["context": "modal"]).behavior == .show(.cover))
    }

    @Test func unknownValuesAreReported() {
        let (behavior, problems) = NavigationBehavior.resolve(
            AppRoute.product(1), properties: ["presentation": "clear", "context": "popup"])
        #expect(behavior == .show(.push))
        #expect(
            problems == [
                "context: \"popup\" is not default or modal; read as default",
                "presentation: \"clear\" is not one of default, push, pop, replace, replace_root, clear_all, refresh, none; read as default",
            ])
    }

    @MainActor
    @Test func theRouterAppliesPropertiesAndKeepsProblems() async {
        let router = Router(root: AppRoute.home)
        router.apply(.product(1))
        await router.open(.product(2), properties: ["context": "modal"])
        #expect(router.state.presentation?.state.root == .product(2))
        await router.open(.product(3), properties: ["presentation": "sideways"])
        #expect(
            router.problems == [
                "product(3): presentation: \"sideways\" is not one of default, push, pop, replace, replace_root, clear_all, refresh, none; read as default"
            ])
        var state = NavigationState<AppRoute>(root: .home, stack: [.product(1)])
        state.apply(.product(2), behavior: .replace)
        #expect(state.stack == [.product(2)])
        state.apply(.product(3), behavior: .clearAll)
        #expect(state == NavigationState(root: .home))
    }
}

/// The README's feature and router wiring, with the test routes.
@MainActor
@Suite struct NavigationReadmeTests {
    @Test func aPaidFeatureAndTheRouter() async throws {
        let router = Router(root: AppRoute.home)
        let purchased = PurchaseFlag()
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        let pro = FeatureClosure(name: "pro") { await purchased.value }
        builder.add("orders", name: "orders", .feature(pro, whenUnavailable: .redirect(to: "paywall"))) { request in
            await router.open(AppRoute.cart, properties: request.properties).destinationOutcome
        }
        builder.add("paywall", name: "paywall") { _ in .handled }
        let resolver = try builder.build()
        let first = await resolver.resolve("shop://orders")
        #expect(first.request?.routeName == "paywall")
        #expect(router.state == NavigationState(root: .home))
        await purchased.set(true)
        #expect(await resolver.resolve("shop://orders").status == .handled)
        #expect(router.state.presentation?.state.root == .cart)
        router.policy = ScriptedPolicy([.deferred])
        #expect(await resolver.resolve("shop://orders").status == .deferred)
    }

    actor PurchaseFlag {
        var value = false
        func set(_ new: Bool) { value = new }
    }
}
