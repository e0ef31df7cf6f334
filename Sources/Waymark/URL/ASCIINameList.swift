/// Lowercase ASCII names (accepted schemes, accepted domains, reserved schemes) laid out one after
/// another in one byte array, so that a URL's scheme or host is compared with them on the bytes,
/// ignoring ASCII case, without iterating `String.UTF8View`s on the hot path.
struct ASCIINameList: Sendable {
    private let bytes: [UInt8]
    /// Where each name ends in `bytes` (and the next starts).
    private let ends: [Int]

    /// Names that are lowercase ASCII (the table lowercases schemes and domains when it is built).
    init(_ names: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for name in names {
            bytes.append(contentsOf: name.utf8)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// Whether the bytes of `range` equal one of the names, ignoring ASCII case.
    @inline(__always)
    func contains(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var start = 0
        for end in ends {
            if end - start == range.count && equals(source, range, from: start) { return true }
            start = end
        }
        return false
    }

    @inline(__always)
    private func equals(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from start: Int) -> Bool {
        var offset = start
        for index in range {
            let byte = source[index]
            // Exact bytes first (schemes and domains are nearly always written in lowercase).
            if byte != bytes[offset]
                && !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte | 0x20 == bytes[offset])
            {
                return false
            }
            offset += 1
        }
        return true
    }
}
