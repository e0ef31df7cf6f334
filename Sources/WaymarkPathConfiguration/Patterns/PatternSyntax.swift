/// The regular-expression subset of path-configuration patterns, parsed into a tree.
///
/// Supported (see docs/path-configuration.md): literals and escaped punctuation; `.`; classes
/// `[…]` and `[^…]` with ranges and `\d \w \s` (and their negations) inside; `\d \D \w \W \s \S`;
/// `\t \n \r \f \v \xHH \uHHHH`; anchors `^ $ \A \z \Z`; groups `( … )`, `(?: … )`,
/// `(?<name> … )`; alternation `|`; quantifiers `* + ? {n} {n,} {n,m}` and their lazy forms.
/// Everything else (backreferences, lookaround, `\b`, flags, possessive and atomic forms, POSIX
/// and nested classes, `\p{…}`) is refused with a message naming the feature, so the rule is
/// skipped and reported rather than matched differently from what its author meant.
indirect enum PatternNode: Equatable {
    /// A set of bytes: one ASCII character (or a class of them), or one byte of a UTF-8 sequence.
    case bytes(ByteSet)
    /// Any one character except the ASCII line terminators `\n`, `\v`, `\f` and `\r`, as a
    /// UTF-8 sequence (ICU's `.` also excludes U+0085, U+2028 and U+2029: docs/path-configuration.md).
    case anyCharacter
    /// One non-ASCII character from a list, as UTF-8 sequences; `negatedASCII` adds every
    /// non-ASCII character (used by a negated class that names only ASCII).
    case nonASCII(scalars: [Unicode.Scalar], anyNonASCII: Bool)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repeated(PatternNode, min: Int, max: Int?)
    case startAnchor
    /// `$` and `\Z`: the end of the input, or just before one final line terminator (as in ICU).
    case endAnchor
    /// `\z`: the end of the input only.
    case strictEndAnchor
    case empty
}

/// 256 bits: which bytes a step accepts.
struct ByteSet: Hashable {
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    init() {}

    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    init(range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func formUnion(_ other: ByteSet) {
        words.0 |= other.words.0
        words.1 |= other.words.1
        words.2 |= other.words.2
        words.3 |= other.words.3
    }

    /// The ASCII complement (non-ASCII bytes are never in a complemented ASCII set).
    var asciiComplement: ByteSet {
        var result = ByteSet()
        result.words.0 = ~words.0
        result.words.1 = ~words.1
        return result
    }

    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    static let digits = ByteSet(range: UInt8(ascii: "0")...UInt8(ascii: "9"))
    static let word: ByteSet = {
        var set = ByteSet(range: UInt8(ascii: "a")...UInt8(ascii: "z"))
        set.formUnion(ByteSet(range: UInt8(ascii: "A")...UInt8(ascii: "Z")))
        set.formUnion(digits)
        set.insert(UInt8(ascii: "_"))
        return set
    }()
    static let space = ByteSet([0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D])
}

/// Why a pattern was refused: a sentence and the 1-based column.
struct PatternError: Error, Equatable {
    var message: String
    var column: Int
}

/// A recursive-descent parser over the pattern's Unicode scalars.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0
    /// The group names seen so far: ICU refuses a name used twice.
    private var groupNames: Set<String> = []
    /// Where the last `\A`, `\Z` or `\z` ended: ICU refuses a quantifier after them (not after `^`, `$`).
    private var escapedAnchorEnd = -1
    static let maximumRepeat = 1_000
    static let maximumDepth = 100

    /// Whether letters match in either case (Hotwire Native Android's `RegexOption.IGNORE_CASE`).
    private let caseInsensitive: Bool

    init(_ pattern: String, caseInsensitive: Bool = false) {
        scalars = Array(pattern.unicodeScalars)
        self.caseInsensitive = caseInsensitive
    }

    static func parse(_ pattern: String, caseInsensitive: Bool = false) throws(PatternError) -> PatternNode {
        var parser = PatternParser(pattern, caseInsensitive: caseInsensitive)
        let node = try parser.parseAlternation()
        if parser.index < parser.scalars.count {
            throw parser.error("unbalanced ')'")
        }
        return node
    }

