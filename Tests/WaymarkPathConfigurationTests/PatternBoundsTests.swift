import Foundation
import Testing
import WaymarkTestSupport

@testable import WaymarkPathConfiguration

/// The bounds that keep hostile documents and inputs cheap (docs/security.md, "Limits"), each tested
/// over a family of generated inputs: work counters, not clocks.
@Suite struct PatternBoundsTests {
    static func automaton(
        _ patterns: [String], lookupWork: Int = PatternAutomaton.maximumLookupWork,
        tableBytes: Int = PatternAutomaton.maximumTableBytes
    ) throws -> PatternAutomaton {
        var program = PatternProgram()
        for (rule, pattern) in patterns.enumerated() {
            try program.add(try PatternParser.parse(pattern), rule: Int32(rule))
        }
        return PatternAutomaton(
            program: program, ruleCount: patterns.count, tableBytes: tableBytes, lookupWork: lookupWork)
    }

    static func lookup(_ automaton: PatternAutomaton, _ input: String) -> PatternAutomaton.Lookup {
        var copy = input
        return copy.withUTF8 { automaton.lookup($0) }
    }

    /// The size the budget is charged before compiling is the size compiling gives, on every
    /// generated pattern the parser accepts.
    @Test func sizingAPatternGivesTheStepsCompilingAddsTo() throws {
        var generator = SeededGenerator(seed: 31)
        var sized = 0
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let pattern = (0..<count).map { _ in PatternCompatibilityTests.pieces.randomElement(using: &generator) ?? ""
            }
            .joined()
            guard let node = try? PatternParser.parse(pattern) else { continue }
            var program = PatternProgram()
            try program.add(node, rule: 0)
            #expect(PatternProgram.stepCount(of: node) == program.steps.count, "\(pattern)")
            sized += 1
        }
        #expect(sized > 1_000)
    }

    /// Which rules fit the step budget depends on their sizes, never on their order: every order of
    /// the same rules skips the same ones, the largest, and keeps everything smaller.
    @Test func theRulesLeftOutOfTheBudgetDoNotDependOnTheirOrder() throws {
        var generator = SeededGenerator(seed: 32)
        for _ in 0..<20 {
            let repeats = (0..<Int.random(in: 5...40, using: &generator)).map { _ in
                Int.random(in: 1...1_000, using: &generator)
            }
            // `(ab){k}`: 2k steps and an accept; copies of `.{1,k}` make the document exceed the budget.
            let patterns = repeats.map { "(ab){\($0)}|(.{1,\($0)}){\(1 + $0 % 90)}" }
            var skippedByPattern: Set<String>?
            for _ in 0..<4 {
                let order = patterns.shuffled(using: &generator)
                let rules = order.map { #"{"patterns":[\#(String(reflecting: $0))],"properties":{}}"# }
                let document = try PathConfiguration(
                    data: Data(#"{"rules":[\#(rules.joined(separator: ","))]}"#.utf8),
                    options: .init(historicalLocationRules: .off))
                let skipped = Set(document.diagnostics.compactMap { $0.ruleIndex.map { order[$0] } })
                if let skippedByPattern { #expect(skipped == skippedByPattern) } else { skippedByPattern = skipped }
                let sizes = order.map { pattern in
                    (try? PatternParser.parse(pattern)).map { PatternProgram.stepCount(of: $0) } ?? 0
                }
                let kept = sizes.indices.filter { !skipped.contains(order[$0]) }
                #expect(kept.map { sizes[$0] }.reduce(0, +) <= PatternProgram.maximumSteps)
                if let largestKept = kept.map({ sizes[$0] }).max() {
                    #expect(sizes.indices.filter { skipped.contains(order[$0]) }.allSatisfy { sizes[$0] > largestKept })
                }
            }
        }
    }

    /// A realistic large document: a hundred rules with `.{1,200}` all fit (they did not when `.`
    /// took ten steps, and the last ten rules were dropped).
    @Test func aHundredRealisticRulesAllApply() throws {
        let rules = (0..<100).map { #"{"patterns":["^/section\#($0)/.{1,200}/edit$"],"properties":{"rule":\#($0)}}"# }
        let document = try PathConfiguration(data: Data(#"{"rules":[\#(rules.joined(separator: ","))]}"#.utf8))
        #expect(document.diagnostics.isEmpty)
        for rule in [0, 50, 99] {
            #expect(document.match(path: "/section\(rule)/a-b/edit").matchedRules == [rule])
        }
    }

    /// Building the automaton is linear in the program: every family of hostile shapes, doubled four
    /// times, costs at most a little over twice as much at each doubling (the nested count
    /// `((a?){k}){66}` was quadratic: 4 minutes and 8.5 GB at k = 1,000).
    @Test(arguments: ["((a?){K}){8}", "(a|b|c|d){K}", "[ab]*a[ab]{K}", "(.{1,K}){4}", "(a*){K}", "([^/]?x?){K}$"])
    func buildingIsLinearInTheProgram(shape: String) throws {
        var previous: (work: Int, steps: Int)?
        for k in [60, 120, 240, 480] {
            let automaton = try Self.automaton([shape.replacingOccurrences(of: "K", with: "\(k)")])
            let work = automaton.constructionWork
            if let previous {
                #expect(Double(work) <= 2.2 * Double(previous.work), "\(shape) at \(k): \(work) after \(previous.work)")
                #expect(Double(automaton.programSize) <= 2.2 * Double(previous.steps))
            }
            previous = (work, automaton.programSize)
        }
    }

    /// Every lookup is bounded: however long the input and however many states it needs, the work
    /// stops at the bound (plus one state's worth, and one step a byte), the answer says it is
    /// incomplete, and every rule it reports does match (checked with NSRegularExpression).
    @Test func aLookupStopsAtItsWorkBoundAndSaysSo() throws {
        let bound = 200_000
        for rules in [1, 4, 16] {
            let patterns = (0..<rules).map { "[ab]*\($0 % 2 == 0 ? "a" : "b")[ab]{\(20 + $0)}" }
            let bounded = try Self.automaton(patterns, lookupWork: bound)
            let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
            var generator = SeededGenerator(seed: UInt64(rules))
            for length in [10, 100, 1_000, 10_000] {
                let input = String((0..<length).map { _ in Bool.random(using: &generator) ? "a" : "b" })
                let found = Self.lookup(bounded, input)
                #expect(found.work <= bound + length + 4 * bounded.programSize, "\(rules) rules, \(length) bytes")
                let truth = Set(
                    expressions.indices.filter { PatternCompatibilityTests.icuMatches(expressions[$0], input) })
                let reported = Set(PatternAutomaton.rules(in: found.words))
                #expect(reported.isSubset(of: truth))
                if !found.limitReached { #expect(reported == truth, "\(rules) rules, \(length) bytes") }
            }
        }
        // The issue's shape at a size that reaches the bound: it stops, and says so.
        let hostile = try Self.automaton(Array(repeating: "[ab]*a[ab]{200}", count: 50), lookupWork: bound)
        let found = Self.lookup(hostile, String(repeating: "ab", count: 2_000))
        #expect(found.limitReached)
    }

    /// The table of states stays within its byte bound whatever the lookups, and answers as an
    /// unbounded table does (it empties itself and starts again when full).
    @Test func theTableOfStatesStaysWithinItsBytes() throws {
        let patterns = ["[ab]*a[ab]{12}", "b[ab]{9}b$", "^(ab|ba)+$", "a{3,7}b"]
        let limit = 64 * 1024
        let small = try Self.automaton(patterns, tableBytes: limit)
        let large = try Self.automaton(patterns)
        var generator = SeededGenerator(seed: 33)
        var largest = 0
        for _ in 0..<300 {
            let input = String(
                (0..<Int.random(in: 0...400, using: &generator)).map { _ in Bool.random(using: &generator) ? "a" : "b" }
            )
            #expect(Self.lookup(small, input).words == Self.lookup(large, input).words)
            largest = max(largest, small.tableBytes)
        }
        #expect(largest <= limit)
        // The family did need more states than fit.
        #expect(large.tableBytes > limit)
    }

    /// Through the document: the issue's lookup (199 rules of `[ab]*a[ab]{999}`, a 16,000-byte
    /// path) stops at the default bound, and the match says so.
    @Test func anIncompleteLookupSaysSoInItsMatch() throws {
        let rules = (0..<199).map { #"{"patterns":["[ab]*a[ab]{999}"],"properties":{"rule":\#($0)}}"# }
        let document = try PathConfiguration(data: Data(#"{"rules":[\#(rules.joined(separator: ","))]}"#.utf8))
        #expect(document.diagnostics.isEmpty)
        let match = document.match(path: "/" + String(repeating: "ab", count: 8_000))
        #expect(!match.isComplete)
        #expect(match.diagnostic?.contains("work bound") == true)
        let small = document.match(path: "/ab")
        #expect(small.isComplete && small.diagnostic == nil && small.matchedRules.isEmpty)
    }
}

extension PatternBoundsTests {
    /// The parser's limits, at, under and over them, in every spelling of a group and a repetition.
    @Test(arguments: ["(", "(?:", "(?<g>"])
    func groupsNestUpToAHundred(open: String) {
        for depth in [1, 99, 100, 101, 150] {
            // Named groups need distinct names.
            let opens = (0..<depth).map { open == "(?<g>" ? "(?<g\($0)>" : open }.joined()
            let pattern = opens + "a" + String(repeating: ")", count: depth)
            let parsed = (try? PatternParser.parse(pattern)) != nil
            #expect(parsed == (depth <= PatternParser.maximumDepth), "\(open) × \(depth)")
        }
    }

    @Test(arguments: ["a{N}", "a{N,}", "a{0,N}", "(ab){N}", "[ab]{N}?", ".{1,N}"])
    func repetitionsGoUpToAThousand(shape: String) {
        for count in [999, 1_000, 1_001, 1_000_000, 99_999_999_999] {
            let pattern = shape.replacingOccurrences(of: "N", with: "\(count)")
            let parsed = (try? PatternParser.parse(pattern)) != nil
            #expect(parsed == (count <= PatternParser.maximumRepeat), "\(pattern)")
        }
    }
}
