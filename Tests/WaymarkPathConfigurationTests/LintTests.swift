import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTestSupport

/// The linter (`PathConfiguration.lint()`): each kind of finding on the document shape it is for,
/// with the shortest URL that shows it, as the target reads URLs; no finding on a sound document;
/// and, on generated documents, every claim checked against `NSRegularExpression` over every input
/// up to a length.
@Suite struct LintTests {
    static func lint(
        _ json: String, target: PathConfiguration.Target = .hotwireNativeIOS, queryStringMatching: Bool? = nil
    ) throws -> [PathConfiguration.Finding] {
        try PathConfiguration(
            data: Data(json.utf8), options: .init(target: target, queryStringMatching: queryStringMatching)
        ).lint().findings
    }

    /// plan_my_trip's mistake: a catch-all placed last overrides every earlier rule's keys.
    @Test func aCatchAllPlacedLastOverridesEveryEarlierKey() throws {
        let findings = try Self.lint(
            #"{"rules": [{"patterns": ["/users/sign_in"], "properties": {"context": "modal"}}, {"patterns": [".*"], "properties": {"context": "default"}}]}"#
        )
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.kind == .alwaysOverridden && finding.ruleIndex == 0 && finding.key == "context")
        #expect(finding.otherRules == [1])
        #expect(finding.exampleURL == "https://example.com/users/sign_in")
        #expect(
            finding.description
                == #"rules[0]: warning: "context": "modal" never takes effect: every URL this rule matches is also matched by a later rule that sets "context" (rules[1] ".*" → "default" at https://example.com/users/sign_in)"#
        )
    }

    /// A rule every key of which is always set again is one finding, not one per key.
    @Test func aRuleThatChangesNothingIsOneFinding() throws {
        let findings = try Self.lint(
            #"{"rules": [{"patterns": ["^/terms$"], "properties": {"context": "modal", "title": "Terms"}}, {"patterns": ["^/te.*"], "properties": {"context": "default", "title": "T"}}]}"#
        )
        #expect(findings.map(\.kind) == [.alwaysOverridden])
        #expect(findings.first?.key == nil)
        #expect(findings.first?.exampleURL == "https://example.com/terms")
        #expect(findings.first?.message.hasPrefix("the rule changes nothing") == true)
    }

    /// nusuchceck's mistake: a broader unanchored rule after a specific one. When it takes every
    /// URL of the specific rule, the key is always overridden; when it takes the URL one pattern is
    /// for, it overrides that pattern's screen.
    @Test func aBroaderRuleAfterASpecificOneIsReported() throws {
        let always = try Self.lint(
            #"{"rules": [{"patterns": [".*"], "properties": {"context": "default"}}, {"patterns": ["/customers/requests/new$"], "properties": {"context": "modal"}}, {"patterns": ["/customers/requests"], "properties": {"context": "default", "title": "Requests"}}]}"#
        )
        #expect(always.map(\.kind) == [.alwaysOverridden])
        #expect(always.first?.ruleIndex == 1 && always.first?.otherRules == [2])
        #expect(always.first?.exampleURL == "https://example.com/customers/requests/new")
        let findings = try Self.lint(
            #"{"rules": [{"patterns": [".*"], "properties": {"context": "default"}}, {"patterns": ["/customers/requests/new$", "/posts/new$"], "properties": {"context": "modal"}}, {"patterns": ["/customers/requests"], "properties": {"context": "default", "title": "Requests"}}]}"#
        )
        let broader = findings.filter { $0.kind == .overriddenByBroaderRule }
        #expect(findings.count == 1 && broader.count == 1)
        #expect(broader.first?.ruleIndex == 1 && broader.first?.otherRules == [2] && broader.first?.key == "context")
        #expect(broader.first?.patternIndex == 0)
        #expect(broader.first?.exampleURL == "https://example.com/customers/requests/new")
        // A later rule confined to the earlier one's URLs is a refinement, not a mistake.
        let refinement = try Self.lint(
            #"{"rules": [{"patterns": ["^/posts"], "properties": {"context": "default"}}, {"patterns": ["^/posts/new$"], "properties": {"context": "modal"}}]}"#
        )
        #expect(refinement.isEmpty)
    }

    /// An unanchored `/new` applies to another rule's `/newsletter`.
    @Test func anUnanchoredPatternMatchingInsideAnotherRulesSegment() throws {
        let findings = try Self.lint(
            #"{"rules": [{"patterns": ["/newsletter$"], "properties": {"title": "News"}}, {"patterns": ["/new"], "properties": {"context": "modal"}}]}"#
        )
        #expect(findings.map(\.kind) == [.matchesInsideSegment])
        #expect(findings.first?.ruleIndex == 1 && findings.first?.patternIndex == 0)
        #expect(findings.first?.exampleURL == "https://example.com/newsletter")
        // Anchored, it is fine.
        #expect(
            try Self.lint(
                #"{"rules": [{"patterns": ["/newsletter$"], "properties": {"title": "News"}}, {"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#
            ).isEmpty)
    }

    /// A pattern no URL can match, as each target reads URLs: `^feed$` lacks its `/`; `^/a/$` can
    /// match only where the trailing slash is kept (`main`, Android; the release drops it); a query
    /// pattern needs query matching, or a path that can hold a `?` (a decoded `%3F`).
    @Test func patternsNoURLCanMatch() throws {
        let feed = try Self.lint(#"{"rules": [{"patterns": ["^feed$", "^/feed$"], "properties": {"title": "Feed"}}]}"#)
        #expect(feed.map(\.kind) == [.neverMatches])
        #expect(feed.first?.patternIndex == 0 && feed.first?.message.hasSuffix("paths start with '/'") == true)
        let slash = #"{"rules": [{"patterns": ["^/a/$"], "properties": {"title": "A"}}]}"#
        #expect(try Self.lint(slash).map(\.kind) == [.neverMatches])
        #expect(try Self.lint(slash, target: .hotwireNativeIOSMain).isEmpty)
        #expect(try Self.lint(slash, target: .hotwireNativeAndroid).isEmpty)
        let query = #"{"rules": [{"patterns": ["\\?page="], "properties": {"title": "Paged"}}]}"#
        #expect(try Self.lint(query).isEmpty)
        #expect(try Self.lint(query, target: .turboIOS).isEmpty)  // https://example.com/%3Fpage=
        #expect(
            try Self.lint(query, target: .hotwireNativeIOSMain, queryStringMatching: false).map(\.kind) == [
                .neverMatches
            ])
    }

    /// Findings name the document's own indexes when an item is not a rule object, and a `%` in a
    /// pattern is matched as each target's string holds it: an escape of two hex digits in an
    /// encoded path, the character itself in a decoded one (whose example writes it `%25`).
    @Test func indexesAndPercentSigns() throws {
        let shifted = try Self.lint(
            #"{"rules": ["x", {"patterns": ["/a$"], "properties": {"k": 1}}, {"patterns": [".*"], "properties": {"k": 2}}]}"#
        )
        #expect(shifted.map(\.ruleIndex) == [1])
        #expect(shifted.first?.exampleURL == "https://example.com/a")
        let encoded =
            #"{"rules": [{"patterns": ["/caf%C3%A9$"], "properties": {"t": 1}}, {"patterns": ["/caf"], "properties": {"t": 2}}]}"#
        #expect(
            try Self.lint(encoded, target: .hotwireNativeIOSMain).map(\.kind) == [
                .alwaysOverridden, .matchesInsideSegment,
            ])
        let literalPercent =
            #"{"rules": [{"patterns": ["/a%41$"], "properties": {"t": 1}}, {"patterns": ["%"], "properties": {"t": 2}}]}"#
        let findings = try Self.lint(literalPercent)
        #expect(findings.map(\.kind) == [.alwaysOverridden])
        #expect(findings.first?.exampleURL == "https://example.com/a%2541")
    }

    /// Hotwire's built-in historical-location rules come after the document's: a document rule
    /// for `/recede_historical_location` is set again by them.
    @Test func theBuiltInRulesOverrideADocumentsOwn() throws {
        let json =
            #"{"rules": [{"patterns": ["/recede_historical_location"], "properties": {"presentation": "none"}}]}"#
        let findings = try Self.lint(json)
        #expect(findings.map(\.kind) == [.alwaysOverridden])
        #expect(findings.first?.message.contains("the built-in recede_historical_location rule") == true)
        #expect(try Self.lint(json, target: .turboIOS).isEmpty)
    }

    /// Every claim of the linter on generated documents, against `NSRegularExpression` run on every
    /// input of the target's shape up to six characters over `/ a b ?`: a pattern said to match
    /// nothing matches none of them; a key said to be always overridden is set again by a later
    /// matching rule on every input the rule matches; every example shows what it says.
    @Test func everyClaimHoldsOnGeneratedDocuments() throws {
        var random = SplitMix64(seed: 0x11A7)
        let atoms = ["/a", "/b", "a", "b", "/", "a+", "[ab]", ".*", "\\?a", "b?"]
        let prefixes = ["", "^", "^/"]
        let suffixes = ["", "$", "/"]
        let inputs = Self.inputs(length: 6)
        var claims = 0
        for _ in 0..<150 {
            var rules: [(patterns: [String], value: Int)] = []
            for _ in 0..<(2 + Int(random.next() % 3)) {
                var patterns: [String] = []
                for _ in 0..<(1 + Int(random.next() % 2)) {
                    var pattern = prefixes[Int(random.next() % 3)]
                    for _ in 0..<(1 + Int(random.next() % 3)) {
                        pattern += atoms[Int(random.next() % UInt64(atoms.count))]
                    }
                    patterns.append(pattern + suffixes[Int(random.next() % 3)])
                }
                rules.append((patterns, Int(random.next() % 2)))
            }
            let json =
                #"{"rules": ["#
                + rules.map { rule in
                    #"{"patterns": [\#(rule.patterns.map { "\"\($0.replacingOccurrences(of: "\\", with: "\\\\"))\"" }.joined(separator: ", "))], "properties": {"k": \#(rule.value)}}"#
                }.joined(separator: ", ") + "]}"
            let document = try PathConfiguration(
                data: Data(json.utf8), options: .init(target: .hotwireNativeIOSMain, historicalLocationRules: .off))
            let regexes = rules.map { rule in rule.patterns.compactMap { try? NSRegularExpression(pattern: $0) } }
            func matches(_ rule: Int, _ input: String) -> Bool {
                regexes[rule].contains {
                    $0.firstMatch(in: input, range: NSRange(input.startIndex..., in: input)) != nil
                }
            }
            for finding in document.lint().findings {
                claims += 1
                switch finding.kind {
                case .neverMatches:
                    let pattern = try #require(finding.patternIndex)
                    let regex = try NSRegularExpression(pattern: rules[finding.ruleIndex].patterns[pattern])
                    #expect(
                        !inputs.contains { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil },
                        "\(json): \(finding)")
                case .alwaysOverridden:
                    for input in inputs where matches(finding.ruleIndex, input) {
                        #expect(
                            (finding.ruleIndex + 1..<rules.count).contains { matches($0, input) },
                            "\(json): \(finding) fails on \(input)")
                    }
                case .overriddenByBroaderRule, .matchesInsideSegment:
                    let url = try #require(finding.exampleURL)
                    let input = document.input(for: url)
                    #expect(matches(finding.ruleIndex, input), "\(json): \(finding)")
                    for other in finding.otherRules { #expect(matches(other, input), "\(json): \(finding)") }
                }
                if let url = finding.exampleURL {
                    #expect(matches(finding.ruleIndex, document.input(for: url)), "\(json): \(finding)")
                }
            }
        }
        #expect(claims > 50)
    }

    /// Every match string of the `main` target's shape up to `length` over `/ a b ?`: empty, or a
    /// path starting with `/`, then at most one `?` starting the query.
    static func inputs(length: Int) -> [String] {
        var all = [""]
        var frontier = [""]
        for _ in 0..<length {
            var next: [String] = []
            for text in frontier {
                for character in ["/", "a", "b", "?"] {
                    let candidate = text + character
                    if !candidate.hasPrefix("/") && !candidate.hasPrefix("?") { continue }
                    if candidate.filter({ $0 == "?" }).count > 1 { continue }
                    next.append(candidate)
                }
            }
            all += next
            frontier = next
        }
        return all
    }

    /// A server copy and a bundled copy that disagree: each key some URL gets otherwise, with the
    /// shortest such URL, checked by a lookup in each.
    @Test func twoCopiesOfADocumentAreCompared() throws {
        let bundled = try PathConfiguration(
            data: Data(
                #"{"rules": [{"patterns": [".*"], "properties": {"context": "default"}}, {"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#
                    .utf8))
        let server = try PathConfiguration(
            data: Data(
                #"{"rules": [{"patterns": [".*"], "properties": {"context": "default"}}, {"patterns": ["/new$", "/edit$"], "properties": {"context": "modal"}}]}"#
                    .utf8))
        let comparison = bundled.differences(from: server)
        #expect(comparison.isComplete)
        #expect(comparison.differences.map(\.key) == ["context"])
        let difference = try #require(comparison.differences.first)
        #expect(difference.exampleURL == "https://example.com/edit")
        #expect(difference.value == "default" && difference.otherValue == "modal")
        #expect(
            difference.description
                == #""context" at https://example.com/edit: "default" (rules[0]) here, "modal" (rules[1]) in the other"#
        )
        #expect(bundled.differences(from: bundled).differences.isEmpty)
    }
}

