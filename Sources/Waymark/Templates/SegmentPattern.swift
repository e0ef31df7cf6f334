/// A segment of literal text with parameters inside it: `{id}.json`, `v{major}.{minor}`,
/// `user-{id<int>}` (``TemplateSegment/pattern(_:)``).
///
/// The rules, decided in docs/templates.md ("Parameters inside a segment"):
/// - A parameter captures at least one character.
/// - Two parameters never meet: literal text separates them (`{a}{b}` is an error).
/// - Leading and trailing text must match at the segment's start and end. Each parameter but the
///   last ends where the text after it first occurs (lazy, left to right); the last takes what is
///   left before the trailing text. Nothing is tried again: `v{major}.{minor}` takes `v1.2.3` as
///   major `1`, minor `2.3`, and a typed parameter that refuses its value makes the segment not
///   match, with no other split tried. So a match is one left-to-right scan.
/// - Text compares with the segment's percent-decoded text, as a literal does.
public struct SegmentPattern: Hashable, Sendable, CustomStringConvertible {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.pieces == rhs.pieces }
    public func hash(into hasher: inout Hasher) { hasher.combine(pieces) }

    /// One piece of a pattern.
    public enum Piece: Hashable, Sendable {
        /// Literal text.
        case text(String)
        /// `{name}` or `{name<type>}`.
        case capture(name: String, type: String?)
    }

    /// The pieces, in order; never two captures side by side, never two texts side by side.
    public let pieces: [Piece]

    /// Each piece's UTF-8 bytes, `nil` for a capture: what a match compares (derived from `pieces`).
    private(set) var utf8Pieces: [[UInt8]?]
    /// Each capture's type as an index into its table's types (-1: untyped), set by the table that
    /// holds the pattern; not part of the pattern's identity.
    var typeIndexes: [Int32] = []

    /// A pattern of `pieces`, as the template parser makes it (which checks the rules above).
    init(pieces: [Piece]) {
        self.pieces = pieces
        utf8Pieces = pieces.map { piece in
            if case .text(let text) = piece { return Array(text.utf8) }
            return nil
        }
    }

    /// Whether the text compares ignoring ASCII case (in a case-insensitive table; pattern text is
    /// compared byte for byte otherwise, without Unicode normalization). Not part of the identity.
    private(set) var foldsASCIICase = false

    /// The pattern as a case-insensitive table matches it: its text's ASCII capitals lowercased in
    /// `utf8Pieces`, and the segment's lowercased as they are compared.
    var foldingASCIICase: SegmentPattern {
        var folded = self
        folded.foldsASCIICase = true
        folded.utf8Pieces = utf8Pieces.map { bytes in bytes.map { $0.map(Self.lowercased) } }
        return folded
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The pattern with its capture names left out: patterns of one shape match the same segments
    /// and split them alike, so they share a node of the trie.
    package var shape: SegmentPattern {
        SegmentPattern(
            pieces: pieces.map { piece in
                if case .capture(_, let type) = piece { return .capture(name: "", type: type) }
                return piece
            })
    }

    /// The pattern as written, its literal text escaped so that it parses back into the same pattern
    /// (braces doubled, a backslash before the other characters with a meaning in templates).
    public var description: String { written(inQuery: false) }

    /// The pattern as written in a path segment, or in a query value (where `&` and `=` are
    /// escaped too).
    func written(inQuery: Bool) -> String {
        pieces.enumerated().map { index, piece in
            switch piece {
            case .text(let text):
                Self.written(text, atSegmentStart: index == 0 && !inQuery, inQuery: inQuery)
            case .capture(let name, let type?): "{\(name)<\(type)>}"
            case .capture(let name, nil): "{\(name)}"
            }
        }
        .joined()
    }

    /// Literal text as a template writes it, so that it parses back into the same text: each brace
    /// doubled, a backslash before `\`, `(`, `)`, `*`, `<`, `>`, `?` and `#`, before a `:`
    /// that starts the segment (elsewhere a `:` is plain text), and in a query item before `&` and
    /// `=`.
    static func written(_ text: String, atSegmentStart: Bool, inQuery: Bool = false) -> String {
        let special = (inQuery ? #"\()*<>?#{}&="# : #"\()*<>?#{}"#).utf8
        let needsWork =
            text.utf8.contains(where: special.contains) || (atSegmentStart && text.utf8.first == UInt8(ascii: ":"))
        guard needsWork else { return text }
        var written = ""
        for (index, character) in text.enumerated() {
            switch character {
            case "{", "}": written.append(character)
            case "\\", "(", ")", "*", "<", ">", "?", "#": written.append("\\")
            case "&" where inQuery, "=" where inQuery: written.append("\\")
            case ":" where index == 0 && atSegmentStart: written.append("\\")
            default: break
            }
            written.append(character)
        }
        return written
    }

    /// The number of literal characters (Unicode scalars): between two patterns at one position,
    /// the one with more literal text is more specific.
    package var literalLength: Int {
        pieces.reduce(0) { total, piece in
            if case .text(let text) = piece { return total + text.unicodeScalars.count }
            return total
        }
    }

    /// The captures, in order.
    package var captures: [(name: String, type: String?)] {
        pieces.compactMap { piece in
            if case .capture(let name, let type) = piece { return (name, type) }
            return nil
        }
    }

    /// The byte ranges of the captures in `segment` (its decoded bytes), in order, or `nil` when the
    /// segment does not match (types are not checked here).
    package func captureRanges(in segment: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        return scan(segment) { _, range in
            ranges.append(range)
            return true
        } ? ranges : nil
    }

    /// Splits `segment` by the rules above in one scan, calling `capture` with each capture's
    /// index and byte range; `capture` returns `false` to refuse a value (a typed capture), which
    /// makes the segment not match. Allocates nothing: the search calls it.
    package func scan(_ segment: UnsafeBufferPointer<UInt8>, _ capture: (Int, Range<Int>) -> Bool) -> Bool {
        var uncounted = UncountedScanWork()
        return scan(segment, work: &uncounted, capture)
    }

    /// ``scan(_:_:)``, counting the bytes it compares into `work`: the tests show with it that a
    /// scan's work grows linearly with the segment. The search passes ``UncountedScanWork``, whose
    /// count the optimizer removes.
    package func scan<Work: ScanWork>(
        _ segment: UnsafeBufferPointer<UInt8>, work: inout Work, _ capture: (Int, Range<Int>) -> Bool
    ) -> Bool {
        var position = 0
        var end = segment.count
        var pieces = utf8Pieces[...]
        // Trailing text is anchored at the end.
        if let suffix = pieces.last, let bytes = suffix {
            guard end - position >= bytes.count, equal(segment, at: end - bytes.count, bytes, &work) else {
                return false
            }
            end -= bytes.count
            pieces = pieces.dropLast()
        }
        var captureIndex = 0
        var index = pieces.startIndex
        while index < pieces.endIndex {
            if let bytes = pieces[index] {
                guard end - position >= bytes.count, equal(segment, at: position, bytes, &work) else { return false }
                position += bytes.count
            } else {
                let next = pieces.index(after: index)
                var stop = end
                if next < pieces.endIndex, let separator = pieces[next] {
                    // At least one character, then the first occurrence of the text that follows.
                    var found: Int?
                    var start = position + 1
                    while start + separator.count <= end {
                        if equal(segment, at: start, separator, &work) {
                            found = start
                            break
                        }
                        start += 1
                    }
                    guard let found else { return false }
                    stop = found
                }
                guard stop > position, capture(captureIndex, position..<stop) else { return false }
                captureIndex += 1
                position = stop
            }
            index = pieces.index(after: index)
        }
        return position == end
    }

    @inline(__always)
    private func equal<Work: ScanWork>(
        _ segment: UnsafeBufferPointer<UInt8>, at offset: Int, _ bytes: [UInt8], _ work: inout Work
    ) -> Bool {
        guard offset >= 0, offset + bytes.count <= segment.count else { return false }
        for (index, byte) in bytes.enumerated() {
            work.compared()
            let other = segment[offset + index]
            if (foldsASCIICase ? Self.lowercased(other) : other) != byte { return false }
        }
        return true
    }
}

/// What ``SegmentPattern/scan(_:work:_:)`` reports of its work: one call per byte compared.
package protocol ScanWork {
    mutating func compared()
}

/// The search's ``ScanWork``: counts nothing.
package struct UncountedScanWork: ScanWork {
    package init() {}
    @inline(__always) package mutating func compared() {}
}

/// The tests' ``ScanWork``: the bytes compared.
package struct CountedScanWork: ScanWork {
    package private(set) var bytes = 0
    package init() {}
    package mutating func compared() { bytes += 1 }
}
