/// One route-path segment of a URL: a byte range, still percent-encoded.
struct SegmentRef {
    var start: Int
    var end: Int
    /// The segment holds a `%` escape or a non-ASCII byte, so comparing it with a literal needs
    /// decoding (and Unicode normalization) first.
    var isComplex: Bool
}

/// Splits the percent-encoded route path into segments *before* decoding, as DESIGN.md requires:
/// `%2F` never splits, empty segments are dropped, and a trailing `/` is recorded, not kept.
enum PathSegments {
    /// An upper bound on the number of segments of a URL, to size a buffer.
    static func capacity(_ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy) -> Int {
        var slashes = 0
        for offset in anatomy.path where bytes[offset] == UInt8(ascii: "/") { slashes += 1 }
        return slashes + 2
    }

    /// Fills `buffer` with the route-path segments.
    ///
    /// - Returns: The number of segments and whether the path ended with `/` after at least one segment.
    /// - Throws: When a segment's percent-decoded bytes are not valid UTF-8 (such a segment could
    ///   never be compared honestly, and `URL.path` turns it into an empty path).
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy, into buffer: UnsafeMutableBufferPointer<SegmentRef>
    ) throws(URLAnatomy.Failure) -> (count: Int, hasTrailingSlash: Bool) {
        var count = 0
        func append(_ start: Int, _ end: Int) throws(URLAnatomy.Failure) {
            guard end > start else { return }
            var isComplex = false
            var hasEscape = false
            for offset in start..<end {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "%") {
                    hasEscape = true
                    isComplex = true
                } else if byte >= 0x80 {
                    isComplex = true
                }
            }
            if hasEscape, PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[start..<end])) == nil {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                throw URLAnatomy.Failure(
                    reason: "path segment \(count + 1) ('\(text)') is not valid UTF-8 once percent-decoded"
                )
            }
            buffer[count] = SegmentRef(start: start, end: end, isComplex: isComplex)
            count += 1
        }
        if anatomy.kind == .app, let authority = anatomy.authority {
            try append(authority.lowerBound, authority.upperBound)
        }
        var start = anatomy.path.lowerBound
        for offset in anatomy.path where bytes[offset] == UInt8(ascii: "/") {
            try append(start, offset)
            start = offset + 1
        }
        try append(start, anatomy.path.upperBound)
        let path = anatomy.path
        let hasTrailingSlash = count > 0 && !path.isEmpty && bytes[path.upperBound - 1] == UInt8(ascii: "/")
        return (count, hasTrailingSlash)
    }
}
