/// The built trie in immutable, manually allocated buffers, so that a lookup reads plain memory and
/// does no reference counting (reading arrays stored in a class costs a retain and a release each).
///
/// Literal edges are found through one open-addressing hash table over all edges, keyed by the parent
/// node and the segment's bytes: a lookup hashes a segment once and compares one key. The root's
/// edges are also kept sorted by their case-folded text, for the case-insensitive host segment of app
/// links (where several spellings may fold to one key).
///
/// `@unchecked Sendable` is safe because every buffer is allocated and initialized in `init`, never
/// written afterwards, and freed only in `deinit`, when no other reference exists; the buffers hold
/// trivial value types, or `Sendable` parameter types that are only read.
final class FlatTrie: @unchecked Sendable {
    struct Edge {
        var keyStart: Int32
        var keyCount: Int32
        var child: Int32
        var parent: Int32
        var hash: UInt32
    }

    let nodes: UnsafeBufferPointer<SegmentTrie.Node>
    let edges: UnsafeBufferPointer<Edge>
    let edgeSlots: UnsafeBufferPointer<Int32>
    let edgeSlotMask: Int
    let foldedRootEdges: UnsafeBufferPointer<Edge>
    let keys: UnsafeBufferPointer<UInt8>
    let leafLists: UnsafeBufferPointer<Int32>
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

    init(_ trie: SegmentTrie, types: [ParameterType]) {
        var edges: [Edge] = []
        edges.reserveCapacity(trie.edges.count)
        for (parent, node) in trie.nodes.enumerated() {
            let first = Int(trie.nodeEdgeStarts[parent])
            for index in first..<(first + Int(node.literalCount)) {
                let edge = trie.edges[index]
                let key = trie.keyBytes[Int(edge.keyStart)..<Int(edge.keyStart + edge.keyCount)]
                edges.append(
                    Edge(
                        keyStart: edge.keyStart, keyCount: edge.keyCount, child: edge.child, parent: Int32(parent),
                        hash: Self.hash(key, fold: false)))
            }
        }
        // A power of two at least 4/3 of the edges: linear probing stays short at a load of 3/4.
        var capacity = 8
        while capacity * 3 < edges.count * 4 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        for (index, edge) in edges.enumerated() {
            var slot = Self.slot(edge.hash, parent: edge.parent, mask: capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(index)
        }
        let folded = trie.foldedRootEdges.map { edge in
            Edge(keyStart: edge.keyStart, keyCount: edge.keyCount, child: edge.child, parent: 0, hash: 0)
        }
        self.nodes = Self.copy(trie.nodes)
        self.edges = Self.copy(edges)
        self.edgeSlots = Self.copy(slots)
        self.edgeSlotMask = capacity - 1
        self.foldedRootEdges = Self.copy(folded)
        self.keys = Self.copy(trie.keyBytes)
        self.leafLists = Self.copy(trie.leafLists)
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
    }

    private let typeCount: Int

    deinit {
        types.baseAddress?.deinitialize(count: typeCount)
        types.deallocate()
        for buffer in [
            UnsafeRawPointer(nodes.baseAddress), UnsafeRawPointer(edges.baseAddress),
            UnsafeRawPointer(edgeSlots.baseAddress), UnsafeRawPointer(foldedRootEdges.baseAddress),
            UnsafeRawPointer(keys.baseAddress), UnsafeRawPointer(leafLists.baseAddress),
            UnsafeRawPointer(leaves.baseAddress), UnsafeRawPointer(leafScopes.baseAddress),
            UnsafeRawPointer(typedSlots.baseAddress), UnsafeRawPointer(parameterPositions.baseAddress),
            UnsafeRawPointer(parameterNames.baseAddress),
        ] {
            buffer?.deallocate()
        }
    }

    /// The bytes the buffers hold, for memory reports.
    var byteCount: Int {
        nodes.count * MemoryLayout<SegmentTrie.Node>.stride + edges.count * MemoryLayout<Edge>.stride
            + edgeSlots.count * 4 + foldedRootEdges.count * MemoryLayout<Edge>.stride + keys.count
            + leafLists.count * 4 + leaves.count * MemoryLayout<SegmentTrie.Leaf>.stride + leafScopes.count * 4
            + typedSlots.count * MemoryLayout<SegmentTrie.TypedSlot>.stride + parameterPositions.count * 8
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

    static let hashSeed: UInt32 = 0x811C_9DC5
    static let hashPrime: UInt32 = 0x0100_0193

    /// FNV-1a over the bytes, lowercasing ASCII letters when `fold` is set. The URL parser computes
    /// the same hash of each segment while it splits the path.
    @inline(__always)
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, fold: Bool) -> UInt32 {
        var hash = hashSeed
        for var byte in bytes {
            if fold, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            hash = (hash ^ UInt32(byte)) &* hashPrime
        }
        return hash
    }

    @inline(__always)
    static func slot(_ hash: UInt32, parent: Int32, mask: Int) -> Int {
        let mixed = (hash ^ (UInt32(bitPattern: parent) &* 0x9E37_79B1)) &* 0x85EB_CA6B
        return Int(mixed ^ (mixed >> 15)) & mask
    }
}
