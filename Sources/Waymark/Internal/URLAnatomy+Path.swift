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
    @inline(__always)
    static func splitPath(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into buffer: UnsafeMutableBufferPointer<SegmentRef>
    ) throws(Failure) -> SplitPath {
        let count = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress) else {
            return SplitPath(end: start, segmentCount: 0, overflow: false)
        }
        let classes = byteClasses.utf8Start
        var index = start
        // A path usually starts with '/', which ends no segment: step over it.
        if index < count && bytes[index] == UInt8(ascii: "/") { index &+= 1 }
        var segmentStart = index
        var segmentCount = 0
        var isComplex = false
        var hasEscape = false
        var end = count
        /// Records the segment from `segmentStart` to `segmentEnd`, if it is not empty.
        func close(_ segmentEnd: Int) throws(Failure) {
            guard segmentEnd > segmentStart else { return }
            if hasEscape { try validate(bytes, segmentStart..<segmentEnd, position: segmentCount + 1) }
            if segmentCount < buffer.count {
                buffer[segmentCount] = SegmentRef(
                    start: Int32(truncatingIfNeeded: segmentStart), end: Int32(truncatingIfNeeded: segmentEnd),
                    isComplex: isComplex)
            }
            segmentCount &+= 1
        }
        scan: while index < count {
            // A plain load while eight bytes remain; the clamped one only for the last word.
            let word =
                index &+ 8 <= count
                ? UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                : ByteWord.loadForMasking(base, at: index, count: count)
            var stops = ByteWord.pathStops(word)
            while stops != 0 {
                let offset = stops.trailingZeroBitCount &>> 3
                stops &= stops &- 1
                let position = index &+ offset
                // The zero bytes that pad the string's last word.
                if position >= count { break scan }
                let byte = UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: offset &* 8))
                if byte == UInt8(ascii: "/") {
                    try close(position)
                    segmentStart = position &+ 1
                    isComplex = false
                    hasEscape = false
                    continue
                }
                switch classes[Int(byte)] {
                case ordinary:
                    continue  // ' ', '!', '"' or '$': the word test marks them too
                case percent:
                    isComplex = true
                    hasEscape = true
                case nonASCII:
                    isComplex = true
                case control:
                    throw controlCharacter(bytes, at: position)
                default:  // '?' or '#'
                    end = position
                    break scan
                }
            }
            index &+= 8
        }
        try close(end)
        return SplitPath(end: end, segmentCount: segmentCount, overflow: segmentCount > buffer.count)
    }
}
