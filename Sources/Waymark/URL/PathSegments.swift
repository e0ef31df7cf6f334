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
    /// Calls `body` with the index and byte range of each segment of the route path in `range`,
    /// until it returns `false`: a segment is a non-empty run of bytes without `/`, so leading,
    /// trailing and repeated slashes make no segment.
    ///
    /// This is the rule for every reading of a path after the lookup (wildcards, captures, a
    /// ``RouteURL``'s path and host). The lookup splits with ``URLAnatomy/splitPath(_:from:into:)``,
    /// eight bytes a step; `PathSplitAgreementTests` checks that the two agree.
    static func forEach(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Int, Range<Int>) -> Bool
    ) {
        let end = min(range.upperBound, bytes.count)
        var index = min(max(range.lowerBound, 0), end)
        var segment = 0
        while index < end {
            while index < end, bytes[index] == UInt8(ascii: "/") { index += 1 }
            let start = index
            while index < end, bytes[index] != UInt8(ascii: "/") { index += 1 }
            if index > start {
                if !body(segment, start..<index) { return }
                segment += 1
            }
        }
    }

    /// The segments of a byte range of `string`, each percent-decoded once (for wildcards and
    /// ``RouteURL/pathSegments``) or, without `decoded`, as written (for ``RouteURL/path``).
    static func segments(of string: String, in range: Range<Int>, decoded: Bool) -> [String] {
        string.withUTF8Bytes { bytes in
            var result: [String] = []
            forEach(in: bytes, range) { _, segment in
                let raw = UnsafeBufferPointer(rebasing: bytes[segment])
                let text = decoded ? PercentDecoding.decode(raw) : nil
                result.append(text ?? String(decoding: raw, as: UTF8.self))
                return true
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
