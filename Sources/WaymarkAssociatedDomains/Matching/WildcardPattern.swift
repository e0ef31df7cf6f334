import Foundation

/// An AASA pattern compiled for matching: `*` any run of characters (none included, `/` included),
/// `?` exactly one character, `$(name)` one of a substitution variable's strings, anything else
/// itself. Matching is anchored at both ends; there is no escape.
///
/// The pattern becomes a small nondeterministic automaton, simulated one character at a time with
/// the set of live states, so a match costs at most the text's length times the program's size
/// (no backtracking: Apple's WWDC 2020 session warns that naive matching is exponential). The
/// same program drives ``CoverageAnalysis``, so the analysis and the matcher cannot disagree.
struct WildcardPattern: Hashable, Sendable {
    /// The longest pattern compiled, in UTF-8 bytes; a longer one matches nothing, with a diagnostic.
    static let maximumLength = 1024
    /// The most instructions a pattern compiles to (variables expand to their strings); past it the
    /// pattern matches nothing.
    static let maximumProgramSize = 16_384
    /// Apple's predefined variables.
    static let predefinedVariableNames: Set<String> = [
        "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
    ]

    /// One instruction.
    enum Instruction: Hashable, Sendable {
        /// This character (compared case-insensitively, ASCII only, when the pattern is).
        case scalar(Unicode.Scalar)
        /// Any one character.
        case any
        /// Any run of characters: stays here on any character, and moves on without one.
        case star
        /// One character of a class (`$(digit)`, …).
        case oneOf(CharacterClass)
        /// Goes on at both targets without a character.
        case split(Int, Int)
        /// Goes on at the target without a character.
        case jump(Int)
        /// Never matches (an unknown variable, a pattern over the limits).
        case fail
        /// The whole text matched.
        case match
    }

