/// Builds a ``SegmentTrie`` directly as flat arrays: nodes and edges are appended as templates are
/// inserted, literal edges go into the same hash table the lookup uses, and each node's leaves form
/// a linked list until ``build()`` lays them out.
struct SegmentTrieBuilder: Sendable {
    struct BuildNode: Sendable {
        var parent: BuilderNodeIndex = .none
        var literalCount: Int32 = 0
        var typed: BuilderNodeIndex = .none
        var parameter: BuilderNodeIndex = .none
        var terminalHead: Int32 = -1
        var catchAllHead: Int32 = -1
        var patternCount: Int32 = 0
    }

    private(set) var nodes: [BuildNode] = [BuildNode()]
    private(set) var edges: [SegmentTrie.Edge] = []
    private var edgeSlots = [Int32](repeating: -1, count: 64)
    private var keyBytes: [UInt8] = []
    private(set) var leaves: [SegmentTrie.Leaf] = []
    /// The next leaf in the same node's list, parallel to `leaves`.
    private var nextLeaf: [Int32] = []
    private var leafScopes: [Int32] = []
    private var scopeRuns: [[Int32]: Int32] = [:]
    /// The scope IDs of `[.appAny, .universalAny]`, which most routes have, and where their run is.
    static let defaultScopeIDs: [Int32] = [0, 1]
    private var defaultScopeRun: Int32 = -1
    private var typedSlots: [SegmentTrie.TypedSlot] = []
    private var parameterPositions: [Int32] = []
    private var parameterNames: [Int32] = []
    private var names: [String] = []
    private var nameIndexes: [String: Int32] = [:]
    /// Segment patterns by shape (``SegmentPattern/shape``), each once.
    private(set) var patterns: [SegmentPattern] = []
    private var patternIndexes: [SegmentPattern: Int32] = [:]
    /// Every pattern child: its parent, its pattern's index and the child.
    private(set) var patternEdges: [SegmentTrie.PatternEdge] = []
    private var patternChildren: [UInt64: BuilderNodeIndex] = [:]
    private var patternCaptures: [SegmentTrie.PatternCapture] = []
    /// The root's literal children and their text as written.
    private(set) var rootTexts: [(child: BuilderNodeIndex, text: String)] = []
    let caseInsensitive: Bool

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    /// The leaves of every node that has more than one, to look for conflicts: templates that end
    /// (or catch all) at the same node have the same shape.
    var leafGroups: [[Int32]] {
        var groups: [[Int32]] = []
        for node in nodes {
            for head in [node.terminalHead, node.catchAllHead] where head >= 0 && nextLeaf[Int(head)] >= 0 {
                groups.append(list(from: head))
            }
        }
        return groups
    }

    private func list(from head: Int32) -> [Int32] {
        var result: [Int32] = []
        var leaf = head
        while leaf >= 0 {
            result.append(leaf)
            leaf = nextLeaf[Int(leaf)]
        }
        return result.reversed()
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
        nameIndexes[name] = Int32(tableIndex: names.count - 1)
        return Int32(tableIndex: names.count - 1)
    }

