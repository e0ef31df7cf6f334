/// Builds a ``SegmentTrie``: a mutable tree first, flattened at the end.
struct SegmentTrieBuilder: Sendable {
    struct BuildNode: Sendable {
        /// The comparable text of the literal edge that leads here (root: empty).
        var key: String = ""
        /// The literal as written, for the case-folded index of the root.
        var text: String = ""
        var literalChildren: [Int32] = []
        var typed: Int32 = -1
        var parameter: Int32 = -1
        var terminals: [Int32] = []
        var catchAlls: [Int32] = []
    }

    private struct EdgeKey: Hashable {
        var parent: Int32
        var key: String
    }

    private(set) var nodes: [BuildNode] = [BuildNode()]
    private var children: [EdgeKey: Int32] = [:]
    private(set) var leaves: [SegmentTrie.Leaf] = []
    private var leafScopes: [Int32] = []
    private var scopeRuns: [[Int32]: Int32] = [:]
    private var typedSlots: [SegmentTrie.TypedSlot] = []
    private var parameterPositions: [Int32] = []
    private var parameterNames: [Int32] = []
    private var names: [String] = []
    private var nameIndexes: [String: Int32] = [:]
    let caseInsensitive: Bool

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    /// The leaves of every node, to look for conflicts: templates that end (or catch all) at the same
    /// node have the same shape.
    var leafGroups: [[Int32]] {
        nodes.flatMap { [$0.terminals, $0.catchAlls] }.filter { $0.count > 1 }
    }

    /// The typed slots of a leaf.
    func typedSlots(of leaf: SegmentTrie.Leaf) -> ArraySlice<SegmentTrie.TypedSlot> {
        typedSlots[Int(leaf.typedStart)..<(Int(leaf.typedStart) + Int(leaf.typedCount))]
    }

    /// The scope IDs of a leaf.
    func scopes(of leaf: SegmentTrie.Leaf) -> ArraySlice<Int32> {
        leafScopes[Int(leaf.scopeStart)..<(Int(leaf.scopeStart) + Int(leaf.scopeCount))]
    }

    private mutating func intern(_ name: String) -> Int32 {
        if let index = nameIndexes[name] { return index }
        names.append(name)
        nameIndexes[name] = Int32(names.count - 1)
        return Int32(names.count - 1)
    }

    /// Inserts one template variant and returns the index of its first-segment literal child of the
    /// root, if it starts with a literal. `typeIndex` maps a type name to its index in the table.
    @discardableResult
    mutating func insert(
        _ variant: RouteTemplate.Variant, route: Int, variantIndex: Int, priority: Int, scopeIDs: [Int32],
        typeIndex: (String) -> Int32
    ) -> Int32? {
        var node: Int32 = 0
        var rootChild: Int32?
        let typedStart = Int32(typedSlots.count)
        let parameterStart = Int32(parameterPositions.count)
        var catchAllName: Int32 = -1
        var isCatchAll = false
        for (position, segment) in variant.segments.enumerated() {
            switch segment {
            case .literal(let text):
                let key = Self.comparableKey(text, folded: caseInsensitive)
                let edge = EdgeKey(parent: node, key: key)
                if let child = children[edge] {
                    node = child
                } else {
                    let child = Int32(nodes.count)
                    nodes.append(BuildNode(key: key, text: text))
                    nodes[Int(node)].literalChildren.append(child)
                    children[edge] = child
                    node = child
                }
                if position == 0 { rootChild = node }
            case .parameter(let name, let type?):
                typedSlots.append(.init(segment: Int32(position), type: typeIndex(type)))
                parameterPositions.append(Int32(position))
                parameterNames.append(intern(name))
                node = child(of: node, \.typed)
            case .parameter(let name, nil):
                parameterPositions.append(Int32(position))
                parameterNames.append(intern(name))
                node = child(of: node, \.parameter)
            case .anonymous:
                node = child(of: node, \.parameter)
            case .catchAll(let name):
                isCatchAll = true
                if let name { catchAllName = intern(name) }
            }
        }
        let scopeStart: Int32
        if let existing = scopeRuns[scopeIDs] {
            scopeStart = existing
        } else {
            scopeStart = Int32(leafScopes.count)
            leafScopes.append(contentsOf: scopeIDs)
            scopeRuns[scopeIDs] = scopeStart
        }
        let leaf = SegmentTrie.Leaf(
            route: Int32(route), priority: Int32(clamping: priority), scopeStart: scopeStart, typedStart: typedStart,
            parameterStart: parameterStart, catchAllName: catchAllName, variant: UInt16(clamping: variantIndex),
            segmentCount: UInt16(clamping: variant.segments.count), scopeCount: UInt8(clamping: scopeIDs.count),
            typedCount: UInt8(clamping: Int32(typedSlots.count) - typedStart),
            parameterCount: UInt8(clamping: Int32(parameterPositions.count) - parameterStart),
            flags: (variant.hasTrailingSlash ? 1 : 0) | (isCatchAll ? 2 : 0))
        leaves.append(leaf)
        if isCatchAll {
            nodes[Int(node)].catchAlls.append(Int32(leaves.count - 1))
        } else {
            nodes[Int(node)].terminals.append(Int32(leaves.count - 1))
        }
        return rootChild
    }

