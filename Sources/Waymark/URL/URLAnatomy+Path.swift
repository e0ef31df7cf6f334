extension URLAnatomy {
    /// Where a route path ends and how many segments it has.
    struct SplitPath {
        /// The offset of the byte after the path: a `?`, a `#`, or the end of the string.
        var end: Int
        /// The number of non-empty segments, written to the buffer as long as it had room.
        var segmentCount: Int
        /// The buffer was too small for every segment.
        var overflow: Bool
    }

    /// Splits the route path that starts at `start` into non-empty segments.
    ///
    /// The path is read eight bytes a step: ``ByteWord/pathStops(_:)`` marks, in one pass of integer
    /// arithmetic, every byte of the word that may end or complicate a segment, and the scan looks
    /// at those bytes only.
    /// - `/` ends a segment;
    /// - `%` or a non-ASCII byte makes the segment complex (compared decoded); a `%` also has the
    ///   segment's escapes checked for valid UTF-8;
    /// - an ASCII control character or DEL is an error;
    /// - `?`, `#` or the end of the string ends the path.
    ///
    /// A word whose only stops are slashes (most words of most paths) takes a shorter loop that
    /// reads no byte: each slash closes a segment. Bytes past the end of the string, which pad its
    /// last word, are masked off instead of tested.
    @inline(__always)
    static func splitPath(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into buffer: UnsafeMutableBufferPointer<SegmentRef>
    ) throws(Failure) -> SplitPath {
        let count = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress) else {
            return SplitPath(end: start, segmentCount: 0, overflow: false)
        }
        var index = start
        // A path usually starts with '/', which ends no segment: step over it.
        if index < count && bytes[index] == UInt8(ascii: "/") { index &+= 1 }
        var segmentStart = index
        var segmentCount = 0
        // What the segment so far holds: `complex` and `escape` bits.
        var marks: UInt8 = 0
        let complex: UInt8 = 1
        let escape: UInt8 = 2
        var end = count
        /// Records the segment from `segmentStart` to `segmentEnd`, if it is not empty, and starts the
        /// next one after `segmentEnd`.
        @inline(__always)
        func close(_ segmentEnd: Int) throws(Failure) {
            if segmentEnd > segmentStart {
                if marks & escape != 0 { try validate(bytes, segmentStart..<segmentEnd, position: segmentCount &+ 1) }
                if segmentCount < buffer.count {
                    buffer[segmentCount] = SegmentRef(
                        start: Int32(truncatingIfNeeded: segmentStart), end: Int32(truncatingIfNeeded: segmentEnd),
                        isComplex: marks != 0)
                }
                segmentCount &+= 1
            }
            segmentStart = segmentEnd &+ 1
            marks = 0
        }
        scan: while index < count {
            // A plain load while eight bytes remain; for the last word, the bytes that remain.
            let remaining = count &- index
            let word: UInt64
            var live = ByteWord.high
            if remaining >= 8 {
                word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            } else {
                word = ByteWord.loadForMasking(base, at: index, count: count)
                live = ByteWord.mask(bytes: remaining) & ByteWord.high
            }
            let slashes = ByteWord.zeroBytes(word ^ 0x2F2F_2F2F_2F2F_2F2F) & live
            var stops = ByteWord.pathStops(word) & live
            if stops == slashes {
                while stops != 0 {
                    let position = index &+ (stops.trailingZeroBitCount &>> 3)
                    stops &= stops &- 1
                    try close(position)
                }
            } else {
                while stops != 0 {
                    let offset = stops.trailingZeroBitCount &>> 3
                    stops &= stops &- 1
                    let position = index &+ offset
                    let byte = UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: offset &* 8))
                    if byte == UInt8(ascii: "/") {
                        try close(position)
                        continue
                    }
                    switch byteClasses.utf8Start[Int(byte)] {
                    case ordinary:
                        continue  // ' ', '!', '"' or '$': the word test marks them too
                    case percent:
                        marks |= complex | escape
                    case nonASCII:
                        marks |= complex
                    case control:
                        throw controlCharacter(bytes, at: position)
                    default:  // '?' or '#'
                        end = position
                        break scan
                    }
                }
            }
            index &+= 8
        }
        try close(end)
        return SplitPath(end: end, segmentCount: segmentCount, overflow: segmentCount > buffer.count)
    }
}
