/// A node of the built trie, in the search's numbering (see ``FlatTrie``), or ``none``.
///
/// Four bytes, like the `Int32` it wraps, so that the records holding it keep their sizes
/// (``FlatTrie/invariantViolations()`` checks them).
struct NodeIndex: Hashable, Sendable, CustomStringConvertible {
    var rawValue: Int32

    @inline(__always)
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// No node: a node without a typed or parameter child, a literal not found.
    static let none = NodeIndex(-1)
    static let root = NodeIndex(0)
    /// The parent of the root's literals as the host of an app link sees them (folded records).
    static let foldedRoot = NodeIndex(-1)

    /// Whether this is a node (not ``none``).
    @inline(__always)
    var exists: Bool { rawValue >= 0 }

    /// The index into the trie's node buffers.
    @inline(__always)
    var offset: Int { Int(rawValue) }

    var description: String { exists ? "node \(rawValue)" : "no node" }
}

/// A leaf of the built trie (a position in its leaf buffer), or ``none``.
struct LeafIndex: Hashable, Sendable, CustomStringConvertible {
    var rawValue: Int32

    @inline(__always)
    init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// No leaf: nothing found yet.
    static let none = LeafIndex(-1)

    /// Whether this is a leaf (not ``none``).
    @inline(__always)
    var exists: Bool { rawValue >= 0 }

    /// The index into the trie's leaf buffers.
    @inline(__always)
    var offset: Int { Int(rawValue) }

    var description: String { exists ? "leaf \(rawValue)" : "no leaf" }
}

extension UnsafeBufferPointer {
    /// The record of a node, by its index.
    @inline(__always)
    subscript(node node: NodeIndex) -> Element { self[node.offset] }

    /// The record of a leaf, by its index.
    @inline(__always)
    subscript(leaf leaf: LeafIndex) -> Element { self[leaf.offset] }
}
