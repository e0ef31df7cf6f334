import Waymark

/// The checks of ``PathConfiguration/lint(budget:)``, one search each on the patterns concerned
/// (``PatternSearch``), all drawing on one work budget.
struct Linter {
    let document: PathConfiguration
    let grammar: InputGrammar
    let applied: [PathConfiguration.AppliedRule]
    var budget: Int
    var findings: [PathConfiguration.Finding] = []
    var unfinished = 0

    init(document: PathConfiguration, budget: Int) {
        self.document = document
        self.grammar = InputGrammar(options: document.options)
        self.applied = document.appliedRules()
        self.budget = budget
    }

    /// Bit `t` for track `t` (tracks 0 and 1 here).
    static func bit(_ summary: UInt64, _ track: Int32) -> UInt64 {
        summary | (UInt64(1) << UInt64(truncatingIfNeeded: track & 63))
    }

    /// The shortest input matched as `goal` says by two tracks (`bits & 1`: the first matched,
    /// `bits & 2`: the second); `.some(nil)`: there is none; `nil`: the budget ran out.
    mutating func shortest(_ first: [PatternNode], _ second: [PatternNode] = [], goal: (UInt64) -> Bool)
        -> PatternSearch.Found??
    {
        guard budget > 0, var search = try? PatternSearch(tracks: [first, second], grammar: grammar) else {
            unfinished += 1
            return nil
        }
        guard let found = search.search(budget: &budget, fold: Self.bit, goal: goal) else {
            unfinished += 1
            return nil
        }
        return .some(found.first)
    }

    /// The URL of an input, checked by a real lookup: `nil` unless the lookup reads it as the same
    /// string and `holds` of the match (a finding is never reported on an example that does not show it).
    func example(_ found: PatternSearch.Found, holds: (PathConfiguration.Match) -> Bool) -> String? {
        let url = grammar.url(for: found.bytes, states: found.states)
        let match = document.match(url: url)
        guard match.input == String(decoding: found.bytes, as: UTF8.self), match.isComplete, holds(match) else {
            return nil
        }
        return url
    }

    /// Per key, the rules (by place in merge order) that are the last to set it on some URL: one
    /// search over every rule setting the key, keeping only the last matched so far (later rules
    /// win a merge), so its states are (automaton state, winner) and it costs no more than the
    /// rules' automaton times their number. `nil`: the search reached the work bound.
    var winnersByKey: [String: Set<Int>?] = [:]

    mutating func possibleWinners(of key: String) -> Set<Int>? {
        if let known = winnersByKey[key] { return known }
        let setters = applied.indices.filter { applied[$0].properties[key] != nil }
        var result: Set<Int>?
        if budget > 0,
            var search = try? PatternSearch(
                tracks: setters.map { applied[$0].patterns.map(\.node) }, grammar: grammar),
            let found = search.search(
                limit: Int.max, budget: &budget, fold: { max($0, UInt64(truncatingIfNeeded: $1) + 1) }, goal: { $0 > 0 }
            )
        {
            result = Set(found.map { setters[Int(truncatingIfNeeded: $0.summary - 1)] })
        } else {
            unfinished += 1
        }
        winnersByKey[key] = .some(result)
        return result
    }

    /// The shortest URL of each usable pattern, by rule and pattern index: what a rule is for.
    var samples: [(rule: Int, pattern: Int, url: String, input: [UInt8])] = []

    mutating func run() {
        var reachable: Set<Int> = []
        for rule in applied {
            guard let index = rule.documentIndex else { continue }
            for pattern in rule.patterns {
                switch shortest([pattern.node], goal: { $0 & 1 != 0 }) {
                case .some(let found?):
                    reachable.insert(index)
                    if let url = example(found, holds: { $0.matchedRules.contains(index) }) {
                        samples.append((index, pattern.index, url, found.bytes))
                    }
                case .some(.none):
                    findings.append(neverMatches(rule: index, pattern))
                case .none:
                    reachable.insert(index)
                }
            }
        }
        for (position, rule) in applied.enumerated() {
            guard let index = rule.documentIndex, reachable.contains(index) else { continue }
            checkOverrides(position: position, rule: rule, index: index)
            for pattern in rule.patterns { checkSegment(rule: index, pattern) }
        }
    }

