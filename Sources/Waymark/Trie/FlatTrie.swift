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
/// Nodes are numbered for the search, not as the builder made them: the root is 0, the child of
/// record `i` is node `i + 1`, and the other nodes (typed and parameter children) follow. So a
/// search knows a literal child's node from the position it read in the hash table, and reads the
/// node's record alongside the edge's record instead of after it: one wait on memory fewer at
/// each literal segment.
///
/// `@unchecked Sendable` is safe because every buffer (and the `views` value) is written in `init`,
/// by ``FlatTrieStorage``, never written afterwards, and freed only in `deinit`, when no other
/// reference exists; the buffers hold trivial value types, or `Sendable` parameter types that are
/// only read.
final class FlatTrie: @unchecked Sendable {
    /// A literal of the root as the host of an app link sees it (folded), in the search's numbering:
    /// its key in ``Views/keys`` and the node it leads to. Sorted by key, for a binary search.
    struct FoldedEdge: Sendable {
        var keyStart: Int32
        var keyCount: Int32
        var child: NodeIndex
        /// ``NodeKey/edge(_:)`` of the key.
        var hash: UInt64
    }

    /// The buffers (see ``Views``), at the start of their one allocation: a search holds a pointer to
    /// them (8 bytes) instead of copying every buffer view per lookup.
    let views: UnsafePointer<Views>
    /// Parameter and catch-all names, each once (read only when a match's parameters are decoded).
    let names: [String]
    private let storage: FlatTrieStorage

    /// Every leaf, in runs by node.
    var leaves: UnsafeBufferPointer<SegmentTrie.Leaf> { views.pointee.leaves }
    /// Scope IDs of the leaves.
    var leafScopes: UnsafeBufferPointer<Int32> { views.pointee.leafScopes }
    /// For each leaf, the segment positions of its `:name` parameters, in order.
    var parameterPositions: UnsafeBufferPointer<Int32> { views.pointee.parameterPositions }
    /// For each leaf, the interned names of its `:name` parameters, parallel to `parameterPositions`.
    var parameterNames: UnsafeBufferPointer<Int32> { views.pointee.parameterNames }

    /// Lays out `trie` for the search; in a debug build, checks ``invariantViolations()`` unless a
    /// test builds a broken trie on purpose (`checked: false`).
    init(_ trie: SegmentTrie, types: [ParameterType], checked: Bool = true) {
        storage = FlatTrieStorage(Self.contents(trie, types: types))
        views = storage.views
        names = trie.names
        assert(!checked || invariantViolations().isEmpty, "the trie breaks its invariants: \(invariantViolations())")
    }

    deinit { storage.release() }

    /// The bytes the trie keeps: its one allocation, and the names.
    var byteCount: Int {
        storage.byteCount + names.reduce(names.count * MemoryLayout<String>.stride) { $0 + $1.utf8.count }
    }

