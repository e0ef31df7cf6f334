import Foundation
import Testing
import Waymark

@testable import WaymarkAssociatedDomains

/// How much work the check does: it grows with the routes, not with the paths they match, and a
/// hostile file stops it at its bounds with a report that says so.
@Suite struct AnalysisScaleTests {
    static let app = "ABCDE12345.com.example.shop"

    /// The first `count` templates of deeplink-10k (generated), public and universal for `example.com`.
    static func prefixResolver(_ count: Int) throws -> RouteResolver {
        try Fixtures.generatedResolver("deeplink-\(count)")
    }

    /// Measured (debug and release alike, the counts are the algorithm's): about 24 states per
    /// route at every size; steps per route grow slowly (about 1,000 at 250 routes, 1,940 at
    /// 2,000), because a value segment's threads step beside its sibling literals' (see
    /// docs/performance.md).
    @Test func statesGrowLinearlyWithTheRoutes() async throws {
        let sizes = [250, 500, 1_000, 2_000]
        let reports = try await offCooperativePool {
            try sizes.map { size in
                AppSiteAssociation.generate(from: try Self.prefixResolver(size), appID: Self.app, domain: "example.com")
                    .report
            }
        }
        for (size, report) in zip(sizes, reports) {
            #expect(report.isComplete, "\(size) routes: incomplete")
            #expect(report.problems.isEmpty, "\(size) routes: \(report.problems.prefix(3))")
        }
        // Per route: the states of the largest table within a quarter of the smallest's, the steps
        // within twice.
        guard let first = reports.first, let last = reports.last, let small = sizes.first, let large = sizes.last else {
            return
        }
        let statesPerRoute = (Double(first.statesVisited) / Double(small), Double(last.statesVisited) / Double(large))
        let workPerRoute = (Double(first.work) / Double(small), Double(last.work) / Double(large))
        #expect(statesPerRoute.1 <= 1.25 * statesPerRoute.0, "states per route: \(statesPerRoute)")
        #expect(workPerRoute.1 <= 2 * workPerRoute.0, "steps per route: \(workPerRoute)")
    }

    /// Components whose wildcards overlap every way (`/*a*b*…`) make the product of their automata
    /// as large as the format allows: the check stops at its bound, says so as an error (a limit
    /// reached never passes, issue 31), and what it found before is still reported.
    @Test(arguments: [8, 16, 32])
    func overlappingWildcardsStopAtTheBound(components count: Int) throws {
        let letters = Array("abcdefghijklmnop")
        let components = (0..<count).map { index -> String in
            let pattern = "/*" + (0..<6).map { String(letters[(index + $0 * 3) % letters.count]) + "*" }.joined()
            return #"{"/": "\#(pattern)"}"#
        }
        let json =
            #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": ["#
            + components.joined(separator: ", ") + "]}]}}"
        let file = try AppSiteAssociation(data: Data(json.utf8))
        let options = AssociationCheckOptions(maximumStates: 5_000, maximumWork: 2_000_000)
        let report = file.check(
            against: try Fixtures.shopResolver(), appID: Self.app, domain: "shop.example.com", options: options)
        #expect(report.statesVisited <= options.maximumStates)
        // The walk checks its bounds before each new state, so it overshoots by one state's steps at most.
        #expect(report.work <= options.maximumWork + 100_000)
        #expect(!report.isComplete)
        #expect(report.diagnostics.contains { $0.kind == .incompleteAnalysis && $0.severity == .error })
        // Broad components that send URLs no route handles are found either way.
        #expect(report.diagnostics.contains { $0.kind == .unhandledURLsSent })
    }
}
