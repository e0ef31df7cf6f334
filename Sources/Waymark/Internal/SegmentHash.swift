/// The hash that finds a literal edge of the trie: a lookup computes it from a segment's bytes, eight
/// at a time, and the trie builder computes the same value for each literal key.
///
/// A segment's bytes, each with bit 0x20 set (so that an ASCII letter hashes the same in either case,
/// and one hash serves case-sensitive and case-folded lookups), are read as little-endian 64-bit
/// words from the segment's first byte, the last word padded with zero bytes, and two words at
/// least (the second zero for a segment of up to eight bytes); each word is folded into the state
/// with one xor and one multiply. A zero byte never occurs in a hashed segment (bit
/// 0x20 is set in every byte), so the padding is unambiguous. The hash only picks a slot: keys are
/// always compared byte by byte.
enum SegmentHash {
    /// The state before the first word.
    static let seed: UInt64 = 0x243F_6A88_85A3_08D3
    /// Bit 0x20 in every byte of a word.
    static let fold: UInt64 = 0x2020_2020_2020_2020

    /// Folds one word (bit 0x20 already set in its bytes, padding zero) into the state.
    @inline(__always)
    static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        (state ^ word) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The hash of a state: the product's high half, where every input bit has had its effect.
    @inline(__always)
    static func finish(_ state: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: state &>> 32)
    }

    /// The hash of a key's bytes, as a lookup computes it for a segment with the same bytes.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var state = seed
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var words = 0
        for byte in bytes {
            word |= UInt64(byte | 0x20) &<< shift
            shift &+= 8
            if shift == 64 {
                state = mix(state, word)
                words += 1
                word = 0
                shift = 0
            }
        }
        if shift > 0 {
            state = mix(state, word)
            words += 1
        }
        // Always two words at least, so that a lookup hashes a short segment without a branch.
        while words < 2 {
            state = mix(state, 0)
            words += 1
        }
        return finish(state)
    }
}
