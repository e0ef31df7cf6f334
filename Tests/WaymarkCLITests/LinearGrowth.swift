import Testing
import WaymarkTestSupport

/// Measures work at growing sizes and records an issue for each rule of `LinearGrowthCheck` (in
/// WaymarkTestSupport, shared by every test target) that the counts break.
enum LinearGrowth {
    /// Measures `work` at `base` times each of `factors` (`LinearGrowthCheck.factorProblems`).
    @discardableResult
    static func expectLinear(
        _ name: String, base: Int, factors: [Int], slack: Double = 1.25,
        sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) throws -> Int
    ) rethrows -> [Int] {
        let counts = try factors.map { try work(base * $0) }
        for problem in LinearGrowthCheck.factorProblems(
            name, base: base, factors: factors, counts: counts, slack: slack)
        {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return counts
    }
}
