/// Whether a count of work (comparisons, steps, members moved) grows linearly with the input: the
/// rule, in one place, for every test target's `LinearGrowth.expectLinear`, which measures the
/// counts and records each problem returned here as an issue. Counting work, not timing it, keeps
/// the check exact on any machine.
public enum LinearGrowthCheck {
    /// Counts at n, 2n, 4n and 8n: the count at 8n must stay within 8.5 times the count at n, and no
    /// doubling may more than double it (with a little slack for buffers that grow in steps).
    /// Returns a sentence for each rule broken; none when the growth is linear.
    public static func doublingProblems(_ name: String, sizes: [Int], counts: [Int]) -> [String] {
        let table = zip(sizes, counts).map { "n=\($0): \($1)" }.joined(separator: ", ")
        var problems: [String] = []
        if (counts.first ?? 0) <= 0 { problems.append("\(name): no work counted (\(table))") }
        if let first = counts.first, let last = counts.last, Double(last) > 8.5 * Double(first) {
            problems.append("\(name) grows faster than linearly: \(table)")
        }
        for (smaller, larger) in zip(counts, counts.dropFirst()) where Double(larger) > 2.2 * Double(smaller) {
            problems.append("\(name) more than doubles when n doubles: \(table)")
        }
        return problems
    }

    /// Counts at `base` times each of `factors` (1×, 10×, 100×, say): no step may grow the count more
    /// than `slack` times the step's factor, nor may the count at the largest size be over `slack`
    /// times the largest factor times the count at the smallest.
    ///
    /// Between sizes that are not powers of two apart, a buffer that doubles when it grows has moved
    /// between one and two times its elements, depending on where the size falls between two powers
    /// of two: the slack (25% by default) covers that. A quadratic slip grows the count by the
    /// factor again at each step (10× more work at 10× the size), far past any slack.
    public static func factorProblems(
        _ name: String, base: Int, factors: [Int], counts: [Int], slack: Double = 1.25
    ) -> [String] {
        let table = zip(factors, counts).map { "n=\(base * $0): \($1)" }.joined(separator: ", ")
        var problems: [String] = []
        if (counts.first ?? 0) <= 0 { problems.append("\(name): no work counted (\(table))") }
        for step in zip(zip(factors, counts), zip(factors, counts).dropFirst()) {
            let growth = Double(step.1.0) / Double(step.0.0)
            if Double(step.1.1) > slack * growth * Double(step.0.1) {
                problems.append(
                    "\(name) grows faster than linearly from n=\(base * step.0.0) to n=\(base * step.1.0): \(table)")
            }
        }
        if let first = counts.first, let last = counts.last, let smallest = factors.first, let largest = factors.last,
            Double(last) > slack * Double(largest) / Double(smallest) * Double(first)
        {
            problems.append("\(name) grows faster than linearly: \(table)")
        }
        return problems
    }
}
