/// A pattern that is plain text, perhaps anchored (`/new$`, `^/posts/new$`, `/users/sign_in`), or
/// that matches every input (`.*`, `^.*`, `.*$`): most patterns of real documents (counted:
/// docs/performance.md, "Loading a real path configuration (issues 18 and 32)"). A lookup answers these by comparing bytes, so a document made of them needs no
/// automaton at all, and one with a few others compiles those alone — the cost an app pays at
/// launch, where Hotwire compiles only what its first lookup runs.
///
/// Each comparison reads the input once per candidate position (a literal is at most
/// ``maximumLength`` bytes), so a lookup stays linear in the input; `$` matches at the end or
/// before one final line terminator, as ICU's does (``PatternAutomaton/finalLineTerminatorLength(_:)``).
struct LiteralPattern: Sendable {
    enum Anchoring: Sendable {
        /// Anywhere (`contains`).
        case none
        /// At the start (`^text`).
        case start
        /// At the end, or before one final line terminator (`text$`).
        case end
        /// The whole input, but for one final line terminator (`^text$`).
        case both
    }

    /// The longest text read this way; a longer one is left to the automaton, so that no lookup
    /// compares more than this many bytes per input position.
    static let maximumLength = 256

    let text: [UInt8]
    let anchoring: Anchoring
    /// The rule it belongs to, as numbered in the lookup's rule sets.
    var rule: Int32

    /// Whether it is `.*` (or the empty pattern), which matches every input.
    var matchesEverything: Bool { text.isEmpty && anchoring == .none }

    /// The literal a pattern's text is, or `nil` when it is anything else: read from the text, so
    /// that a literal needs no parse when its document loads (`.*`, `^.*` and `.*$` match every
    /// input; otherwise an optional `^`, characters that are not operators or a backslash before
    /// ASCII punctuation, and an optional `$`). Case is the caller's: a case-insensitive lookup
    /// compares ASCII letters in either case, and leaves an input with other letters to the
    /// automaton.
    init?(pattern: String, rule: Int32) {
        var pattern = pattern
        guard let found = pattern.withUTF8({ Self.read($0) }) else { return nil }
        (text, anchoring) = found
        self.rule = rule
    }

    /// The text and anchoring of a literal pattern's bytes, or `nil` when they are anything else.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: [UInt8], anchoring: Anchoring)? {
        if bytes.elementsEqual(".*".utf8) || bytes.elementsEqual("^.*".utf8) || bytes.elementsEqual(".*$".utf8) {
            return ([], .none)
        }
        var start = 0
        var end = bytes.count
        let caret = UInt8(ascii: "^")
        let dollar = UInt8(ascii: "$")
        let backslash = UInt8(ascii: "\\")
        let anchoredStart = bytes.first == caret
        if anchoredStart { start = 1 }
        var anchoredEnd = false
        if end > start, bytes[end - 1] == dollar {
            // `\$` is a dollar sign: an even run of backslashes before it leaves it an anchor.
            var backslashes = 0
            while end - 2 - backslashes >= start, bytes[end - 2 - backslashes] == backslash { backslashes += 1 }
            if backslashes % 2 == 0 {
                anchoredEnd = true
                end -= 1
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(end - start)  // one allocation: appending byte by byte grew it several times
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == backslash {
                guard index + 1 < end, isEscapablePunctuation(bytes[index + 1]) else { return nil }
                text.append(bytes[index + 1])
                index += 2
            } else if operators[Int(byte)] {
                return nil
            } else {
                text.append(byte)
                index += 1
            }
            if text.count > maximumLength { return nil }
        }
        return (text, anchoredStart ? (anchoredEnd ? .both : .start) : (anchoredEnd ? .end : .none))
    }

    /// The program steps the pattern compiles to, as `PatternProgram.stepCount` counts them for
    /// its case-sensitive parse: one per byte and anchor, and the accept step.
    var steps: Int {
        if text.isEmpty && anchoring == .none { return 5 }  // `.*`: its loop, and the accept step
        return text.count + (anchoring == .none ? 0 : anchoring == .both ? 2 : 1) + 1
    }

    /// The operators, by byte (a table: a set's hashing cost more than the rest of the scan).
    private static let operators: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "^$.[](){}*+?|".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// ASCII punctuation, which a backslash makes literal (ICU; letters and digits after one are
    /// classes or references, left to the parser).
    private static func isEscapablePunctuation(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte > 0x20 && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether the pattern matches somewhere in `input`; `foldsASCII`: ASCII letters match in
    /// either case (the caller passes only ASCII inputs then).
    func matches(_ input: UnsafeBufferPointer<UInt8>, foldsASCII: Bool) -> Bool {
        let count = text.count
        switch anchoring {
        case .none:
            guard count > 0 else { return true }
            guard input.count >= count else { return false }
            for position in 0...(input.count - count) where equal(input, at: position, foldsASCII) { return true }
            return false
        case .start:
            return input.count >= count && equal(input, at: 0, foldsASCII)
        case .end, .both:
            let terminator = PatternAutomaton.finalLineTerminatorLength(input)
            for end in terminator > 0 ? [input.count, input.count - terminator] : [input.count] {
                guard end >= count else { continue }
                let position = end - count
                if anchoring == .both && position != 0 { continue }
                if equal(input, at: position, foldsASCII) { return true }
            }
            return false
        }
    }

    private func equal(_ input: UnsafeBufferPointer<UInt8>, at position: Int, _ foldsASCII: Bool) -> Bool {
        for (offset, byte) in text.enumerated() {
            let other = input[position + offset]
            if other == byte { continue }
            guard foldsASCII, Self.isASCIILetter(byte), other | 0x20 == byte | 0x20 else { return false }
        }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
