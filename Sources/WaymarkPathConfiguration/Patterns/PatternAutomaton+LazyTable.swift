internal import Foundation

extension PatternAutomaton {
    /// Where a closure is taken: in the middle of the input, just before one final line terminator
    /// (where `$` and `\Z` match but `\z` does not), or at the end of the input.
    enum Position {
        case inside, beforeFinalLineTerminator, end
    }

    /// The deterministic automaton: states × byte classes, filled in as inputs need them.
    ///
    /// `@unchecked Sendable`: every mutable field is read and written only while `lock` is held
    /// (the whole of ``run(_:into:)``, and ``bytesInUse``); the others are constants.
    final class LazyTable: @unchecked Sendable {
        let steps: [PatternProgram.Step]
        private let stride: Int
        private let classOf: [UInt8]
        private let classCount: Int
        /// A byte of each class, to compute transitions with.
        private let representatives: [UInt8]
        private let byteLimit: Int
        private let workLimit: Int
        private let lock = NSLock()
        /// The closure of every pattern's start at the start of the input (state 0).
        private let initial: [Int32]
        /// The closure of every pattern's start elsewhere: every state includes it (unanchored search).
        private let restart: [Int32]
        /// Rules matched by an empty input.
        private let emptyAccepts: [UInt64]
        /// Per program step, the closure visit that last reached it (to visit each once per closure).
        private var marks: [UInt32]
        private var generation: UInt32 = 0
        private var ids: [[Int32]: Int32] = [:]
        private var sets: [[Int32]] = []
        /// states × classes; -1 for a transition not computed yet.
        private var transitions: [Int32] = []
        /// Per state (`stride` words each): the rules accepted on entering it, and those accepted
        /// if the input ends there.
        private var accepts: [UInt64] = []
        private var endAccepts: [UInt64] = []
        private var bytesUsed = 0
        /// What the largest state could cost: one whose set is the whole program.
        private var largestStateCost: Int { steps.count * 4 + classCount * 4 + stride * 24 + 128 }

        init(steps: [PatternProgram.Step], starts: [Int32], stride: Int, byteLimit: Int, workLimit: Int) {
            self.steps = steps
            self.stride = stride
            self.byteLimit = byteLimit
            self.workLimit = workLimit
            var unused = 0
            (classOf, representatives) = Self.byteClasses(steps, work: &unused)
            classCount = representatives.count
            marks = [UInt32](repeating: 0, count: steps.count)
            var initial: [Int32] = []
            var restart: [Int32] = []
            var empty = [UInt64](repeating: 0, count: stride)
            // `self` is not whole yet: the closures run on local copies of the marks.
            var scratch = Closure(steps: steps)
            initial = scratch.closure(starts, atStart: true, position: .inside, work: &unused)
            restart = scratch.closure(starts, atStart: false, position: .inside, work: &unused)
            scratch.accepts(initial, atStart: true, position: .end, into: &empty, offset: 0, work: &unused)
            self.initial = initial
            self.restart = restart
            emptyAccepts = empty
            constructionWork = unused + steps.count
            reset()
        }

        /// The work of building the table: byte classes (256 a distinct byte set), the first
        /// closures, and one per program step.
        let constructionWork: Int

        /// The bytes the table holds now.
        var bytesInUse: Int { lock.withLock { bytesUsed } }

        /// Byte classes: bytes that every byte set of the program treats alike share a class.
        /// Refined one distinct set at a time, touching only the set's own bytes (a class the set
        /// cuts through gives its members in the set a new class), so the cost is the program's
        /// size plus the sets' members, not 256 steps a set (measured: docs/performance.md, "Loading a
        /// real path configuration (issues 18 and 32)").
        private static func byteClasses(_ steps: [PatternProgram.Step], work: inout Int) -> (
            classOf: [UInt8], representatives: [UInt8]
        ) {
            var classOf = [Int](repeating: 0, count: 256)
            var size = [Int](repeating: 0, count: 256)
            size[0] = 256
            var classCount = 1
            var seen: Set<ByteSet> = []
            var hits = [Int](repeating: 0, count: 256)
            var moved = [Int](repeating: -1, count: 256)
            var members: [Int] = []
            var touched: [Int] = []
            for step in steps {
                guard case .bytes(let set, _) = step, seen.insert(set).inserted else { continue }
                members.removeAll(keepingCapacity: true)
                let words = [set.words.0, set.words.1, set.words.2, set.words.3]
                for (index, word) in words.enumerated() {
                    var remaining = word
                    while remaining != 0 {
                        members.append(index * 64 + remaining.trailingZeroBitCount)
                        remaining &= remaining - 1
                    }
                }
                work += members.count + 1
                touched.removeAll(keepingCapacity: true)
                for byte in members {
                    if hits[classOf[byte]] == 0 { touched.append(classOf[byte]) }
                    hits[classOf[byte]] += 1
                }
                for byte in members {
                    let old = classOf[byte]
                    guard hits[old] < size[old] + (moved[old] >= 0 ? size[moved[old]] : 0) else { continue }
                    if moved[old] < 0 {
                        moved[old] = classCount
                        classCount += 1
                    }
                    classOf[byte] = moved[old]
                    size[old] -= 1
                    size[moved[old]] += 1
                }
                for old in touched {
                    hits[old] = 0
                    moved[old] = -1
                }
            }
            var representatives = [UInt8](repeating: 0, count: classCount)
            var found = [Bool](repeating: false, count: classCount)
            for byte in 0..<256 where !found[classOf[byte]] {
                found[classOf[byte]] = true
                // narrowing: byte < 256, the loop's range
                representatives[classOf[byte]] = UInt8(byte)
            }
            // narrowing: classes ≤ 256 (each holds at least one byte), so a class number is below 256
            return (classOf.map { UInt8($0) }, representatives)
        }

