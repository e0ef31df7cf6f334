import Waymark

extension PathConfiguration {
    /// A key that some URL gets otherwise from two documents (``differences(from:limit:budget:)``).
    public struct Difference: Hashable, Sendable, CustomStringConvertible {
        /// The property.
        public let key: String
        /// The shortest URL that shows it.
        public let exampleURL: String
        /// What this document gives there (`nil`: the key is not set).
        public let value: JSONValue?
        /// The rule of this document that gives it.
        public let rule: String?
        /// What the other document gives there.
        public let otherValue: JSONValue?
        /// The rule of the other document that gives it.
        public let otherRule: String?

        /// `"context" at URL: "modal" (rules[2]) here, "default" (rules[0]) in the other`.
        public var description: String {
            func side(_ value: JSONValue?, _ rule: String?) -> String {
                value.map { "\($0.quoted()) (\(rule ?? ""))" } ?? "not set"
            }
            return "\(JSONValue.string(key).quoted()) at \(exampleURL): \(side(value, rule)) here, "
                + "\(side(otherValue, otherRule)) in the other"
        }
    }

    /// The comparison of two documents and whether it could finish.
    public struct Comparison: Sendable {
        /// Each key some URL gets otherwise, once per pair of deciding rules, shortest URL first.
        public let differences: [Difference]
        /// Whether every key was compared within the work bound.
        public let isComplete: Bool
    }

    /// Every property key that some URL gets otherwise from `other` — a bundled copy against the
    /// server's — with the shortest URL that shows it. URLs are read with this document's options;
    /// load `other` with the same ones (a different target reads the same URL otherwise).
    ///
    /// Exact, not sampled: for each key, one search runs both documents' rules that set it over the
    /// inputs the target can see, keeping for each document only the last rule that has matched so
    /// far (later rules win a merge), so its states are the pairs of deciding rules, not the sets of
    /// rules. At most `limit` differences per key are listed, one per pair of deciding rules.
    public func differences(from other: PathConfiguration, limit: Int = 5, budget: Int = defaultLintBudget)
        -> Comparison
    {
        let grammar = InputGrammar(options: options)
        let mine = appliedRules()
        let theirs = other.appliedRules()
        var keys = Set<String>()
        for rule in mine + theirs { keys.formUnion(rule.properties.keys) }
        var remaining = budget
        var found: [Difference] = []
        var complete = true
        for key in keys.sorted() {
            let left = mine.filter { $0.properties[key] != nil }
            let right = theirs.filter { $0.properties[key] != nil }
            let tracks = left.map { $0.patterns.map(\.node) } + right.map { $0.patterns.map(\.node) }
            guard var search = try? PatternSearch(tracks: tracks, grammar: grammar) else {
                complete = false
                continue
            }
            // The summary: the last deciding rule of each side, plus one (0: none), in 32 bits each.
            let split = Int32(clamping: left.count)
            // The halves hold a track number plus one, below Int32.max: they fit an Int everywhere.
            func deciding(_ summary: UInt64) -> (first: Int, second: Int) {
                (Int(truncatingIfNeeded: summary & 0x7FFF_FFFF), Int(truncatingIfNeeded: (summary >> 32) & 0x7FFF_FFFF))
            }
            func value(_ summary: UInt64) -> (JSONValue?, JSONValue?) {
                let (first, second) = deciding(summary)
                return (
                    first == 0 ? nil : left[first - 1].properties[key],
                    second == 0 ? nil : right[second - 1].properties[key]
                )
            }
            let results = search.search(
                limit: limit, budget: &remaining,
                fold: { summary, track in
                    if track < split {
                        return max(summary & 0xFFFF_FFFF, UInt64(truncatingIfNeeded: track) + 1)
                            | (summary & ~0xFFFF_FFFF)
                    }
                    return max(summary >> 32, UInt64(truncatingIfNeeded: track - split) + 1) << 32
                        | (summary & 0xFFFF_FFFF)
                },
                goal: { summary in
                    let (a, b) = value(summary)
                    return a != b
                })
            guard let results else {
                complete = false
                break
            }
            for result in results {
                let url = grammar.url(for: result.bytes, states: result.states)
                let (a, b) = value(result.summary)
                // Checked by a real lookup in each document before it is listed.
                guard match(url: url).properties.raw[key] == a, other.match(url: url).properties.raw[key] == b else {
                    // Never listed unshown, and never taken for agreement either.
                    complete = false
                    continue
                }
                let (first, second) = deciding(result.summary)
                found.append(
                    Difference(
                        key: key, exampleURL: url, value: a, rule: first == 0 ? nil : left[first - 1].name,
                        otherValue: b, otherRule: second == 0 ? nil : right[second - 1].name))
            }
        }
        return Comparison(differences: found, isComplete: complete)
    }
}