    /// Inserts one template variant and returns its first-segment literal child of the root, if it
    /// starts with a literal. `typeIndex` maps a type name to its index in the table.
    @discardableResult
    mutating func insert(
        _ variant: RouteTemplate.Variant, route: Int, variantIndex: Int, priority: Int, scopeIDs: [Int32],
        typeIndex: (String) -> Int32
    ) -> BuilderNodeIndex? {
        var node = BuilderNodeIndex.root
        var rootChild: BuilderNodeIndex?
        let typedStart = Int32(tableIndex: typedSlots.count)
        let parameterStart = Int32(tableIndex: parameterPositions.count)
        var catchAllName: Int32 = -1
        var isCatchAll = false
        for (position, segment) in variant.segments.enumerated() {
            switch segment {
            case .literal(let text):
                node = literalChild(of: node, text: text)
                if position == 0 { rootChild = node }
            case .pattern(let pattern):
                var compiled = caseInsensitive ? pattern.shape.foldingASCIICase : pattern.shape
                compiled.typeIndexes = pattern.captures.map { $0.type.map(typeIndex) ?? -1 }
                let shape = patternIndex(compiled)
                for (index, capture) in pattern.captures.enumerated() {
                    // A negative position names a pattern capture (see `SegmentTrie.parameterPositions`).
                    parameterPositions.append(~Int32(tableIndex: patternCaptures.count))
                    patternCaptures.append(
                        .init(
                            segment: Int32(tableIndex: position), pattern: shape, capture: Int32(tableIndex: index)))
                    parameterNames.append(intern(capture.name))
                }
                node = patternChild(of: node, pattern: shape)
            case .parameter(let name, let type?):
                typedSlots.append(.init(segment: Int32(tableIndex: position), type: typeIndex(type)))
                parameterPositions.append(Int32(tableIndex: position))
                parameterNames.append(intern(name))
                node = child(of: node, typed: true)
            case .parameter(let name, nil):
                parameterPositions.append(Int32(tableIndex: position))
                parameterNames.append(intern(name))
                node = child(of: node, typed: false)
            case .anonymous:
                node = child(of: node, typed: false)
            case .catchAll(let name):
                isCatchAll = true
                if let name { catchAllName = intern(name) }
            }
        }
        let scopeStart: Int32
        if scopeIDs == Self.defaultScopeIDs, defaultScopeRun >= 0 {
            scopeStart = defaultScopeRun
        } else if let existing = scopeRuns[scopeIDs] {
            scopeStart = existing
        } else {
            scopeStart = Int32(tableIndex: leafScopes.count)
            leafScopes.append(contentsOf: scopeIDs)
            scopeRuns[scopeIDs] = scopeStart
            if scopeIDs == Self.defaultScopeIDs { defaultScopeRun = scopeStart }
        }
        let leafIndex = Int32(tableIndex: leaves.count)
        leaves.append(
            SegmentTrie.Leaf(
                route: Int32(tableIndex: route), priority: Int32(clamping: priority), scopeStart: scopeStart,
                typedStart: typedStart, parameterStart: parameterStart, catchAllName: catchAllName,
                variant: UInt16(clamping: variantIndex), segmentCount: UInt16(clamping: variant.segments.count),
                scopeCount: UInt8(clamping: scopeIDs.count),
                typedCount: UInt8(clamping: Int32(tableIndex: typedSlots.count) - typedStart),
                parameterCount: UInt8(clamping: Int32(tableIndex: parameterPositions.count) - parameterStart),
                flags: (variant.hasTrailingSlash ? 1 : 0) | (isCatchAll ? 2 : 0)))
        if isCatchAll {
            nextLeaf.append(nodes[node: node].catchAllHead)
            nodes[node: node].catchAllHead = leafIndex
        } else {
            nextLeaf.append(nodes[node: node].terminalHead)
            nodes[node: node].terminalHead = leafIndex
        }
        return rootChild
    }

    /// The child of `parent` through the literal `text`, created if needed.
    private mutating func literalChild(of parent: BuilderNodeIndex, text: String) -> BuilderNodeIndex {
        text.withUTF8Bytes { raw in
            // Plain ASCII (and, in a case-insensitive table, no capitals) is its own comparable form.
            var plain = true
            for byte in raw
            where byte >= 0x80 || (caseInsensitive && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) {
                plain = false
                break
            }
            if plain { return literalChild(of: parent, key: raw, text: text) }
            let key = PercentDecoding.comparableBytes(text, folded: caseInsensitive)
            return key.withUnsafeBufferPointer { literalChild(of: parent, key: $0, text: text) }
        }
    }

    private mutating func literalChild(
        of parent: BuilderNodeIndex, key bytes: UnsafeBufferPointer<UInt8>, text: String
    ) -> BuilderNodeIndex {
        let hash = NodeKey.edge(bytes)
        let mask = edgeSlots.count - 1
        var slot = SegmentTrie.slot(hash, parent: parent.rawValue, mask: mask)
        while edgeSlots[slot] >= 0 {
            let edge = edges[Int(edgeSlots[slot])]
            if edge.hash == hash, edge.parent == parent, Int(edge.keyCount) == bytes.count,
                keyBytes.withUnsafeBufferPointer({ stored in
                    let start = Int(edge.keyStart)
                    for index in 0..<bytes.count where stored[start + index] != bytes[index] { return false }
                    return true
                })
            {
                return edge.child
            }
            slot = (slot + 1) & mask
        }
        let child = BuilderNodeIndex(offset: nodes.count)
        nodes.append(BuildNode(parent: parent))
        nodes[node: parent].literalCount += 1
        edgeSlots[slot] = Int32(tableIndex: edges.count)
        edges.append(
            SegmentTrie.Edge(
                keyStart: Int32(tableIndex: keyBytes.count), keyCount: Int32(tableIndex: bytes.count), child: child,
                parent: parent, hash: hash)
        )
        keyBytes.append(contentsOf: bytes)
        if parent == .root { rootTexts.append((child, text)) }
        if edges.count * 2 > edgeSlots.count { growEdgeSlots() }
        return child
    }

