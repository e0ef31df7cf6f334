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
    /// One piece of a pattern.
    public enum Piece: Hashable, Sendable {
        /// Literal text.
        case text(String)
        /// `{name}` or `{name<type>}`.
        case capture(name: String, type: String?)
    }

    /// The pieces, in order; never two captures side by side, never two texts side by side.
    public let pieces: [Piece]

    /// A pattern of `pieces`, as the template parser makes it (which checks the rules above).
    init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The pattern as written, braces in literal text doubled.
    public var description: String {
        pieces.map { piece in
            switch piece {
            case .text(let text):
                text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            case .capture(let name, let type?): "{\(name)<\(type)>}"
            case .capture(let name, nil): "{\(name)}"
            }
        }
        .joined()
    }

    /// The number of literal characters (Unicode scalars): between two patterns at one position,
    /// the one with more literal text is more specific.
    var literalLength: Int {
        pieces.reduce(0) { total, piece in
            if case .text(let text) = piece { return total + text.unicodeScalars.count }
            return total
        }
    }

    /// The captures, in order.
    var captures: [(name: String, type: String?)] {
        pieces.compactMap { piece in
            if case .capture(let name, let type) = piece { return (name, type) }
            return nil
        }
    }

    /// The byte ranges of the captures in `segment` (its decoded bytes), in order, or `nil` when the
    /// segment does not match (types are not checked here). One scan, by the rules above.
    func captureRanges(in segment: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        var position = 0
        var end = segment.count
        var pieces = self.pieces[...]
        // Trailing text is anchored at the end.
        if case .text(let text)? = pieces.last {
            let suffix = Array(text.utf8)
            guard end - position >= suffix.count, Self.equal(segment, at: end - suffix.count, suffix) else { return nil }
            end -= suffix.count
            pieces = pieces.dropLast()
        }
        var index = pieces.startIndex
        while index < pieces.endIndex {
            switch pieces[index] {
            case .text(let text):
                let bytes = Array(text.utf8)
                guard end - position >= bytes.count, Self.equal(segment, at: position, bytes) else { return nil }
                position += bytes.count
            case .capture:
                let next = pieces.index(after: index)
                guard next < pieces.endIndex, case .text(let text) = pieces[next] else {
                    // The last capture: what is left.
                    guard end > position else { return nil }
                    ranges.append(position..<end)
                    position = end
                    break
                }
                // At least one character, then the first occurrence of the text that follows.
                let separator = Array(text.utf8)
                var found: Int?
                var start = position + 1
                while start + separator.count <= end {
                    if Self.equal(segment, at: start, separator) {
                        found = start
                        break
                    }
                    start += 1
                }
                guard let found else { return nil }
                ranges.append(position..<found)
                position = found
            }
            index = pieces.index(after: index)
        }
        return position == end ? ranges : nil
    }

    private static func equal(_ segment: UnsafeBufferPointer<UInt8>, at offset: Int, _ bytes: [UInt8]) -> Bool {
        guard offset >= 0, offset + bytes.count <= segment.count else { return false }
        for (index, byte) in bytes.enumerated() where segment[offset + index] != byte { return false }
        return true
    }
}