    private func error(_ message: String, at position: Int? = nil) -> PatternError {
        PatternError(message: message, column: (position ?? index) + 1)
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func parseAlternation() throws(PatternError) -> PatternNode {
        var branches = [try parseSequence()]
        while peek == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            var atom = try parseAtom()
            atom = try parseQuantifiers(atom)
            items.append(atom)
        }
        if items.isEmpty { return .empty }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func parseQuantifiers(_ atom: PatternNode) throws(PatternError) -> PatternNode {
        var node = atom
        var quantified = false
        while let scalar = peek {
            let start = index
            var bounds: (Int, Int?)?
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                bounds = try parseInterval()
                if bounds == nil { return node }
            default: return node
            }
            if bounds != nil, scalar != "{" { index += 1 }
            guard let (low, high) = bounds else { return node }
            if quantified {
                throw error("a quantifier cannot follow another quantifier", at: start)
            }
            switch node {
            case .empty:
                throw error("a quantifier needs something to repeat", at: start)
            case .startAnchor, .endAnchor, .strictEndAnchor:
                if escapedAnchorEnd == start {
                    throw error("the anchors '\\A', '\\Z' and '\\z' cannot be repeated", at: start)
                }
            default: break
            }
            if peek == "?" {
                index += 1  // Lazy: the same set of matches, so the same answer for "does it match".
            } else if peek == "+" {
                throw error("possessive quantifiers ('\(scalar)+') are not supported")
            }
            quantified = true
            switch node {
            case .startAnchor, .endAnchor, .strictEndAnchor:
                // ICU accepts `^*` and the like: an anchor repeated is the anchor, or nothing when
                // it may be repeated zero times.
                node = low == 0 ? .empty : node
            default:
                node = .repeated(node, min: low, max: high)
            }
        }
        return node
    }

    /// `{n}`, `{n,}`, `{n,m}`; `nil` (and nothing consumed) when `{` does not start one.
    private mutating func parseInterval() throws(PatternError) -> (Int, Int?)? {
        let start = index
        index += 1
        func number(_ parser: inout PatternParser) -> Int? {
            var value = 0
            var digits = 0
            while let scalar = parser.peek, scalar.isASCII, scalar.value >= 0x30, scalar.value <= 0x39 {
                // narrowing: scalar.value is 0x30...0x39 (the loop's condition), so the digit is 0...9
                value = min(value * 10 + Int(scalar.value - 0x30), 1_000_000)
                digits += 1
                parser.index += 1
            }
            return digits > 0 ? value : nil
        }
        guard let low = number(&self) else {
            throw error("'{' must start a repetition such as {2} or {1,3}; write '\\{' for the character", at: start)
        }
        var high: Int? = low
        if peek == "," {
            index += 1
            high = number(&self)
        }
        guard peek == "}" else {
            throw error("the repetition starting here is not closed with '}'", at: start)
        }
        index += 1
        if let high, high < low { throw error("the repetition {\(low),\(high)} has its bounds reversed", at: start) }
        if low > Self.maximumRepeat || (high ?? 0) > Self.maximumRepeat {
            throw error("repetitions are limited to \(Self.maximumRepeat)", at: start)
        }
        return (low, high)
    }

    private mutating func parseAtom() throws(PatternError) -> PatternNode {
        guard let scalar = peek else { return .empty }
        let start = index
        index += 1
        switch scalar {
        case "(":
            depth += 1
            defer { depth -= 1 }
            if depth > Self.maximumDepth { throw error("groups nest more than \(Self.maximumDepth) deep", at: start) }
            if peek == "?" {
                index += 1
                switch peek {
                case ":":
                    index += 1
                case "<" where index + 1 < scalars.count && scalars[index + 1] != "=" && scalars[index + 1] != "!":
                    try readGroupName(start)
                case "P":
                    throw error(
                        "Python's named groups '(?P<name>…)' are not supported (NSRegularExpression refuses them); write '(?<name>…)'",
                        at: start)
                case "#":
                    // A comment, `(?#…)`: ICU skips it, up to the first ')'.
                    while let scalar = peek, scalar != ")" { index += 1 }
                    guard peek == ")" else { throw error("the comment opened here is not closed with ')'", at: start) }
                    index += 1
                    return .empty
                case "=", "!":
                    throw error("lookahead '(?\(peek.map(String.init) ?? ""))' is not supported", at: start)
                case "<":
                    throw error("lookbehind is not supported", at: start)
                case ">":
                    throw error("atomic groups '(?>' are not supported", at: start)
                default:
                    throw error("inline flags and other '(?' forms are not supported", at: start)
                }
            }
            let inner = try parseAlternation()
            guard peek == ")" else { throw error("the group opened here is not closed", at: start) }
            index += 1
            // A group is one atom: `(a+)+` repeats the group, which is not a quantifier on a quantifier.
            return .sequence([inner])
        case ")":
            throw error("unbalanced ')'", at: start)
        case "[":
            return try parseClass(start)
        case ".":
            return .anyCharacter
        case "^":
            return .startAnchor
        case "$":
            return .endAnchor
        case "\\":
            return try parseEscape(start, inClass: false).node
        case "*", "+", "?":
            throw error("'\(scalar)' has nothing to repeat", at: start)
        case "{":
            throw error("'{' must follow something to repeat, as in a{2}; write '\\{' for the character", at: start)
        case "}":
            throw error("'}' closes no repetition; write '\\}' for the character", at: start)
        default:
            return literal(scalar)
        }
    }

