import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// The indexed shadow analysis gives the warnings the pairwise one gave, in work that grows with
/// the routes (issue 17, finding 10: 10,000 routes `:a<int>/sN` took `waymark check` 23 s).
@Suite struct ShadowAnalysisScalingTests {
    /// A random route set small enough to compare with the pairwise analysis, drawn from pieces
    /// that make routes cover one another often: few literals (in two cases), every kind of
    /// parameter, optional groups, trailing slashes, few schemes and domains, three priorities.
    struct RouteSet: CustomStringConvertible {
        var definitions: [RouteDefinition] = []
        var schemes: [String] = []
        var domains: [String] = []
        var options = RouteTableOptions()

        var description: String {
            let routes = definitions.map { "\($0.template.pattern) \($0.scopes) p\($0.priority)" }
            return "schemes \(schemes), domains \(domains), caseInsensitive \(options.caseInsensitivePaths), "
                + "strict \(options.strictTrailingSlash): " + routes.joined(separator: "; ")
        }

        static func random(using generator: inout SeededGenerator) -> RouteSet {
            var set = RouteSet()
            set.schemes = [[], ["s1"], ["s1", "s2", "s3"]].randomElement(using: &generator) ?? []
            set.domains = [[], ["d1.example"], ["d1.example", "d2.example"]].randomElement(using: &generator) ?? []
            set.options.caseInsensitivePaths = Int.random(in: 0..<4, using: &generator) == 0
            set.options.strictTrailingSlash = Int.random(in: 0..<4, using: &generator) == 0
            let pieces = ["a", "A", "b", "1", "x", ":p", ":p<int>", ":p<float>", ":p<uuid>", "*"]
            let scopeChoices: [[RouteScope]] = [
                RouteScope.defaultScopes, [.appAny], [.universalAny], [.app(scheme: "s1")], [.app(scheme: "s2")],
                [.universal(domain: "d1.example")], [.app(scheme: "s1"), .universalAny],
                [.universal(domain: "d2.example"), .appAny],
            ]
            for _ in 0..<Int.random(in: 1...14, using: &generator) {
                var segments: [String] = []
                for position in 0..<Int.random(in: 0...3, using: &generator) {
                    var piece = pieces.randomElement(using: &generator) ?? "a"
                    if piece.hasPrefix(":") { piece = piece.replacingOccurrences(of: ":p", with: ":p\(position)") }
                    segments.append(piece)
                }
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: segments.append("*rest")
                case 1 where !segments.isEmpty: segments[segments.count - 1] = "(" + segments[segments.count - 1] + ")"
                default: break
                }
                var pattern = segments.isEmpty ? "/" : segments.joined(separator: "/")
                if pattern.contains("(") { pattern = pattern.replacingOccurrences(of: "/(", with: "(/") }
                if pattern.hasPrefix("(") { pattern = "/" + pattern }
                if Int.random(in: 0..<5, using: &generator) == 0, !pattern.hasSuffix("/") { pattern += "/" }
                // Some are not valid templates: they have no variants, and both analyses skip them.
                set.definitions.append(
                    RouteDefinition(
                        template: RouteTemplate(stringLiteral: pattern),
                        scopes: scopeChoices.randomElement(using: &generator) ?? RouteScope.defaultScopes,
                        priority: Int.random(in: -1...1, using: &generator)))
            }
            return set
        }

        func indexed(work: inout Int) -> [RouteDiagnostic] {
            ShadowAnalysis(
                definitions: definitions, schemes: schemes, domains: domains, options: options,
                parameterTypes: ParameterType.builtIns
            ).warnings(skipping: [], work: &work)
        }