    func neverMatches(rule index: Int, _ pattern: (index: Int, text: String, node: PatternNode))
        -> PathConfiguration.Finding
    {
        let text = pattern.text
        let hint = text.hasPrefix("^") && !text.hasPrefix("^/") && !text.hasPrefix("^$") ? "; paths start with '/'" : ""
        let query = grammar.appendsQuery ? "" : " (query matching is off)"
        return .init(
            kind: .neverMatches, ruleIndex: index, patternIndex: pattern.index, key: nil, otherRules: [],
            exampleURL: nil,
            message: "\(JSONValue.string(text).quoted()) matches no URL as \(document.options.target) reads them (an "
                + "empty path or one starting with '/', then '?query'\(query)): the pattern never applies\(hint)")
    }

    /// A key of the rule that later rules always override, or override on shared URLs though they
    /// reach beyond the rule's.
    mutating func checkOverrides(position: Int, rule: PathConfiguration.AppliedRule, index: Int) {
        var overridden: [(key: String, others: [Int], url: String)] = []
        for key in rule.properties.keys.sorted() {
            guard let winners = possibleWinners(of: key) else { continue }
            if !winners.contains(position) {
                // Every URL of the rule is matched by a later rule setting the key.
                if let sample = samples.filter({ $0.rule == index }).min(by: { $0.input.count < $1.input.count }) {
                    let url = sample.url
                    let winners = self.winners(of: key, at: url, after: position)
                    overridden.append((key, winners.compactMap(\.documentIndex), url))
                    let value = rule.properties[key].map { $0.quoted() } ?? ""
                    let same = winners.allSatisfy { $0.properties[key] == rule.properties[key] }
                    findings.append(
                        .init(
                            kind: .alwaysOverridden, ruleIndex: index, patternIndex: nil, key: key,
                            otherRules: winners.compactMap(\.documentIndex), exampleURL: url,
                            message:
                                "\(JSONValue.string(key).quoted()): \(value) never takes effect: every URL this rule "
                                + "matches is also matched by a later rule that sets \(JSONValue.string(key).quoted()) "
                                + "(\(describe(winners, key: key)) at \(url))"
                                + (same ? "; it sets the same value there, so this one is redundant" : "")))
                }
                continue
            }
            for later in applied[(position + 1)...] {
                guard let other = later.documentIndex, let value = later.properties[key], value != rule.properties[key]
                else {
                    continue
                }
                checkBroader(rule: rule, index: index, key: key, later: later, other: other)
            }
        }
        if overridden.count == rule.properties.count && overridden.count > 1 {
            let others = Array(Set(overridden.flatMap(\.others))).sorted()
            findings.removeAll { $0.ruleIndex == index && $0.kind == .alwaysOverridden }
            findings.append(
                .init(
                    kind: .alwaysOverridden, ruleIndex: index, patternIndex: nil, key: nil, otherRules: others,
                    exampleURL: overridden.first?.url,
                    message: "the rule changes nothing: each of its properties ("
                        + overridden.map { JSONValue.string($0.key).quoted() }.joined(separator: ", ")
                        + ") is set again by a later rule on every URL it matches ("
                        + (others.isEmpty
                            ? "the built-in historical-location rules"
                            : others.map { "rules[\($0)]" }.joined(separator: ", "))
                        + "; e.g. \(overridden.first?.url ?? ""))"))
        }
    }

    /// A later rule that overrides `key` on the URL a pattern of the rule is for (its shortest),
    /// while it also matches URLs the rule does not: a broad rule placed after a specific one.
    mutating func checkBroader(
        rule: PathConfiguration.AppliedRule, index: Int, key: String, later: PathConfiguration.AppliedRule, other: Int
    ) {
        guard
            let sample = samples.first(where: {
                $0.rule == index && document.match(url: $0.url).matchedRules.contains(other)
            })
        else { return }
        let own = rule.patterns.map(\.node)
        let theirs = later.patterns.map(\.node)
        guard case .some(let beyond?) = shortest(own, theirs, goal: { $0 & 3 == 2 }),
            let elsewhere = example(
                beyond, holds: { $0.matchedRules.contains(other) && !$0.matchedRules.contains(index) })
        else { return }
        let mine = rule.properties[key]?.quoted() ?? ""
        let theirsValue = later.properties[key]?.quoted() ?? ""
        findings.append(
            .init(
                kind: .overriddenByBroaderRule, ruleIndex: index, patternIndex: sample.pattern, key: key,
                otherRules: [other], exampleURL: sample.url,
                message:
                    "rules[\(other)] (\(later.patterns.map { JSONValue.string($0.text).quoted() }.joined(separator: ", "))) "
                    + "comes later and sets \(JSONValue.string(key).quoted()): \(theirsValue) over this rule's \(mine) "
                    + "on \(sample.url), the URL this pattern is for; it is broader (it also matches \(elsewhere)): "
                    + "move it before this rule, or narrow its pattern"))
    }

