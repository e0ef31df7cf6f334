/// The route table's matching structure: a trie over path segments, flattened into arrays of plain
/// records after it is built, so that a lookup touches a few contiguous buffers, allocates nothing
/// and does no reference counting.
///
/// Each node has literal children (sorted by their bytes, found by binary search), at most one
/// child for typed parameters (of every type: the type is checked at the leaf, so that all typed
/// parameters share one specificity class), at most one child for untyped parameters and anonymous
/// `*` segments, and two lists of leaves: templates that end here, and catch-alls that start here.
/// A depth-first search that visits children in the order literal, typed, parameter, catch-all
/// meets templates in the precedence order of DESIGN.md.
struct SegmentTrie: Sendable {
    /// 32 bytes. Literal children are found through the edge hash table, so a node only records
    /// whether it has any.
    struct Node: Sendable {
        var literalCount: Int32 = 0
        var typedChild: Int32 = -1
        var parameterChild: Int32 = -1
        var terminalStart: Int32 = 0
        var terminalCount: Int32 = 0
        var catchAllStart: Int32 = 0
        var catchAllCount: Int32 = 0
        /// The highest priority of any leaf in this node's subtree, to prune the search.
        var maxPriority: Int32 = .min
    }

    struct Edge: Sendable {
        var keyStart: Int32
        var keyCount: Int32
        var child: Int32
    }

    struct TypedSlot: Hashable, Sendable {
        var segment: Int32
        var type: Int32
    }

    /// One template variant at the end of its path through the trie (32 bytes). Lists (scopes, typed
    /// slots, parameter positions and names) live in flat arrays of the trie, addressed by start and
    /// count.
    struct Leaf: Sendable {
        var route: Int32
        var priority: Int32
        var scopeStart: Int32
        var typedStart: Int32
        var parameterStart: Int32
        /// The interned name of a named catch-all, or -1.
        var catchAllName: Int32
        var variant: UInt16
        var segmentCount: UInt16
        var scopeCount: UInt8
        var typedCount: UInt8
        var parameterCount: UInt8
        var flags: UInt8

        var hasTrailingSlash: Bool { flags & 1 != 0 }
        var isCatchAll: Bool { flags & 2 != 0 }
    }

    var nodes: [Node] = []
    var edges: [Edge] = []
    /// The root's literal children keyed by their lowercased text, for the host segment of app
    /// links, which compares case-insensitively. Several edges may share a folded key.
    var foldedRootEdges: [Edge] = []
    var keyBytes: [UInt8] = []
    var leafLists: [Int32] = []
    var leaves: [Leaf] = []
    /// Scope IDs of the leaves; leaves with the same scopes share one run.
    var leafScopes: [Int32] = []
    var typedSlots: [TypedSlot] = []
    /// For each leaf, the segment positions of its `:name` parameters, in order.
    var parameterPositions: [Int32] = []
    /// For each leaf, the interned names of its `:name` parameters, parallel to `parameterPositions`.
    var parameterNames: [Int32] = []
    /// Parameter and catch-all names, each once.
    var names: [String] = []
    /// Where each node's literal edges start in `edges` (they are `literalCount` long).
    var nodeEdgeStarts: [Int32] = []
    var caseInsensitive = false
}
