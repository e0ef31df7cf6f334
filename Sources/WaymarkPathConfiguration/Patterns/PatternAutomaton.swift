/// Every rule's patterns as one deterministic automaton over byte classes, built lazily: a lookup
/// reads the input once, one table step a byte, and collects the rules whose patterns matched
/// anywhere (an unanchored search). A state the table does not have yet is computed from the
/// nondeterministic program (work proportional to the program's size) and kept, so no pattern can
/// backtrack.
///
/// Two bounds keep every lookup's cost known in advance, whatever the document and the input:
/// - the table keeps at most ``maximumTableBytes`` of states; when a new state would not fit it
///   starts again empty (so memory is bounded, and a lookup that needs more states than fit still
///   answers correctly, only more slowly);
/// - a lookup may spend at most ``maximumLookupWork`` program steps making states. A lookup that
///   reaches it stops reading: its rules are those whose patterns matched in the part read
///   (each of them does match), and ``Lookup/limitReached`` says the answer may lack others.
///
/// Inputs are valid UTF-8 (they come from Swift strings): `.` relies on it (see ``PatternProgram``).
struct PatternAutomaton: Sendable {
    /// The most memory a document's table of states may hold (8 MiB).
    static let maximumTableBytes = 8 << 20
    /// The most program steps one lookup may visit to make states it needs (what it costs:
    /// docs/performance.md, "Loading a real path configuration (issues 18 and 32)").
    static let maximumLookupWork = 4_000_000

    /// What one lookup found.
    struct Lookup {
        /// Bit `r` of word `r / 64` is set when rule `r` matched.
        var words: [UInt64]
        /// One per byte read, plus the program steps visited to make states the table lacked.
        var work: Int
        /// Whether the lookup stopped at ``maximumLookupWork`` before the end of the input.
        var limitReached: Bool
    }

    let ruleCount: Int
    /// Words of a rule set.
    let stride: Int
    private let table: LazyTable

    init(
        program: PatternProgram, ruleCount: Int, tableBytes: Int = Self.maximumTableBytes,
        lookupWork: Int = Self.maximumLookupWork
    ) {
        self.ruleCount = ruleCount
        self.stride = max(1, (ruleCount + 63) / 64)
        self.table = LazyTable(
            steps: program.steps, starts: program.starts, stride: stride, byteLimit: tableBytes, workLimit: lookupWork)
    }

    /// The number of steps of the nondeterministic program.
    var programSize: Int { table.steps.count }

    /// The work of building the automaton (see ``LazyTable/constructionWork``): linear in the program.
    var constructionWork: Int { table.constructionWork }

    /// The bytes the table of states holds now.
    var tableBytes: Int { table.bytesInUse }

    /// The rules with a pattern that matches somewhere in `bytes`.
    func matchingRules(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        Self.rules(in: lookup(bytes).words)
    }

    /// The rules with a pattern that matches somewhere in `bytes`, and how much work that took.
    func matchingRules(_ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) -> [Int] {
        let found = lookup(bytes)
        work += found.work
        return Self.rules(in: found.words)
    }

    /// Runs `bytes` (valid UTF-8) through the table.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Lookup {
        var found = Lookup(words: [UInt64](repeating: 0, count: stride), work: 0, limitReached: false)
        table.run(bytes, into: &found)
        return found
    }

    /// The rules of a bit set, in order.
    static func rules(in words: [UInt64]) -> [Int] {
        var rules: [Int] = []
        for (wordIndex, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                rules.append(wordIndex * 64 + bit)
                remaining &= remaining - 1
            }
        }
        return rules
    }

    /// How many bytes at the end of `bytes` are one final line terminator, before which `$` and
    /// `\Z` also match (as in ICU): `\r\n`, `\n`, `\v`, `\f`, `\r`, U+0085, U+2028 or U+2029.
    static func finalLineTerminatorLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard let last = bytes.last else { return 0 }
        switch last {
        case 0x0A: return count >= 2 && bytes[count - 2] == 0x0D ? 2 : 1
        case 0x0B, 0x0C, 0x0D: return 1
        case 0x85: return count >= 2 && bytes[count - 2] == 0xC2 ? 2 : 0
        case 0xA8, 0xA9: return count >= 3 && bytes[count - 3] == 0xE2 && bytes[count - 2] == 0x80 ? 3 : 0
        default: return 0
        }
    }
}
