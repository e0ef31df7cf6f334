import Testing

/// Checks that a count of work grows linearly with the input (the CLI tests' copy of
/// WaymarkTests' `LinearGrowth`, with the factors variant alone). Counting work, not timing it,
/// keeps the check exact on any machine.
enum LinearGrowth {
    /// Measures `work` at `base` times each of `factors` (1×, 10×, 100× by default) and records an
    /// issue when any step grows it more than `slack` times the step's factor, or the count at the
    /// largest size is over `slack` times the largest factor times the count at the smallest.
    ///
    /// Between sizes that are not powers of two apart, a buffer that doubles when it grows has moved
    /// between one and two times its elements, depending on where the size falls between two powers
    /// of two: the slack (25% by default) covers that. A quadratic slip grows the count by the
    /// factor again at each step (10× more work at 10× the size), far past any slack.
    @discardableResult
    static func expectLinear(
        _ name: String, base: Int, factors: [Int], slack: Double = 1.25,
        sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) throws -> Int
    ) rethrows -> [Int] {
        let sizes = factors.map { base * $0 }
        let counts = try sizes.map(work)
        let table = zip(sizes, counts).map { "n=\($0): \($1)" }.joined(separator: ", ")
        #expect(counts.first ?? 0 > 0, "\(name): no work counted (\(table))", sourceLocation: sourceLocation)
        for step in zip(zip(factors, counts), zip(factors, counts).dropFirst()) {
            let growth = Double(step.1.0) / Double(step.0.0)
            #expect(
                Double(step.1.1) <= slack * growth * Double(step.0.1),
                "\(name) grows faster than linearly from n=\(base * step.0.0) to n=\(base * step.1.0): \(table)",
                sourceLocation: sourceLocation)
        }
        if let first = counts.first, let last = counts.last, let smallest = factors.first, let largest = factors.last {
            #expect(
                Double(last) <= slack * Double(largest) / Double(smallest) * Double(first),
                "\(name) grows faster than linearly: \(table)", sourceLocation: sourceLocation)
        }
        return counts
    }
}
