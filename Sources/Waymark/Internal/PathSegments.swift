/// One route-path segment of a URL: a byte range, still percent-encoded.
struct SegmentRef {
    var start: Int32
    var end: Int32
    /// The segment holds a `%` escape or a non-ASCII byte, so comparing it with a literal needs
    /// decoding (and Unicode normalization) first.
    var isComplex: Bool
}

/// Splits the percent-encoded route path into segments *before* decoding, as DESIGN.md requires:
/// `%2F` never splits, empty segments are dropped, and a trailing `/` is recorded, not kept.
enum PathSegments {
    /// The bytes of the route path: for an app link, the authority (segment 0) and the path.
    static func routePath(_ anatomy: URLAnatomy) -> Range<Int> {
        if anatomy.kind == .app, let authority = anatomy.authority {
            return authority.lowerBound..<anatomy.path.upperBound
        }
        return anatomy.path
    }

    /// An upper bound on the number of segments, to size a buffer.
    @inline(__always)
    static func capacity(_ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>) -> Int {
        var slashes = 0
        for offset in path where bytes[offset] == UInt8(ascii: "/") { slashes += 1 }
        return slashes + 1
    }

    /// Fills `buffer` with the segments of `path`, in one pass over its bytes.
    ///
    /// - Returns: The number of segments and whether the path ended with `/` after at least one segment.
    /// - Throws: When a segment's percent-decoded bytes are not valid UTF-8 (such a segment could
    ///   never be compared honestly, and `URL.path` turns it into an empty path).
    @inline(__always)
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, into buffer: UnsafeMutableBufferPointer<SegmentRef>
    ) throws(URLAnatomy.Failure) -> (count: Int, hasTrailingSlash: Bool) {
        var count = 0
        var start = path.lowerBound
        var hasEscape = false
        var isComplex = false
        var offset = path.lowerBound
        while offset <= path.upperBound {
            let byte: UInt8 = offset < path.upperBound ? bytes[offset] : UInt8(ascii: "/")
            if byte == UInt8(ascii: "/") {
                if offset > start {
                    if hasEscape { try validate(bytes, start..<offset, position: count + 1) }
                    buffer[count] = SegmentRef(start: Int32(start), end: Int32(offset), isComplex: isComplex)
                    count += 1
                }
                start = offset + 1
                hasEscape = false
                isComplex = false
            } else if byte == UInt8(ascii: "%") {
                hasEscape = true
                isComplex = true
            } else if byte >= 0x80 {
                isComplex = true
            }
            offset += 1
        }
        let hasTrailingSlash = count > 0 && bytes[path.upperBound - 1] == UInt8(ascii: "/")
        return (count, hasTrailingSlash)
    }

    private static func validate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, position: Int)
        throws(URLAnatomy.Failure)
    {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard PercentDecoding.decode(raw) == nil else { return }
        let text = String(decoding: raw, as: UTF8.self)
        throw URLAnatomy.Failure(reason: "path segment \(position) ('\(text)') is not valid UTF-8 once percent-decoded")
    }

    /// The decoded segments of a byte range of `string` (for wildcards and ``RouteURL/pathSegments``).
    static func decodedSegments(of string: String, in range: Range<Int>) -> [String] {
        var copy = string
        return copy.withUTF8 { bytes in
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
        var copy = string
        return copy.withUTF8 { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            return PercentDecoding.decode(raw) ?? String(decoding: raw, as: UTF8.self)
        }
    }
}
