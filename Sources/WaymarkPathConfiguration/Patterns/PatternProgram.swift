/// Patterns compiled to one nondeterministic automaton over UTF-8 bytes (Thompson's construction):
/// every rule's patterns share it, and each accepting step names its rule.
///
/// Inputs are valid UTF-8, so a character other than a given one needs no full UTF-8 grammar: its
/// lead byte (any byte but a continuation byte) then any continuation bytes, three steps. With
/// the ten steps of an exact UTF-8 grammar, `.{1,200}` would take 2,200 steps and a document of 100
/// such rules would not fit the budget.
struct PatternProgram {
    enum Step {
        case bytes(ByteSet, next: Int32)
        case split(Int32, Int32)
        case jump(Int32)
        case startAnchor(next: Int32)
        /// `$`, `\Z`: passes at the end of the input or before one final line terminator.
        case endAnchor(next: Int32)
        /// `\z`: passes at the end of the input only.
        case strictEndAnchor(next: Int32)
        case accept(rule: Int32)
    }

    private(set) var steps: [Step] = []
    /// The first step of every pattern.
    private(set) var starts: [Int32] = []
    /// The number of steps a document's patterns may compile to, together.
    static let maximumSteps = 200_000

    /// The steps ``add(_:rule:)`` adds for `node` (its accept step included), computed from the
    /// tree without compiling it, and at most `cap` (the count saturates there): a document's
    /// rules are sized first, so that which rules fit the budget does not depend on their order
    /// and no work is spent compiling a rule that will not fit. Recursion is bounded by
    /// ``PatternParser/maximumDepth``, like the parser's.
    static func stepCount(of node: PatternNode, cap: Int = maximumSteps + 1) -> Int {
        func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
        func multiply(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? cap : min(cap, product)
        }
        func count(_ node: PatternNode) -> Int {
            switch node {
            case .empty: return 0
            case .bytes, .startAnchor, .endAnchor, .strictEndAnchor: return 1
            case .anyCharacter: return 3
            case .nonASCII(let scalars, let anyNonASCII):
                let entries = scalars.count + (anyNonASCII ? 1 : 0)
                var total = (anyNonASCII ? 3 : 0) + (entries == 0 ? 1 : entries - 1)
                for scalar in scalars { total = add(total, String(scalar).utf8.count) }
                return total
            case .sequence(let items):
                return items.reduce(0) { add($0, count($1)) }
            case .alternation(let branches):
                return branches.reduce(branches.isEmpty ? 1 : branches.count - 1) { add($0, count($1)) }
            case .repeated(let inner, let minimum, let maximum):
                let body = count(inner)
                let optional = maximum.map { multiply($0 - minimum, add(body, 1)) } ?? add(body, 1)
                return add(optional, multiply(minimum, body))
            }
        }
        return add(count(node), 1)
    }

    /// The program's size now, to roll back to.
    var mark: (steps: Int, starts: Int) { (steps.count, starts.count) }

    /// Removes everything added since `mark` was taken.
    mutating func rollBack(to mark: (steps: Int, starts: Int)) {
        steps.removeSubrange(min(mark.steps, steps.count)...)
        starts.removeSubrange(min(mark.starts, starts.count)...)
    }

    /// Adds a pattern of `rule`.
    mutating func add(_ node: PatternNode, rule: Int32) throws(PatternError) {
        let before = steps.count
        do throws(PatternError) {
            let accept = append(.accept(rule: rule))
            starts.append(try compile(node, next: accept))
        } catch {
            steps.removeSubrange(before...)
            throw error
        }
    }

    private mutating func append(_ step: Step) -> Int32 {
        steps.append(step)
        // narrowing: steps.count ≤ maximumSteps (200,000) + 12: checkSize() runs before every node and loop that adds
        return Int32(steps.count - 1)
    }

    private mutating func checkSize() throws(PatternError) {
        if steps.count > Self.maximumSteps {
            throw PatternError(
                message: "the patterns are too large once repetitions are expanded (over \(Self.maximumSteps) steps)",
                column: 1)
        }
    }

    /// Compiles `node` so that it continues at `next`; returns its entry. Built back to front.
    private mutating func compile(_ node: PatternNode, next: Int32) throws(PatternError) -> Int32 {
        try checkSize()
        switch node {
        case .empty:
            return next
        case .bytes(let set):
            return append(.bytes(set, next: next))
        case .anyCharacter:
            return compileCharacter(lead: Self.anyCharacterLead, next: next)
        case .nonASCII(let scalars, let anyNonASCII):
            var entries: [Int32] = []
            if anyNonASCII { entries.append(compileCharacter(lead: Self.nonASCIILead, next: next)) }
            for scalar in scalars {
                try checkSize()
                var entry = next
                for byte in Array(String(scalar).utf8).reversed() {
                    entry = append(.bytes(ByteSet([byte]), next: entry))
                }
                entries.append(entry)
            }
            return try alternate(entries)
        case .sequence(let items):
            var entry = next
            for item in items.reversed() { entry = try compile(item, next: entry) }
            return entry
        case .alternation(let branches):
            var entries: [Int32] = []
            for branch in branches { entries.append(try compile(branch, next: next)) }
            return try alternate(entries)
        case .startAnchor:
            return append(.startAnchor(next: next))
        case .endAnchor:
            return append(.endAnchor(next: next))
        case .strictEndAnchor:
            return append(.strictEndAnchor(next: next))
        case .repeated(let inner, let minimum, let maximum):
            var entry = next
            if let maximum {
                // (max - min) optional copies, innermost last: x{2,4} = x x (x (x)?)?
                for _ in 0..<(maximum - minimum) {
                    let body = try compile(inner, next: entry)
                    entry = append(.split(body, next))
                    try checkSize()
                }
            } else {
                // x*: a loop.
                let loop = append(.split(-1, next))
                let body = try compile(inner, next: loop)
                steps[Int(loop)] = .split(body, next)
                entry = loop
            }
            for _ in 0..<minimum {
                entry = try compile(inner, next: entry)
                try checkSize()
            }
            return entry
        }
    }

    /// Lead bytes of `.`: every byte but continuation bytes and the ASCII line terminators.
    static let anyCharacterLead = ByteSet(
        (0...0xFF).filter { ($0 < 0x80 || $0 >= 0xC0) && ![0x0A, 0x0B, 0x0C, 0x0D].contains($0) })
    /// Lead bytes of a non-ASCII character.
    static let nonASCIILead = ByteSet(range: 0xC0...0xFF)
    static let continuation = ByteSet(range: 0x80...0xBF)

    /// One character whose first byte is in `lead`: the lead byte, then its continuation bytes
    /// (a loop, which valid UTF-8 ends at the next character). Three steps.
    private mutating func compileCharacter(lead: ByteSet, next: Int32) -> Int32 {
        let loop = append(.split(-1, next))
        let continued = append(.bytes(Self.continuation, next: loop))
        steps[Int(loop)] = .split(continued, next)
        return append(.bytes(lead, next: loop))
    }

    private mutating func alternate(_ entries: [Int32]) throws(PatternError) -> Int32 {
        guard var entry = entries.last else { return append(.jump(-1)) }
        for other in entries.dropLast().reversed() {
            try checkSize()
            entry = append(.split(other, entry))
        }
        return entry
    }
}
