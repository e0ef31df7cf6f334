internal import Foundation

/// How a document's lookups run its patterns, built for launch: nothing is compiled when the
/// document loads. The first ``literalLookups`` lookups compare the plain-text patterns
/// (``LiteralPattern``, most real ones) byte by byte and run the others as a small program without
/// a table (``PatternAutomaton/runWithoutTable(_:_:stride:work:)``), or through their own automaton
/// past ``tableFreeWork``. After that — or sooner, for an input the literals cannot answer within
/// ``literalWork`` comparisons, or (Android) an input with a non-ASCII byte — every pattern is
/// compiled into one automaton (``PatternAutomaton``), whose warm lookups read each byte once.
///
/// The lookup that needs the whole automaton compiles it outside the lock, so other lookups go on
/// meanwhile (with the literals); its cost is the document's compiled size, paid once (measured:
/// docs/performance.md, "Loading a real path configuration (issues 18 and 32)"). Every path is linear in the input: the literals by ``literalWork``, the
/// table-free run by ``tableFreeWork``, the automaton by its own bounds.
///
/// `@unchecked Sendable`: the mutable fields (`lookups`, the pending entries, the programs and
/// automata, `compilingWhole`) are read and written only while `lock` is held; the rest are
/// constants. The automata lock their own tables.
final class PatternEngine: @unchecked Sendable {
    /// How many lookups the literals answer before the whole automaton is built.
    static let literalLookups = 8

    /// A pattern, parsed if it was when the document loaded (a literal is parsed when the whole
    /// automaton is compiled), and the rule it belongs to, as numbered in the rule sets.
    typealias Entry = (text: String, node: PatternNode?, rule: Int32)

    private let literals: [LiteralPattern]
    /// The bytes an unanchored literal compares per input position, summed (anchored ones compare
    /// at one or two positions): a lookup's literal work is at most this times the input's length.
    private let literalBytes: Int
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
    /// Every pattern, until the whole automaton is installed.
    private var everything: [Entry]
    private var wholeAutomaton: PatternAutomaton?
    /// Whether a lookup is compiling the whole automaton (outside the lock).
    private var compilingWhole = false

    /// `entries`: every pattern of every rule, in rule order; `literals`: for each entry, the
    /// literal it is, if it is one. On Android, a literal with a non-ASCII letter is left to the
    /// automaton (Java's case folding maps non-ASCII letters to ASCII ones: the Kelvin sign and `k`).
    init(entries: [Entry], literals: [LiteralPattern?], ruleCount: Int, caseInsensitive: Bool) {
        let usable =
            caseInsensitive
            ? literals.map { literal in literal.flatMap { $0.text.contains { $0 >= 0x80 } ? nil : $0 } } : literals
        self.literals = usable.compactMap { $0 }
        self.literalBytes = self.literals.reduce(0) { $0 + ($1.anchoring == .none ? $1.text.count : 1) }
        self.others = zip(entries, usable).filter { $0.1 == nil }.map(\.0)
        self.everything = entries
        self.ruleCount = ruleCount
        self.stride = max(1, (ruleCount + 63) / 64)
        self.caseInsensitive = caseInsensitive
    }

    /// The most work a first lookup may do running the other patterns without a table (program
    /// steps times input bytes); past it, their table is built, as every later lookup's is.
    static let tableFreeWork = 100_000

    /// The most byte comparisons a first lookup may spend on literals; past it (long inputs, or
    /// hundreds of long unanchored literals), the lookup uses the whole automaton, which reads each
    /// byte once.
    static let literalWork = 1_000_000

    private enum Plan {
        case automaton(PatternAutomaton)
        case compileWhole([Entry], install: Bool)
        case literals(others: PatternAutomaton?)
        case literalsWithoutTable(PatternProgram)
    }

    /// The rules whose patterns match somewhere in `bytes` (valid UTF-8).
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> PatternAutomaton.Lookup {
        let plan: Plan = lock.withLock {
            lookups += 1
            if let wholeAutomaton { return .automaton(wholeAutomaton) }
            let literalsCanAnswer =
                !literals.isEmpty && !(caseInsensitive && bytes.contains { $0 >= 0x80 })
                && literalBytes.multipliedReportingOverflow(by: bytes.count).partialValue <= Self.literalWork
                && literalBytes.multipliedReportingOverflow(by: bytes.count).overflow == false
            if lookups > Self.literalLookups || !literalsCanAnswer {
                if !compilingWhole {
                    // Compiled outside the lock, so that other lookups go on meanwhile.
                    compilingWhole = true
                    return .compileWhole(everything, install: true)
                }
                // Another lookup is compiling it: answer with the literals if they can, else alone.
                if !literalsCanAnswer { return .compileWhole(everything, install: false) }
            }
            if let othersAutomaton { return .literals(others: othersAutomaton) }
            guard let program = othersProgram ?? compileOthers() else { return .literals(others: nil) }
            if program.steps.count.multipliedReportingOverflow(by: bytes.count).partialValue <= Self.tableFreeWork
                && !program.steps.count.multipliedReportingOverflow(by: bytes.count).overflow
            {
                return .literalsWithoutTable(program)
            }
            let automaton = PatternAutomaton(program: program, ruleCount: ruleCount)
            othersAutomaton = automaton
            return .literals(others: automaton)
        }
        switch plan {
        case .automaton(let automaton):
            return automaton.lookup(bytes)
        case .compileWhole(let entries, let install):
            let automaton = Self.compile(entries, ruleCount: ruleCount, caseInsensitive: caseInsensitive)
            if install {
                lock.withLock {
                    wholeAutomaton = automaton
                    compilingWhole = false
                    everything = []
                    others = []
                    othersProgram = nil
                    othersAutomaton = nil
                }
            }
            return automaton.lookup(bytes)
        case .literals(let others):
            var found =
                others?.lookup(bytes)
                ?? PatternAutomaton.Lookup(words: [UInt64](repeating: 0, count: stride), work: 0, limitReached: false)
            addLiterals(bytes, into: &found)
            return found
        case .literalsWithoutTable(let program):
            var work = 0
            let words = PatternAutomaton.runWithoutTable(program, bytes, stride: stride, work: &work)
            var found = PatternAutomaton.Lookup(words: words, work: work, limitReached: false)
            addLiterals(bytes, into: &found)
            return found
        }
    }

    /// ORs the literals that match into `found`, counting their comparisons as work.
    private func addLiterals(_ bytes: UnsafeBufferPointer<UInt8>, into found: inout PatternAutomaton.Lookup) {
        if found.words.count < stride { found.words += [UInt64](repeating: 0, count: stride - found.words.count) }
        for literal in literals where literal.matches(bytes, foldsASCII: caseInsensitive) {
            found.words[Int(literal.rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: literal.rule % 64)
        }
        found.work += literalBytes * bytes.count
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
