/// The built trie in immutable, manually allocated buffers, so that a lookup reads plain memory and
/// does no reference counting (reading arrays stored in a class costs a retain and a release each).
///
/// Literal edges live in one open-addressing hash table over all edges, keyed by the parent node and
/// the segment's bytes, each slot holding the edge with its key's first sixteen bytes: a lookup
/// hashes a segment once (while it parses the URL) and reads one slot, usually one cache line, per
/// literal segment. The root's edges are also kept sorted by their case-folded text, for the
/// case-insensitive host segment of app links (where several spellings may fold to one key).
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
    let slots: UnsafeBufferPointer<SegmentTrie.Slot>
    let slotMask: Int
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
        var edges = trie.edges
        var indexes = trie.edgeSlots
        if trie.foldedRootIsUnique && !folded.isEmpty {
            // The host segment of an app link then costs one hash probe (parent -1).
            edges.append(contentsOf: folded)
            indexes = SegmentTrie.slotTable(
                for: edges, capacity: max(indexes.count, SegmentTrie.slotCapacity(for: edges.count)))
        }
        let keyBytes = trie.keyBytes + trie.foldedKeyBytes
        self.keys = Self.copy(keyBytes)
        let slots = UnsafeMutableBufferPointer<SegmentTrie.Slot>.allocate(capacity: max(indexes.count, 1))
        slots.initialize(repeating: SegmentTrie.Slot())
        for (position, index) in indexes.enumerated() where index >= 0 {
            let edge = edges[Int(index)]
            let key = UnsafeBufferPointer(
                rebasing: self.keys[Int(edge.keyStart)..<(Int(edge.keyStart) + Int(edge.keyCount))])
            slots[position] = SegmentTrie.Slot(
                prefix: SegmentTrie.word(key, from: 0), suffix: SegmentTrie.word(key, from: 8), parent: edge.parent,
                child: edge.child, keyStart: edge.keyStart, keyCount: edge.keyCount)
        }
        self.slots = UnsafeBufferPointer(rebasing: slots[0..<indexes.count])
        self.slotMask = indexes.count - 1
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
        let views = UnsafeMutablePointer<Views>.allocate(capacity: 1)
        views.initialize(
            to: Views(
                nodes: self.nodes, maxPriorities: self.maxPriorities, literalNodes: self.literalNodes,
                slots: self.slots, slotMask: self.slotMask,
                foldedRootEdges: self.foldedRootEdges, keys: self.keys, leaves: self.leaves,
                leafScopes: self.leafScopes, typedSlots: self.typedSlots, types: self.types,
                caseInsensitive: self.caseInsensitive, foldedRootIsUnique: self.foldedRootIsUnique))
        self.views = UnsafePointer(views)
    }

    private let typeCount: Int

    deinit {
        UnsafeMutablePointer(mutating: views).deinitialize(count: 1).deallocate()
        types.baseAddress?.deinitialize(count: typeCount)
        types.deallocate()
        for buffer in [
            UnsafeRawPointer(nodes.baseAddress), UnsafeRawPointer(maxPriorities.baseAddress),
            UnsafeRawPointer(literalNodes.baseAddress),
            UnsafeRawPointer(slots.baseAddress), UnsafeRawPointer(foldedRootEdges.baseAddress),
            UnsafeRawPointer(keys.baseAddress), UnsafeRawPointer(leaves.baseAddress),
            UnsafeRawPointer(leafScopes.baseAddress), UnsafeRawPointer(typedSlots.baseAddress),
            UnsafeRawPointer(parameterPositions.baseAddress), UnsafeRawPointer(parameterNames.baseAddress),
        ] {
            buffer?.deallocate()
        }
    }

    /// The bytes the buffers hold, for memory reports.
    var byteCount: Int {
        nodes.count * MemoryLayout<SegmentTrie.Node>.stride + maxPriorities.count * 4 + literalNodes.count * 8
            + slots.count * MemoryLayout<SegmentTrie.Slot>.stride
            + foldedRootEdges.count * MemoryLayout<Edge>.stride + keys.count
            + leaves.count * MemoryLayout<SegmentTrie.Leaf>.stride + leafScopes.count * 4
            + typedSlots.count * MemoryLayout<SegmentTrie.TypedSlot>.stride + parameterPositions.count * 8
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// See ``SegmentTrie/hash(_:)``.
    @inline(__always)
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        SegmentTrie.hash(bytes)
    }

    /// See ``SegmentTrie/slot(_:parent:mask:)``.
    @inline(__always)
    static func slot(_ hash: UInt32, parent: Int32, mask: Int) -> Int {
        SegmentTrie.slot(hash, parent: parent, mask: mask)
    }
}
