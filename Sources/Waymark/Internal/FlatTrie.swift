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
/// `@unchecked Sendable` is safe because every buffer (and the `views` value) is allocated and
/// initialized in `init`, never written afterwards, and freed only in `deinit`, when no other
/// reference exists; the buffers hold trivial value types, or `Sendable` parameter types that are
/// only read.
final class FlatTrie: @unchecked Sendable {
    typealias Edge = SegmentTrie.Edge

    /// The nodes, and one more that closes the last node's run of leaves.
    let nodes: UnsafeBufferPointer<SegmentTrie.Node>
    let maxPriorities: UnsafeBufferPointer<Int32>
    let literalNodes: UnsafeBufferPointer<UInt64>
    /// Each node's ``NodeKey``.
    let nodeKeys: UnsafeBufferPointer<UInt64>
    /// Where each literal node's key starts in `keys` (for keys longer than sixteen bytes).
    let keyStarts: UnsafeBufferPointer<Int32>
    /// The literal edges (and the root's folded literals), one record each.
    let slots: UnsafeBufferPointer<SegmentTrie.Slot>
    /// The hash table over `slots`: a power of two of positions, each the index of the record whose
    /// child key gives that position (or the next free one), or -1. Four bytes a position, so that
    /// the table is small enough to stay in cache while the records are read one per literal.
    let slotIndexes: UnsafeBufferPointer<Int32>
    let slotMask: Int
    /// The root's key, and the parent key of its folded literals (both derive from one seed, chosen
    /// so that no two keys are equal).
    let rootKey: UInt64
    let foldedRootKey: UInt64
    let foldedRootEdges: UnsafeBufferPointer<Edge>
    let keys: UnsafeBufferPointer<UInt8>
    let leaves: UnsafeBufferPointer<SegmentTrie.Leaf>
    let leafScopes: UnsafeBufferPointer<Int32>
    let typedSlots: UnsafeBufferPointer<SegmentTrie.TypedSlot>
    let parameterPositions: UnsafeBufferPointer<Int32>
    let parameterNames: UnsafeBufferPointer<Int32>
    /// Parameter and catch-all names, each once (read only when a match's parameters are decoded).
    let names: [String]
    /// The parameter types that typed slots refer to.
    let types: UnsafeMutableBufferPointer<ParameterType>
    /// For a segment of `n` bytes (`n` up to 16), at `2n` and `2n + 1`: the masks of its first and
    /// second words (``ByteWord/mask(bytes:)`` of `n` and `n - 8`), read instead of computed.
    let wordMasks: UnsafeMutablePointer<UInt64>
    let caseInsensitive: Bool
    let foldedRootIsUnique: Bool
    /// The buffers above as one value, made once and kept in its own allocation: a search holds a
    /// pointer to it (8 bytes) instead of copying 170 bytes of buffer views per lookup.
    let views: UnsafePointer<Views>

