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
}
