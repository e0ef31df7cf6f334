internal import Foundation

/// Every rule's patterns as one deterministic automaton over byte classes, built lazily: a lookup
/// reads the input once, one table step a byte, and collects the rules whose patterns matched
/// anywhere (an unanchored search). A state the table does not have yet is computed from the
/// nondeterministic program (work proportional to the program's size) and kept, so time is linear
/// in the input whatever the patterns are, and no pattern can backtrack. The table keeps at most
/// ``maximumStates`` states; when it is full it starts again empty.
struct PatternAutomaton: Sendable {
    static let maximumStates = 10_000

    let ruleCount: Int
    /// Words of a rule set.
    let stride: Int
    private let table: LazyTable

    init(program: PatternProgram, ruleCount: Int) {
        self.ruleCount = ruleCount
        self.stride = max(1, (ruleCount + 63) / 64)
        let simulation = Simulation(steps: program.steps, starts: program.starts, stride: stride)
        self.table = LazyTable(simulation: simulation, limit: Self.maximumStates)
    }

    /// The number of steps of the nondeterministic program.
    var programSize: Int { table.simulation.steps.count }

    /// The rules with a pattern that matches somewhere in `bytes`.
    func matchingRules(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var work = 0
        return matchingRules(bytes, work: &work)
    }

    /// The rules with a pattern that matches somewhere in `bytes`, and how much work that took: one
    /// per byte, plus the program steps visited to make states the table did not have.
    func matchingRules(_ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) -> [Int] {
        Self.rules(in: matchingWords(bytes, work: &work))
    }

    /// The matching rules as a bit set (bit `r` of word `r / 64` for rule `r`).
    func matchingWords(_ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: stride)
        table.run(bytes, into: &words, work: &work)
        return words
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
}

extension PatternAutomaton {
    /// The nondeterministic program, run as sets of steps (and the closures the table is built from).
    struct Simulation: Sendable {
        let steps: [PatternProgram.Step]
        let starts: [Int32]
        let stride: Int
        /// For each byte step, the closure of the step it leads to (empty for other steps).
        private let follow: [[Int32]]
        /// The closure of every pattern's start, away from the start of the input.
        private let restart: [Int32]

        init(steps: [PatternProgram.Step], starts: [Int32], stride: Int) {
            self.steps = steps
            self.starts = starts
            self.stride = stride
            var follow: [[Int32]] = Array(repeating: [], count: steps.count)
            for (index, step) in steps.enumerated() {
                if case .bytes(_, let next) = step {
                    follow[index] = Self.closure(steps, [next], atStart: false, atEnd: false)
                }
            }
            self.follow = follow
            self.restart = Self.closure(steps, starts, atStart: false, atEnd: false)
        }

        /// The steps reachable from `seeds` without reading a byte, keeping byte, end-anchor and
        /// accept steps; start anchors pass only `atStart`, end anchors only `atEnd`.
        func closure(_ seeds: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
            Self.closure(steps, seeds, atStart: atStart, atEnd: atEnd)
        }

        static func closure(_ steps: [PatternProgram.Step], _ seeds: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
            var seen = Set<Int32>()
            var stack = seeds
            var kept: [Int32] = []
            while let index = stack.popLast() {
                guard index >= 0, seen.insert(index).inserted else { continue }
                switch steps[Int(index)] {
                case .bytes, .accept:
                    kept.append(index)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .jump(let next):
                    stack.append(next)
                case .startAnchor(let next):
                    if atStart { stack.append(next) }
                case .endAnchor(let next):
                    if atEnd { stack.append(next) } else { kept.append(index) }
                }
            }
            return kept.sorted()
        }

        /// The steps after reading `byte` from `set`, with every pattern started again (unanchored).
        func advance(_ set: [Int32], byte: UInt8) -> [Int32] {
            var marks = Set<Int32>(restart)
            var result = restart
            for index in set {
                if case .bytes(let bytes, _) = steps[Int(index)], bytes.contains(byte) {
                    for next in follow[Int(index)] where marks.insert(next).inserted { result.append(next) }
                }
            }
            return result.count == restart.count ? result : result.sorted()
        }

