import Waymark

extension PathConfiguration {
    /// A mistake in a document that Hotwire and Waymark both pass silently, found by ``lint(budget:)``
    /// on the pattern automata, with the shortest URL that shows it.
    public struct Finding: Hashable, Sendable, CustomStringConvertible {
        /// What kind of mistake.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// A pattern no URL can match, as the target reads URLs.
            case neverMatches = "never-matches"
            /// A property of a rule never takes effect: every URL the rule matches is matched by a
            /// later rule that sets the same key.
            case alwaysOverridden = "always-overridden"
            /// A later rule that is not confined to the rule's URLs overrides one of its properties
            /// on the URLs they share (a broad rule placed after a specific one).
            case overriddenByBroaderRule = "overridden-by-broader-rule"
            /// A pattern ending in a letter or digit, not anchored, also matches where the path
            /// segment goes on (`/new` matches `/newsletter`).
            case matchesInsideSegment = "matches-inside-segment"
        }

        /// The kind.
        public let kind: Kind
        /// The rule the finding is about (0-based, as in `matchedRules`).
        public let ruleIndex: Int
        /// The pattern, for findings about one pattern.
        public let patternIndex: Int?
        /// The property key, for findings about a property.
        public let key: String?
        /// The other rules involved (those that override), by index in the document.
        public let otherRules: [Int]
        /// The shortest URL that shows the mistake (a web URL on `example.com`), when one exists.
        public let exampleURL: String?
        /// What is wrong, with the patterns, key and values involved and the example.
        public let message: String

        /// `rules[N](.patterns[M]): warning: message`, as the document's diagnostics print.
        public var description: String {
            "rules[\(ruleIndex)]" + (patternIndex.map { ".patterns[\($0)]" } ?? "") + ": warning: " + message
        }
    }

    /// What ``lint(budget:)`` found, and whether it could finish.
    public struct LintReport: Sendable {
        /// The findings, by rule, then kind.
        public let findings: [Finding]
        /// How many checks stopped at the work bound (their finding, if any, is not reported).
        public let unfinishedChecks: Int
        /// The work spent: closure steps and byte classes visited, across every check.
        public let work: Int
    }

    /// The default work bound of ``lint(budget:)``: every real document of the test corpus finishes
    /// well within it, and a hostile document stops at it (measured: docs/performance.md, "Loading a
    /// real path configuration (issues 18 and 32)").
    public static let defaultLintBudget = 40_000_000

    /// Checks the document for mistakes that change answers silently, on the automata of its
    /// patterns, as the document's target reads URLs: patterns that match no URL, properties that
    /// later rules always override, later broader rules overriding a specific one on the URLs they
    /// share, and unanchored patterns that match inside a longer segment. Each finding carries the
    /// shortest URL that shows it, checked by a real lookup before it is reported.
    ///
    /// Every check is exact or not reported: the checks share a work bound (`budget`, counted in
    /// closure steps and byte classes visited), and a check that reaches it is counted in
    /// ``LintReport/unfinishedChecks`` instead of guessed.
    public func lint(budget: Int = PathConfiguration.defaultLintBudget) -> LintReport {
        var linter = Linter(document: self, budget: budget)
        linter.run()
        let findings = linter.findings.sorted {
            ($0.ruleIndex, Finding.Kind.allCases.firstIndex(of: $0.kind) ?? 0, $0.patternIndex ?? -1, $0.key ?? "")
                < (
                    $1.ruleIndex, Finding.Kind.allCases.firstIndex(of: $1.kind) ?? 0, $1.patternIndex ?? -1,
                    $1.key ?? ""
                )
        }
        return LintReport(findings: findings, unfinishedChecks: linter.unfinished, work: budget - linter.budget)
    }

    /// A rule as the merge applies it: its place, properties and parsed patterns (the document's
    /// usable patterns; a built-in rule's own).
    struct AppliedRule {
        var documentIndex: Int?
        var name: String
        var properties: [String: JSONValue]
        var patterns: [(index: Int, text: String, node: PatternNode)]
    }

    /// Every rule in merge order, with the patterns that compiled, parsed again.
    func appliedRules() -> [AppliedRule] {
        let caseInsensitive = options.platform == .android
        let skippedRules = Set(
            diagnostics.filter { $0.severity == .skipped && $0.patternIndex == nil }.compactMap(\.ruleIndex))
        var skippedPatterns: Set<[Int]> = []
        for diagnostic in diagnostics where diagnostic.severity == .skipped {
            if let rule = diagnostic.ruleIndex, let pattern = diagnostic.patternIndex {
                skippedPatterns.insert([rule, pattern])
            }
        }
        var document: [AppliedRule] = []
        for (index, rule) in rules.enumerated() where !skippedRules.contains(index) {
            var patterns: [(Int, String, PatternNode)] = []
            for (patternIndex, text) in rule.patterns.enumerated()
            where !skippedPatterns.contains([index, patternIndex]) {
                if let node = try? PatternParser.parse(text, caseInsensitive: caseInsensitive) {
                    patterns.append((patternIndex, text, node))
                }
            }
            document.append(
                AppliedRule(
                    documentIndex: index, name: "rules[\(index)]", properties: rule.properties, patterns: patterns))
        }
        let builtIns: [AppliedRule] =
            options.historicalLocationRules == .off
            ? []
            : Self.historicalLocationRules(for: options.platform).compactMap { builtIn in
                guard let node = try? PatternParser.parse(builtIn.path, caseInsensitive: caseInsensitive) else {
                    return nil
                }
                return AppliedRule(
                    documentIndex: nil, name: "the built-in \(builtIn.name) rule", properties: builtIn.properties,
                    patterns: [(0, builtIn.path, node)])
            }
        return options.historicalLocationRules == .beforeDocument ? builtIns + document : document + builtIns
    }
}
