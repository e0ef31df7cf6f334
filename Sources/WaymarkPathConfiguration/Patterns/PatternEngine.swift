internal import Foundation

/// How a document's lookups run its patterns, built for launch: nothing is compiled when the
/// document loads. The first ``literalLookups`` lookups compare the plain-text patterns
/// (``LiteralPattern``, most real ones) byte by byte and run the others through an automaton
/// compiled from them alone on first need; after that, every pattern is compiled into one
/// automaton (``PatternAutomaton``), whose warm lookups read each byte once.
///
/// A launch pays for what its first screens look up, as Hotwire compiles only the patterns a
/// lookup runs; an app that keeps looking up pays the one automaton once, and then the
/// linear-time lookup of before. Every path is linear in the input.
///
/// `@unchecked Sendable`: the mutable fields (`lookups`, the two automata and their pending
/// programs) are read and written only while `lock` is held; the rest are constants. The automata
/// lock their own tables.
final class PatternEngine: @unchecked Sendable {
    /// How many lookups the literals answer before the whole automaton is built.
    static let literalLookups = 8

    /// A pattern, parsed if it was when the document loaded (a literal is parsed when the whole
    /// automaton is compiled), and the rule it belongs to, as numbered in the rule sets.
    typealias Entry = (text: String, node: PatternNode?, rule: Int32)

    private let literals: [LiteralPattern]
    private let ruleCount: Int
    private let stride: Int
    /// Android: letters match in either case; an input with a non-ASCII byte goes to the automaton.
    private let caseInsensitive: Bool
    private let lock = NSLock()
    private var lookups = 0
    /// The patterns that are not literals, until their automaton is built.
    private var others: [Entry]
    private var othersProgram: PatternProgram?
    private var othersAutomaton: PatternAutomaton?
    /// Every pattern, until the whole automaton is built.
    private var everything: [Entry]
    private var wholeAutomaton: PatternAutomaton?

    /// `entries`: every pattern of every rule, in rule order; `literals`: for each entry, the
    /// literal it is, if it is one.
    init(entries: [Entry], literals: [LiteralPattern?], ruleCount: Int, caseInsensitive: Bool) {
        self.literals = literals.compactMap { $0 }
        self.others = zip(entries, literals).filter { $0.1 == nil }.map(\.0)
        self.everything = entries
        self.ruleCount = ruleCount
        self.stride = max(1, (ruleCount + 63) / 64)
        self.caseInsensitive = caseInsensitive
    }

    /// The most work a first lookup may do running the other patterns without a table (program
    /// steps times input bytes); past it, their table is built, as every later lookup's is.
    static let tableFreeWork = 100_000

    /// The rules whose patterns match somewhere in `bytes` (valid UTF-8).
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> PatternAutomaton.Lookup {
        enum Plan {
            case automaton(PatternAutomaton?)
            case withoutTable(PatternProgram)
        }
        let plan: Plan
        let useLiterals: Bool
        (plan, useLiterals) = lock.withLock {
            lookups += 1
            let nonASCII = caseInsensitive && bytes.contains { $0 >= 0x80 }
            if lookups > Self.literalLookups || nonASCII || literals.isEmpty {
                return (.automaton(whole()), false)
            }
            if let othersAutomaton { return (.automaton(othersAutomaton), true) }
            guard let program = othersProgram ?? compileOthers() else { return (.automaton(nil), true) }
            if program.steps.count * bytes.count <= Self.tableFreeWork { return (.withoutTable(program), true) }
            othersAutomaton = PatternAutomaton(program: program, ruleCount: ruleCount)
            return (.automaton(othersAutomaton), true)
        }
        var found: PatternAutomaton.Lookup
        switch plan {
        case .automaton(let automaton):
            found =
                automaton?.lookup(bytes)
                ?? PatternAutomaton.Lookup(words: [UInt64](repeating: 0, count: stride), work: 0, limitReached: false)
        case .withoutTable(let program):
            var work = 0
            let words = PatternAutomaton.runWithoutTable(program, bytes, stride: stride, work: &work)
            found = PatternAutomaton.Lookup(words: words, work: work, limitReached: false)
        }
        if found.words.count < stride { found.words += [UInt64](repeating: 0, count: stride - found.words.count) }
        guard useLiterals else { return found }
        for literal in literals where literal.matches(bytes, foldsASCII: caseInsensitive) {
            found.words[Int(literal.rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: literal.rule % 64)
        }
        found.work += bytes.count
        return found
    }

    /// The automaton of every pattern, built on first need (`lock` held).
    private func whole() -> PatternAutomaton? {
        if let wholeAutomaton { return wholeAutomaton }
        wholeAutomaton = Self.compile(everything, ruleCount: ruleCount, caseInsensitive: caseInsensitive)
        everything = []
        others = []
        othersProgram = nil
        othersAutomaton = nil
        return wholeAutomaton
    }

    /// The program of the patterns that are not literals, or `nil` when there are none (`lock` held).
    private func compileOthers() -> PatternProgram? {
        guard !others.isEmpty else { return nil }
        othersProgram = Self.program(others, caseInsensitive: caseInsensitive)
        others = []
        return othersProgram
    }

    /// The document's loading parsed every pattern but literals (which always parse), sized every
    /// rule (`PatternProgram.stepCount`, and ``LiteralPattern/steps``, both exact) and kept only
    /// those that fit the step budget together; compiling fails only past that budget: neither
    /// the parse nor the compile can fail here.
    private static func compile(_ entries: [Entry], ruleCount: Int, caseInsensitive: Bool) -> PatternAutomaton {
        PatternAutomaton(program: program(entries, caseInsensitive: caseInsensitive), ruleCount: ruleCount)
    }

    private static func program(_ entries: [Entry], caseInsensitive: Bool) -> PatternProgram {
        var program = PatternProgram()
        for entry in entries {
            guard let node = entry.node ?? (try? PatternParser.parse(entry.text, caseInsensitive: caseInsensitive))
            else { continue }
            try? program.add(node, rule: entry.rule)
        }
        return program
    }
}