    /// A group's name, as ICU reads it: an ASCII letter, then ASCII letters and digits, used once.
    private mutating func readGroupName(_ start: Int) throws(PatternError) {
        index += 1  // '<'
        var name = ""
        while let scalar = peek, scalar != ">" {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek == ">" else { throw error("the group name is not closed with '>'", at: start) }
        index += 1
        let scalars = name.unicodeScalars
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic,
            scalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else {
            throw error(
                "the group name '\(name)' must be an ASCII letter followed by ASCII letters and digits", at: start)
        }
        guard groupNames.insert(name).inserted else {
            throw error("the group name '\(name)' is used twice", at: start)
        }
    }

    private func literal(_ scalar: Unicode.Scalar) -> PatternNode {
        if caseInsensitive {
            let variants = JavaCaseFolding.variants(of: scalar)
            if variants.count > 1 {
                var set = ByteSet()
                var others: [Unicode.Scalar] = []
                for variant in variants {
                    // narrowing: variant.isASCII, so its value is below 0x80
                    if variant.isASCII { set.insert(UInt8(variant.value)) } else { others.append(variant) }
                }
                if others.isEmpty { return .bytes(set) }
                if set.isEmpty { return .nonASCII(scalars: others, anyNonASCII: false) }
                return .alternation([.bytes(set), .nonASCII(scalars: others, anyNonASCII: false)])
            }
        }
        // narrowing: scalar.isASCII, so its value is below 0x80
        if scalar.isASCII { return .bytes(ByteSet([UInt8(scalar.value)])) }
        return .nonASCII(scalars: [scalar], anyNonASCII: false)
    }

    /// `set` with the other case of every ASCII letter in it.
    static func withOtherCase(_ set: ByteSet) -> ByteSet {
        var result = set
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") where set.contains(byte) || set.contains(byte - 32) {
            result.insert(byte)
            result.insert(byte - 32)
        }
        return result
    }

