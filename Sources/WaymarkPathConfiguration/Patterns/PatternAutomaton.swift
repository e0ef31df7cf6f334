/// Every rule's patterns as one deterministic automaton over byte classes, built when the document
/// loads: a lookup reads the input once, one table step a byte, and collects the rules whose
/// patterns matched anywhere (an unanchored search). Time is linear in the input whatever the
/// patterns are; no pattern can backtrack.
///
/// When the patterns would need more than ``maximumStates`` states, the automaton is not built and
/// lookups simulate the nondeterministic program instead: still linear in the input (times the
/// program's size), just slower.
struct PatternAutomaton: Sendable {
    static let maximumStates = 4_096

    let ruleCount: Int
    /// Words of a rule set.
    let stride: Int
    private let table: Table?
    private let simulation: Simulation

    init(program: PatternProgram, ruleCount: Int) {
        self.ruleCount = ruleCount
        self.stride = max(1, (ruleCount + 63) / 64)
        let simulation = Simulation(steps: program.steps, starts: program.starts, stride: stride)
        self.simulation = simulation
        self.table = Table(simulation: simulation, limit: Self.maximumStates)
    }

    /// Whether the automaton was built (`false`: lookups simulate the program).
    var isDeterministic: Bool { table != nil }

    /// The rules with a pattern that matches somewhere in `bytes`.
    func matchingRules(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var work = 0
        return matchingRules(bytes, work: &work)
    }

    /// The rules with a pattern that matches somewhere in `bytes`, and how much work that took:
    /// table steps (one per byte) or, when simulating, program steps visited.
    func matchingRules(_ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) -> [Int] {
        var words = [UInt64](repeating: 0, count: stride)
        if let table {
            table.run(bytes, into: &words)
            work += bytes.count
        } else {
            simulation.run(bytes, into: &words, work: &work)
        }
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
                    words[Int(rule) / 64] |= UInt64(1) << UInt64(rule % 64)
                case .endAnchor(let next) where atEnd:
                    seeds.append(next)
                default:
                    break
                }
            }
            guard atEnd, !seeds.isEmpty else { return }
            for index in closure(seeds, atStart: atStart, atEnd: true) {
                if case .accept(let rule) = steps[Int(index)] {
                    words[Int(rule) / 64] |= UInt64(1) << UInt64(rule % 64)
                }
            }
        }

        func run(_ bytes: UnsafeBufferPointer<UInt8>, into words: inout [UInt64], work: inout Int) {
            var set = closure(starts, atStart: true, atEnd: false)
            accepts(set, into: &words, atEnd: bytes.isEmpty, atStart: true)
            for (offset, byte) in bytes.enumerated() {
                set = advance(set, byte: byte)
                work += set.count
                accepts(set, into: &words, atEnd: offset == bytes.count - 1, atStart: false)
            }
        }
    }

    /// The deterministic automaton: states × byte classes.
    struct Table: Sendable {
        let classOf: [UInt8]
        let classCount: Int
        let transitions: [Int32]
        let stride: Int
        /// Per state: the rules accepted on entering it, then those accepted if the input ends there.
        let accepts: [UInt64]
        let endAccepts: [UInt64]
        /// The rules an empty input matches.
        let emptyAccepts: [UInt64]

        init?(simulation: Simulation, limit: Int) {
            let stride = simulation.stride
            // Byte classes: bytes that every step treats alike share a class.
            var signatures: [[Bool]] = Array(repeating: [], count: 256)
            for step in simulation.steps {
                guard case .bytes(let set, _) = step else { continue }
                for byte in 0..<256 { signatures[byte].append(set.contains(UInt8(byte))) }
            }
            var classIDs: [[Bool]: UInt8] = [:]
            var classOf = [UInt8](repeating: 0, count: 256)
            var representatives: [UInt8] = []
            for byte in 0..<256 {
                if let id = classIDs[signatures[byte]] {
                    classOf[byte] = id
                } else {
                    guard classIDs.count < 256 else { return nil }
                    let id = UInt8(classIDs.count)
                    classIDs[signatures[byte]] = id
                    classOf[byte] = id
                    representatives.append(UInt8(byte))
                }
            }
            let classCount = representatives.count
            let initial = simulation.closure(simulation.starts, atStart: true, atEnd: false)
            var ids: [[Int32]: Int32] = [initial: 0]
            var sets: [[Int32]] = [initial]
            var transitions: [Int32] = []
            var index = 0
            while index < sets.count {
                let set = sets[index]
                for representative in representatives {
                    let next = simulation.advance(set, byte: representative)
                    if let id = ids[next] {
                        transitions.append(id)
                    } else {
                        guard sets.count < limit else { return nil }
                        let id = Int32(sets.count)
                        ids[next] = id
                        sets.append(next)
                        transitions.append(id)
                    }
                }
                index += 1
            }
            var accepts = [UInt64](repeating: 0, count: sets.count * stride)
            var endAccepts = [UInt64](repeating: 0, count: sets.count * stride)
            for (state, set) in sets.enumerated() {
                var words = [UInt64](repeating: 0, count: stride)
                simulation.accepts(set, into: &words, atEnd: false, atStart: false)
                var endWords = words
                simulation.accepts(set, into: &endWords, atEnd: true, atStart: false)
                for word in 0..<stride {
                    accepts[state * stride + word] = words[word]
                    endAccepts[state * stride + word] = endWords[word]
                }
            }
            var empty = [UInt64](repeating: 0, count: stride)
            simulation.accepts(initial, into: &empty, atEnd: true, atStart: true)
            self.classOf = classOf
            self.classCount = classCount
            self.transitions = transitions
            self.stride = stride
            self.accepts = accepts
            self.endAccepts = endAccepts
            self.emptyAccepts = empty
        }

        func run(_ bytes: UnsafeBufferPointer<UInt8>, into words: inout [UInt64]) {
            if bytes.isEmpty {
                for word in 0..<stride { words[word] |= emptyAccepts[word] }
                return
            }
            classOf.withUnsafeBufferPointer { classOf in
                transitions.withUnsafeBufferPointer { transitions in
                    accepts.withUnsafeBufferPointer { accepts in
                        var state = 0
                        for word in 0..<stride { words[word] |= accepts[word] }
                        for byte in bytes {
                            state = Int(transitions[state * classCount + Int(classOf[Int(byte)])])
                            let base = state * stride
                            for word in 0..<stride { words[word] |= accepts[base + word] }
                        }
                        let base = state * stride
                        for word in 0..<stride { words[word] |= endAccepts[base + word] }
                    }
                }
            }
        }
    }
}