    /// An unanchored pattern ending in a letter or digit that matches, inside a segment, the URL
    /// another rule is for (`/new` and another rule's `/newsletter`): the two rules meet where the
    /// document's author did not mean them to.
    mutating func checkSegment(rule index: Int, _ pattern: (index: Int, text: String, node: PatternNode)) {
        guard Self.endsInWordCharacter(pattern.node),
            let bounded = try? PatternParser.parse(
                "(?:\(pattern.text))(?:$|[/?#.])", caseInsensitive: document.options.platform == .android)
        else { return }
        let loose = Self.matcher(pattern.node)
        let tight = Self.matcher(bounded)
        guard
            let sample = samples.first(where: { sample in
                sample.rule != index && Self.matches(loose, sample.input) && !Self.matches(tight, sample.input)
                    && changesAnswer(rule: index, at: sample.url)
            })
        else { return }
        let text = JSONValue.string(pattern.text).quoted()
        findings.append(
            .init(
                kind: .matchesInsideSegment, ruleIndex: index, patternIndex: pattern.index, key: nil,
                otherRules: [sample.rule], exampleURL: sample.url,
                message: "\(text) is not anchored and matches inside a segment of \(sample.url), the URL "
                    + "rules[\(sample.rule)].patterns[\(sample.pattern)] is for (as \"/new\" matches \"/newsletter\"), so this "
                    + "rule applies there too: end it with \"$\", or with \"(/|$)\" to keep what follows a '/'"))
    }

    /// Whether the rule, matching at `url`, gives it a property no later matching rule sets again.
    func changesAnswer(rule index: Int, at url: String) -> Bool {
        guard let position = applied.firstIndex(where: { $0.documentIndex == index }) else { return false }
        let match = document.match(url: url)
        guard match.matchedRules.contains(index) else { return false }
        return applied[position].properties.keys.contains { key in winners(of: key, at: url, after: position).isEmpty }
    }

    /// An automaton of one pattern, for the segment check's lookups.
    static func matcher(_ node: PatternNode) -> PatternAutomaton? {
        var program = PatternProgram()
        guard (try? program.add(node, rule: 0)) != nil else { return nil }
        return PatternAutomaton(program: program, ruleCount: 1)
    }

    static func matches(_ automaton: PatternAutomaton?, _ input: [UInt8]) -> Bool {
        guard let automaton else { return false }
        return input.withUnsafeBufferPointer { !automaton.matchingRules($0).isEmpty }
    }

    /// The later rules that set `key` and match `url`, in merge order.
    func winners(of key: String, at url: String, after position: Int) -> [PathConfiguration.AppliedRule] {
        let match = document.match(url: url)
        return applied[(position + 1)...].filter { rule in
            guard rule.properties[key] != nil else { return false }
            if let index = rule.documentIndex { return match.matchedRules.contains(index) }
            return match.matchedBuiltInRules.contains { rule.name.contains($0) }
        }
    }

    func describe(_ rules: [PathConfiguration.AppliedRule], key: String) -> String {
        rules.map { rule in
            let patterns = rule.patterns.map { JSONValue.string($0.text).quoted() }.joined(separator: ", ")
            return "\(rule.name) \(patterns) → \(rule.properties[key]?.quoted() ?? "")"
        }.joined(separator: ", ")
    }

    /// Whether every match of `node` ends with a letter, digit, `_` or `-` that it must read.
    static func endsInWordCharacter(_ node: PatternNode) -> Bool {
        let word = ByteSet(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8))
        // An explicit stack of what to look at next: the depth is the pattern's, bounded by the
        // parser, and no recursion is needed.
        var pending = [node]
        while let current = pending.popLast() {
            switch current {
            case .bytes(let set):
                var outside = set
                for byte in word.members { outside.remove(byte) }
                if outside != ByteSet() || set == ByteSet() { return false }
            case .repeated(let inner, let minimum, _):
                if minimum < 1 { return false }
                pending.append(inner)
            case .sequence(let items):
                guard let last = items.last(where: { $0 != .empty }) else { return false }
                pending.append(last)
            case .alternation(let branches):
                if branches.isEmpty { return false }
                pending.append(contentsOf: branches)
            case .anyCharacter, .nonASCII, .startAnchor, .endAnchor, .strictEndAnchor, .empty:
                return false
            }
        }
        return true
    }
}

extension ByteSet {
    /// The bytes in the set.
    var members: [UInt8] { (UInt8(0)...UInt8(255)).filter(contains) }
}