        /// Empties the table, keeping the initial state (state 0).
        private func reset() {
            ids = [:]
            sets = []
            transitions = []
            accepts = []
            endAccepts = []
            bytesUsed = 0
            var unused = 0
            _ = add(initial, work: &unused)
        }

        /// What a state costs the table: its set (kept once, shared by `sets` and `ids`), its row of
        /// transitions, its three rule sets, and the containers' own overhead.
        private func cost(of set: [Int32]) -> Int {
            set.count * 4 + classCount * 4 + stride * 24 + 128
        }

        /// A closure that uses the table's marks: they move to it (no copy) until it is released.
        private func takeClosure() -> Closure {
            var taken: [UInt32] = []
            swap(&taken, &marks)
            return Closure(steps: steps, marks: taken, generation: generation)
        }

        /// Adds a state; returns its number.
        private func add(_ set: [Int32], work: inout Int) -> Int32 {
            // narrowing: sets.count < maximumTableBytes / 128 (every state costs at least 128 bytes)
            let id = Int32(sets.count)
            ids[set] = id
            sets.append(set)
            bytesUsed += cost(of: set)
            transitions.append(contentsOf: repeatElement(-1, count: classCount))
            let base = accepts.count
            accepts.append(contentsOf: repeatElement(0, count: stride))
            endAccepts.append(contentsOf: repeatElement(0, count: stride))
            var closure = takeClosure()
            closure.accepts(set, atStart: false, position: .inside, into: &accepts, offset: base, work: &work)
            closure.accepts(set, atStart: false, position: .end, into: &endAccepts, offset: base, work: &work)
            (marks, generation) = closure.release()
            return id
        }

        /// The state after reading a byte of `byteClass` in `state`.
        private func advance(_ state: Int, _ byteClass: Int, work: inout Int) -> Int32 {
            let byte = representatives[byteClass]
            var seeds: [Int32] = []
            for index in sets[state] {
                if case .bytes(let bytes, let next) = steps[Int(index)], bytes.contains(byte) { seeds.append(next) }
            }
            work += sets[state].count
            var closure = takeClosure()
            let set = closure.closure(seeds, atStart: false, position: .inside, work: &work, including: restart)
            (marks, generation) = closure.release()
            work += set.count  // hashing it
            if let known = ids[set] { return known }
            return add(set, work: &work)
        }

        /// What `$` and `\Z` match before a final line terminator (``PatternAutomaton/acrossFinalTerminator(_:from:atStart:reading:into:closure:work:)``),
        /// with the table's marks.
        private func acrossFinalTerminator(
            from state: Int, atStart: Bool, reading terminator: UnsafeBufferPointer<UInt8>, into words: inout [UInt64],
            work: inout Int
        ) {
            var closure = takeClosure()
            defer { (marks, generation) = closure.release() }
            PatternAutomaton.acrossFinalTerminator(
                steps, from: sets[state], atStart: atStart, reading: terminator, into: &words, closure: &closure,
                work: &work)
        }

