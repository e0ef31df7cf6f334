/// A breadth-first search for the shortest inputs of an ``InputGrammar`` by what some patterns
/// match in them: the patterns are grouped in *tracks* (a rule's patterns, or several rules'), run
/// as one subset automaton (the lookup's own construction, ``PatternAutomaton/Closure``), and the
/// tracks an input matches are folded into a 64-bit *summary* as it is read. A search visits each
/// (automaton state, grammar state, summary) once, shortest inputs first, and stops at its work
/// budget: every answer is exact, or the search says it gave up.
///
/// The cost is bounded by the budget the caller passes, whatever the patterns: each visited node
/// costs one step per byte class plus the closures it computes (each at most the program's size),
/// all counted against the budget.
struct PatternSearch {
    /// What a search found: an input, the grammar states along it (for ``InputGrammar/url(for:states:)``),
    /// and the summary at its end.
    struct Found {
        var bytes: [UInt8]
        var states: [InputGrammar.State]
        var summary: UInt64
    }

    private let steps: [PatternProgram.Step]
    private let grammar: InputGrammar
    private let trackWords: Int
    private var closure: PatternAutomaton.Closure
    /// One byte of each class; the classes tell apart every byte set of the program and the grammar.
    private let representatives: [UInt8]
    private let initial: [Int32]
    private let restart: [Int32]
    private var ids: [[Int32]: Int32] = [:]
    private var sets: [[Int32]] = []
    /// Per state: the tracks accepted on entering it, and at the end of the input.
    private var inside: [[Int32]] = []
    private var atEnd: [[Int32]] = []
    private var transitions: [Int: Int32] = [:]

    /// Compiles the tracks (each a list of parsed patterns; at most `Int32.max` of them).
    init(tracks: [[PatternNode]], grammar: InputGrammar) throws(PatternError) {
        var program = PatternProgram()
        for (number, nodes) in tracks.enumerated() {
            guard let track = Int32(exactly: number) else {
                throw PatternError(message: "more tracks than can be numbered", column: 1)
            }
            for node in nodes { try program.add(node, rule: track) }
        }
        steps = program.steps
        self.grammar = grammar
        trackWords = max(1, (tracks.count + 63) / 64)
        closure = PatternAutomaton.Closure(steps: program.steps)
        representatives = Self.representatives(steps: program.steps, extra: grammar.distinctions)
        var unused = 0
        initial = closure.closure(program.starts, atStart: true, position: .inside, work: &unused)
        restart = closure.closure(program.starts, atStart: false, position: .inside, work: &unused)
    }

    /// The shortest inputs whose summary at the end satisfies `goal`, one per distinct final
    /// summary, at most `limit` of them, shortest first. `fold` adds a matched track to a summary
    /// (it must not depend on the order tracks are added in one step). Returns `nil` when the
    /// search reached its budget before it was over (what was found so far is then not all).
    mutating func search(
        limit: Int = 1, budget: inout Int, fold: (UInt64, Int32) -> UInt64, goal: (UInt64) -> Bool
    ) -> [Found]? {
        struct Node: Hashable {
            var state: Int32
            var grammar: InputGrammar.State
            var summary: UInt64
            var atStart: Bool
        }
        var nodes: [Node] = []
        var grammarStates: [InputGrammar.State] = []
        var parents: [Int] = []
        var bytes: [UInt8] = []
        var seen: [Node: Int] = [:]
        var found: [Found] = []
        var finals: Set<UInt64> = []
        func add(_ node: Node, parent: Int, byte: UInt8) {
            guard seen[node] == nil else { return }
            seen[node] = nodes.count
            nodes.append(node)
            grammarStates.append(node.grammar)
            parents.append(parent)
            bytes.append(byte)
        }
        var work = 0
        let start = state(for: initial, atStart: true, work: &work)
        let startSummary = accepted(inside[Int(start)], into: 0, fold)
        add(Node(state: start, grammar: grammar.start, summary: startSummary, atStart: true), parent: -1, byte: 0)
        var next = 0
        while next < nodes.count {
            budget -= work + representatives.count
            work = 0
            // A node makes at most one state per byte class (256): stopping this far below
            // Int32.max keeps every state's number exact, whatever budget the caller gave.
            if budget <= 0 || sets.count >= Int(Int32.max) - 512 { return nil }
            let node = nodes[next]
            if grammar.accepts(node.grammar) {
                let endTracks =
                    node.atStart ? endAccepts(initial, atStart: true, work: &work) : atEnd[Int(node.state)]
                let final = accepted(endTracks, into: node.summary, fold)
                if goal(final), finals.insert(final).inserted {
                    found.append(path(to: next, nodes: grammarStates, parents: parents, bytes: bytes, final))
                    if found.count >= limit { return found }
                }
            }
            for (byteClass, byte) in representatives.enumerated() {
                let successors = grammar.next(node.grammar, byte)
                if successors.isEmpty { continue }
                let target = transition(node.state, byteClass, byte, work: &work)
                let summary = accepted(inside[Int(target)], into: node.summary, fold)
                for successor in successors {
                    add(
                        Node(state: target, grammar: successor, summary: summary, atStart: false), parent: next,
                        byte: byte)
                }
            }
            next += 1
        }
        return found
    }

