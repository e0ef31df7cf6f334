extension FlatTrie {
    /// The record of a literal edge that a lookup reads (32 bytes), found through the hash table at
    /// the position its child's ``NodeKey`` gives, with the key's first sixteen bytes inline, so that
    /// finding a literal child compares a key of up to sixteen bytes without reading the key. The
    /// parent's index, the length and the bytes decide: the key only places the record.
    struct Slot: Sendable {
        /// Key bytes 0 to 7, little-endian, padded with zero bytes.
        var prefix: UInt64 = 0
        /// Key bytes 8 to 15, little-endian, padded with zero bytes.
        var suffix: UInt64 = 0
        /// The parent node, or ``NodeIndex/foldedRoot`` for the root's literals as the host of an
        /// app link sees them (folded).
        var parent: NodeIndex = .root
        /// The child node: the record at position `i` leads to node `i + 1` (see ``FlatTrie``), except
        /// the root's folded records, which lead to the node of the literal they fold.
        var child: NodeIndex = .none
        var keyCount: Int32 = 0
        /// Where the key starts in the trie's key bytes (for keys longer than sixteen bytes).
        var keyStart: Int32 = 0
    }

    /// A literal of the root as the host of an app link sees it (folded): its key in ``Views/keys``
    /// and the node it leads to. Sorted by key, for a binary search.
    struct FoldedEdge: Sendable {
        var keyStart: Int32
        var keyCount: Int32
        var child: NodeIndex
        /// ``NodeKey/edge(_:)`` of the key.
        var hash: UInt64
    }

    /// A typed parameter of a leaf: its segment's position and its type's index in ``Views/types``.
    struct TypedSlot: Hashable, Sendable {
        var segment: Int32
        var type: Int32
    }

    /// One template variant at the end of its path through the trie (32 bytes). Lists (scopes, typed
    /// slots, parameter positions and names) live in flat buffers of the trie, addressed by start and
    /// count.
    struct Leaf: Sendable {
        var route: RouteIndex
        var priority: Int32
        var scopeStart: Int32
        var typedStart: Int32
        var parameterStart: Int32
        /// The name of a named catch-all.
        var catchAllName: NameIndex
        var variant: UInt16
        var segmentCount: UInt16
        var scopeCount: UInt8
        var typedCount: UInt8
        var parameterCount: UInt8
        var flags: UInt8

        var hasTrailingSlash: Bool { flags & 1 != 0 }
        var isCatchAll: Bool { flags & 2 != 0 }
        /// How many requirements beyond its path the leaf's variant has (its query items, and one
        /// for a fragment; ``QueryRequirement``, ``FragmentRequirement``), in the flags' top five
        /// bits: between the leaves of one node and one priority, more comes first.
        var linkRequirementCount: Int32 { Int32(flags >> 3) }
        /// Whether the leaf's variant requires query items or a fragment: the lookup then checks
        /// them before it takes the leaf.
        var hasLinkRequirements: Bool { flags >> 3 != 0 }
    }

    /// Eight bytes of a key from `offset` as a little-endian word, padded with zero bytes: what
    /// ``Slot/prefix`` and ``Slot/suffix`` hold, and what a lookup reads of a segment.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> UInt64 {
        guard offset < bytes.count, let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
        return ByteWord.load(base, at: offset, count: bytes.count) & ByteWord.mask(bytes: bytes.count - offset)
    }

    /// The smallest power of two, at least 8, that keeps `count` records at a load of 1/2 or less,
    /// so that a probe for a key that is not there (a parameter's value, at every parameter of a
    /// lookup) ends after two positions on average.
    static func slotCapacity(for count: Int) -> Int {
        var capacity = 8
        while count * 2 > capacity { capacity *= 2 }
        return capacity
    }
}