        /// The rules accepted in `set`, and those accepted once the input ends there.
        func accepts(_ set: [Int32], into words: inout [UInt64], atEnd: Bool, atStart: Bool) {
            var seeds: [Int32] = []
            for index in set {
                switch steps[Int(index)] {
                case .accept(let rule):
                    words[Int(rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: rule % 64)
                case .endAnchor(let next) where atEnd:
                    seeds.append(next)
                default:
                    break
                }
            }
            guard atEnd, !seeds.isEmpty else { return }
            for index in closure(seeds, atStart: atStart, atEnd: true) {
                if case .accept(let rule) = steps[Int(index)] {
                    words[Int(rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: rule % 64)
                }
            }
        }
    }

    /// The deterministic automaton: states × byte classes, filled in as inputs need them.
    ///
    /// `@unchecked Sendable`: every mutable field is read and written only while `lock` is held
    /// (the whole of ``run(_:into:work:)``); `simulation`, `classOf` and `classCount` are constants.
    final class LazyTable: @unchecked Sendable {
        let simulation: Simulation
        let classOf: [UInt8]
        let classCount: Int
        /// A byte of each class, to compute transitions with.
        private let representatives: [UInt8]
        private let limit: Int
        private let stride: Int
        private let lock = NSLock()
        private let initial: [Int32]
        private var ids: [[Int32]: Int32] = [:]
        private var sets: [[Int32]] = []
        /// states × classes; -1 for a transition not computed yet.
        private var transitions: [Int32] = []
        /// Per state: the rules accepted on entering it, and those accepted if the input ends there.
        private var accepts: [UInt64] = []
        private var endAccepts: [UInt64] = []
        /// The rules an empty input matches.
        private let emptyAccepts: [UInt64]

        init(simulation: Simulation, limit: Int) {
            self.simulation = simulation
            self.limit = limit
            self.stride = simulation.stride
            // Byte classes: bytes that every distinct byte set treats alike share a class.
            var distinct: [ByteSet] = []
            var seen: Set<ByteSet> = []
            for step in simulation.steps {
                if case .bytes(let set, _) = step, seen.insert(set).inserted { distinct.append(set) }
            }
            var classIDs: [[Bool]: UInt8] = [:]
            var classOf = [UInt8](repeating: 0, count: 256)
            var representatives: [UInt8] = []
            for byte in 0..<256 {
                // narrowing: byte < 256, the loop's range
                let signature = distinct.map { $0.contains(UInt8(byte)) }
                if let id = classIDs[signature] {
                    classOf[byte] = id
                } else {
                    let id = UInt8(truncatingIfNeeded: classIDs.count)
                    classIDs[signature] = id
                    classOf[byte] = id
                    // narrowing: byte < 256, the loop's range
                    representatives.append(UInt8(byte))
                }
            }
            self.classOf = classOf
            self.classCount = representatives.count
            self.representatives = representatives
            self.initial = simulation.closure(simulation.starts, atStart: true, atEnd: false)
            var empty = [UInt64](repeating: 0, count: simulation.stride)
            simulation.accepts(initial, into: &empty, atEnd: true, atStart: true)
            self.emptyAccepts = empty
            reset()
        }

        /// Empties the table, keeping the initial state (state 0).
        private func reset() {
            ids = [:]
            sets = []
            transitions = []
            accepts = []
            endAccepts = []
            _ = add(initial)
        }

        /// Adds a state; returns its number.
        private func add(_ set: [Int32]) -> Int32 {
            // narrowing: sets.count ≤ maximumStates (10,000): run(_:into:work:) empties a full table before adding
            let id = Int32(sets.count)
            ids[set] = id
            sets.append(set)
            transitions.append(contentsOf: repeatElement(-1, count: classCount))
            var words = [UInt64](repeating: 0, count: stride)
            simulation.accepts(set, into: &words, atEnd: false, atStart: false)
            var endWords = words
            simulation.accepts(set, into: &endWords, atEnd: true, atStart: false)
            accepts.append(contentsOf: words)
            endAccepts.append(contentsOf: endWords)
            return id
        }

        func run(_ bytes: UnsafeBufferPointer<UInt8>, into words: inout [UInt64], work: inout Int) {
            if bytes.isEmpty {
                for word in 0..<stride { words[word] |= emptyAccepts[word] }
                return
            }
            lock.lock()
            defer { lock.unlock() }
            var state = 0
            for word in 0..<stride { words[word] |= accepts[word] }
            for byte in bytes {
                let byteClass = Int(classOf[Int(byte)])
                var next = transitions[state * classCount + byteClass]
                if next < 0 {
                    let set = simulation.advance(sets[state], byte: representatives[byteClass])
                    work += set.count + sets[state].count
                    if let known = ids[set] {
                        next = known
                    } else {
                        if sets.count >= limit {
                            // Full: start again from an empty table, keeping the state being left.
                            let current = sets[state]
                            reset()
                            state = Int(ids[current] ?? add(current))
                        }
                        next = add(set)
                    }
                    transitions[state * classCount + byteClass] = next
                }
                state = Int(next)
                work += 1
                let base = state * stride
                for word in 0..<stride { words[word] |= accepts[base + word] }
            }
            let base = state * stride
            for word in 0..<stride { words[word] |= endAccepts[base + word] }
        }
    }
}
