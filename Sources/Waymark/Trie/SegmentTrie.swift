/// The route table's matching structure: a trie over path segments, built as flat arrays of plain
/// records so that a lookup touches a few contiguous buffers, allocates nothing and does no
/// reference counting.
///
/// Each node has literal children (found, once built, through one hash table over all edges keyed
/// by the child's ``NodeKey``; while building, through the builder's own table keyed by parent node
/// and key bytes), at most one child for typed parameters (of every type: the
/// type is checked at the leaf, so that all typed parameters share one specificity class), at most
/// one child for untyped parameters and anonymous `*` segments, and two lists of leaves: templates
/// that end here, and catch-alls that start here. A depth-first search that visits children in the
/// order literal, typed, parameter, catch-all meets templates in the precedence order of DESIGN.md.
struct SegmentTrie: Sendable {
    /// A node (16 bytes). Its leaves are one run of ``SegmentTrie/leaves``: the templates that end
    /// here from `leafStart` to `catchAllStart`, then the catch-alls that start here up to the next
    /// node's `leafStart` (a last, empty node closes the final run), each part ordered by priority,
    /// then registration.
    struct Node: Sendable {
        var typedChild: BuilderNodeIndex = .none
        var parameterChild: BuilderNodeIndex = .none
        var leafStart: Int32 = 0
        var catchAllStart: Int32 = 0
    }

    /// A literal edge as the builder keeps it: its key bytes (in `keyBytes`), the child it leads to,
    /// its parent, and the hash of the key, which the builder's own edge table files the edge under
    /// (with its parent) and the built trie mixes into the child's key.
    struct Edge: Sendable {
        var keyStart: Int32
        var keyCount: Int32
        var child: BuilderNodeIndex
        /// The parent; ``TrieIndex/none`` for the root's literals folded (``SegmentTrie/foldedRootEdges``).
        var parent: BuilderNodeIndex
        /// ``NodeKey/edge(_:)`` of the key bytes.
        var hash: UInt64
    }

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
        /// The child node. In the built table (search numbering, see ``FlatTrie``) the record at
        /// position `i` leads to node `i + 1`, except the root's folded records, which lead to the
        /// node of the literal they fold.
        var child: NodeIndex = .none
        var keyCount: Int32 = 0
        /// Where the key starts in the trie's key bytes (for keys longer than sixteen bytes).
        var keyStart: Int32 = 0
    }

    /// A child through a segment pattern: the pattern's index in ``SegmentTrie/patterns`` and the
    /// nodes, in the builder's numbering (``FlatTrie`` renumbers `parent` and `child`).
    struct PatternEdge: Sendable {
        var parent: BuilderNodeIndex
        var pattern: Int32
        var child: BuilderNodeIndex
    }

    /// A parameter captured inside a segment: the segment's position, its pattern and which of
    /// the pattern's captures it is.
    struct PatternCapture: Sendable {
        var segment: Int32
        var pattern: Int32
        var capture: Int32
    }

    struct TypedSlot: Hashable, Sendable {
        var segment: Int32
        var type: Int32
    }

    /// One template variant at the end of its path through the trie (32 bytes). Lists (scopes, typed
    /// slots, parameter positions and names) live in flat arrays of the trie, addressed by start and
    /// count.
    struct Leaf: Sendable {
        var route: Int32
        var priority: Int32
        var scopeStart: Int32
        var typedStart: Int32
        var parameterStart: Int32
        /// The interned name of a named catch-all, or -1.
        var catchAllName: Int32
        var variant: UInt16
        var segmentCount: UInt16
        var scopeCount: UInt8
        var typedCount: UInt8
        var parameterCount: UInt8
        var flags: UInt8

        var hasTrailingSlash: Bool { flags & 1 != 0 }
        var isCatchAll: Bool { flags & 2 != 0 }
    }

    var nodes: [Node] = []
    /// The highest priority of any leaf in each node's subtree, to prune the search.
    var maxPriorities: [Int32] = []
    /// One bit per node, set when the node has literal children: a search probes the edge table
    /// only at those (a bitset of a few kilobytes, always in cache).
    var literalNodes: [UInt64] = []
    /// One bit per node, set when neither the node nor any node above it has another way on than
    /// its literal children (a typed or parameter child, or catch-alls that start there): a search
    /// whose first path ends at such a node has no other match to look for.
    var unforkedNodes: [UInt64] = []
    var edges: [Edge] = []
    /// The root's literal children keyed by their lowercased text, sorted, for the host segment of
    /// app links, which compares case-insensitively. Several edges may share a folded key.
    var foldedRootEdges: [Edge] = []
    /// The folded keys of `foldedRootEdges`, whose `keyStart` index this buffer.
    var foldedKeyBytes: [UInt8] = []
    /// No two root literals fold to the same key (registration forbids it for app scopes), so the
    /// folded keys can also go into the edge hash table, under the parent -1.
    var foldedRootIsUnique = true
    var keyBytes: [UInt8] = []
    /// Every leaf, in runs by node (see ``Node``).
    var leaves: [Leaf] = []
    /// Scope IDs of the leaves; leaves with the same scopes share one run.
    var leafScopes: [Int32] = []
    var typedSlots: [TypedSlot] = []
    /// For each leaf, the segment positions of its `:name` parameters, in order; a negative entry
    /// `~i` is a parameter inside a segment, described by `patternCaptures[i]`.
    var parameterPositions: [Int32] = []
    /// Segment patterns by shape; what a pattern child's `pattern` indexes.
    var patterns: [SegmentPattern] = []
    /// Every pattern child, by parent, each node's in precedence order.
    var patternEdges: [PatternEdge] = []
    var patternCaptures: [PatternCapture] = []
    /// For each leaf, the interned names of its `:name` parameters, parallel to `parameterPositions`.
    var parameterNames: [Int32] = []
    /// Parameter and catch-all names, each once.
    var names: [String] = []
    var caseInsensitive = false

    /// Eight bytes of a key from `offset` as a little-endian word, padded with zero bytes: what
    /// ``Slot/prefix`` and ``Slot/suffix`` hold, and what a lookup reads of a segment.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> UInt64 {
        guard offset < bytes.count, let base = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
        return ByteWord.load(base, at: offset, count: bytes.count) & ByteWord.mask(bytes: bytes.count - offset)
    }

    /// An open-addressing table of `capacity` slots (a power of two) holding every edge's index at
    /// its first free slot from ``slot(_:parent:mask:)``; -1 marks an empty slot.
    static func slotTable(for edges: [Edge], capacity: Int) -> [Int32] {
        var slots = [Int32](repeating: -1, count: capacity)
        for (index, edge) in edges.enumerated() {
            var slot = slot(edge.hash, parent: edge.parent.rawValue, mask: capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(tableIndex: index)
        }
        return slots
    }

    /// The smallest power of two, at least 8, that keeps `count` entries at a load of 1/2 or less,
    /// so that a probe for a key that is not there (a parameter's value, at every parameter of a
    /// lookup) ends after two slots on average.
    static func slotCapacity(for count: Int) -> Int {
        var capacity = 8
        while count * 2 > capacity { capacity *= 2 }
        return capacity
    }

    /// The first slot to probe for an edge of `parent` with this key hash.
    @inline(__always)
    static func slot(_ hash: UInt64, parent: Int32, mask: Int) -> Int {
        let mixed =
            (UInt32(truncatingIfNeeded: hash >> 32) ^ (UInt32(bitPattern: parent) &* 0x9E37_79B1)) &* 0x85EB_CA6B
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 15)) & mask
    }
}