    /// The classes of Apple's one-character variables.
    enum CharacterClass: Hashable, Sendable {
        case alpha, upper, lower, alnum, digit, xdigit

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.isASCII else { return false }
            let value = scalar.value
            let isUpper = value >= 65 && value <= 90
            let isLower = value >= 97 && value <= 122
            let isDigit = value >= 48 && value <= 57
            switch self {
            case .alpha: return isUpper || isLower
            case .upper: return isUpper
            case .lower: return isLower
            case .alnum: return isUpper || isLower || isDigit
            case .digit: return isDigit
            case .xdigit: return isDigit || (value >= 65 && value <= 70) || (value >= 97 && value <= 102)
            }
        }
    }

    /// The program; execution starts at 0.
    let program: [Instruction]
    /// Whether letters compare without case (ASCII letters only).
    let caseSensitive: Bool
    /// The pattern as written.
    let source: String
    /// Why the pattern matches nothing, when it was refused (over ``maximumLength`` or
    /// ``maximumProgramSize``, or a variable the file does not define). The check reports each as an
    /// error: a limit the matcher reaches must never make the check pass.
    let refusal: String?
    /// The characters every match starts with: the program's leading `scalar` instructions.
    let literalStart: [Unicode.Scalar]

    /// Compiles a pattern.
    ///
    /// - Parameters:
    ///   - source: The pattern as written.
    ///   - caseSensitive: Whether letters must match in case.
    ///   - variables: The file's substitution variables.
    ///   - alsoMatchesParent: For a path pattern ending in `/*`: also match the path without that
    ///     `/*` (`/buy/*` matches `/buy`, as Apple's `swcutil` does).
    init(_ source: String, caseSensitive: Bool, variables: [String: [String]], alsoMatchesParent: Bool = false) {
        self.source = source
        self.caseSensitive = caseSensitive
        guard source.utf8.count <= Self.maximumLength else {
            program = [.fail]
            refusal = "the pattern is over \(Self.maximumLength) bytes"
            literalStart = []
            return
        }
        var compiler = Compiler(caseSensitive: caseSensitive, variables: variables)
        var scalars = Array(source.unicodeScalars)
        var parentSplit: Int?
        if alsoMatchesParent, scalars.count >= 2, scalars.suffix(2) == ["/", "*"] {
            scalars.removeLast(2)
            compiler.emit(scalars: scalars[...], variablesAllowed: true)
            // Optionally "/" and any run: the parent itself, or anything under it.
            parentSplit = compiler.program.count
            compiler.program.append(.split(compiler.program.count + 1, -1))
            compiler.program.append(.scalar("/"))
            compiler.program.append(.star)
        } else {
            compiler.emit(scalars: scalars[...], variablesAllowed: true)
        }
        if let parentSplit { compiler.program[parentSplit] = .split(parentSplit + 1, compiler.program.count) }
        compiler.program.append(.match)
        if let failure = compiler.failure
            ?? (compiler.program.count > Self.maximumProgramSize
                ? "the pattern expands to over \(Self.maximumProgramSize) steps (its variables' values included)"
                : nil)
        {
            program = [.fail]
            refusal = failure
        } else {
            program = compiler.program
            refusal = compiler.unknownVariables.first.map { "it uses $(\($0)), which the file does not define" }
        }
        var start: [Unicode.Scalar] = []
        for case .scalar(let scalar) in program.prefix(while: { if case .scalar = $0 { true } else { false } }) {
            start.append(scalar)
        }
        literalStart = start
    }

    /// Whether the pattern matches all of `text`.
    func matches(_ text: some Collection<Unicode.Scalar>) -> Bool {
        var work = 0
        return matches(text, work: &work)
    }

    /// ``matches(_:)``, adding to `work` each character compared and each state visited.
    func matches(_ text: some Collection<Unicode.Scalar>, work: inout Int) -> Bool {
        // Most patterns of a file fail on their first characters: the literal start is compared
        // before any state set is made, which keeps a decision over thousands of components cheap.
        var index = text.startIndex
        for expected in literalStart {
            guard index < text.endIndex, ScalarCase.equal(expected, text[index], ignoringCase: !caseSensitive) else {
                work += 1
                return false
            }
            work += 1
            index = text.index(after: index)
        }
        var start: [Int] = []
        closure(of: 0, into: &start)
        work += start.count
        return accepts(from: start, text, work: &work)
    }

    /// Whether reading `text` from `states` ends in a match. The live states are a set, so each
    /// character costs at most the program's size.
    func accepts(from states: [Int], _ text: some Sequence<Unicode.Scalar>) -> Bool {
        var work = 0
        return accepts(from: states, text, work: &work)
    }

    /// ``accepts(from:_:)``, adding to `work` one for each live state read and each state a
    /// closure visits: what the analysis charges for it.
    func accepts(from states: [Int], _ text: some Sequence<Unicode.Scalar>, work: inout Int) -> Bool {
        var current = StateSet(capacity: program.count)
        var next = StateSet(capacity: program.count)
        work += program.count / 64 + states.count
        for state in states { _ = current.insert(state) }
        for scalar in text {
            guard !current.isEmpty else { return false }
            next.removeAll()
            work += current.members.count
            for state in current.members {
                guard let target = target(of: state, on: scalar) else { continue }
                forEachInClosure(of: target) {
                    work += 1
                    return next.insert($0)
                }
            }
            swap(&current, &next)
        }
        return current.members.contains(where: isMatch)
    }

    /// Visits the states reached from `state` without reading a character (`state` included);
    /// `visit` answers whether the state is new, and only a new one is followed further.
    func forEachInClosure(of state: Int, _ visit: (Int) -> Bool) {
        var pending = [state]
        while let current = pending.popLast() {
            guard visit(current) else { continue }
            switch program[current] {
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .jump(let target): pending.append(target)
            case .star: pending.append(current + 1)
            case .scalar, .any, .oneOf, .fail, .match: break
            }
        }
    }

    /// The state whose closure `state` reaches on `scalar`, or `nil` when it reaches none.
    func target(of state: Int, on scalar: Unicode.Scalar) -> Int? {
        switch program[state] {
        case .scalar(let expected):
            return ScalarCase.equal(expected, scalar, ignoringCase: !caseSensitive) ? state + 1 : nil
        case .any: return state + 1
        case .star: return state
        case .oneOf(let characterClass): return accepts(characterClass, scalar) ? state + 1 : nil
        case .split, .jump, .fail, .match: return nil
        }
    }

    /// Whether a state is the accepting one.
    func isMatch(_ state: Int) -> Bool { program[state] == .match }

    /// For each state, whether every text read from it ends in a match: a `*` from which the match
    /// is reached without reading a character (the final `*` of `/docs/*`).
    var universalStates: [Bool] {
        program.indices.map { state in
            guard program[state] == .star else { return false }
            var reachesMatch = false
            var seen: Set<Int> = []
            forEachInClosure(of: state) { candidate in
                if isMatch(candidate) { reachesMatch = true }
                return seen.insert(candidate).inserted
            }
            return reachesMatch
        }
    }
}

/// A set of program states: members in insertion order, and a mark per state.
struct StateSet {
    private(set) var members: [Int] = []
    private var marks: [Bool]

    init(capacity: Int) { marks = Array(repeating: false, count: capacity) }

    var isEmpty: Bool { members.isEmpty }