    /// The buffers of `trie` in the search's numbering, as arrays for ``FlatTrieStorage`` to lay out.
    private static func contents(_ trie: SegmentTrie, types: [ParameterType]) -> Contents {
        let order = SearchOrder(trie)
        // Keys: the literals', then the folded root keys; folded edges are rebased onto that buffer.
        let base = Int32(tableIndex: trie.keyBytes.count)
        let folded = trie.foldedRootEdges.map { edge in
            FoldedEdge(
                keyStart: edge.keyStart + base, keyCount: edge.keyCount, child: order[edge.child], hash: edge.hash)
        }
        let keys = trie.keyBytes + trie.foldedKeyBytes
        let foldedInTable = trie.foldedRootIsUnique ? folded : []
        let root = NodeKey.root
        let foldedRoot = NodeKey.child(root, NodeKey.foldedRoot)
        let nodeKeys = Self.nodeKeys(trie, root: root)

        // The records: every literal edge, then the folded root literals (under parent -1); the table
        // places each at its child's key. Record `i` is the edge to node `i + 1` (see `searchOrder`).
        let recordCount = trie.edges.count + foldedInTable.count
        let capacity = SegmentTrie.slotCapacity(for: recordCount)
        let shift = NodeKey.shift(capacity: capacity)
        var indexes = [Int32](repeating: -1, count: capacity)
        // Written in place, through buffers: an array append would check capacity and uniqueness
        // for every record.
        let records = [SegmentTrie.Slot](unsafeUninitializedCapacity: recordCount) { records, written in
            written = 0
            keys.withUnsafeBufferPointer { keys in
                indexes.withUnsafeMutableBufferPointer { indexes in
                    func append(
                        keyStart: Int32, keyCount: Int32, parent: NodeIndex, child: NodeIndex, key childKey: UInt64
                    ) {
                        let key = UnsafeBufferPointer(rebasing: keys[Int(keyStart)..<(Int(keyStart) + Int(keyCount))])
                        var position = NodeKey.home(childKey, shift: shift)
                        while indexes[position] >= 0 { position = (position + 1) & (capacity - 1) }
                        indexes[position] = Int32(tableIndex: written)
                        records.initializeElement(
                            at: written,
                            to: SegmentTrie.Slot(
                                prefix: SegmentTrie.word(key, from: 0), suffix: SegmentTrie.word(key, from: 8),
                                parent: parent, child: child, keyCount: keyCount, keyStart: keyStart))
                        written += 1
                    }
                    for edge in trie.edges {
                        append(
                            keyStart: edge.keyStart, keyCount: edge.keyCount, parent: order[edge.parent],
                            child: order[edge.child], key: nodeKeys[node: edge.child])
                    }
                    for edge in foldedInTable {
                        append(
                            keyStart: edge.keyStart, keyCount: edge.keyCount, parent: .foldedRoot, child: edge.child,
                            key: NodeKey.child(foldedRoot, edge.hash))
                    }
                }
            }
        }
        // Each node's pattern children, in the search's numbering: a run of `patternEdges` per node
        // (start in the low half, count in the high half), and a bit per node that has any.
        let searchNodeCount = trie.nodes.count
        var patternRuns = [UInt64](repeating: 0, count: trie.patternEdges.isEmpty ? 0 : searchNodeCount)
        var patternNodes = [UInt64](repeating: 0, count: (searchNodeCount + 63) / 64)
        var patternEdges: [PatternEdge] = []
        patternEdges.reserveCapacity(trie.patternEdges.count)
        var runStart = 0
        while runStart < trie.patternEdges.count {
            let parent = trie.patternEdges[runStart].parent
            var runEnd = runStart
            while runEnd < trie.patternEdges.count && trie.patternEdges[runEnd].parent == parent {
                let edge = trie.patternEdges[runEnd]
                patternEdges.append(PatternEdge(pattern: edge.pattern, child: order[edge.child]))
                runEnd += 1
            }
            let node = order[parent].offset
            patternRuns[node] =
                UInt64(truncatingIfNeeded: runStart) | UInt64(truncatingIfNeeded: runEnd - runStart) &<< 32
            patternNodes[node &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: node & 63)
            runStart = runEnd
        }
        var wordMasks: [UInt64] = []
        for length in 0...16 {
            wordMasks.append(ByteWord.mask(bytes: length))
            wordMasks.append(ByteWord.mask(bytes: length - 8))
        }
        return Contents(
            nodes: Self.searchNodes(trie, order), maxPriorities: Self.permuted(trie.maxPriorities, order),
            literalNodes: Self.permutedBits(trie.literalNodes, order),
            unforkedNodes: Self.permutedBits(trie.unforkedNodes, order), nodeKeys: Self.permuted(nodeKeys, order),
            slots: records, slotIndexes: indexes, slotShift: shift, rootKey: root, foldedRootKey: foldedRoot,
            foldedRootEdges: folded, keys: keys, leaves: trie.leaves, leafScopes: trie.leafScopes,
            typedSlots: trie.typedSlots, parameterPositions: trie.parameterPositions,
            parameterNames: trie.parameterNames, types: types, patterns: trie.patterns, patternEdges: patternEdges,
            patternRuns: patternRuns, patternNodes: patternNodes, patternCaptures: trie.patternCaptures,
            wordMasks: wordMasks,
            caseInsensitive: trie.caseInsensitive, foldedRootIsUnique: trie.foldedRootIsUnique)
    }

    /// Each builder node's index in the search's numbering: the root 0, the child of edge `i` (and so
    /// of record `i`) `i + 1`, then every other node in the builder's order. The builder's last node,
    /// which has no leaves and closes the leaf runs, stays last.
    struct SearchOrder {
        private var order: [NodeIndex]

        init(_ trie: SegmentTrie) {
            order = [NodeIndex](repeating: .none, count: trie.nodes.count)
            guard !order.isEmpty else { return }
            order[0] = .root
            for (index, edge) in trie.edges.enumerated() {
                order[edge.child.offset] = NodeIndex(Int32(tableIndex: index + 1))
            }
            var next = Int32(tableIndex: trie.edges.count + 1)
            for index in order.indices where !order[index].exists {
                order[index] = NodeIndex(next)
                next += 1
            }
        }