/// The linter's cost: it grows with the document as its searches do, and a hostile document stops
/// at the work bound with its unfinished checks counted, never with a wrong finding.
@Suite struct LintCostTests {
    /// `n` rules, each for its own screen and all setting `context`, then a catch-all: the searches
    /// read each rule once per key (the winners of a key in one search), so the work doubles when
    /// the rules double.
    static func document(rules count: Int) -> PathConfiguration? {
        let rules = (0..<count).map { #"{"patterns": ["^/screen\#($0)/[0-9]+$"], "properties": {"context": "modal"}}"# }
        let json =
            #"{"rules": ["# + rules.joined(separator: ", ")
            + #", {"patterns": ["/settings"], "properties": {"context": "default"}}]}"#
        return try? PathConfiguration(data: Data(json.utf8))
    }

    @Test func theWorkGrowsLinearlyWithTheRules() throws {
        let sizes = [20, 40, 80, 160]
        var counts: [Int] = []
        for size in sizes {
            let report = try #require(Self.document(rules: size)).lint()
            #expect(report.unfinishedChecks == 0)
            #expect(report.findings.isEmpty, "\(report.findings.prefix(2))")
            counts.append(report.work)
        }
        for problem in LinearGrowthCheck.doublingProblems("lint work", sizes: sizes, counts: counts) {
            Issue.record("\(problem)")
        }
    }

    /// Patterns whose automata blow up (`(a|b)*a(a|b){k}` needs 2^k states), stacked: the lint
    /// stops at its bound, says how many checks it could not finish, and reports nothing it did not
    /// decide; with a small bound, everything unfinished is counted.
    @Test(arguments: [6, 10, 14])
    func aHostileDocumentStopsAtTheBound(width: Int) throws {
        let rules = (0..<8).map {
            #"{"patterns": ["(a|b)*a(a|b){\#(width)}\#($0)"], "properties": {"k": \#($0)}}"#
        }
        let json = #"{"rules": ["# + rules.joined(separator: ", ") + "]}"
        let document = try PathConfiguration(data: Data(json.utf8))
        let budget = 2_000_000
        let report = document.lint(budget: budget)
        #expect(report.work <= budget + 1_000_000, "\(report.work)")
        for finding in report.findings {
            #expect(finding.exampleURL != nil || finding.kind == .neverMatches, "\(finding)")
        }
        let tiny = document.lint(budget: 10)
        #expect(tiny.findings.isEmpty && tiny.unfinishedChecks > 0)
    }
}
