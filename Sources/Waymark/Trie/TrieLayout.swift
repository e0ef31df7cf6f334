/// The built trie's buffers as arrays, in the search's numbering (see ``FlatTrie``): what
/// ``TrieBuilder/build(types:)`` returns, and what ``FlatTrieStorage`` lays out into one allocation.
///
/// There is no other representation between the builder and the search: the builder numbers
/// literal children as their edges are made and places the other children after them, so that
/// laying out is a copy, not a renumbering.
struct TrieLayout {
    /// The nodes, the last one with no leaves (it closes the leaf runs).
    var nodes: [FlatTrie.Node]
    /// The highest priority of any leaf in each node's subtree, to prune the search.
    var maxPriorities: [Int32]
    /// One bit per node, set when the node has literal children: a search probes the edge table
    /// only at those (a bitset of a few kilobytes, always in cache).
    var literalNodes: [UInt64]
    /// One bit per node, set when neither the node nor any node above it has another way on than
    /// its literal children (a typed or parameter child, a pattern child, or catch-alls that start
    /// there): a search whose first path ends at such a node has no other match to look for.
    var unforkedNodes: [UInt64]
    /// Each node's ``NodeKey``.
    var nodeKeys: [UInt64]
    /// The literal edges, then the root's folded literals when ``foldedRootIsUnique``.
    var slots: [FlatTrie.Slot]
    /// The hash table over `slots` (see ``FlatTrie/Views/slotIndexes``).
    var slotIndexes: [Int32]
    var slotShift: Int
    var rootKey: UInt64
    var foldedRootKey: UInt64
    var foldedRootEdges: [FlatTrie.FoldedEdge]
    /// The literals' key bytes, then the root's folded keys.
    var keys: [UInt8]
    /// Every leaf, in runs by node (see ``FlatTrie/Node``).
    var leaves: [FlatTrie.Leaf]
    /// Scope IDs of the leaves; leaves with the same scopes share one run.
    var leafScopes: [ScopeID]
    var typedSlots: [FlatTrie.TypedSlot]
    /// For each leaf, where its `:name` parameters are, in order.
    var parameterPositions: [ParameterPosition]
    /// For each leaf, the interned names of its `:name` parameters, parallel to `parameterPositions`.
    var parameterNames: [NameIndex]
    var types: [ParameterType]
    /// The search-time data of the kinds of child that have any.
    var kinds: ChildKinds
    /// Parameter and catch-all names, each once (kept outside the allocation, see ``FlatTrie``).
    var names: [String]
    var caseInsensitive: Bool
    /// No two root literals fold to the same key (registration forbids it for app scopes), so the
    /// folded keys are also in the edge hash table, under the parent ``NodeIndex/foldedRoot``.
    var foldedRootIsUnique: Bool

    /// The one list of the trie's buffers: each is placed through `cursor`, in this order.
    func layOut<Cursor: FlatTrieStorage.Cursor>(_ cursor: inout Cursor) -> FlatTrie.Views {
        var wordMasks: [UInt64] = []
        for length in 0...16 {
            wordMasks.append(ByteWord.mask(bytes: length))
            wordMasks.append(ByteWord.mask(bytes: length - 8))
        }
        return FlatTrie.Views(
            nodes: cursor.place(nodes), maxPriorities: cursor.place(maxPriorities),
            literalNodes: cursor.place(literalNodes), unforkedNodes: cursor.place(unforkedNodes),
            nodeKeys: cursor.place(nodeKeys), slots: cursor.place(slots), slotIndexes: cursor.place(slotIndexes),
            slotMask: slotIndexes.count - 1, slotShift: slotShift, rootKey: rootKey, foldedRootKey: foldedRootKey,
            foldedRootEdges: cursor.place(foldedRootEdges), keys: cursor.place(keys), leaves: cursor.place(leaves),
            leafScopes: cursor.place(leafScopes), typedSlots: cursor.place(typedSlots),
            parameterPositions: cursor.place(parameterPositions), parameterNames: cursor.place(parameterNames),
            types: cursor.place(types), kinds: kinds.layOut(&cursor), wordMasks: cursor.place(wordMasks),
            caseInsensitive: caseInsensitive, foldedRootIsUnique: foldedRootIsUnique)
    }
}

extension FlatTrie {
    /// The trie's buffers, as one trivially copyable value for the search; ``FlatTrie`` owns them.
    /// Each is described on ``TrieLayout``, whose ``TrieLayout/layOut(_:)`` makes this.
    struct Views {
        let nodes: UnsafeBufferPointer<FlatTrie.Node>
        let maxPriorities: UnsafeBufferPointer<Int32>
        let literalNodes: UnsafeBufferPointer<UInt64>
        let unforkedNodes: UnsafeBufferPointer<UInt64>
        let nodeKeys: UnsafeBufferPointer<UInt64>
        let slots: UnsafeBufferPointer<FlatTrie.Slot>
        /// The hash table over `slots`: a power of two of positions, each the index of the record
        /// whose child key gives that position (or the next free one), or -1. Four bytes a position,
        /// so that the table is small enough to stay in cache while the records are read one per
        /// literal.
        let slotIndexes: UnsafeBufferPointer<Int32>
        let slotMask: Int
        /// A record's first position is its child key's top bits (``NodeKey/home(_:shift:)``).
        let slotShift: Int
        /// The root's key, and the parent key of its folded literals.
        let rootKey: UInt64
        let foldedRootKey: UInt64
        let foldedRootEdges: UnsafeBufferPointer<FoldedEdge>
        let keys: UnsafeBufferPointer<UInt8>
        let leaves: UnsafeBufferPointer<FlatTrie.Leaf>
        let leafScopes: UnsafeBufferPointer<ScopeID>
        let typedSlots: UnsafeBufferPointer<FlatTrie.TypedSlot>
        let parameterPositions: UnsafeBufferPointer<ParameterPosition>
        let parameterNames: UnsafeBufferPointer<NameIndex>
        /// The parameter types that typed slots refer to.
        let types: UnsafeBufferPointer<ParameterType>
        let kinds: ChildKinds.Views
        /// For a segment of `n` bytes (`n` up to 16), at `2n` and `2n + 1`: the masks of its first
        /// and second words (``ByteWord/mask(bytes:)`` of `n` and `n - 8`), read instead of computed.
        let wordMasks: UnsafeBufferPointer<UInt64>
        let caseInsensitive: Bool
        let foldedRootIsUnique: Bool
    }
}
