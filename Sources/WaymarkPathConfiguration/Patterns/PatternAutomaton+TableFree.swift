extension PatternAutomaton {
    /// What `$` and `\Z` match before a final line terminator: from the end anchors of `set` (the
    /// state before the terminator), passed, the program is run over the terminator's one to three
    /// bytes, and its accepts are OR-ed into `words`. Only inputs that end with a line terminator,
    /// which a URL's percent-encoded path never does, take this path; its cost is at most four
    /// closures. The one rule for it: the table and the table-free run both call this.
    static func acrossFinalTerminator(
        _ steps: [PatternProgram.Step], from set: [Int32], atStart: Bool,
        reading terminator: UnsafeBufferPointer<UInt8>,
        into words: inout [UInt64], closure: inout Closure, work: inout Int
    ) {
        var seeds: [Int32] = []
        for index in set {
            if case .endAnchor(let next) = steps[Int(index)] { seeds.append(next) }
        }
        guard !seeds.isEmpty else { return }
        var current = closure.closure(seeds, atStart: atStart, position: .beforeFinalLineTerminator, work: &work)
        for (offset, byte) in terminator.enumerated() {
            for index in current {
                if case .accept(let rule) = steps[Int(index)] {
                    words[Int(rule) / 64] |= UInt64(1) << UInt64(truncatingIfNeeded: rule % 64)
                }
            }
            var next: [Int32] = []
            for index in current {
                if case .bytes(let set, let step) = steps[Int(index)], set.contains(byte) { next.append(step) }
            }
            let last = offset == terminator.count - 1
            current = closure.closure(next, atStart: false, position: last ? .end : .inside, work: &work)
        }
        closure.accepts(current, atStart: false, position: .end, into: &words, offset: 0, work: &work)
    }

    /// The rules `program` matches somewhere in `bytes`, run as a set of threads without a table:
    /// the answer ``LazyTable/run(_:into:)`` gives, at the cost of a closure per byte and none of the
    /// table's set-up. For a small program over a short input (a document's first lookups), that
    /// is cheaper than building the table.
    static func runWithoutTable(
        _ program: PatternProgram, _ bytes: UnsafeBufferPointer<UInt8>, stride: Int, work: inout Int
    ) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: stride)
        var closure = Closure(steps: program.steps)
        if bytes.isEmpty {
            let initial = closure.closure(program.starts, atStart: true, position: .inside, work: &work)
            closure.accepts(initial, atStart: true, position: .end, into: &words, offset: 0, work: &work)
            return words
        }
        let terminator = finalLineTerminatorLength(bytes)
        let lineEnd = terminator > 0 ? bytes.count - terminator : -1
        let restart = closure.closure(program.starts, atStart: false, position: .inside, work: &work)
        var current = closure.closure(program.starts, atStart: true, position: .inside, work: &work)
        closure.accepts(current, atStart: false, position: .inside, into: &words, offset: 0, work: &work)
        for position in 0..<bytes.count {
            if position == lineEnd {
                acrossFinalTerminator(
                    program.steps, from: current, atStart: position == 0,
                    reading: UnsafeBufferPointer(rebasing: bytes[position...]), into: &words, closure: &closure,
                    work: &work)
            }
            let byte = bytes[position]
            var seeds: [Int32] = []
            for index in current {
                if case .bytes(let set, let next) = program.steps[Int(index)], set.contains(byte) { seeds.append(next) }
            }
            work += current.count
            current = closure.closure(seeds, atStart: false, position: .inside, work: &work, including: restart)
            closure.accepts(current, atStart: false, position: .inside, into: &words, offset: 0, work: &work)
        }
        closure.accepts(current, atStart: false, position: .end, into: &words, offset: 0, work: &work)
        return words
    }
}
