import Testing

/// Checks that a count of work (comparisons, steps, members moved) grows linearly with the input:
/// measured on generated inputs of size n, 2n, 4n and 8n, the count at 8n must stay within 8.5
/// times the count at n, and no doubling may more than double it (with a little slack for
/// buffers that grow in steps). Counting work, not timing it, keeps the check exact on any machine.
enum LinearGrowth {
    /// Measures `work` at `base`, 2×, 4× and 8× `base` and records an issue when it grows faster
    /// than linearly. Returns the counts, for further checks.
    @discardableResult
    static func expectLinear(
        _ name: String, base: Int, sourceLocation: SourceLocation = #_sourceLocation, _ work: (Int) throws -> Int
    ) rethrows -> [Int] {
        let sizes = [base, 2 * base, 4 * base, 8 * base]
        let counts = try sizes.map(work)
        let table = zip(sizes, counts).map { "n=\($0): \($1)" }.joined(separator: ", ")
        #expect(counts[0] > 0, "\(name): no work counted (\(table))", sourceLocation: sourceLocation)
        #expect(
            Double(counts[3]) <= 8.5 * Double(counts[0]), "\(name) grows faster than linearly: \(table)",
            sourceLocation: sourceLocation)
        for (smaller, larger) in zip(counts, counts.dropFirst()) {
            #expect(
                Double(larger) <= 2.2 * Double(smaller), "\(name) more than doubles when n doubles: \(table)",
                sourceLocation: sourceLocation)
        }
        return counts
    }

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