    /// Inserts `state`; `false` when it was there.
    mutating func insert(_ state: Int) -> Bool {
        guard !marks[state] else { return false }
        marks[state] = true
        members.append(state)
        return true
    }

    mutating func removeAll() {
        for member in members { marks[member] = false }
        members.removeAll(keepingCapacity: true)
    }
}

extension WildcardPattern {
    /// Turns pattern text into instructions.
    struct Compiler {
        let caseSensitive: Bool
        let variables: [String: [String]]
        var program: [Instruction] = []
        var failure: String?
        /// Variables the pattern names that the file does not define: each compiles to `fail`.
        var unknownVariables: [String] = []

        init(caseSensitive: Bool, variables: [String: [String]]) {
            self.caseSensitive = caseSensitive
            self.variables = variables
        }

        mutating func emit(scalars: ArraySlice<Unicode.Scalar>, variablesAllowed: Bool) {
            var index = scalars.startIndex
            while index < scalars.endIndex, failure == nil, program.count <= WildcardPattern.maximumProgramSize {
                let scalar = scalars[index]
                if variablesAllowed, scalar == "$", scalars.index(after: index) < scalars.endIndex,
                    scalars[scalars.index(after: index)] == "(",
                    let close = scalars[index...].firstIndex(of: ")")
                {
                    let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                    emitVariable(name)
                    index = close + 1
                    continue
                }
                switch scalar {
                case "*":
                    // Two stars in a row match what one does.
                    if program.last != .star { program.append(.star) }
                case "?": program.append(.any)
                default: program.append(.scalar(scalar))
                }
                index += 1
            }
        }

        mutating func emitVariable(_ name: String) {
            if let values = variables[name] ?? Self.predefinedValues(name) {
                emitAlternatives(values)
                return
            }
            switch name {
            case "alpha": program.append(.oneOf(.alpha))
            case "upper": program.append(.oneOf(.upper))
            case "lower": program.append(.oneOf(.lower))
            case "alnum": program.append(.oneOf(.alnum))
            case "digit": program.append(.oneOf(.digit))
            case "xdigit": program.append(.oneOf(.xdigit))
            default:
                unknownVariables.append(name)
                program.append(.fail)
            }
        }

        /// `$(region)` and `$(lang)`: the ISO codes Foundation knows.
        static func predefinedValues(_ name: String) -> [String]? {
            switch name {
            case "region": Locale.Region.isoRegions.map(\.identifier).filter { $0.utf8.count == 2 }
            case "lang": Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
            default: nil
            }
        }

        /// One of `values`, each a pattern without variables: split, value, jump to the end, …
        mutating func emitAlternatives(_ values: [String]) {
            guard !values.isEmpty else {
                program.append(.fail)
                return
            }
            var jumps: [Int] = []
            for (position, value) in values.enumerated() {
                let isLast = position == values.count - 1
                let split = program.count
                if !isLast { program.append(.split(split + 1, -1)) }
                emit(scalars: Array(value.unicodeScalars)[...], variablesAllowed: false)
                if !isLast {
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                }
                if program.count > WildcardPattern.maximumProgramSize { return }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        }
    }
}

extension WildcardPattern {
    /// Appends to `states` the states reached from `state` without reading a character
    /// (`state` included), each once: linear in the closure (a set marks the states met, so a
    /// variable of thousands of values costs their number, not its square).
    func closure(of state: Int, into states: inout [Int]) {
        var marks = StateSet(capacity: program.count)
        closure(of: state, into: &states, marks: &marks)
    }

    /// ``closure(of:into:)`` with a caller's set, empty on entry and emptied on return, of at least
    /// the program's size: the analysis reuses one for every pattern.
    func closure(of state: Int, into states: inout [Int], marks: inout StateSet) {
        for already in states { _ = marks.insert(already) }
        forEachInClosure(of: state) { candidate in
            guard marks.insert(candidate) else { return false }
            states.append(candidate)
            return true
        }
        marks.removeAll()
    }

    /// Appends to `states` the states `state` reaches on `scalar`, closures included.
    func successors(of state: Int, on scalar: Unicode.Scalar, into states: inout [Int], marks: inout StateSet) {
        guard let target = target(of: state, on: scalar) else { return }
        closure(of: target, into: &states, marks: &marks)
    }

    /// Whether a class accepts `scalar`, with the pattern's case rule.
    func accepts(_ characterClass: CharacterClass, _ scalar: Unicode.Scalar) -> Bool {
        guard !caseSensitive, characterClass == .upper || characterClass == .lower else {
            return characterClass.contains(scalar)
        }
        return CharacterClass.alpha.contains(scalar)
    }
}
