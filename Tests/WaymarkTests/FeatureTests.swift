import Foundation
import Testing
import Waymark

/// Routes bound to features: asked at resolution time, every time.
@Suite struct FeatureTests {
    /// A feature whose availability the test flips.
    final class Switch: Feature, @unchecked Sendable {
        // `@unchecked Sendable`: `on` is only touched while `lock` is held.
        private let lock = NSLock()
        private var on: Bool
        let name: String
        init(_ name: String, on: Bool) {
            self.name = name
            self.on = on
        }
        func set(_ value: Bool) { lock.withLock { on = value } }
        func isAvailable() async -> Bool { lock.withLock { on } }
    }

    func resolver(_ feature: Switch, fallback: FeatureFallback) throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("reports", name: "reports", .feature(feature, whenUnavailable: fallback)) { _ in .handled }
        builder.add("paywall", name: "paywall") { _ in .handled }
        return try builder.build()
    }

    @Test func anAvailableFeatureLetsTheRouteRun() async throws {
        let result = try await resolver(Switch("pro", on: true), fallback: .reject).resolve("shop://reports")
        #expect(result.status == .handled)
        #expect(result.feature == nil)
    }

    @Test func anUnavailableFeatureRejectsTheRoute() async throws {
        let result = try await resolver(Switch("pro", on: false), fallback: .reject).resolve("shop://reports")
        #expect(result.status == .featureUnavailable)
        #expect(result.feature == "pro")
        #expect(result.reason == "route 'reports' (\"reports\") needs the feature 'pro', which is unavailable")
    }

    @Test func anUnavailableFeatureCanRedirectToAPaywall() async throws {
        let result = try await resolver(Switch("pro", on: false), fallback: .redirect(to: "paywall")).resolve(
            "shop://reports")
        #expect(result.status == .handled)
        #expect(result.request?.routeName == "paywall")
        #expect(result.redirects.map(\.filter) == ["feature 'pro'"])
    }

    @Test func availabilityIsAskedEveryTime() async throws {
        let feature = Switch("pro", on: false)
        let resolver = try resolver(feature, fallback: .reject)
        #expect(await resolver.resolve("shop://reports").status == .featureUnavailable)
        feature.set(true)
        #expect(await resolver.resolve("shop://reports").status == .handled)
        feature.set(false)
        #expect(await resolver.resolve("shop://reports").status == .featureUnavailable)
    }

    @Test func presentationAnswersEndUpInTheResult() async throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("later", name: "later") { _ in .deferred }
        builder.add("busy", name: "busy") { _ in .cancelled("a payment is in progress") }
        builder.add("no", name: "no") { _ in .userCancelled }
        builder.add("camera", name: "camera") { _ in .unsupported("no camera") }
        let resolver = try builder.build()
        #expect(await resolver.resolve("shop://later").status == .deferred)
        let busy = await resolver.resolve("shop://busy")
        #expect(busy.status == .presentationCancelled)
        #expect(busy.reason == "route 'busy' (\"busy\") was cancelled: a payment is in progress")
        #expect(await resolver.resolve("shop://no").status == .userCancelled)
        #expect(
            await resolver.resolve("shop://camera").reason == "route 'camera' (\"camera\") cannot be shown: no camera")
    }
}