    init(_ trie: SegmentTrie, types: [ParameterType]) {
        // Keys: the literals', then the folded root keys; folded edges are rebased onto that buffer.
        let base = Int32(trie.keyBytes.count)
        let folded = trie.foldedRootEdges.map { edge in
            Edge(
                keyStart: edge.keyStart + base, keyCount: edge.keyCount, child: edge.child, parent: -1, hash: edge.hash)
        }
        let keys = Self.copy(trie.keyBytes + trie.foldedKeyBytes)
        self.keys = keys
        let foldedInTable = trie.foldedRootIsUnique ? folded : []
        let (nodeKeys, foldedKeys, root, foldedRoot) = Self.nodeKeys(trie, keys: keys, folded: foldedInTable)
        self.rootKey = root
        self.foldedRootKey = foldedRoot

        // The records: every literal edge, then the folded root literals; the table indexes them by
        // their child key.
        var records: [SegmentTrie.Slot] = []
        records.reserveCapacity(trie.edges.count + foldedInTable.count)
        var keyStarts = [Int32](repeating: 0, count: trie.nodes.count)
        func record(_ edge: Edge, key childKey: UInt64) -> SegmentTrie.Slot {
            let key = UnsafeBufferPointer(
                rebasing: keys[Int(edge.keyStart)..<(Int(edge.keyStart) + Int(edge.keyCount))])
            return SegmentTrie.Slot(
                childKey: childKey, prefix: SegmentTrie.word(key, from: 0), suffix: SegmentTrie.word(key, from: 8),
                child: edge.child, keyCount: edge.keyCount)
        }
        for edge in trie.edges {
            keyStarts[Int(edge.child)] = edge.keyStart
            records.append(record(edge, key: nodeKeys[Int(edge.child)]))
        }
        for (edge, key) in zip(foldedInTable, foldedKeys) { records.append(record(edge, key: key)) }
        let capacity = SegmentTrie.slotCapacity(for: records.count)
        var indexes = [Int32](repeating: -1, count: capacity)
        for (index, record) in records.enumerated() {
            var position = Int(truncatingIfNeeded: record.childKey) & (capacity - 1)
            while indexes[position] >= 0 { position = (position + 1) & (capacity - 1) }
            indexes[position] = Int32(index)
        }
        self.slots = Self.copy(records)
        self.slotIndexes = Self.copy(indexes)
        self.slotMask = capacity - 1
        self.nodeKeys = Self.copy(nodeKeys)
        self.keyStarts = Self.copy(keyStarts)
        self.nodes = Self.copy(trie.nodes)
        self.maxPriorities = Self.copy(trie.maxPriorities)
        self.literalNodes = Self.copy(trie.literalNodes)
        self.foldedRootEdges = Self.copy(folded)
        self.leaves = Self.copy(trie.leaves)
        self.leafScopes = Self.copy(trie.leafScopes)
        self.typedSlots = Self.copy(trie.typedSlots)
        self.parameterPositions = Self.copy(trie.parameterPositions)
        self.parameterNames = Self.copy(trie.parameterNames)
        self.names = trie.names
        self.types = .allocate(capacity: max(types.count, 1))
        _ = self.types.initialize(from: types)
        self.typeCount = types.count
        self.caseInsensitive = trie.caseInsensitive
        self.foldedRootIsUnique = trie.foldedRootIsUnique
        self.wordMasks = .allocate(capacity: 34)
        for length in 0...16 {
            wordMasks[2 * length] = ByteWord.mask(bytes: length)
            wordMasks[2 * length + 1] = ByteWord.mask(bytes: length - 8)
        }
        let views = UnsafeMutablePointer<Views>.allocate(capacity: 1)
        views.initialize(
            to: Views(
                nodes: self.nodes, maxPriorities: self.maxPriorities, literalNodes: self.literalNodes,
                nodeKeys: self.nodeKeys, keyStarts: self.keyStarts, slots: self.slots, slotIndexes: self.slotIndexes,
                slotMask: self.slotMask,
                rootKey: root, foldedRootKey: foldedRoot, foldedRootEdges: self.foldedRootEdges, keys: self.keys,
                leaves: self.leaves, leafScopes: self.leafScopes, typedSlots: self.typedSlots, types: self.types,
                wordMasks: UnsafePointer(self.wordMasks), caseInsensitive: self.caseInsensitive,
                foldedRootIsUnique: self.foldedRootIsUnique))
        self.views = UnsafePointer(views)
    }

    /// Every node's key, the keys of the folded root literals, the root key and the folded root's
    /// parent key: from the first seed under which no two keys are equal.
    private static func nodeKeys(_ trie: SegmentTrie, keys: UnsafeBufferPointer<UInt8>, folded: [Edge]) -> (
        [UInt64], [UInt64], UInt64, UInt64
    ) {
        let count = trie.nodes.count
        // How each node is reached: its parent and the hash or tag of its edge.
        var parents = [Int32](repeating: -1, count: count)
        var edgeHashes = [UInt64](repeating: 0, count: count)
        for edge in trie.edges {
            parents[Int(edge.child)] = edge.parent
            edgeHashes[Int(edge.child)] = edge.hash
        }
        for (index, node) in trie.nodes.enumerated() {
            if node.typedChild >= 0 {
                parents[Int(node.typedChild)] = Int32(index)
                edgeHashes[Int(node.typedChild)] = NodeKey.typed
            }
            if node.parameterChild >= 0 {
                parents[Int(node.parameterChild)] = Int32(index)
                edgeHashes[Int(node.parameterChild)] = NodeKey.parameter
            }
        }
        let foldedHashes = folded.map(\.hash)
        var seed: UInt64 = 0x6A09_E667_F3BC_C908
        var nodeKeys = [UInt64](repeating: 0, count: count)
        var foldedKeys: [UInt64] = []
        for _ in 0..<1_000 {
            // Children are created after their parent, so one pass in index order keys them all.
            nodeKeys[0] = seed
            for index in 1..<max(count, 1) where parents[index] >= 0 {
                nodeKeys[index] = NodeKey.child(nodeKeys[Int(parents[index])], edgeHashes[index])
            }
            let foldedRoot = NodeKey.child(seed, NodeKey.foldedRoot)
            foldedKeys = foldedHashes.map { NodeKey.child(foldedRoot, $0) }
            if Self.allDistinct(nodeKeys, foldedKeys) { return (nodeKeys, foldedKeys, seed, foldedRoot) }
            seed = NodeKey.child(seed, 0x9E37_79B9_7F4A_7C15)
        }
        // Unreachable in practice: a thousand seeds that all give two equal 64-bit keys.
        return (nodeKeys, foldedKeys, seed, NodeKey.child(seed, NodeKey.foldedRoot))
    }

