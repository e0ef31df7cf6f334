public import Testing
import WaymarkTestSupport

/// Measures work at growing sizes and records an issue (Swift Testing's) for each rule of
/// `LinearGrowthCheck` that the counts break.
public enum LinearGrowth {
    /// Measures `work` at `base`, 2×, 4× and 8× `base` (`LinearGrowthCheck.doublingProblems`).
    /// Returns the counts, for further checks.
    @discardableResult
    public static func expectLinear(
        _ name: String, base: Int, sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) throws -> Int
    ) rethrows -> [Int] {
        let sizes = [base, 2 * base, 4 * base, 8 * base]
        let counts = try sizes.map(work)
        for problem in LinearGrowthCheck.doublingProblems(name, sizes: sizes, counts: counts) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        return counts
    }

    /// Measures `work` at `base` times each of `factors` (`LinearGrowthCheck.factorProblems`).
    @discardableResult
    public static func expectLinear(
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
