/// Patterns compiled to one nondeterministic automaton over UTF-8 bytes (Thompson's construction):
/// every rule's patterns share it, and each accepting step names its rule.
struct PatternProgram {
    enum Step {
        case bytes(ByteSet, next: Int32)
        case split(Int32, Int32)
        case jump(Int32)
        case startAnchor(next: Int32)
        case endAnchor(next: Int32)
        case accept(rule: Int32)
    }

    private(set) var steps: [Step] = []
    /// The first step of every pattern.
    private(set) var starts: [Int32] = []
    /// The number of steps a document's patterns may compile to, together.
    static let maximumSteps = 200_000

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
            let ascii = ByteSet((0...0x7F).filter { $0 != 0x0A && $0 != 0x0D })
            let multi = try compileAnyNonASCII(next: next)
            let single = append(.bytes(ascii, next: next))
            return append(.split(single, multi))
        case .nonASCII(let scalars, let anyNonASCII):
            var entries: [Int32] = []
            if anyNonASCII { entries.append(try compileAnyNonASCII(next: next)) }
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

    /// Any UTF-8 sequence of two to four bytes (lead byte, then continuation bytes).
    private mutating func compileAnyNonASCII(next: Int32) throws(PatternError) -> Int32 {
        let continuation = ByteSet(range: 0x80...0xBF)
        let c1 = append(.bytes(continuation, next: next))
        let c2 = append(.bytes(continuation, next: c1))
        let c3 = append(.bytes(continuation, next: c2))
        let two = append(.bytes(ByteSet(range: 0xC2...0xDF), next: c1))
        let three = append(.bytes(ByteSet(range: 0xE0...0xEF), next: c2))
        let four = append(.bytes(ByteSet(range: 0xF0...0xF4), next: c3))
        return try alternate([two, three, four])
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
