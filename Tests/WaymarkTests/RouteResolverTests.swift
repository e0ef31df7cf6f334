import Foundation
import Testing
import Waymark

/// Records what ran, in order, across concurrent closures.
///
/// `NSLock`, not `Synchronization.Mutex`: `Mutex` needs macOS 15 / iOS 18, above the package's
/// floors, and on Apple platforms every test target links into one bundle, so one test file that
/// needs it would stop every test from building there.
final class Trace: @unchecked Sendable {
    // Safe to share: `entries` is only read or written while `lock` is held, and the lock is never
    // held across a suspension point (both bodies are synchronous).
    private let lock = NSLock()
    private var entries: [String] = []
    func record(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

@Suite struct RouteResolverTests {
    static func builder(_ trace: Trace) -> RouteResolverBuilder {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product", .properties(["presentation": "modal"])) { request in
            trace.record("product \(request.routeParameters?["id"] ?? "")")
            return .handled
        }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in
            trace.record("debug")
            return .handled
        }
        builder.add("sign-in", name: "sign-in") { _ in
            trace.record("sign-in")
            return .handled
        }
        return builder
    }

    @Test func aMatchedRouteRunsWithAFullRequest() async throws {
        let trace = Trace()
        let resolver = try Self.builder(trace).build()
        let result = await resolver.resolve("shop://product/42?ref=mail&tag=a&tag=b#reviews")
        #expect(result.status == .handled)
        #expect(result.reason == nil)
        let request = try #require(result.request)
        #expect(request.origin == .external)
        #expect(request.scheme == "shop")
        #expect(request.host == "product")
        #expect(request.routeName == "product")
        #expect(request.matchedTemplate?.pattern == "product/:id<int>")
        #expect(request.routeParameters?["id"] == "42")
        #expect(request.queryParameters.values(for: "tag") == ["a", "b"])
        #expect(request.fragment == "reviews")
        #expect(request.properties == ["presentation": .string("modal")])
        #expect(trace.all == ["product 42"])
    }

    @Test func theDefaultRouteRunsWithNilTemplateAndParameters() async throws {
        let trace = Trace()
        var builder = Self.builder(trace)
        builder.setDefaultRoute(name: "home") { request in
            trace.record("home \(request.url.path)")
            return .handled
        }
        let resolver = try builder.build()
        let result = await resolver.resolve("shop://nowhere/1?x=2")
        #expect(result.status == .handledByDefault)
        #expect(result.reason == #"no route matches the path (2 segments)"#)
        #expect(result.request?.matchedTemplate == nil)
        #expect(result.request?.routeParameters == nil)
        #expect(result.request?.routeName == "home")
        #expect(result.request?.queryParameters["x"] == "2")
        #expect(trace.all == ["home /nowhere/1"])

        let refused = await resolver.resolve("https://evil.example/product/1")
        #expect(refused.status == .handledByDefault)
        #expect(refused.reason == "the domain 'evil.example' is not accepted; accepted domains: shop.example.com")
    }

    @Test func withoutADefaultRouteTheResultSaysNothingRan() async throws {
        let resolver = try Self.builder(Trace()).build()
        let unmatched = await resolver.resolve("shop://nowhere")
        #expect(unmatched.status == .unmatched)
        #expect(unmatched.request?.routeParameters == nil)
        let refused = await resolver.resolve("other://product/1")
        #expect(refused.status == .refused)
        #expect(refused.reason == "the scheme 'other' is not accepted; accepted schemes: shop")
        let invalid = await resolver.resolve("shop://product/%FF")
        #expect(invalid.status == .invalid)
        #expect(invalid.request == nil)
    }

    @Test func internalOnlyRoutesCannotBeReachedFromOutside() async throws {
        let trace = Trace()
        let resolver = try Self.builder(trace).build()
        let external = await resolver.resolve("shop://debug/menu")
        #expect(external.status == .internalOnly)
        #expect(external.reason == #"route 'debug' ("debug/menu") is internal-only; external links cannot open it"#)
        let inApp = await resolver.resolve("debug/menu")
        #expect(inApp.status == .handled)
        #expect(inApp.request?.origin == .internal)
        let explicit = await resolver.resolve("shop://debug/menu", origin: .internal)
        #expect(explicit.status == .handled)
        #expect(trace.all == ["debug", "debug"])
    }

