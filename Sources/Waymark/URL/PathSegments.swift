/// One route-path segment of a URL: a byte range, still percent-encoded.
struct SegmentRef {
    var start: Int32
    var end: Int32
    /// The segment holds a `%` escape or a non-ASCII byte, so comparing it with a literal needs
    /// decoding (and Unicode normalization) first.
    var isComplex: Bool
}

/// Helpers for route-path segments found by ``URLAnatomy/parse(_:into:)``.
enum PathSegments {
    /// The decoded segments of a byte range of `string` (for wildcards and ``RouteURL/pathSegments``).
    static func decodedSegments(of string: String, in range: Range<Int>) -> [String] {
        string.withUTF8Bytes { bytes in
            var result: [String] = []
            var start = range.lowerBound
            for offset in range.lowerBound...range.upperBound
            where offset == range.upperBound || bytes[offset] == UInt8(ascii: "/") {
                if offset > start {
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                    result.append(PercentDecoding.decode(raw) ?? String(decoding: raw, as: UTF8.self))
                }
                start = offset + 1
            }
            return result
        }
    }

    /// The decoded text of a byte range of `string`.
    static func decoded(_ string: String, _ range: Range<Int>) -> String {
        string.withUTF8Bytes { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            return PercentDecoding.decode(raw) ?? String(decoding: raw, as: UTF8.self)
        }
    }
}
