/// What a ``TrieIndex`` indexes: the builder's nodes or leaves, or the nodes or the leaves of the
/// built trie.
protocol TrieIndexKind: Sendable {
    /// The word for one, in descriptions.
    static var noun: String { get }
}

/// Indexes of nodes (in the search's numbering, see ``FlatTrie``).
enum TrieNodes: TrieIndexKind {
    static var noun: String { "node" }
}

/// Indexes of nodes in the builder's numbering (``TrieBuilder``): the search's for the root and the
/// literal children, and for the other children a place after them that is fixed only once the
/// last literal is in.
enum BuilderNodes: TrieIndexKind {
    static var noun: String { "builder node" }
}

/// Indexes of leaves in the builder's numbering (the order templates are inserted in), which the
/// built trie lays out in runs by node.
enum BuilderLeaves: TrieIndexKind {
    static var noun: String { "builder leaf" }
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
typealias BuilderLeafIndex = TrieIndex<BuilderLeaves>

extension TrieIndex where Kind == BuilderNodes {
    static var root: Self { Self(0) }

    /// Where the builder's numbers for the other children (not the root, not literal children)
    /// start. Every table array stays below ``TablePlan/indexBudget`` (`2^30 - 1`) entries, so a
    /// literal child's number is below this, and an other child's, this plus its place, below
    /// `Int32.max`.
    static var otherSideBase: Int32 { 1 << 30 }

    /// The root (offset 0) or the child of literal edge `offset - 1`.
    init(literalSide offset: Int) { self.init(Int32(tableIndex: offset)) }

    /// The other child made `offset`-th.
    init(otherSide offset: Int) { self.init(Self.otherSideBase + Int32(tableIndex: offset)) }

    /// Whether this is another child than a literal one (and not the root).
    @inline(__always)
    var isOtherSide: Bool { rawValue >= Self.otherSideBase }

    /// The place among the other children, when ``isOtherSide``.
    @inline(__always)
    var otherSideOffset: Int { Int(rawValue - Self.otherSideBase) }
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
