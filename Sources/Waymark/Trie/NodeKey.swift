/// The 64-bit keys that name the trie's nodes by their path from the root, so that a lookup can
/// compute where a literal child's record is from the URL alone, before the parent's record is read.
///
/// The root has a key; a child's key mixes its parent's key with the hash of the edge that leads to
/// it: the key bytes of a literal (``edge(_:)``, exact bytes, read as words), or a tag for the typed
/// and the parameter child (and a kind's own tag, such as ``PatternChildren/edgeTag(_:)``). The record of a literal child is placed by the child's key, so the
/// records of a path of literals do not depend on each other's contents, and the processor loads
/// them in parallel rather than one after another.
///
/// A key only places a record: the record found is the child only when its parent's index, its
/// length and its bytes are the ones looked for. Two nodes may share a key (the edge hash is not
/// meant to resist someone who writes route templates to collide), which makes a probe longer and
/// nothing else.
enum NodeKey {
    /// The root's key.
    static let root: UInt64 = 0x6A09_E667_F3BC_C908
    /// The tag of the typed-parameter child.
    static let typed: UInt64 = 0x7479_7065_645F_5F5F
    /// The tag of the parameter child.
    static let parameter: UInt64 = 0x7061_7261_6D5F_5F5F

    /// The parent key of the root's literals as the host of an app link sees them (compared
    /// case-insensitively), in the same slot table.
    static let foldedRoot: UInt64 = 0x686F_7374_5F5F_5F5F

    /// The key of a child, from its parent's key and its edge's hash or tag: one multiplication.
    ///
    /// A product's high bits depend on every bit of what was multiplied, its low bits only on the
    /// low bits, so a table places a key by its top bits (``home(_:shift:)``). Placed by its low
    /// bits, siblings whose first bytes agree (`level-01` … `level-99`) would share a position.
    @inline(__always)
    static func child(_ parent: UInt64, _ edge: UInt64) -> UInt64 {
        (parent ^ edge) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The position of `key` in a table of `1 << (64 - shift)` positions: its top bits.
    @inline(__always)
    static func home(_ key: UInt64, shift: Int) -> Int {
        Int(truncatingIfNeeded: key &>> UInt64(truncatingIfNeeded: shift))
    }

    /// The ``home(_:shift:)`` shift for a table of `capacity` positions, a power of two.
    static func shift(capacity: Int) -> Int {
        64 - capacity.trailingZeroBitCount
    }

    /// The state before an edge's first word.
    private static let edgeSeed: UInt64 = 0x243F_6A88_85A3_08D3

    /// The hash of an edge whose key fits in two words (up to 16 bytes).
    @inline(__always)
    static func edge(_ first: UInt64, _ second: UInt64) -> UInt64 {
        mix(mix(edgeSeed, first), second)
    }

    /// The hash of an edge whose key fits in three words (17 to 24 bytes).
    @inline(__always)
    static func edge(_ first: UInt64, _ second: UInt64, _ third: UInt64) -> UInt64 {
        mix(edge(first, second), third)
    }

    /// Folds one word of an edge's key (little-endian, padding zero) into the state.
    @inline(__always)
    static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
    }

    /// The hash of a literal edge: its key bytes read as little-endian words, the last padded with
    /// zero bytes, two words at least (so that a lookup hashes a short segment without a branch).
    /// A key never holds a zero byte, so the padding is unambiguous.
    ///
    /// The fold is written here once; a lookup calls the two- and three-word forms below, which
    /// give the same hash for a key of up to 16 or 24 bytes without a loop.
    static func edge(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state = edge(FlatTrie.word(bytes, from: 0), FlatTrie.word(bytes, from: 8))
        var offset = 16
        while offset < bytes.count {
            state = mix(state, FlatTrie.word(bytes, from: offset))
            offset += 8
        }
        return state
    }
}
