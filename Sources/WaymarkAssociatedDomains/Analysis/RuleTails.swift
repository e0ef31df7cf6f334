/// The literal text each AASA path pattern must end with, indexed, so that the analysis finds the
/// few components that can match a path without running every component's program on it
/// (measured: docs/performance.md, "AASA worst cases (issue 31): bounded, and an error at the
/// bound").
///
/// A pattern's tail is the characters its program reads last, one by one, with no wildcard, no
/// variable and no jump into them between (`/?*/?*/x17` ends with `/x17`; `/docs/*` has none): every
/// path it matches ends with them. A component whose tail a path does not end with cannot match it;
/// those without a tail are always candidates.
struct RuleTails: Sendable {
    /// The components with a tail, by tail text (lowercased for a pattern that ignores case).
    private var exact: [String: [Int]] = [:]
    private var folded: [String: [Int]] = [:]
    /// The lengths of the tails, in characters, each once.
    private var lengths: [Int] = []
    /// Whether each component has a tail (none for the components of an empty list).
    private var tailed: [Bool]

    /// Whether component `rule` has a tail.
    func hasTail(_ rule: Int) -> Bool { rule < tailed.count && tailed[rule] }

    init(_ rules: [AssociationMatcher.Rule], work: inout Int) {
        tailed = Array(repeating: false, count: rules.count)
        var lengthSet: Set<Int> = []
        for (index, rule) in rules.enumerated() {
            guard let pattern = rule.path, let tail = Self.tail(of: pattern.program) else { continue }
            work += pattern.program.count
            tailed[index] = true
            lengthSet.insert(tail.count)
            if pattern.caseSensitive {
                exact[Self.text(tail), default: []].append(index)
            } else {
                folded[Self.text(tail.map(ScalarCase.folded)), default: []].append(index)
            }
        }
        lengths = lengthSet.sorted()
    }

    /// The components with a tail that `text` ends with, ascending.
    func candidates(endingWith text: [Unicode.Scalar], work: inout Int) -> [Int] {
        var found: [Int] = []
        for length in lengths where length <= text.count {
            let suffix = text[(text.count - length)...]
            work += 2 * length
            found += exact[Self.text(suffix)] ?? []
            if !folded.isEmpty { found += folded[Self.text(suffix.map(ScalarCase.folded))] ?? [] }
        }
        return found.sorted()
    }

    /// The scalars a program reads last before its match, with nothing that branches into them.
    static func tail(of program: [WildcardPattern.Instruction]) -> [Unicode.Scalar]? {
        guard let match = program.lastIndex(of: .match), match > 0 else { return nil }
        var start = match
        while start > 0, case .scalar = program[start - 1] { start -= 1 }
        // A jump or split into the run enters it part way: only the part after the last entry is
        // read on every path.
        for instruction in program {
            switch instruction {
            case .split(let first, let second):
                for target in [first, second] where target > start && target <= match { start = target }
            case .jump(let target):
                if target > start && target <= match { start = target }
            case .scalar, .any, .star, .oneOf, .fail, .match: break
            }
        }
        guard start < match else { return nil }
        var tail: [Unicode.Scalar] = []
        for case .scalar(let scalar) in program[start..<match] { tail.append(scalar) }
        return tail
    }

    private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