        func pairwise() -> [RouteDiagnostic] {
            PairwiseShadowAnalysis(
                definitions: definitions, schemes: schemes, domains: domains, options: options,
                parameterTypes: ParameterType.builtIns
            ).warnings()
        }
    }

    static func summary(_ warnings: [RouteDiagnostic]) -> [String] {
        warnings.map { "\($0.registrationIndex ?? -1) \($0.relatedRegistrationIndices): \($0.message)" }
    }

    /// 3,000 seeded random route sets: the same warnings, naming the same routes in the same order.
    @Test func theIndexedAnalysisAgreesWithThePairwiseOne() {
        var generator = SeededGenerator(seed: 0x5AD0_0017)
        var warned = 0
        for round in 0..<3_000 {
            let set = RouteSet.random(using: &generator)
            var work = 0
            let expected = Self.summary(set.pairwise())
            warned += expected.count
            #expect(Self.summary(set.indexed(work: &work)) == expected, "seed round \(round): \(set)")
        }
        // The generator must make shadowed routes often, or the comparison shows nothing.
        #expect(warned > 1_000)
    }

    /// A route that loses to more than ten routes (one per scheme) names ten and counts the rest.
    @Test func aWarningNamesTenShadowersAndCountsTheRest() {
        let schemes = (0..<15).map { "s\($0)" }
        var builder = RouteTableBuilder<Int>(schemes: schemes)
        for (index, scheme) in schemes.enumerated() { builder.add(":id", scopes: [.app(scheme: scheme)], to: index) }
        builder.add("item", scopes: [.appAny], to: 99)
        let warnings = builder.diagnostics().filter { $0.severity == .warning }
        #expect(warnings.map(\.registrationIndex) == [15])
        #expect(warnings.first?.relatedRegistrationIndices == Array(0..<10))
        #expect(
            warnings.first?.message
                == #""item" can never win: every URL it matches goes to "#
                + Array(repeating: #"":id""#, count: 10)
                .joined(separator: " or ") + " or 5 other routes instead")
    }

    static func work(_ definitions: [RouteDefinition], schemes: [String] = ["app"]) -> Int {
        var work = 0
        _ = ShadowAnalysis(
            definitions: definitions, schemes: schemes, domains: [], options: RouteTableOptions(),
            parameterTypes: ParameterType.builtIns
        ).warnings(skipping: [], work: &work)
        return work
    }

    static func routes(_ count: Int, _ pattern: (Int) -> String) -> [RouteDefinition] {
        (0..<count).map {
            RouteDefinition(
                template: RouteTemplate(stringLiteral: pattern($0)), scopes: RouteScope.defaultScopes, priority: 0)
        }
    }

    /// The shapes of the report, and their neighbours: one parameter then n literals; n literals
    /// under one prefix; n copies of one route (which shadow one another); n literals under a
    /// catch-all that covers them all.
    @Test func workGrowsLinearlyWithTheRoutes() {
        LinearGrowth.expectLinear(":a<int>/sN", base: 250) { Self.work(Self.routes($0) { ":a<int>/s\($0)" }) }
        LinearGrowth.expectLinear("a/sN", base: 250) { Self.work(Self.routes($0) { "a/s\($0)" }) }
        LinearGrowth.expectLinear("n copies of :a/b", base: 250) { Self.work(Self.routes($0) { _ in ":a/b" }) }
        LinearGrowth.expectLinear("*rest and n literals", base: 250) { count in
            Self.work(Self.routes(count) { $0 == 0 ? "*rest" : "p\($0)/q" })
        }
    }

    /// Many schemes: a route under appAny is judged once per scheme some covering route names, plus
    /// once for all the others, not once per scheme.
    @Test func workGrowsLinearlyWithTheSchemes() {
        LinearGrowth.expectLinear("n schemes, 10 routes", base: 250) { count in
            Self.work(Self.routes(10) { "r\($0)/:id" }, schemes: (0..<count).map { "s\($0)" })
        }
    }

    /// A scheme per route, and routes under appAny covered by all of them: each of those is judged
    /// in at most `maximumContexts` schemes besides its own, so the work grows with the routes.
    @Test func routesWithASchemeEachCostLinearWork() {
        LinearGrowth.expectLinear("n routes with a scheme each, covering 50", base: 500) { count in
            let schemes = (0..<count).map { "s\($0)" }
            var definitions = schemes.map {
                RouteDefinition(template: ":id", scopes: [.app(scheme: $0)], priority: 0)
            }
            definitions += (0..<50).map {
                RouteDefinition(template: RouteTemplate(stringLiteral: "x\($0)"), scopes: [.appAny], priority: 0)
            }
            return Self.work(definitions, schemes: schemes)
        }
    }

    /// Up to `maximumContexts` schemes named by covering routes, a route is judged in each; past it,
    /// it is not analysed.
    @Test func pastTheContextLimitARouteIsNotAnalysed() {
        for (count, warned) in [(ShadowAnalysis.maximumContexts, true), (ShadowAnalysis.maximumContexts + 1, false)] {
            let schemes = (0..<count).map { "s\($0)" }
            var builder = RouteTableBuilder<Int>(schemes: schemes)
            for (index, scheme) in schemes.enumerated() {
                builder.add(":id", scopes: [.app(scheme: scheme)], to: index)
            }
            builder.add("item", scopes: [.appAny], to: -1)
            let warnings = builder.diagnostics().filter { $0.severity == .warning }
            #expect(warnings.map(\.registrationIndex) == (warned ? [count] : []), "\(count) schemes")
        }
    }
}
