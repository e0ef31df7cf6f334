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

/// Registration numbers: a leaf's route, in the order the routes were added.
enum TrieRoutes: TrieIndexKind {
    static var noun: String { "route" }
}

/// Scope IDs: positions in the table's list of scopes (0 is `appAny`, 1 `universalAny`).
enum TrieScopes: TrieIndexKind {
    static var noun: String { "scope" }
}

/// Parameter and catch-all names, each interned once in the trie's names.
enum TrieNames: TrieIndexKind {
    static var noun: String { "name" }
}

/// A node or a leaf of the builder or of the built trie, a route, a scope or a name, or ``none``:
/// one type per kind, so that a node index is never used as a leaf index, nor a builder's node
/// index as the search's, nor a scope ID as a route.
///
/// Four bytes, like the `Int32` it wraps, so that the records holding it keep their sizes
/// (``FlatTrie/invariantViolations()`` checks them).
struct TrieIndex<Kind: TrieIndexKind>: Hashable, Sendable, CustomStringConvertible {
    var rawValue: Int32

    @inline(__always)
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// None: a node without a typed or parameter child, a literal not found, no leaf found yet, a
    /// node where no template ends, an unnamed catch-all, a scheme with no scope of its own.
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
typealias RouteIndex = TrieIndex<TrieRoutes>
typealias ScopeID = TrieIndex<TrieScopes>
typealias NameIndex = TrieIndex<TrieNames>
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

extension TrieIndex {
    /// The index at `offset` of its buffer.
    @inline(__always)
    init(offset: Int) { self.init(Int32(tableIndex: offset)) }
}

extension TrieIndex where Kind == TrieScopes {
    /// The scope ID of `appAny`.
    static var appAny: Self { Self(0) }
    /// The scope ID of `universalAny`.
    static var universalAny: Self { Self(1) }
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