    private func accepted(_ tracks: [Int32], into summary: UInt64, _ fold: (UInt64, Int32) -> UInt64) -> UInt64 {
        tracks.reduce(summary, fold)
    }

    private func path(
        to index: Int, nodes: [InputGrammar.State], parents: [Int], bytes: [UInt8], _ summary: UInt64
    ) -> Found {
        var input: [UInt8] = []
        var states: [InputGrammar.State] = []
        var at = index
        while parents[at] >= 0 {
            input.append(bytes[at])
            states.append(nodes[at])
            at = parents[at]
        }
        return Found(bytes: input.reversed(), states: states.reversed(), summary: summary)
    }

    private mutating func state(for set: [Int32], atStart: Bool, work: inout Int) -> Int32 {
        if let known = ids[set] { return known }
        // Below Int32.max: `search` gives up before a node could make that many (see there).
        let id = Int32(clamping: sets.count)
        ids[set] = id
        sets.append(set)
        inside.append(tracks(in: set, atStart: atStart, position: .inside, work: &work))
        atEnd.append(tracks(in: set, atStart: false, position: .end, work: &work))
        return id
    }

    private mutating func endAccepts(_ set: [Int32], atStart: Bool, work: inout Int) -> [Int32] {
        tracks(in: set, atStart: atStart, position: .end, work: &work)
    }

    private mutating func tracks(
        in set: [Int32], atStart: Bool, position: PatternAutomaton.Position, work: inout Int
    ) -> [Int32] {
        var words = [UInt64](repeating: 0, count: trackWords)
        closure.accepts(set, atStart: atStart, position: position, into: &words, offset: 0, work: &work)
        // narrowing: track numbers come from Int32 accept steps
        return PatternAutomaton.rules(in: words).map { Int32($0) }
    }

    private mutating func transition(_ state: Int32, _ byteClass: Int, _ byte: UInt8, work: inout Int) -> Int32 {
        let key = Int(state) * representatives.count + byteClass
        if let known = transitions[key] { return known }
        var seeds: [Int32] = []
        for index in sets[Int(state)] {
            if case .bytes(let bytes, let next) = steps[Int(index)], bytes.contains(byte) { seeds.append(next) }
        }
        work += sets[Int(state)].count
        let set = closure.closure(seeds, atStart: false, position: .inside, work: &work, including: restart)
        let target = self.state(for: set, atStart: false, work: &work)
        transitions[key] = target
        return target
    }

    /// One byte per class of bytes that every byte set of the program and of the grammar treats
    /// alike, chosen to read well in an example: a lower-case letter, a digit, an upper-case
    /// letter, `-`, `_`, `.`, then other printable ASCII, then the rest.
    private static func representatives(steps: [PatternProgram.Step], extra: [ByteSet]) -> [UInt8] {
        var distinct: [ByteSet] = extra
        var known = Set(extra)
        for step in steps {
            if case .bytes(let set, _) = step, known.insert(set).inserted { distinct.append(set) }
        }
        let preferred =
            Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.".utf8)
            + Array(UInt8(0x20)...UInt8(0x7E)) + Array(UInt8(0x80)...UInt8(0xFF)) + Array(UInt8(0)...UInt8(0x1F))
            + [0x7F]
        var chosen: [[UInt64]: UInt8] = [:]
        var order: [UInt8] = []
        for byte in preferred {
            var signature = [UInt64](repeating: 0, count: (distinct.count + 63) / 64)
            for (index, set) in distinct.enumerated() where set.contains(byte) {
                signature[index / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: index % 64)
            }
            if chosen[signature] == nil {
                chosen[signature] = byte
                order.append(byte)
            }
        }
        return order
    }
}
