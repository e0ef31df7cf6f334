import Waymark

/// Which route wins a universal link of one domain, as the table's ``Precedence`` decides, in a form
/// the analysis can ask of threads in constant time: so that it can drop the threads of routes that
/// can no longer win.
///
/// A thread in a catch-all matches every continuation of the path read so far. Where it wins over
/// another thread whatever follows, the other can decide nothing: its route matches only paths that
/// the catch-all's route takes first. Keeping such threads would make the analysis exponential in
/// stacked catch-alls (route *i* = `:p0/…/:p(i-1)/l{i}/*rest`): every subset of the catch-alls
/// entered so far would be a state of its own, though only the most specific of them ever decides
/// (measured: docs/performance.md, "AASA worst cases (issue 31): bounded, and an error at the
/// bound").
///
/// Specificity compares templates segment by segment, so two threads that read the same segments
/// compare on their variants' first segments. Each variant's prefixes are numbered by a walk of the
/// trie of all variants' ``Specificity/Rank`` sequences, children in rank order: two prefixes of the
/// same length compare as their numbers do, and a whole variant's number is its place in
/// ``Specificity``'s order (a prefix comes before its extensions, as the shorter template wins).
struct RouteOrder: Sendable {
    struct Entry: Sendable {
        /// 2 for a route registered for the domain itself, 1 for one registered for any domain.
        var scopeRank: Int
        var priority: Int
        var registration: Int
        /// Whether the analysis reads the variant exactly, so a thread of it that lives matches:
        /// no type the app registered (taken to accept every segment) and no typed capture inside a
        /// segment (whose split the table's scan may not try). Only such a thread can rule out others.
        var isExact: Bool
        /// For each prefix length from 0 to the number of segments, the prefix's number in the
        /// walk's order.
        var prefixes: [Int]
    }

    let entries: [Entry]

    /// Numbers the prefixes of `ranks` (one sequence per variant) as described above.
    init(_ variants: [(scopeRank: Int, priority: Int, registration: Int, isExact: Bool, ranks: [Specificity.Rank])]) {
        // The trie of rank sequences: children by rank.
        var tree = PrefixTree<Specificity.Rank>()
        let nodes = variants.map { tree.insert($0.ranks) }
        let children = tree.children
        // Pre-order numbers, children in rank order, with an explicit stack: the depth is the
        // number of segments, which a route file chooses.
        var number = [Int](repeating: 0, count: children.count)
        var stack = [0]
        var next = 0
        while let node = stack.popLast() {
            number[node] = next
            next += 1
            // Pushed most specific last, so it is numbered first.
            stack += children[node].sorted { $0.key < $1.key }.reversed().map(\.value)
        }
        entries = zip(variants, nodes).map { variant, path in
            Entry(
                scopeRank: variant.scopeRank, priority: variant.priority, registration: variant.registration,
                isExact: variant.isExact, prefixes: path.map { number[$0] })
        }
    }

    /// Whether `rest`, a thread inside its variant's catch-all, wins over `other` for every path
    /// that both match from here: `other` can then decide nothing. Both have read the same path.
    func rules(out other: RouteThread, by rest: RouteThread) -> Bool {
        let winner = entries[Int(rest.variant)]
        let loser = entries[Int(other.variant)]
        guard winner.isExact, rest.kind == .rest, rest.variant != other.variant else { return false }
        if winner.scopeRank != loser.scopeRank { return winner.scopeRank > loser.scopeRank }
        if winner.priority != loser.priority { return winner.priority > loser.priority }
        // Both read the segments before the catch-all; the other read at least as many.
        let length = Int(rest.segment)
        guard length < loser.prefixes.count else { return false }
        if winner.prefixes[length] != loser.prefixes[length] {
            return winner.prefixes[length] < loser.prefixes[length]
        }
        // The same segments up to the catch-all: only another catch-all there ties, and then the
        // earlier registration wins.
        return other.kind == .rest && other.segment == rest.segment && winner.registration < loser.registration
    }

    /// Whether `lhs` wins over `rhs`, two threads inside catch-alls (whose variants' whole
    /// specificity is known): ``Precedence``'s order.
    private func wins(_ lhs: RouteThread, over rhs: RouteThread) -> Bool {
        let left = entries[Int(lhs.variant)]
        let right = entries[Int(rhs.variant)]
        if left.scopeRank != right.scopeRank { return left.scopeRank > right.scopeRank }
        if left.priority != right.priority { return left.priority > right.priority }
        let (leftWhole, rightWhole) = (left.prefixes[left.prefixes.count - 1], right.prefixes[right.prefixes.count - 1])
        if leftWhole != rightWhole { return leftWhole < rightWhole }
        return left.registration < right.registration
    }

    /// `threads` (sorted) without those the most precedent exact catch-all among them rules out,
    /// in the same order; `work` is charged one unit per thread read.
    func pruned(_ threads: [RouteThread], work: inout Int) -> [RouteThread] {
        var best: RouteThread?
        for thread in threads where thread.kind == .rest && entries[Int(thread.variant)].isExact {
            if let current = best, !wins(thread, over: current) { continue }
            best = thread
        }
        work += threads.count
        guard let best else { return threads }
        work += threads.count
        return threads.filter { $0 == best || !rules(out: $0, by: best) }
    }
}
