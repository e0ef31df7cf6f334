/// Eight bytes of a URL at a time: loads that never read outside the string, and a test that finds
/// the bytes that end or complicate a path segment in one pass of integer arithmetic (SWAR).
enum ByteWord {
    static let high: UInt64 = 0x8080_8080_8080_8080
    static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The eight bytes from `index` as a little-endian word; near the end of the string, the bytes
    /// that remain, padded with zero bytes (zero at the end of the string). `base` must hold `count`
    /// bytes, and `index` must not be past them.
    ///
    /// Without a branch on where the word lies in a string of eight bytes or more: it reads the eight
    /// bytes at `index`, or the string's last eight, shifted.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, at index: Int, count: Int) -> UInt64 {
        if count >= 8 {
            let clamped = min(index, count &- 8)
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: clamped, as: UInt64.self))
            // A shift of 64 (at the end of the string) gives 0; written without a branch.
            let shift = UInt64(truncatingIfNeeded: (index &- clamped) &* 8)
            return (word &>> (shift & 63)) & (0 &- ((shift &>> 6) ^ 1))
        }
        var word: UInt64 = 0
        var offset = 0
        while index &+ offset < count {
            word |=
                UInt64(base.load(fromByteOffset: index &+ offset, as: UInt8.self))
                &<< UInt64(truncatingIfNeeded: offset &* 8)
            offset &+= 1
        }
        return word
    }

    /// ``load(_:at:count:)`` for a caller that masks off every byte at or past `count` itself: exact
    /// for an `index` before `count`, unspecified for `index == count` (where the caller's mask is
    /// zero). Fewer instructions than ``load(_:at:count:)``, which makes that case zero too (measured:
    /// docs/performance.md, "Measurements behind the matcher's design").
    @inline(__always)
    static func loadForMasking(_ base: UnsafeRawPointer, at index: Int, count: Int) -> UInt64 {
        guard count >= 8 else { return load(base, at: index, count: count) }
        let clamped = min(index, count &- 8)
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: clamped, as: UInt64.self))
        return word &>> (UInt64(truncatingIfNeeded: (index &- clamped) &* 8) & 63)
    }

    /// Bit 7 of each byte of the result is set where the byte of `word` equals zero; exact for every
    /// byte (no carry crosses a byte).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & low7) &+ low7) | word) & high
    }

    /// Bit 7 of each byte of the result is set where the byte of `word` may stop a path scan: every
    /// byte that does (`/`, `?`, `#`, `%`, DEL, an ASCII control character, including the zero padding
    /// of ``load(_:at:count:)``, or a non-ASCII byte), and also ' ', '!', '"' and '$', which do not
    /// (the test is "below '&'", one addition instead of four comparisons). The scan checks the byte it
    /// stops at with a table.
    @inline(__always)
    static func pathStops(_ word: UInt64) -> UInt64 {
        let ascii = word & low7
        // Below 0x26: adding 0x5A leaves bit 7 clear. 0x7F: adding 1 sets it. Neither carries out.
        let belowAmpersand = ~(ascii &+ 0x5A5A_5A5A_5A5A_5A5A)
        let delete = ascii &+ 0x0101_0101_0101_0101
        // '/' (0x2F) and '?' (0x3F) differ in bit 4 only.
        let slashOrQuestion = zeroBytes((word ^ 0x2F2F_2F2F_2F2F_2F2F) & 0xEFEF_EFEF_EFEF_EFEF)
        return ((word | belowAmpersand | delete) & high) | slashOrQuestion
    }

    /// A word with the low `count` bytes set: none for `count` 0 or less, all of them from 8 on.
    @inline(__always)
    static func mask(bytes count: Int) -> UInt64 {
        // Without a branch: the low bytes of a shift below 64, or all of them for 8.
        let bytes = UInt64(truncatingIfNeeded: min(max(count, 0), 8))
        return ((1 &<< ((bytes &* 8) & 63)) &- 1) | (0 &- (bytes &>> 3))
    }

    /// Bit 7 of each byte of the result is set where the byte of `word` ends a query: `#`, an ASCII
    /// control character (including the zero padding of ``load(_:at:count:)``) or DEL. Non-ASCII
    /// bytes do not.
    @inline(__always)
    static func queryStops(_ word: UInt64) -> UInt64 {
        let ascii = word & low7
        let control = ~(ascii &+ 0x6060_6060_6060_6060) | (ascii &+ 0x0101_0101_0101_0101)
        return (control & ~word & high) | zeroBytes(word ^ 0x2323_2323_2323_2323)
    }

    /// `word` with its ASCII capitals lowercased (for a word of ASCII bytes).
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let ascii = word & low7
        // 'A' (0x41) or above: adding 0x3F sets bit 7. Above 'Z' (0x5A): adding 0x25 sets it.
        let capitals = (ascii &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(ascii &+ 0x2525_2525_2525_2525) & ~word & high
        return word | (capitals &>> 2)
    }
}
