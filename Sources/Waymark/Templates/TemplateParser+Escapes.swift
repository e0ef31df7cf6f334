// Escapes (`\(` is a literal `(`) and the optional groups that cannot sit inside a literal segment:
// the two rules that keep a template able to match its own spelling.
extension TemplateParser {
    /// Where the parentheses of the optional groups that hold no `/` are in a template: `before[i]`
    /// is how many of them come before byte `i`, so that whether a run of bytes holds one is one
    /// subtraction. Called after the groups parsed, so every `(` has its `)`.
    struct GroupEdges {
        let before: [Int]

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            var isEdge = [Bool](repeating: false, count: bytes.count)
            // The open groups: where each opened, and the number of `/` read when it did.
            var open: [(offset: Int, slashes: Int)] = []
            var slashes = 0
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 1  // the escaped byte is text, never an edge
                case UInt8(ascii: "/"): slashes += 1
                case UInt8(ascii: "("): open.append((index, slashes))
                case UInt8(ascii: ")"):
                    if let opened = open.popLast(), opened.slashes == slashes {
                        isEdge[opened.offset] = true
                        isEdge[index] = true
                    }
                default: break
                }
                index += 1
            }
            var before = [Int](repeating: 0, count: bytes.count + 1)
            for offset in bytes.indices { before[offset + 1] = before[offset] + (isEdge[offset] ? 1 : 0) }
            self.before = before
        }

        /// Whether a group's parenthesis lies strictly between the original bytes `bounds`.
        func hasEdge(within bounds: ClosedRange<Int>) -> Bool {
            bounds.upperBound > bounds.lowerBound && before[bounds.upperBound] - before[bounds.lowerBound + 1] > 0
        }
    }

    /// Refuses an optional group inside a literal segment (`photo(s)`, `Swift_(programming_language)`):
    /// such a route never matches its own spelling, and the parentheses were most likely meant as
    /// text. `bounds` are the original offsets of the segment's first and last bytes in one variant;
    /// a parenthesis between them is a group's edge inside the segment. A group that is a whole
    /// segment (`a/(b)`) or holds a `/` (`user(/:tab)`) is never inside one.
    func checkGroupEdges(
        _ edges: GroupEdges, _ bytes: UnsafeBufferPointer<UInt8>, within bounds: ClosedRange<Int>
    ) throws(RoutingError) {
        guard edges.hasEdge(within: bounds) else { return }
        var start = bounds.lowerBound
        while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        var end = bounds.upperBound + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
        let firstEdge = (bounds.lowerBound...bounds.upperBound).first { edges.before[$0 + 1] > edges.before[$0] }
        let written = string(bytes, start..<end)
        throw error(
            at: firstEdge ?? start,
            "the optional group in '\(written)' lies inside a segment with no parameter, so the route never "
                + "matches its own spelling; write '\\(' and '\\)' for literal parentheses, or give each "
                + "spelling a template of its own")
    }

    /// The characters a backslash escapes: those with a meaning in templates, and the backslash.
    static let escapable: [UInt8] = Array(#"\()*:<>{}?#&="#.utf8)

    /// Checks the escape at `offset` (a backslash): the character after it must be ``escapable``.
    static func checkEscape(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, error: (Int, String) -> RoutingError
    ) throws(RoutingError) {
        guard offset + 1 < bytes.count else {
            throw error(offset, "'\\' at the end escapes nothing; write '\\\\' for a literal backslash")
        }
        let next = bytes[offset + 1]
        if next == UInt8(ascii: "/") {
            throw error(offset, "'/' cannot be escaped: a segment cannot hold a '/'")
        }
        guard escapable.contains(next) else {
            let shown = next >= 0x20 && next < 0x7F ? "'\\\(Character(Unicode.Scalar(next)))'" : "this '\\'"
            throw error(
                offset,
                "\(shown) is not an escape; a backslash escapes one of "
                    + escapable.map { String(Character(Unicode.Scalar($0))) }.joined(separator: " ")
                    + " (write '\\\\' for a literal backslash)")
        }
    }

    /// The bytes of a segment's text with each escaping backslash removed.
    static func unescaped<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if !escaped && byte == UInt8(ascii: "\\") {
                escaped = true
                continue
            }
            escaped = false
            result.append(byte)
        }
        return result
    }

    /// Whether `%` at `index` starts a valid percent escape (two hexadecimal digits before `end`).
    static func isPercentEscape(_ text: UnsafeBufferPointer<UInt8>, at index: Int, before end: Int) -> Bool {
        func isHex(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
        return index + 2 < end && isHex(text[index + 1]) && isHex(text[index + 2])
    }
}