        /// Reads `bytes`, OR-ing into `found.words` every rule matched, until the end or the work limit.
        func run(_ bytes: UnsafeBufferPointer<UInt8>, into found: inout Lookup) {
            if bytes.isEmpty {
                for word in 0..<stride { found.words[word] |= emptyAccepts[word] }
                return
            }
            let terminator = PatternAutomaton.finalLineTerminatorLength(bytes)
            let lineEnd = terminator > 0 ? bytes.count - terminator : -1
            lock.lock()
            defer { lock.unlock() }
            var state = 0
            var position = 0
            var making = 0
            for word in 0..<stride { found.words[word] |= accepts[word] }
            while true {
                // Known transitions, in one tight loop; it stops at a missing one, at the end, and
                // before a final line terminator.
                let stop = position <= lineEnd ? lineEnd : bytes.count
                (position, state) = runKnown(bytes, from: position, until: stop, state: state, into: &found.words)
                if position == lineEnd && position < bytes.count {
                    acrossFinalTerminator(
                        from: state, atStart: position == 0, reading: UnsafeBufferPointer(rebasing: bytes[position...]),
                        into: &found.words, work: &making)
                    // Past it: the rest runs to the end.
                    (position, state) = runKnown(
                        bytes, from: position, until: bytes.count, state: state, into: &found.words)
                }
                if position == bytes.count { break }
                // A transition the table lacks.
                if making >= workLimit {
                    found.limitReached = true
                    found.work += making + position
                    return
                }
                let byteClass = Int(classOf[Int(bytes[position])])
                if bytesUsed + largestStateCost > byteLimit {
                    // Full: start again from an empty table, keeping the state being left.
                    let current = sets[state]
                    reset()
                    state = Int(ids[current] ?? add(current, work: &making))
                }
                let next = advance(state, byteClass, work: &making)
                transitions[state * classCount + byteClass] = next
                state = Int(next)
                let base = state * stride
                for word in 0..<stride { found.words[word] |= accepts[base + word] }
                position += 1
            }
            found.work += making + bytes.count
            let base = state * stride
            for word in 0..<stride { found.words[word] |= endAccepts[base + word] }
        }

        /// Follows known transitions from `state` over `bytes[position..<stop]`, OR-ing each state's
        /// accepts into `words`; returns where it stopped (at `stop`, or at a byte whose transition
        /// is not known yet, unread) and the state there. The arrays are read through buffers, one
        /// exclusivity check each per call rather than per byte.
        private func runKnown(
            _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, until stop: Int, state start0: Int,
            into words: inout [UInt64]
        ) -> (position: Int, state: Int) {
            var position = start
            var state = start0
            let classCount = classCount
            let stride = stride
            classOf.withUnsafeBufferPointer { classOf in
                transitions.withUnsafeBufferPointer { transitions in
                    accepts.withUnsafeBufferPointer { accepts in
                        words.withUnsafeMutableBufferPointer { words in
                            while position < stop {
                                let next = transitions[state * classCount + Int(classOf[Int(bytes[position])])]
                                if next < 0 { return }
                                state = Int(next)
                                let base = state * stride
                                for word in 0..<stride { words[word] |= accepts[base + word] }
                                position += 1
                            }
                        }
                    }
                }
            }
            return (position, state)
        }
    }

    /// Closures over the program: the steps reachable without reading a byte.
    struct Closure {
        let steps: [PatternProgram.Step]
        private var marks: [UInt32]
        private var generation: UInt32

        init(steps: [PatternProgram.Step]) {
            self.init(steps: steps, marks: [UInt32](repeating: 0, count: steps.count), generation: 0)
        }

        init(steps: [PatternProgram.Step], marks: [UInt32], generation: UInt32) {
            self.steps = steps
            self.marks = marks
            self.generation = generation
        }

        /// The marks, to be kept for the next closure (and not copied meanwhile).
        mutating func release() -> ([UInt32], UInt32) {
            let kept = marks
            marks = []
            return (kept, generation)
        }

        private mutating func nextGeneration() {
            if generation == UInt32.max {
                for index in marks.indices { marks[index] = 0 }
                generation = 0
            }
            generation += 1
        }

        /// The byte, end-anchor and accept steps reachable from `seeds` (and `including`, already a
        /// closure, kept first) without reading a byte; anchors pass where `atStart` and `position`
        /// allow, and stay in the set otherwise. Sorted, so that equal sets are equal arrays.
        mutating func closure(
            _ seeds: [Int32], atStart: Bool, position: Position, work: inout Int, including: [Int32] = []
        ) -> [Int32] {
            nextGeneration()
            var kept = including
            for index in including { marks[Int(index)] = generation }
            var stack = seeds
            while let index = stack.popLast() {
                guard index >= 0, marks[Int(index)] != generation else { continue }
                marks[Int(index)] = generation
                work += 1
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
                    if position != .inside { stack.append(next) } else { kept.append(index) }
                case .strictEndAnchor(let next):
                    if position == .end { stack.append(next) } else { kept.append(index) }
                }
            }
            if kept.count > including.count { kept.sort() }
            return kept
        }

        /// ORs into `words[offset...]` the rules `set` accepts at `position`.
        mutating func accepts(
            _ set: [Int32], atStart: Bool, position: Position, into words: inout [UInt64], offset: Int, work: inout Int
        ) {
            var seeds: [Int32] = []
            for index in set {
                switch steps[Int(index)] {
                case .accept(let rule):
                    words[offset + Int(rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: rule % 64)
                case .endAnchor(let next) where position != .inside:
                    seeds.append(next)
                case .strictEndAnchor(let next) where position == .end:
                    seeds.append(next)
                default:
                    break
                }
            }
            guard !seeds.isEmpty else { return }
            for index in closure(seeds, atStart: atStart, position: position, work: &work) {
                if case .accept(let rule) = steps[Int(index)] {
                    words[offset + Int(rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: rule % 64)
                }
            }
        }
    }
}
