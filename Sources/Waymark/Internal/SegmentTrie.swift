/// The route table's matching structure: a trie over path segments, flattened into arrays after
/// it is built so that a lookup touches a few contiguous buffers and allocates nothing.
///
/// Each node has literal children (sorted by their bytes, found by binary search), at most one
/// child for typed parameters (of every type: the type is checked at the leaf, so that all typed
/// parameters share one specificity class), at most one child for untyped parameters and anonymous
/// `*` segments, and two lists of leaves: templates that end here, and catch-alls that start here.
/// A depth-first search that visits children in the order literal, typed, parameter, catch-all
/// meets templates in the precedence order of DESIGN.md.
struct SegmentTrie: Sendable {
    struct Node: Sendable {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        var typedChild: Int32 = -1
        var parameterChild: Int32 = -1
        var terminalStart: Int32 = 0
        var terminalCount: Int32 = 0
        var catchAllStart: Int32 = 0
        var catchAllCount: Int32 = 0
        /// The highest priority of any leaf in this node's subtree, to prune the search.
        var maxPriority: Int = .min
    }

    struct Edge: Sendable {
        var keyStart: Int32
        var keyCount: Int32
        var child: Int32
    }

    struct TypedSlot: Sendable {
        var segment: Int32
        var type: Int32
    }

    struct Leaf: Sendable {
        var route: Int32
        var variant: Int32
        var priority: Int
        var scopeIDs: [Int32]
        var typedSlots: [TypedSlot]
        var segmentCount: Int32
        var hasTrailingSlash: Bool
        var isCatchAll: Bool
    }

    var nodes: [Node] = []
    var edges: [Edge] = []
    /// The root's literal children keyed by their lowercased text, for the host segment of app
    /// links, which compares case-insensitively. Several edges may share a folded key.
    var foldedRootEdges: [Edge] = []
    var keyBytes: [UInt8] = []
    var leafLists: [Int32] = []
    var leaves: [Leaf] = []
    var caseInsensitive = false
}

/// Builds a ``SegmentTrie``: a mutable tree first, flattened at the end.
struct SegmentTrieBuilder {
    private struct BuildNode {
        var literals: [[UInt8]: Int] = [:]
        var literalTexts: [[UInt8]: String] = [:]
        var typed: Int?
        var parameter: Int?
        var terminals: [Int32] = []
        var catchAlls: [Int32] = []
    }

    private var nodes: [BuildNode] = [BuildNode()]
    private var leaves: [SegmentTrie.Leaf] = []
    let caseInsensitive: Bool

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    /// Inserts one template variant. `typeIndex` maps a type name to its index in the table's types.
    mutating func insert(
        _ variant: RouteTemplate.Variant, route: Int, variantIndex: Int, priority: Int, scopeIDs: [Int32],
        typeIndex: (String) -> Int32
    ) {
        var node = 0
        var typedSlots: [SegmentTrie.TypedSlot] = []
        var isCatchAll = false
        for (position, segment) in variant.segments.enumerated() {
            switch segment {
            case .literal(let text):
                let key = PercentDecoding.comparableBytes(text, folded: caseInsensitive)
                if let child = nodes[node].literals[key] {
                    node = child
                } else {
                    nodes.append(BuildNode())
                    nodes[node].literals[key] = nodes.count - 1
                    nodes[node].literalTexts[key] = text
                    node = nodes.count - 1
                }
            case .parameter(_, let type?):
                typedSlots.append(.init(segment: Int32(position), type: typeIndex(type)))
                node = child(of: node, \.typed)
            case .parameter(_, nil), .anonymous:
                node = child(of: node, \.parameter)
            case .catchAll:
                isCatchAll = true
            }
        }
        let leaf = SegmentTrie.Leaf(
            route: Int32(route), variant: Int32(variantIndex), priority: priority, scopeIDs: scopeIDs,
            typedSlots: typedSlots, segmentCount: Int32(variant.segments.count),
            hasTrailingSlash: variant.hasTrailingSlash, isCatchAll: isCatchAll)
        leaves.append(leaf)
        if isCatchAll {
            nodes[node].catchAlls.append(Int32(leaves.count - 1))
        } else {
            nodes[node].terminals.append(Int32(leaves.count - 1))
        }
    }

    private mutating func child(of node: Int, _ keyPath: WritableKeyPath<BuildNode, Int?>) -> Int {
        if let existing = nodes[node][keyPath: keyPath] { return existing }
        nodes.append(BuildNode())
        nodes[node][keyPath: keyPath] = nodes.count - 1
        return nodes.count - 1
    }

    /// Flattens the tree. Leaves at one node are ordered by priority (higher first), then by
    /// registration order.
    func build() -> SegmentTrie {
        var trie = SegmentTrie()
        trie.caseInsensitive = caseInsensitive
        trie.leaves = leaves
        trie.nodes = Array(repeating: SegmentTrie.Node(), count: nodes.count)
        func ordered(_ list: [Int32]) -> [Int32] {
            list.sorted { lhs, rhs in
                let left = leaves[Int(lhs)]
                let right = leaves[Int(rhs)]
                if left.priority != right.priority { return left.priority > right.priority }
                return left.route < right.route
            }
        }
        for (index, node) in nodes.enumerated() {
            var flat = SegmentTrie.Node()
            let keys = node.literals.keys.sorted { $0.lexicographicallyPrecedes($1) }
            flat.literalStart = Int32(trie.edges.count)
            flat.literalCount = Int32(keys.count)
            for key in keys {
                trie.edges.append(
                    .init(
                        keyStart: Int32(trie.keyBytes.count), keyCount: Int32(key.count),
                        child: Int32(node.literals[key] ?? 0)))
                trie.keyBytes.append(contentsOf: key)
            }
            flat.typedChild = Int32(node.typed ?? -1)
            flat.parameterChild = Int32(node.parameter ?? -1)
            flat.terminalStart = Int32(trie.leafLists.count)
            flat.terminalCount = Int32(node.terminals.count)
            trie.leafLists.append(contentsOf: ordered(node.terminals))
            flat.catchAllStart = Int32(trie.leafLists.count)
            flat.catchAllCount = Int32(node.catchAlls.count)
            trie.leafLists.append(contentsOf: ordered(node.catchAlls))
            flat.maxPriority = (node.terminals + node.catchAlls).map { leaves[Int($0)].priority }.max() ?? .min
            trie.nodes[index] = flat
        }
        // Children are always created after their parent, so one backward pass propagates priorities.
        for index in nodes.indices.reversed() {
            var children = Array(nodes[index].literals.values)
            if let typed = nodes[index].typed { children.append(typed) }
            if let parameter = nodes[index].parameter { children.append(parameter) }
            for child in children {
                trie.nodes[index].maxPriority = max(trie.nodes[index].maxPriority, trie.nodes[child].maxPriority)
            }
        }
        // The host segment of an app link compares case-insensitively: index the root's literals by
        // their folded text too.
        let root = nodes[0]
        let folded = root.literals.map { key, child in
            (PercentDecoding.comparableBytes(root.literalTexts[key] ?? "", folded: true), key, child)
        }
        .sorted { lhs, rhs in
            lhs.0 == rhs.0 ? lhs.1.lexicographicallyPrecedes(rhs.1) : lhs.0.lexicographicallyPrecedes(rhs.0)
        }
        for (key, _, child) in folded {
            trie.foldedRootEdges.append(
                .init(keyStart: Int32(trie.keyBytes.count), keyCount: Int32(key.count), child: Int32(child)))
            trie.keyBytes.append(contentsOf: key)
        }
        return trie
    }
}