    private mutating func child(of node: Int32, _ keyPath: WritableKeyPath<BuildNode, Int32>) -> Int32 {
        let existing = nodes[Int(node)][keyPath: keyPath]
        if existing >= 0 { return existing }
        let child = Int32(nodes.count)
        nodes.append(BuildNode())
        nodes[Int(node)][keyPath: keyPath] = child
        return child
    }

    /// The form a literal is compared in: NFC, lowercased when `folded`. ASCII text is its own form.
    static func comparableKey(_ text: String, folded: Bool) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 && !(folded && $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) {
            return text
        }
        return String(decoding: PercentDecoding.comparableBytes(text, folded: folded), as: UTF8.self)
    }

    /// Flattens the tree. Leaves at one node are ordered by priority (higher first), then by
    /// registration order.
    func build() -> SegmentTrie {
        var trie = SegmentTrie()
        trie.caseInsensitive = caseInsensitive
        trie.leaves = leaves
        trie.leafScopes = leafScopes
        trie.typedSlots = typedSlots
        trie.parameterPositions = parameterPositions
        trie.parameterNames = parameterNames
        trie.names = names
        trie.nodes = Array(repeating: SegmentTrie.Node(), count: nodes.count)
        trie.nodeEdgeStarts = Array(repeating: 0, count: nodes.count)
        func ordered(_ list: [Int32]) -> [Int32] {
            if list.count < 2 { return list }
            return list.sorted { lhs, rhs in
                let left = leaves[Int(lhs)]
                let right = leaves[Int(rhs)]
                if left.priority != right.priority { return left.priority > right.priority }
                return left.route < right.route
            }
        }
        for (index, node) in nodes.enumerated() {
            var flat = SegmentTrie.Node()
            trie.nodeEdgeStarts[index] = Int32(trie.edges.count)
            flat.literalCount = Int32(node.literalChildren.count)
            for child in node.literalChildren {
                let key = nodes[Int(child)].key.utf8
                trie.edges.append(.init(keyStart: Int32(trie.keyBytes.count), keyCount: Int32(key.count), child: child))
                trie.keyBytes.append(contentsOf: key)
            }
            flat.typedChild = node.typed
            flat.parameterChild = node.parameter
            flat.terminalStart = Int32(trie.leafLists.count)
            flat.terminalCount = Int32(node.terminals.count)
            trie.leafLists.append(contentsOf: ordered(node.terminals))
            flat.catchAllStart = Int32(trie.leafLists.count)
            flat.catchAllCount = Int32(node.catchAlls.count)
            trie.leafLists.append(contentsOf: ordered(node.catchAlls))
            for leaf in node.terminals { flat.maxPriority = max(flat.maxPriority, leaves[Int(leaf)].priority) }
            for leaf in node.catchAlls { flat.maxPriority = max(flat.maxPriority, leaves[Int(leaf)].priority) }
            trie.nodes[index] = flat
        }
        // Children are always created after their parent, so one backward pass propagates priorities.
        for index in nodes.indices.reversed() {
            let node = nodes[index]
            var best = trie.nodes[index].maxPriority
            for child in node.literalChildren { best = max(best, trie.nodes[Int(child)].maxPriority) }
            if node.typed >= 0 { best = max(best, trie.nodes[Int(node.typed)].maxPriority) }
            if node.parameter >= 0 { best = max(best, trie.nodes[Int(node.parameter)].maxPriority) }
            trie.nodes[index].maxPriority = best
        }
        // The host segment of an app link compares case-insensitively: index the root's literals by
        // their folded text too, sorted, so that spellings that fold alike come one after another.
        let folded = nodes[0].literalChildren.map { child in
            (
                key: Self.comparableKey(nodes[Int(child)].text, folded: true), original: nodes[Int(child)].key,
                child: child
            )
        }
        .sorted { lhs, rhs in
            lhs.key == rhs.key
                ? lhs.original.utf8.lexicographicallyPrecedes(rhs.original.utf8)
                : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        for entry in folded {
            trie.foldedRootEdges.append(
                .init(keyStart: Int32(trie.keyBytes.count), keyCount: Int32(entry.key.utf8.count), child: entry.child))
            trie.keyBytes.append(contentsOf: entry.key.utf8)
        }
        return trie
    }
}
