import Foundation
import Testing
import Waymark
import WaymarkTestSupport

/// `preview` answers at once what `resolve` will do first, with the same rules.
@Suite struct RoutePreviewTests {
    /// The status `resolve` ends with for each outcome, when no filter, feature or destination
    /// changes anything (every destination handles).
    static let statusOf: [RoutePreview.Outcome: RoutingStatus] = [
        .opens: .handled, .opensDefault: .handledByDefault, .needsConfirmation: .needsConfirmation,
        .internalOnly: .internalOnly, .unmatched: .unmatched, .refused: .refused, .invalid: .invalid,
        .limitExceeded: .limitExceeded,
    ]

    static let segments = ["a", "b", "admin", "create", "7", "x%20y", ""]
    static let templates: [RouteTemplate] = ["a", "a/:id", "b/:id<int>", "admin", "admin/*rest", "create", ":x/b", "*"]

    /// Generated resolvers (random templates, options and default route) and generated links (every
    /// kind: app, universal, accepted or not, internal strings, invalid ones, over the segment
    /// limit), each previewed and resolved from both origins: the preview's outcome is always the
    /// status resolving ends with, and its request names the same route.
    @Test func thePreviewAgreesWithResolution() async throws {
        var random = SeededGenerator(seed: 19)
        var compared = 0
        var seen: Set<RoutePreview.Outcome> = []
        for round in 0..<60 {
            var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
            var names: Set<String> = []
            for (index, template) in Self.templates.enumerated() where Bool.random(using: &random) {
                var options: [RouteOption] = []
                if Int.random(in: 0..<4, using: &random) == 0 { options.append(.internalOnly) }
                if Int.random(in: 0..<4, using: &random) == 0 { options.append(.requiresConfirmation) }
                if Bool.random(using: &random) { options.append(.scopes(.app(scheme: "shop"))) }
                if Int.random(in: 0..<3, using: &random) == 0 { options.append(.priority(1)) }
                builder.add(template, name: "r\(index)", options: options) { _ in .handled }
                names.insert("r\(index)")
            }
            if Bool.random(using: &random) { builder.setDefaultRoute(name: "home") { _ in .handled } }
            guard let resolver = try? builder.build() else { continue }
            for _ in 0..<40 {
                let path = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    Self.segments.randomElement(using: &random) ?? "a"
                }.joined(separator: "/")
                let links = [
                    "shop://" + path, "https://shop.example.com/" + path, "https://other.example.com/" + path,
                    "other://" + path, path, "shop://" + path + "/%E9",
                    "shop://" + Array(repeating: "a", count: 200).joined(separator: "/"),
                ]
                for link in links {
                    for origin in [RouteOrigin.external, .internal, nil] {
                        let preview = resolver.preview(link, origin: origin)
                        let result = await resolver.resolve(link, origin: origin)
                        #expect(
                            Self.statusOf[preview.outcome] == result.status,
                            "round \(round): \(link) from \(String(describing: origin)): preview \(preview), resolve \(result)"
                        )
                        #expect(preview.request?.routeName == result.request?.routeName, "\(link)")
                        seen.insert(preview.outcome)
                        compared += 1
                    }
                }
            }
        }
        // Every outcome was met, so the agreement covers every rule.
        #expect(seen == Set(Self.statusOf.keys))
        #expect(compared > 10_000)
    }

    /// Filters and features are named, not run: they may still change the answer.
    @Test func filtersAndFeaturesArePending() async throws {
        let ran = Counter()
        var builder = RouteResolverBuilder(schemes: ["my-app"])
        builder.addFilter(
            FilterClosure(name: "signed-in") { _ in
                await ran.increment(); return .proceed
            })
        builder.add(
            "send", name: "send",
            .feature(
                FeatureClosure(name: "pro") {
                    await ran.increment(); return false
                }),
            .filters(FilterClosure(name: "quota") { _ in .proceed })
        ) { _ in .handled }
        let resolver = try builder.build()
        let preview = resolver.preview("my-app://send?tweet=Hello%20World")
        #expect(preview.outcome == .opens)
        #expect(preview.opensRoute)
        #expect(preview.pendingChecks == ["filter 'signed-in'", "feature 'pro'", "filter 'quota'"])
        #expect(preview.request?.queryParameters["tweet"] == "Hello World")
        #expect(await ran.value == 0)
        #expect(await resolver.resolve("my-app://send").status == .featureUnavailable)
    }

    @Test func aLinkOnlyTheDefaultRouteTakesDoesNotOpenARoute() throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        let resolver = try builder.build()
        #expect(resolver.preview("shop://product/1").opensRoute)
        let other = resolver.preview("shop://nowhere")
        #expect(other.outcome == .opensDefault)
        #expect(!other.opensRoute)
        #expect(other.description == #"opensDefault: no route matches the path (1 segment)"#)
    }

    actor Counter {
        var value = 0
        func increment() { value += 1 }
    }
}
