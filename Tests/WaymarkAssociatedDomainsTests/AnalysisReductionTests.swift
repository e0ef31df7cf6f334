import Foundation
import Testing
import Waymark
import WaymarkTestSupport

@testable import WaymarkAssociatedDomains

/// The analysis's reductions (``RouteOrder``, ``StarCover``, ``RuleTails`` and one path for a
/// region decided alike) save work and change no finding: on random tables rich in catch-alls,
/// stacked parameters, priorities, scopes and restricted routes, checked against their generated
/// file and against random files of wildcards and excludes, the report with the reductions names
/// the same problems as the plain walk, for at most twice its work (their set-up shows on tables
/// this small; on large ones they save orders of magnitude, docs/performance.md).
@Suite struct AnalysisReductionTests {
    static let app = "ABCDE12345.com.example.app"
    static let domain = "example.com"
    static let literals = ["a", "b", "l1", "l2", "x1"]

    static func table(seed: UInt64) throws -> RouteResolver? {
        var random = SeededGenerator(seed: seed)
        var builder = RouteResolverBuilder(schemes: ["app"], domains: [domain])
        for index in 0..<Int.random(in: 2...8, using: &random) {
            var parts: [String] = []
            for position in 0..<Int.random(in: 0...3, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1: parts.append(":v\(position)")
                case 2: parts.append(":n\(position)<int>")
                default: parts.append(literals.randomElement(using: &random) ?? "a")
                }
            }
            if Int.random(in: 0..<2, using: &random) == 0 { parts.append("*rest") }
            if parts.isEmpty { parts = ["a"] }
            var options: [RouteOption] = []
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1: options.append(.internalOnly)
            case 2: options.append(.requiresConfirmation)
            default: break
            }
            if Bool.random(using: &random) { options.append(.priority(Int.random(in: -1...2, using: &random))) }
            if Int.random(in: 0..<5, using: &random) == 0 { options.append(.scopes(.universal(domain: domain))) }
            builder.add(
                RouteTemplate(stringLiteral: parts.joined(separator: "/")), name: "r\(index)", options: options
            ) { _ in .handled }
        }
        guard builder.diagnostics().allSatisfy({ $0.severity != .error }) else { return nil }
        return try builder.build()
    }

    /// A served file of a few components: literals, `*`, `?` and `?*` pieces, some excludes.
    static func file(seed: UInt64) -> AppSiteAssociation? {
        var random = SeededGenerator(seed: seed &* 7919)
        let pieces = ["a", "b", "l1", "l2", "x1", "*", "?", "?*", "*a*", "1"]
        let components = (0..<Int.random(in: 1...5, using: &random)).map { _ -> String in
            let path =
                "/"
                + (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "*" }
                .joined(separator: "/")
            let exclude = Int.random(in: 0..<3, using: &random) == 0 ? #", "exclude": true"# : ""
            return #"{"/": "\#(path)"\#(exclude)}"#
        }
        let json =
            #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": ["# + components.joined(separator: ", ")
            + "]}]}}"
        return try? AppSiteAssociation(data: Data(json.utf8))
    }

    /// What a report names, without its example paths (each side may find another shortest
    /// example) or the component a restricted route's error points at (any of the includes that
    /// send it).
    static func findings(_ report: AssociationReport) -> Set<String> {
        Set(
            report.diagnostics.map { diagnostic in
                let component = diagnostic.kind == .restrictedRouteSent ? -1 : (diagnostic.componentIndex ?? -1)
                return "\(diagnostic.severity) \(diagnostic.kind) \(diagnostic.routeName ?? "-") \(component)"
            })
    }

    @Test func reductionsChangeNoFinding() async throws {
        let failures = try await offCooperativePool { () throws -> [String] in
            var failures: [String] = []
            var compared = 0
            for seed in UInt64(1)...160 {
                guard let resolver = try Self.table(seed: seed) else { continue }
                let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: Self.domain)
                for file in [generated.file, Self.file(seed: seed)].compactMap({ $0 }) {
                    var plain = AssociationCheckOptions()
                    plain.reduces = false
                    let reduced = file.check(against: resolver, appID: Self.app, domain: Self.domain)
                    let unreduced = file.check(
                        against: resolver, appID: Self.app, domain: Self.domain, options: plain)
                    guard unreduced.isComplete else { continue }
                    compared += 1
                    if !reduced.isComplete { failures.append("seed \(seed): incomplete with the reductions") }
                    if Self.findings(reduced) != Self.findings(unreduced) {
                        failures.append(
                            "seed \(seed): \(Self.findings(reduced).symmetricDifference(Self.findings(unreduced)).sorted())"
                        )
                    }
                    // On tables this small their own cost (numbering, indexes) can show; never more.
                    if reduced.work > 2 * unreduced.work + 2_000 {
                        failures.append(
                            "seed \(seed): work \(reduced.work) with the reductions, \(unreduced.work) without")
                    }
                }
            }
            if compared < 200 { failures.append("only \(compared) files compared") }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(8))")
    }

    /// A catch-all more specific than a route that still wins, by priority or by its exact domain,
    /// does not rule that route out: `/a/*` sends `/a/zz`, which the internal `:p/zz` takes, and the
    /// check says so (a catch-all that ruled it out would leave `/a/` one region, tried with `/a/x`).
    @Test(arguments: ["priority", "scope"], ["internal", "confirmation"])
    func aCatchAllDoesNotRuleOutARouteThatOutranksIt(by rank: String, restriction: String) throws {
        var builder = RouteResolverBuilder(schemes: ["app"], domains: [Self.domain])
        builder.add("a/*rest", name: "section") { _ in .handled }
        var options: [RouteOption] = [restriction == "internal" ? .internalOnly : .requiresConfirmation]
        options.append(rank == "priority" ? .priority(1) : .scopes(.universal(domain: Self.domain)))
        builder.add("/:p/zz", name: "wipe", options: options) { _ in .handled }
        let file = try #require(
            try? AppSiteAssociation(
                data: Data(
                    #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/a/*"}]}]}}"#.utf8)))
        let report = file.check(
            against: try builder.build(), appID: Self.app, domain: Self.domain,
            options: AssociationCheckOptions(confirmationRoutes: .keepInBrowser))
        let errors = report.diagnostics.filter { $0.kind == .restrictedRouteSent }
        #expect(errors.map(\.routeName) == ["wipe"], "\(report.diagnostics.map(\.message))")
        #expect(errors.first?.example == "https://\(Self.domain)/a/zz")
    }

    /// The red-team tables of issue 31 that the bound stopped before the reductions now complete,
    /// with the work growing with the routes, not their subsets.
    @Test(arguments: [("stacked", [4, 8, 16]), ("pairs", [25, 50, 100])])
    func redTeamTablesComplete(shape: String, sizes: [Int]) async throws {
        let reports = try await offCooperativePool {
            try sizes.map { size in
                AppSiteAssociation.generate(
                    from: try RedTeamFamilyTests.table(shape, size), appID: Self.app, domain: Self.domain
                ).report
            }
        }
        let complete = reports.map(\.isComplete)
        #expect(!complete.contains(false), "\(shape): \(complete)")
        let works = reports.map { Double($0.work) }
        // Twice the routes: at most about ten times the work (the walk is cubic in the stacked
        // shape, whose states hold every route's component, and quadratic in the pairs'), never
        // the doubling per route that every subset of catch-alls made (16× and 256× here).
        #expect(works[1] <= 12 * works[0] && works[2] <= 12 * works[1], "\(shape) work for \(sizes): \(works)")
    }

    /// A pattern's tail is what every match ends with: none past a wildcard, and only the part after
    /// the last place a variable's alternatives join.
    @Test(
        arguments: [
            ("/?*/?*/x17", "/x17"), ("/docs/*", nil), ("*.json", ".json"), ("/$(v)/menu", "/menu"),
            ("/x$(v)", nil), ("/a?", nil), ("/exact", "/exact"),
        ] as [(String, String?)])
    func tails(pattern: String, tail: String?) {
        let program = WildcardPattern(
            pattern, caseSensitive: true, variables: ["v": ["ab", "b"]], alsoMatchesParent: true
        ).program
        #expect(RuleTails.tail(of: program).map { String(String.UnicodeScalarView($0)) } == tail)
    }

    /// A live `*` makes the states before it redundant, and only those: in `/*a*b*c`, after `/xaxb`
    /// the states at each star collapse to the last one's, while a state the `*` does not lie on
    /// every run from (before the optional part of `/buy/*`) stays.
    @Test func aLiveStarCoversTheStatesBeforeIt() {
        let pattern = WildcardPattern("/*a*b*c", caseSensitive: true, variables: [:])
        var work = 0
        let cover = StarCover(pattern, work: &work)
        let stars = pattern.program.indices.filter { pattern.program[$0] == .star }
        #expect(stars.count == 3)
        let live = [stars[0], stars[0] + 1, stars[1], stars[1] + 1, stars[2], stars[2] + 1]
        #expect(cover.reduced(live[...], work: &work) == [stars[2], stars[2] + 1])
        #expect(work > 0)
        let parent = WildcardPattern("/buy/*", caseSensitive: true, variables: [:], alsoMatchesParent: true)
        let parentCover = StarCover(parent, work: &work)
        let split = parent.program.indices.first { if case .split = parent.program[$0] { true } else { false } }
        let star = parent.program.indices.first { parent.program[$0] == .star }
        if let split, let star {
            #expect(parentCover.reduced([split, star][...], work: &work) == [split, star])
        } else {
            Issue.record("no split or star in \(parent.program)")
        }
    }
}