    @Test func globalFiltersRunBeforeRouteFiltersInOrder() async throws {
        let trace = Trace()
        var builder = RouteResolverBuilder()
        builder.addFilter(
            FilterClosure(name: "g1") { _ in
                trace.record("g1"); return .proceed
            })
        builder.addFilter(
            FilterClosure(name: "g2") { _ in
                trace.record("g2"); return .proceed
            })
        let own: [any RouteFilter] = [
            FilterClosure(name: "r1") { _ in
                trace.record("r1"); return .proceed
            },
            FilterClosure(name: "r2") { _ in
                trace.record("r2"); return .proceed
            },
        ]
        builder.add("a", .filters(own)) { _ in
            trace.record("destination"); return .handled
        }
        let result = try await builder.build().resolve("a")
        #expect(result.status == .handled)
        #expect(trace.all == ["g1", "g2", "r1", "r2", "destination"])
    }

    @Test func aRejectingFilterStopsTheRequestAndIsNamed() async throws {
        let trace = Trace()
        var builder = Self.builder(trace)
        builder.addFilter(
            FilterClosure(name: "adult-content") { request in
                request.routeName == "product" ? .reject("age not confirmed") : .proceed
            })
        let result = try await builder.build().resolve("shop://product/1")
        #expect(result.status == .rejected)
        #expect(result.filter == "adult-content")
        #expect(result.reason == "filter 'adult-content' rejected the request: age not confirmed")
        #expect(trace.all.isEmpty)
    }

    struct Offline: Error, CustomStringConvertible {
        var description: String { "the network is offline" }
    }

    @Test func aThrowingFilterRejects() async throws {
        var builder = Self.builder(Trace())
        builder.addFilter(FilterClosure(name: "session") { _ in throw Offline() })
        let result = try await builder.build().resolve("shop://product/1")
        #expect(result.status == .rejected)
        #expect(result.reason == "filter 'session' threw: the network is offline")
    }

