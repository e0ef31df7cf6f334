/// What a ``TrieIndex`` indexes: the builder's nodes, or the nodes or the leaves of the built trie.
protocol TrieIndexKind: Sendable {
    /// The word for one, in descriptions.
    static var noun: String { get }
}

/// Indexes of nodes (in the search's numbering, see ``FlatTrie``).
enum TrieNodes: TrieIndexKind {
    static var noun: String { "node" }
}

/// Indexes of nodes in the builder's numbering (the order ``SegmentTrieBuilder`` creates them in),
/// which ``FlatTrie`` renumbers for the search (``FlatTrie/SearchOrder``).
enum BuilderNodes: TrieIndexKind {
    static var noun: String { "builder node" }
}

/// Indexes of leaves (positions in the trie's leaf buffer).
enum TrieLeaves: TrieIndexKind {
    static var noun: String { "leaf" }
}

/// A node of the builder, a node or a leaf of the built trie, or ``none``: one type per kind, so that
/// a node index is never used as a leaf index, nor a builder's node index as the search's.
///
/// Four bytes, like the `Int32` it wraps, so that the records holding it keep their sizes
/// (``FlatTrie/invariantViolations()`` checks them).
struct TrieIndex<Kind: TrieIndexKind>: Hashable, Sendable, CustomStringConvertible {
    var rawValue: Int32

    @inline(__always)
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// No node or leaf: a node without a typed or parameter child, a literal not found, no leaf
    /// found yet.
    static var none: Self { Self(-1) }

    /// Whether this is a node or leaf (not ``none``).
    @inline(__always)
    var exists: Bool { rawValue >= 0 }

    /// The index into the trie's buffers.
    @inline(__always)
    var offset: Int { Int(rawValue) }

    var description: String { exists ? "\(Kind.noun) \(rawValue)" : "no \(Kind.noun)" }
}

typealias NodeIndex = TrieIndex<TrieNodes>
typealias LeafIndex = TrieIndex<TrieLeaves>
typealias BuilderNodeIndex = TrieIndex<BuilderNodes>

extension TrieIndex where Kind == BuilderNodes {
    static var root: Self { Self(0) }

    /// The index of the builder's node at `offset` in its array.
    init(offset: Int) { self.init(Int32(tableIndex: offset)) }
}

extension Array {
    /// The builder's record of a node (or a per-node value in the builder's numbering), by its index.
    @inline(__always)
    subscript(node node: BuilderNodeIndex) -> Element {
        get { self[node.offset] }
        set { self[node.offset] = newValue }
    }
}

extension TrieIndex where Kind == TrieNodes {
    static var root: Self { Self(0) }
    /// The parent of the root's literals as the host of an app link sees them (folded records).
    static var foldedRoot: Self { Self(-1) }
}

extension UnsafeBufferPointer {
    /// The record of a node, by its index.
    @inline(__always)
    subscript(node node: NodeIndex) -> Element { self[node.offset] }

    /// The record of a leaf, by its index.
    @inline(__always)
    subscript(leaf leaf: LeafIndex) -> Element { self[leaf.offset] }
}

extension UnsafeBufferPointer<UInt64> {
    /// Whether `node`'s bit is set in a per-node bitset of the trie.
    @inline(__always)
    func contains(bitOf node: NodeIndex) -> Bool {
        self[node.offset &>> 6] & (1 &<< UInt64(truncatingIfNeeded: node.rawValue & 63)) != 0
    }
}
