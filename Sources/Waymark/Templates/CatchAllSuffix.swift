/// A catch-all followed by more segments (`api/v1/*rest/john`, Hummingbird's `**`): the segments
/// after it must end the URL's path, and the catch-all takes what lies between, zero segments or
/// more.
///
/// Deterministic: the segments after the catch-all are anchored at the path's end, so there is one
/// way to split a path, and no backtracking. The trie matches the path up to the catch-all; this
/// check runs on the leaf it found, as query items are (``QueryRequirement``), and the segments
/// after it count as requirements in precedence: at one catch-all, `*rest/john` is tried before
/// `*rest`. A template has at most one catch-all.
enum CatchAllSuffix {
    /// Checks the path's last segments against a variant's ``RouteTemplate/Variant/catchAllSuffix``,
    /// appending their captures and the catch-all's value to `parameters`.
    ///
    /// Work: one comparison per segment after the catch-all (a pattern scans its segment once), and
    /// the catch-all's value joined once: linear in the path, added to `work` by the segments read.
    ///
    /// - Parameter path: The URL's path segments, percent-decoded.
    static func check(
        _ variant: RouteTemplate.Variant, _ path: [String], caseInsensitive: Bool, types: [String: ParameterType],
        into parameters: inout [RouteParameters.Parameter], work: inout Int
    ) -> QueryRequirement.Failure? {
        guard let position = variant.catchAllPosition else { return nil }
        let suffix = variant.catchAllSuffix
        let expected = variant.segments[position...].map(\.description).joined(separator: "/")
        let refused = QueryRequirement.Failure.suffixRefused(expected: expected)
        guard path.count - position >= suffix.count else { return refused }
        let start = path.count - suffix.count
        var captured: [RouteParameters.Parameter] = []
        for (offset, segment) in suffix.enumerated() {
            let value = path[start + offset]
            work += 1 + value.utf8.count
            switch segment {
            case .literal(let text):
                let equal = caseInsensitive ? text.lowercased() == value.lowercased() : text == value
                guard equal else { return refused }
            case .parameter(let name, let type):
                if let type, types[type]?.accepts(value) != true { return refused }
                captured.append(.init(name: name, value: value))
            case .pattern(let pattern):
                let bytes = Array(value.utf8)
                // In a case-insensitive table the text compares without ASCII case, as in the trie:
                // the scan reads lowercased copies (same offsets), the values come from the link.
                let scanned = caseInsensitive ? bytes.map(Self.asciiLowercased) : bytes
                let scanPattern =
                    caseInsensitive
                    ? SegmentPattern(
                        pieces: pattern.pieces.map { piece in
                            if case .text(let text) = piece {
                                return .text(String(decoding: text.utf8.map(Self.asciiLowercased), as: UTF8.self))
                            }
                            return piece
                        }) : pattern
                let ranges = scanned.withUnsafeBufferPointer { scanPattern.captureRanges(in: $0) }
                guard let ranges else { return refused }
                for (capture, range) in zip(pattern.captures, ranges) {
                    let piece = String(decoding: bytes[range], as: UTF8.self)
                    if let type = capture.type, types[type]?.accepts(piece) != true { return refused }
                    captured.append(.init(name: capture.name, value: piece))
                }
            case .anonymous:
                continue
            case .catchAll:
                // The parser allows one catch-all a template.
                return refused
            }
        }
        if let name = variant.segments[position].catchAllName {
            let rest = path[position..<start]
            work += rest.count
            captured.insert(.init(name: name, value: rest.joined(separator: "/")), at: 0)
        }
        parameters += captured
        return nil
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