    @Test func aRedirectResolvesTheTargetWithTheOriginOfTheChain() async throws {
        let trace = Trace()
        var builder = Self.builder(trace)
        builder.add(
            "account", name: "account",
            .filters([
                FilterClosure(name: "signed-in") { _ in .redirect(to: "sign-in") }
            ])
        ) { _ in
            trace.record("account"); return .handled
        }
        let result = try await builder.build().resolve("shop://account")
        #expect(result.status == .handled)
        #expect(result.request?.routeName == "sign-in")
        // The link came from outside: the sign-in screen knows it (docs/security.md).
        #expect(result.request?.origin == .external)
        #expect(
            result.redirects == [RoutingResult.Redirect(from: "shop://account", to: "sign-in", filter: "signed-in")])
        #expect(trace.all == ["sign-in"])
    }

    @Test func aRedirectLoopIsDetectedAndStopped() async throws {
        var builder = RouteResolverBuilder()
        builder.add("a", .filters([FilterClosure(name: "to-b") { _ in .redirect(to: "b") }])) { _ in .handled }
        builder.add("b", .filters([FilterClosure(name: "to-a") { _ in .redirect(to: "a") }])) { _ in .handled }
        let result = try await builder.build().resolve("a")
        #expect(result.status == .redirectLoop)
        #expect(result.reason == #"filter 'to-a' redirected back to "a", which was already visited: "a" → "b" → "a""#)
        #expect(result.redirects.map(\.to) == ["b", "a"])
    }

    @Test func anEndlessChainOfNewTargetsIsCut() async throws {
        var builder = RouteResolverBuilder()
        builder.maximumRedirects = 3
        builder.add(
            "n/:i<int>",
            .filters([
                FilterClosure(name: "next") { request in
                    .redirect(to: "n/\((Int(request.routeParameters?["i"] ?? "0") ?? 0) + 1)")
                }
            ])
        ) { _ in .handled }
        let result = try await builder.build().resolve("n/0")
        #expect(result.status == .redirectLoop)
        #expect(result.reason == #"more than 3 redirects: "n/0" → "n/1" → "n/2" → "n/3" → "n/4""#)
    }

    @Test func aDecliningDestinationFallsThroughToTheNextCandidate() async throws {
        let trace = Trace()
        var builder = RouteResolverBuilder()
        builder.add("item/:slug", name: "slug") { _ in
            trace.record("slug"); return .handled
        }
        builder.add("item/:id<int>", name: "id") { _ in
            trace.record("id declines"); return .declined
        }
        builder.add("*rest", name: "fallback") { _ in
            trace.record("fallback declines"); return .declined
        }
        let resolver = try builder.build()
        let result = await resolver.resolve("item/42")
        #expect(result.status == .handled)
        #expect(result.request?.routeName == "slug")
        #expect(result.request?.routeParameters?["slug"] == "42")
        #expect(trace.all == ["id declines", "slug"])
    }

    @Test func whenEveryCandidateDeclinesTheDefaultRouteRuns() async throws {
        let trace = Trace()
        var builder = RouteResolverBuilder()
        builder.add("x/:a", name: "a") { _ in .declined }
        builder.add("x/*", name: "b") { _ in .declined }
        let declined = try await builder.build().resolve("x/1")
        #expect(declined.status == .declined)
        #expect(declined.reason == #"every matching route declined: route 'a' ("x/:a"), route 'b' ("x/*")"#)
        builder.setDefaultRoute(name: "home") { _ in
            trace.record("home"); return .handled
        }
        let handled = try await builder.build().resolve("x/1")
        #expect(handled.status == .handledByDefault)
        #expect(trace.all == ["home"])
    }

    @Test func aThrowingDestinationFails() async throws {
        var builder = RouteResolverBuilder()
        builder.add("a", name: "a") { _ in throw Offline() }
        let result = try await builder.build().resolve("a")
        #expect(result.status == .failed)
        #expect(result.reason == #"route 'a' ("a") threw: the network is offline"#)
    }

    @Test func routeNamesMustBeUnique() {
        var builder = RouteResolverBuilder()
        builder.add("a", name: "same") { _ in .handled }
        builder.add("b", name: "same") { _ in .handled }
        #expect(
            throws: RoutingError(
                code: .duplicateRoute, message: "the route name 'same' is already used; names must be unique")
        ) {
            try builder.build()
        }
    }
}

@Suite struct RequestCreationTests {
    @Test func requestForAStringIsTheCreationStepAlone() throws {
        let trace = Trace()
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:id<int>", name: "product") { _ in
            trace.record("ran"); return .handled
        }
        builder.addFilter(
            FilterClosure(name: "never") { _ in
                trace.record("filtered"); return .reject("no")
            })
        let withoutDefault = try builder.build()
        let request = try #require(withoutDefault.request(for: "shop://product/42?ref=mail&utm_source=x"))
        #expect(request.routeName == "product")
        #expect(request.routeParameters?["id"] == "42")
        #expect(request.queryParameters["utm_source"] == "x")
        #expect(request.origin == .external)
        #expect(trace.all.isEmpty)

        let unmatched = try #require(withoutDefault.request(for: "shop://nowhere"))
        #expect(unmatched.routeName == nil)
        #expect(unmatched.routeParameters == nil)
        #expect(withoutDefault.request(for: "shop://product/\u{0}") == nil)

        builder.setDefaultRoute(name: "home", .properties(["title": "Home"])) { _ in .handled }
        let fallback = try #require(try builder.build().request(for: "other://x", origin: .internal))
        #expect(fallback.routeName == "home")
        #expect(fallback.matchedTemplate == nil)
        #expect(fallback.properties == ["title": "Home"])
        #expect(fallback.origin == .internal)
    }
}