    private mutating func growEdgeSlots() {
        edgeSlots = SegmentTrie.slotTable(for: edges, capacity: edgeSlots.count * 2)
    }

    private mutating func patternIndex(_ shape: SegmentPattern) -> Int32 {
        if let index = patternIndexes[shape] { return index }
        patterns.append(shape)
        patternIndexes[shape] = Int32(tableIndex: patterns.count - 1)
        return Int32(tableIndex: patterns.count - 1)
    }

    /// The child of `node` through a pattern (by its shape's index), created if needed.
    private mutating func patternChild(of node: BuilderNodeIndex, pattern: Int32) -> BuilderNodeIndex {
        let key = UInt64(UInt32(bitPattern: node.rawValue)) &<< 32 | UInt64(UInt32(bitPattern: pattern))
        if let existing = patternChildren[key] { return existing }
        let child = BuilderNodeIndex(offset: nodes.count)
        nodes.append(BuildNode(parent: node))
        nodes[node: node].patternCount += 1
        patternChildren[key] = child
        patternEdges.append(.init(parent: node, pattern: pattern, child: child))
        return child
    }

    /// The typed-parameter or the parameter child of `node`, created if needed. (Written without a
    /// key path: a `WritableKeyPath` access costs a runtime call per read and per write.)
    private mutating func child(of node: BuilderNodeIndex, typed: Bool) -> BuilderNodeIndex {
        let existing = typed ? nodes[node: node].typed : nodes[node: node].parameter
        if existing.exists { return existing }
        let child = BuilderNodeIndex(offset: nodes.count)
        nodes.append(BuildNode(parent: node))
        if typed { nodes[node: node].typed = child } else { nodes[node: node].parameter = child }
        return child
    }

    /// Sizes the arrays and the edge table for about `routes` templates, so that a large table is
    /// not built through repeated growth and rehashing of the edge table (measured:
    /// docs/performance.md, "Measurements behind the matcher's design").
    mutating func reserve(routes: Int) {
        nodes.reserveCapacity(routes * 3)
        edges.reserveCapacity(routes * 2)
        keyBytes.reserveCapacity(routes * 16)
        leaves.reserveCapacity(routes)
        nextLeaf.reserveCapacity(routes)
        let capacity = SegmentTrie.slotCapacity(for: routes * 2)
        if capacity > edgeSlots.count { edgeSlots = SegmentTrie.slotTable(for: edges, capacity: capacity) }
    }