    /// Whether no key occurs twice in the two lists, through an open-addressing set of the keys.
    private static func allDistinct(_ first: [UInt64], _ second: [UInt64]) -> Bool {
        let capacity = SegmentTrie.slotCapacity(for: first.count + second.count)
        // Zero marks an empty place; a zero key (as likely as any other) is counted aside.
        var table = [UInt64](repeating: 0, count: capacity)
        var zeros = 0
        for list in [first, second] {
            for key in list {
                if key == 0 {
                    zeros += 1
                    if zeros > 1 { return false }
                    continue
                }
                var position = Int(truncatingIfNeeded: key) & (capacity - 1)
                while table[position] != 0 {
                    if table[position] == key { return false }
                    position = (position + 1) & (capacity - 1)
                }
                table[position] = key
            }
        }
        return true
    }

    private let typeCount: Int

    deinit {
        UnsafeMutablePointer(mutating: views).deinitialize(count: 1).deallocate()
        types.baseAddress?.deinitialize(count: typeCount)
        types.deallocate()
        wordMasks.deallocate()
        for buffer in [
            UnsafeRawPointer(nodes.baseAddress), UnsafeRawPointer(maxPriorities.baseAddress),
            UnsafeRawPointer(literalNodes.baseAddress), UnsafeRawPointer(nodeKeys.baseAddress),
            UnsafeRawPointer(keyStarts.baseAddress), UnsafeRawPointer(slots.baseAddress),
            UnsafeRawPointer(slotIndexes.baseAddress),
            UnsafeRawPointer(foldedRootEdges.baseAddress), UnsafeRawPointer(keys.baseAddress),
            UnsafeRawPointer(leaves.baseAddress), UnsafeRawPointer(leafScopes.baseAddress),
            UnsafeRawPointer(typedSlots.baseAddress), UnsafeRawPointer(parameterPositions.baseAddress),
            UnsafeRawPointer(parameterNames.baseAddress),
        ] {
            buffer?.deallocate()
        }
    }

    /// The bytes the buffers hold, for memory reports.
    var byteCount: Int {
        nodes.count * MemoryLayout<SegmentTrie.Node>.stride + maxPriorities.count * 4 + literalNodes.count * 8
            + nodeKeys.count * 8 + keyStarts.count * 4 + slots.count * MemoryLayout<SegmentTrie.Slot>.stride
            + slotIndexes.count * 4
            + foldedRootEdges.count * MemoryLayout<Edge>.stride + keys.count
            + leaves.count * MemoryLayout<SegmentTrie.Leaf>.stride + leafScopes.count * 4
            + typedSlots.count * MemoryLayout<SegmentTrie.TypedSlot>.stride + parameterPositions.count * 8
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }
}

extension FlatTrie {
    /// The trie's buffers as one trivially copyable value, for the search.
    struct Views {
        let nodes: UnsafeBufferPointer<SegmentTrie.Node>
        let maxPriorities: UnsafeBufferPointer<Int32>
        let literalNodes: UnsafeBufferPointer<UInt64>
        let nodeKeys: UnsafeBufferPointer<UInt64>
        let keyStarts: UnsafeBufferPointer<Int32>
        let slots: UnsafeBufferPointer<SegmentTrie.Slot>
        let slotIndexes: UnsafeBufferPointer<Int32>
        let slotMask: Int
        let rootKey: UInt64
        let foldedRootKey: UInt64
        let foldedRootEdges: UnsafeBufferPointer<Edge>
        let keys: UnsafeBufferPointer<UInt8>
        let leaves: UnsafeBufferPointer<SegmentTrie.Leaf>
        let leafScopes: UnsafeBufferPointer<Int32>
        let typedSlots: UnsafeBufferPointer<SegmentTrie.TypedSlot>
        let types: UnsafeMutableBufferPointer<ParameterType>
        let wordMasks: UnsafePointer<UInt64>
        let caseInsensitive: Bool
        let foldedRootIsUnique: Bool
    }
}