        /// The search's index of a builder node (``TrieIndex/none`` for none).
        subscript(_ node: BuilderNodeIndex) -> NodeIndex { node.exists ? order[node.offset] : .none }

        /// The search's index of the builder's node at `offset` in its array.
        subscript(offset offset: Int) -> NodeIndex { order[offset] }
    }

    /// `values` (one per builder node) in the search's numbering.
    private static func permuted<Element>(_ values: [Element], _ order: SearchOrder) -> [Element] {
        [Element](unsafeUninitializedCapacity: values.count) { buffer, count in
            for (index, value) in values.enumerated() {
                buffer.initializeElement(at: order[offset: index].offset, to: value)
            }
            count = values.count
        }
    }

    /// A bitset over the builder's nodes, over the search's numbering.
    private static func permutedBits(_ bits: [UInt64], _ order: SearchOrder) -> [UInt64] {
        var permuted = [UInt64](repeating: 0, count: bits.count)
        for (word, value) in bits.enumerated() where value != 0 {
            var remaining = value
            while remaining != 0 {
                let node = order[offset: word &* 64 &+ remaining.trailingZeroBitCount].offset
                permuted[node &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: node & 63)
                remaining &= remaining &- 1
            }
        }
        return permuted
    }

    /// Every node's key, in the builder's numbering: the root's, then each child's from its parent's
    /// and its edge's (children are created after their parent, so one pass in index order keys them
    /// all).
    private static func nodeKeys(_ trie: SegmentTrie, root: UInt64) -> [UInt64] {
        let count = trie.nodes.count
        var parents = [BuilderNodeIndex](repeating: .none, count: count)
        var edgeHashes = [UInt64](repeating: 0, count: count)
        for edge in trie.edges {
            parents[node: edge.child] = edge.parent
            edgeHashes[node: edge.child] = edge.hash
        }
        for (index, node) in trie.nodes.enumerated() {
            if node.typedChild.exists {
                parents[node: node.typedChild] = BuilderNodeIndex(offset: index)
                edgeHashes[node: node.typedChild] = NodeKey.typed
            }
            if node.parameterChild.exists {
                parents[node: node.parameterChild] = BuilderNodeIndex(offset: index)
                edgeHashes[node: node.parameterChild] = NodeKey.parameter
            }
        }
        for edge in trie.patternEdges {
            parents[node: edge.child] = edge.parent
            edgeHashes[node: edge.child] = NodeKey.pattern(edge.pattern)
        }
        var nodeKeys = [UInt64](repeating: 0, count: count)
        if count > 0 { nodeKeys[0] = root }
        for index in 1..<max(count, 1) where parents[index].exists {
            nodeKeys[index] = NodeKey.child(nodeKeys[node: parents[index]], edgeHashes[index])
        }
        return nodeKeys
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

    /// The search's node records (``FlatTrie/Node``), made from the builder's, in the search's
    /// numbering.
    private static func searchNodes(_ trie: SegmentTrie, _ order: SearchOrder) -> [FlatTrie.Node] {
        let count = trie.nodes.count
        return [FlatTrie.Node](unsafeUninitializedCapacity: count) { buffer, initialized in
            for (index, node) in trie.nodes.enumerated() {
                // A node's catch-alls end where the next builder node's leaves start.
                let catchAllEnd = index + 1 < count ? trie.nodes[index + 1].leafStart : node.catchAllStart
                buffer.initializeElement(
                    at: order[offset: index].offset,
                    to: FlatTrie.Node(
                        leafStart: node.leafStart, catchAllStart: node.catchAllStart, catchAllEnd: catchAllEnd,
                        typedChild: order[node.typedChild], parameterChild: order[node.parameterChild],
                        leaves: trie.leaves, leafScopes: trie.leafScopes))
            }
            initialized = count
        }
    }
}

extension FlatTrie {
    /// The trie's buffers, as one trivially copyable value for the search; ``FlatTrie`` owns them.
    struct Views {
        /// The nodes in the search's numbering (see ``FlatTrie``), the last one with no leaves.
        let nodes: UnsafeBufferPointer<FlatTrie.Node>
        let maxPriorities: UnsafeBufferPointer<Int32>
        let literalNodes: UnsafeBufferPointer<UInt64>
        /// See ``SegmentTrie/unforkedNodes``.
        let unforkedNodes: UnsafeBufferPointer<UInt64>
        /// Each node's ``NodeKey``.
        let nodeKeys: UnsafeBufferPointer<UInt64>
        /// The literal edges (and the root's folded literals), one record each.
        let slots: UnsafeBufferPointer<SegmentTrie.Slot>
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
        let leaves: UnsafeBufferPointer<SegmentTrie.Leaf>
        let leafScopes: UnsafeBufferPointer<Int32>
        let typedSlots: UnsafeBufferPointer<SegmentTrie.TypedSlot>
        let parameterPositions: UnsafeBufferPointer<Int32>
        let parameterNames: UnsafeBufferPointer<Int32>
        /// The parameter types that typed slots refer to.
        let types: UnsafeBufferPointer<ParameterType>
        /// Segment patterns by shape (``SegmentTrie/patterns``).
        let patterns: UnsafeBufferPointer<SegmentPattern>
        /// Every pattern child, by parent, each node's in precedence order.
        let patternEdges: UnsafeBufferPointer<PatternEdge>
        /// Per node (empty when the table has no pattern): its run of `patternEdges`, start in the
        /// low half, count in the high half.
        let patternRuns: UnsafeBufferPointer<UInt64>
        /// One bit per node, set when the node has pattern children.
        let patternNodes: UnsafeBufferPointer<UInt64>
        let patternCaptures: UnsafeBufferPointer<SegmentTrie.PatternCapture>
        /// For a segment of `n` bytes (`n` up to 16), at `2n` and `2n + 1`: the masks of its first
        /// and second words (``ByteWord/mask(bytes:)`` of `n` and `n - 8`), read instead of computed.
        let wordMasks: UnsafeBufferPointer<UInt64>
        let caseInsensitive: Bool
        let foldedRootIsUnique: Bool
    }
}

extension FlatTrie {
    /// The trie's buffers as arrays, in the search's numbering, before ``FlatTrieStorage`` lays them
    /// out.
    struct Contents {
        var nodes: [FlatTrie.Node]
        var maxPriorities: [Int32]
        var literalNodes: [UInt64]
        var unforkedNodes: [UInt64]
        var nodeKeys: [UInt64]
        var slots: [SegmentTrie.Slot]
        var slotIndexes: [Int32]
        var slotShift: Int
        var rootKey: UInt64
        var foldedRootKey: UInt64
        var foldedRootEdges: [FoldedEdge]
        var keys: [UInt8]
        var leaves: [SegmentTrie.Leaf]
        var leafScopes: [Int32]
        var typedSlots: [SegmentTrie.TypedSlot]
        var parameterPositions: [Int32]
        var parameterNames: [Int32]
        var types: [ParameterType]
        var patterns: [SegmentPattern]
        var patternEdges: [PatternEdge]
        var patternRuns: [UInt64]
        var patternNodes: [UInt64]
        var patternCaptures: [SegmentTrie.PatternCapture]
        var wordMasks: [UInt64]
        var caseInsensitive: Bool
        var foldedRootIsUnique: Bool