    /// What an escape stands for: a node, and for classes, its byte set when it is one.
    private mutating func parseEscape(_ start: Int, inClass: Bool) throws(PatternError) -> (
        node: PatternNode, set: ByteSet?, scalar: Unicode.Scalar?
    ) {
        guard let scalar = peek else { throw error("the pattern ends with a lone '\\'", at: start) }
        index += 1
        func set(_ bytes: ByteSet) -> (PatternNode, ByteSet?, Unicode.Scalar?) { (.bytes(bytes), bytes, nil) }
        func character(_ value: UInt32) -> (PatternNode, ByteSet?, Unicode.Scalar?) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            // narrowing: scalar.isASCII only when scalar.value == value < 0x80 (otherwise it is U+FFFD)
            return (literal(scalar), scalar.isASCII ? ByteSet([UInt8(value)]) : nil, scalar)
        }
        switch scalar {
        case "d": return set(.digits)
        case "w": return set(.word)
        case "s": return set(.space)
        case "D", "W", "S":
            let base: ByteSet = scalar == "D" ? .digits : (scalar == "W" ? .word : .space)
            if inClass { throw error("'\\\(scalar)' inside a class is not supported", at: start) }
            return (.alternation([.bytes(base.asciiComplement), .nonASCII(scalars: [], anyNonASCII: true)]), nil, nil)
        case "t": return character(0x09)
        case "n": return character(0x0A)
        case "r": return character(0x0D)
        case "f": return character(0x0C)
        case "e": return character(0x1B)
        case "x" where peek == "{":
            // `\x{h…}`: one to six hex digits.
            index += 1
            var value: UInt32 = 0
            var digits = 0
            while let digit = peek, let nibble = UInt32(String(digit), radix: 16), digits < 6 {
                value = value * 16 + nibble
                digits += 1
                index += 1
            }
            guard digits > 0, peek == "}", value <= 0x10FFFF else {
                throw error("'\\x{' must be followed by one to six hex digits of a code point and '}'", at: start)
            }
            index += 1
            return character(value)
        case "x", "u":
            let count = scalar == "x" ? 2 : 4
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let digit = peek, let nibble = UInt32(String(digit), radix: 16) else {
                    throw error("'\\\(scalar)' must be followed by \(count) hex digits", at: start)
                }
                value = value * 16 + nibble
                index += 1
            }
            return character(value)
        case "A" where !inClass:
            escapedAnchorEnd = index
            return (.startAnchor, nil, nil)
        case "Z" where !inClass:
            escapedAnchorEnd = index
            return (.endAnchor, nil, nil)
        case "z" where !inClass:
            escapedAnchorEnd = index
            return (.strictEndAnchor, nil, nil)
        case "v":
            // ICU's `\v` is vertical white space: `\n`, `\v`, `\f`, `\r`, U+0085, U+2028, U+2029.
            let ascii = ByteSet(range: 0x0A...0x0D)
            if inClass { return (.bytes(ascii), ascii, nil) }
            return (
                .alternation([
                    .bytes(ascii), .nonASCII(scalars: ["\u{85}", "\u{2028}", "\u{2029}"], anyNonASCII: false),
                ]), nil, nil
            )
        case "b", "B":
            if inClass { throw error("'\\b' inside a class is not supported", at: start) }
            throw error("word boundaries ('\\\(scalar)') are not supported", at: start)
        case "1"..."9":
            throw error("backreferences ('\\\(scalar)') are not supported", at: start)
        case "p", "P":
            throw error("Unicode properties ('\\\(scalar){…}') are not supported", at: start)
        case "Q", "E", "G", "k", "c", "N", "X", "R", "h", "H", "K", "0":
            throw error("the escape '\\\(scalar)' is not supported", at: start)
        default:
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                throw error("the escape '\\\(scalar)' is not supported", at: start)
            }
            return character(scalar.value)
        }
    }

    private mutating func parseClass(_ start: Int) throws(PatternError) -> PatternNode {
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        var set = ByteSet()
        var others: [Unicode.Scalar] = []
        var first = true
        while true {
            guard let scalar = peek else { throw error("the class opened here is not closed with ']'", at: start) }
            if scalar == "]" && !first { break }
            first = false
            let itemStart = index
            index += 1
            var low: Unicode.Scalar
            switch scalar {
            case "[":
                if peek == ":" { throw error("POSIX classes ('[:name:]') are not supported", at: itemStart) }
                throw error("nested classes are not supported; write '\\[' for the character", at: itemStart)
            case "\\":
                let escape = try parseEscape(itemStart, inClass: true)
                if let scalar = escape.scalar {
                    low = scalar
                } else if let bytes = escape.set {
                    set.formUnion(bytes)
                    continue
                } else {
                    throw error("this escape cannot be used inside a class", at: itemStart)
                }
            case "&" where peek == "&":
                throw error("class intersections ('&&') are not supported", at: itemStart)
            default:
                low = scalar
            }
            // A range `a-z`, unless '-' is last.
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard var high = peek else { break }
                index += 1
                if high == "\\" {
                    let escape = try parseEscape(index - 1, inClass: true)
                    guard let scalar = escape.scalar else {
                        throw error("a range cannot end with a class escape", at: itemStart)
                    }
                    high = scalar
                } else if high == "[" {
                    throw error("nested classes are not supported; write '\\[' for the character", at: index - 1)
                }
                guard low.value <= high.value else {
                    throw error("the range '\(low)-\(high)' has its ends reversed", at: itemStart)
                }
                guard high.isASCII else {
                    throw error("ranges of non-ASCII characters are not supported", at: itemStart)
                }
                // narrowing: low.value ≤ high.value and high.isASCII (both checked above), so both are below 0x80
                set.formUnion(ByteSet(range: UInt8(low.value)...UInt8(high.value)))
                continue
            }
            if low.isASCII {
                // narrowing: low.isASCII, so its value is below 0x80
                set.insert(UInt8(low.value))
            } else {
                others.append(low)
            }
        }
        index += 1  // ']'
        if caseInsensitive {
            set = Self.withOtherCase(set)
            others = others.flatMap { JavaCaseFolding.variants(of: $0) }.reduce(into: []) { list, scalar in
                if scalar.isASCII {
                    // narrowing: scalar.isASCII, so its value is below 0x80
                    set.insert(UInt8(scalar.value))
                } else if !list.contains(scalar) {
                    list.append(scalar)
                }
            }
        }
        if negated {
            if !others.isEmpty {
                throw error("a negated class with non-ASCII characters is not supported", at: start)
            }
            // Unlike '.', a negated class matches '\n' and '\r' (as ICU's does).
            let complement = set.asciiComplement
            return .alternation([.bytes(complement), .nonASCII(scalars: [], anyNonASCII: true)])
        }
        var branches: [PatternNode] = []
        if !set.isEmpty { branches.append(.bytes(set)) }
        if !others.isEmpty { branches.append(.nonASCII(scalars: others, anyNonASCII: false)) }
        if branches.isEmpty { throw error("the class is empty", at: start) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }
}