    /// The form a literal is compared in: NFC, lowercased when `folded`. ASCII text is its own form.
    static func comparableKey(_ text: String, folded: Bool) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 && !(folded && $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) {
            return text
        }
        return String(decoding: PercentDecoding.comparableBytes(text, folded: folded), as: UTF8.self)
    }

    /// Lays out the leaves in runs by node, and the folded root index. Leaves at one node are ordered
    /// by priority (higher first), then by registration order.
    func build() -> SegmentTrie {
        var trie = SegmentTrie()
        trie.caseInsensitive = caseInsensitive
        trie.leafScopes = leafScopes
        trie.typedSlots = typedSlots
        trie.parameterPositions = parameterPositions
        trie.parameterNames = parameterNames
        trie.names = names
        trie.edges = edges
        trie.keyBytes = keyBytes
        trie.patterns = patterns
        trie.patternCaptures = patternCaptures
        // A node's patterns in precedence order (``Specificity/Rank``): more literal text first, then
        // by the shape's text.
        let ranks = patterns.map { Specificity.Rank(.pattern($0)) }
        trie.patternEdges = patternEdges.sorted { lhs, rhs in
            lhs.parent != rhs.parent
                ? lhs.parent.rawValue < rhs.parent.rawValue : ranks[Int(lhs.pattern)] < ranks[Int(rhs.pattern)]
        }
        // Leaves in runs by node: the templates that end at the node, then the catch-alls that
        // start there, each ordered by priority (higher first), then registration.
        var order: [Int32] = []
        order.reserveCapacity(leaves.count)
        var maxPriorities = [Int32](repeating: .min, count: nodes.count)
        trie.nodes.reserveCapacity(nodes.count + 1)
        for (index, node) in nodes.enumerated() {
            var flat = SegmentTrie.Node(
                typedChild: node.typed, parameterChild: node.parameter, leafStart: Int32(tableIndex: order.count),
                catchAllStart: 0)
            for part in 0..<2 {
                let head = part == 0 ? node.terminalHead : node.catchAllHead
                if part == 1 { flat.catchAllStart = Int32(tableIndex: order.count) }
                guard head >= 0 else { continue }
                if nextLeaf[Int(head)] < 0 {
                    maxPriorities[index] = max(maxPriorities[index], leaves[Int(head)].priority)
                    order.append(head)
                    continue
                }
                var list = self.list(from: head)
                // The leaves of one node are equally specific: priority, then registration decide.
                list.sort { lhs, rhs in
                    let left = leaves[Int(lhs)]
                    let right = leaves[Int(rhs)]
                    return Precedence.wins(
                        priority: left.priority, registration: left.route, overPriority: right.priority,
                        registration: right.route)
                }
                for leaf in list { maxPriorities[index] = max(maxPriorities[index], leaves[Int(leaf)].priority) }
                order.append(contentsOf: list)
            }
            trie.nodes.append(flat)
        }
        // A last node, with no leaves, closes the last node's catch-all run.
        let end = Int32(tableIndex: order.count)
        trie.nodes.append(
            SegmentTrie.Node(typedChild: .none, parameterChild: .none, leafStart: end, catchAllStart: end))
        trie.leaves = order.map { leaves[Int($0)] }
        // Children are always created after their parent: one backward pass pushes each node's
        // highest priority up to its parent, and reaches a parent only after all its children.
        for index in nodes.indices.reversed() where nodes[index].parent.exists {
            let parent = nodes[index].parent.offset
            maxPriorities[parent] = max(maxPriorities[parent], maxPriorities[index])
        }
        trie.maxPriorities = maxPriorities
        trie.literalNodes = [UInt64](repeating: 0, count: (nodes.count + 63) / 64)
        trie.unforkedNodes = trie.literalNodes
        func isSet(_ bits: [UInt64], _ index: Int) -> Bool {
            bits[index >> 6] & (1 << UInt64(truncatingIfNeeded: index & 63)) != 0
        }
        func set(_ bits: inout [UInt64], _ index: Int) {
            bits[index >> 6] |= 1 << UInt64(truncatingIfNeeded: index & 63)
        }
        // Parents come before their children, so a parent's bit is known when a child is reached.
        for (index, node) in nodes.enumerated() {
            if node.literalCount > 0 { set(&trie.literalNodes, index) }
            let forks = node.typed.exists || node.parameter.exists || node.catchAllHead >= 0 || node.patternCount > 0
            if !forks && (!node.parent.exists || isSet(trie.unforkedNodes, node.parent.offset)) {
                set(&trie.unforkedNodes, index)
            }
        }
        // The host segment of an app link compares case-insensitively: the root's literals, by their
        // folded text, sorted so that spellings that fold alike come one after another.
        let folded = rootTexts.map { entry in
            (key: Self.comparableKey(entry.text, folded: true), original: entry.text, child: entry.child)
        }
        .sorted { lhs, rhs in
            lhs.key == rhs.key
                ? lhs.original.utf8.lexicographicallyPrecedes(rhs.original.utf8)
                : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        // Their keys go to a separate buffer, so that the shared arrays above are not copied here;
        // ``FlatTrie`` lays both out once.
        for entry in folded {
            trie.foldedRootEdges.append(
                .init(
                    keyStart: Int32(tableIndex: trie.foldedKeyBytes.count),
                    keyCount: Int32(tableIndex: entry.key.utf8.count),
                    child: entry.child, parent: .none, hash: entry.key.withUTF8Bytes { NodeKey.edge($0) }))
            trie.foldedKeyBytes.append(contentsOf: entry.key.utf8)
        }
        trie.foldedRootIsUnique = zip(folded, folded.dropFirst()).allSatisfy { $0.key != $1.key }
        return trie
    }
}
