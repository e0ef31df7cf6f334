/// The built trie in immutable, manually allocated buffers, so that a lookup reads plain memory and
/// does no reference counting (reading arrays stored in a class costs a retain and a release each).
///
/// Literal edges live in one open-addressing hash table over all edges, at the position of their
/// child's ``NodeKey``, each slot holding the edge with its key's first sixteen bytes: a lookup
/// computes a segment's slot from the URL alone, and reads one slot, usually one cache line, per
/// literal segment; the slots of a path of literals are read in parallel. The root's edges are also
/// kept sorted by their case-folded text, for the case-insensitive host segment of app links (where
/// several spellings may fold to one key).
///
/// Nodes are numbered for the search: the root is 0, the child of record `i` is node `i + 1`, and
/// the other nodes (typed, parameter and pattern children) follow, then a last node with no
/// leaves. So a search knows a literal child's node from the position it read in the hash table,
/// and reads the node's record alongside the edge's record instead of after it: one wait on memory
/// fewer at each literal segment. The builder numbers nodes this way as it makes them
/// (``TrieBuilder``), so the layout (``TrieLayout``) is copied here, not renumbered.
///
/// `@unchecked Sendable` is safe because every buffer (and the `views` value) is written in `init`,
/// by ``FlatTrieStorage``, never written afterwards, and freed only in `deinit`, when no other
/// reference exists; the buffers hold trivial value types, or `Sendable` parameter types that are
/// only read.
final class FlatTrie: @unchecked Sendable {
    /// The buffers (see ``Views``), at the start of their one allocation: a search holds a pointer to
    /// them (8 bytes) instead of copying every buffer view per lookup.
    let views: UnsafePointer<Views>
    /// Parameter and catch-all names, each once (read only when a match's parameters are decoded).
    let names: [String]
    private let storage: FlatTrieStorage

    /// Every leaf, in runs by node.
    var leaves: UnsafeBufferPointer<Leaf> { views.pointee.leaves }
    /// Scope IDs of the leaves.
    var leafScopes: UnsafeBufferPointer<ScopeID> { views.pointee.leafScopes }
    /// For each leaf, where its `:name` parameters are, in order.
    var parameterPositions: UnsafeBufferPointer<ParameterPosition> { views.pointee.parameterPositions }
    /// For each leaf, the interned names of its `:name` parameters, parallel to `parameterPositions`.
    var parameterNames: UnsafeBufferPointer<NameIndex> { views.pointee.parameterNames }

    /// Lays out `layout` for the search; in a debug build, checks ``invariantViolations()`` unless a
    /// test builds a broken trie on purpose (`checked: false`).
    init(_ layout: TrieLayout, checked: Bool = true) {
        storage = FlatTrieStorage(layout)
        views = storage.views
        names = layout.names
        assert(!checked || invariantViolations().isEmpty, "the trie breaks its invariants: \(invariantViolations())")
    }

    deinit { storage.release() }

    /// The bytes the trie keeps: its one allocation, and the names.
    var byteCount: Int {
        storage.byteCount + names.reduce(names.count * MemoryLayout<String>.stride) { $0 + $1.utf8.count }
    }

    /// How far the record placed furthest from its first position lies from it: the most extra
    /// positions a literal's probe reads (a check that keys spread over the table).
    var longestProbe: Int {
        let views = self.views.pointee
        var longest = 0
        for position in 0..<views.slotIndexes.count where views.slotIndexes[position] >= 0 {
            let record = views.slots[Int(views.slotIndexes[position])]
            // The root's folded records are placed by a key the table does not keep.
            guard record.parent.exists else { continue }
            let home = NodeKey.home(views.nodeKeys[node: record.child], shift: views.slotShift)
            longest = max(longest, (position - home) & views.slotMask)
        }
        return longest
    }
}