        /// The one list of the trie's buffers: each is placed through `cursor`, in this order.
        func layOut<Cursor: FlatTrieStorage.Cursor>(_ cursor: inout Cursor) -> Views {
            Views(
                nodes: cursor.place(nodes), maxPriorities: cursor.place(maxPriorities),
                literalNodes: cursor.place(literalNodes), unforkedNodes: cursor.place(unforkedNodes),
                nodeKeys: cursor.place(nodeKeys), slots: cursor.place(slots), slotIndexes: cursor.place(slotIndexes),
                slotMask: slotIndexes.count - 1, slotShift: slotShift, rootKey: rootKey, foldedRootKey: foldedRootKey,
                foldedRootEdges: cursor.place(foldedRootEdges), keys: cursor.place(keys), leaves: cursor.place(leaves),
                leafScopes: cursor.place(leafScopes), typedSlots: cursor.place(typedSlots),
                parameterPositions: cursor.place(parameterPositions), parameterNames: cursor.place(parameterNames),
                types: cursor.place(types), patterns: cursor.place(patterns), patternEdges: cursor.place(patternEdges),
                patternRuns: cursor.place(patternRuns), patternNodes: cursor.place(patternNodes),
                patternCaptures: cursor.place(patternCaptures), wordMasks: cursor.place(wordMasks),
                caseInsensitive: caseInsensitive,
                foldedRootIsUnique: foldedRootIsUnique)
        }
    }
}

extension FlatTrie {
    /// A pattern child as the search reads it: the pattern's index and the child, in the search's
    /// numbering.
    struct PatternEdge: Sendable {
        var pattern: Int32
        var child: NodeIndex
    }
}
