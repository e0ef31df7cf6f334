extension TrieBuilder {
    /// The trie in the search's layout: the other children placed after the literal ones, the
    /// leaves laid out in runs by node, the per-node bits, and the root's literals folded for the
    /// host of an app link. Leaves at one node are ordered by priority (higher first), then by
    /// registration order.
    func build(types: [ParameterType]) -> TrieLayout {
        let literalCount = literalSide.count
        let nodeCount = literalCount + otherSide.count + 1
        func place(_ node: BuilderNodeIndex) -> NodeIndex {
            guard node.exists else { return .none }
            return node.isOtherSide
                ? NodeIndex(Int32(tableIndex: literalCount + node.otherSideOffset)) : NodeIndex(node.rawValue)
        }
        // Nodes, with their leaves in runs: the templates that end at the node, then the catch-alls
        // that start there, each ordered by priority (higher first), then registration.
        var nodes: [FlatTrie.Node] = []
        var maxPriorities: [Int32] = []
        var nodeKeys: [UInt64] = []
        var laidLeaves: [FlatTrie.Leaf] = []
        nodes.reserveCapacity(nodeCount)
        maxPriorities.reserveCapacity(nodeCount)
        nodeKeys.reserveCapacity(nodeCount)
        laidLeaves.reserveCapacity(leaves.count)
        for side in [literalSide, otherSide] {
            for node in side {
                let leafStart = Int32(tableIndex: laidLeaves.count)
                appendRun(from: node.terminalHead, to: &laidLeaves)
                let catchAllStart = Int32(tableIndex: laidLeaves.count)
                appendRun(from: node.catchAllHead, to: &laidLeaves)
                let end = Int32(tableIndex: laidLeaves.count)
                nodes.append(
                    FlatTrie.Node(
                        leafStart: leafStart, catchAllStart: catchAllStart,
                        catchAllEnd: end, typedChild: place(node.typed),
                        parameterChild: place(node.parameter), leaves: laidLeaves, leafScopes: leafScopes))
                // A run's first leaf has its highest priority.
                var highest = Int32.min
                if leafStart < catchAllStart { highest = laidLeaves[Int(leafStart)].priority }
                if catchAllStart < end { highest = max(highest, laidLeaves[Int(catchAllStart)].priority) }
                maxPriorities.append(highest)
                nodeKeys.append(node.key)
            }
        }
        // A last node, with no leaves, closes the last run.
        let last = Int32(tableIndex: laidLeaves.count)
        nodes.append(
            FlatTrie.Node(
                leafStart: last, catchAllStart: last, catchAllEnd: last, typedChild: .none, parameterChild: .none,
                leaves: laidLeaves, leafScopes: leafScopes))
        maxPriorities.append(.min)
        nodeKeys.append(0)
        // Each node's highest priority up to its parent, children first: one backward pass over
        // the order the nodes were made in.
        for child in creationOrder.reversed() {
            let parent = place(node(child).parent).offset
            maxPriorities[parent] = max(maxPriorities[parent], maxPriorities[place(child).offset])
        }

        var literalNodes = [UInt64](repeating: 0, count: (nodeCount + 63) / 64)
        var unforkedNodes = literalNodes
        func set(_ bits: inout [UInt64], _ index: Int) {
            bits[index >> 6] |= 1 << UInt64(truncatingIfNeeded: index & 63)
        }
        func isSet(_ bits: [UInt64], _ index: Int) -> Bool {
            bits[index >> 6] & (1 << UInt64(truncatingIfNeeded: index & 63)) != 0
        }
        // A literal child comes after its parent when the parent is a literal child too; an other
        // child's parent forks, so it is never unforked, nor are its children. The root has no parent.
        for (index, node) in literalSide.enumerated() {
            if node.hasLiterals { set(&literalNodes, index) }
            let parentUnforked =
                !node.parent.exists || (!node.parent.isOtherSide && isSet(unforkedNodes, node.parent.offset))
            if parentUnforked && !node.forks && !node.catchAllHead.exists { set(&unforkedNodes, index) }
        }
        for (offset, node) in otherSide.enumerated() where node.hasLiterals {
            set(&literalNodes, literalCount + offset)
        }

        let folded = foldedRoot(keysStart: keyBytes.count)
        let foldedRootKey = NodeKey.child(NodeKey.root, NodeKey.foldedRoot)
        let foldedInTable = folded.isUnique ? folded.edges : []
        // The records as the search reads them: a parent among the other children placed, then the
        // folded keys under the parent `foldedRoot`.
        var records: [FlatTrie.Slot] = []
        records.reserveCapacity(slots.count + foldedInTable.count)
        for var slot in slots {
            let parent = BuilderNodeIndex(slot.parent.rawValue)
            if parent.isOtherSide { slot.parent = place(parent) }
            records.append(slot)
        }
        folded.keys.withUnsafeBufferPointer { keys in
            for edge in foldedInTable {
                let start = Int(edge.keyStart) - keyBytes.count
                let key = UnsafeBufferPointer(rebasing: keys[start..<(start + Int(edge.keyCount))])
                records.append(
                    FlatTrie.Slot(
                        prefix: FlatTrie.word(key, from: 0), suffix: FlatTrie.word(key, from: 8), parent: .foldedRoot,
                        child: edge.child, keyCount: edge.keyCount, keyStart: edge.keyStart))
            }
        }
        // The table the search reads is sized for the records there are (the builder's was sized
        // for the routes announced): placed again, literals first, when the sizes differ.
        var indexes = slotIndexes
        var shift = slotShift
        let capacity = FlatTrie.slotCapacity(for: records.count)
        if capacity != indexes.count {
            shift = NodeKey.shift(capacity: capacity)
            indexes = [Int32](repeating: -1, count: capacity)
            for index in slots.indices { Self.place(index, key: nodeKeys[index + 1], in: &indexes, shift: shift) }
        }
        for (offset, edge) in foldedInTable.enumerated() {
            Self.place(
                slots.count + offset, key: NodeKey.child(foldedRootKey, edge.hash), in: &indexes, shift: shift)
        }
        return TrieLayout(
            nodes: nodes, maxPriorities: maxPriorities, literalNodes: literalNodes, unforkedNodes: unforkedNodes,
            nodeKeys: nodeKeys, slots: records, slotIndexes: indexes, slotShift: shift, rootKey: NodeKey.root,
            foldedRootKey: foldedRootKey, foldedRootEdges: folded.edges, keys: keyBytes + folded.keys,
            leaves: laidLeaves, leafScopes: leafScopes, typedSlots: typedSlots,
            parameterPositions: parameterPositions, parameterNames: parameterNames, types: types,
            kinds: ChildKinds.laidOut(kinds, nodeCount: nodeCount, place: place), names: names,
            caseInsensitive: caseInsensitive, foldedRootIsUnique: folded.isUnique)
    }

    /// Appends a node's list of leaves, from `head`, in precedence order.
    private func appendRun(from head: BuilderLeafIndex, to laid: inout [FlatTrie.Leaf]) {
        guard head.exists else { return }
        if !nextLeaf[head.offset].exists {
            laid.append(leaves[head.offset])
            return
        }
        // The leaves of one node are equally specific in their paths: priority, then the query
        // items required, then registration decide.
        let run = list(from: head).map { leaves[$0.offset] }.sorted { left, right in
            Precedence.wins(
                priority: left.priority, linkRequirements: left.linkRequirementCount,
                registration: left.route.rawValue, overPriority: right.priority,
                linkRequirements: right.linkRequirementCount, registration: right.route.rawValue)
        }
        laid.append(contentsOf: run)
    }

    /// Puts record `record` at the first free position from `key`'s.
    private static func place(_ record: Int, key: UInt64, in indexes: inout [Int32], shift: Int) {
        var position = NodeKey.home(key, shift: shift)
        while indexes[position] >= 0 { position = (position + 1) & (indexes.count - 1) }
        indexes[position] = Int32(tableIndex: record)
    }

    /// The root's literals as the host segment of an app link sees them (it compares
    /// case-insensitively): by their folded text, sorted so that spellings that fold alike come one
    /// after another, with their keys (which the edges index from `keysStart`), and whether no two
    /// fold alike.
    private func foldedRoot(keysStart: Int) -> (edges: [FlatTrie.FoldedEdge], keys: [UInt8], isUnique: Bool) {
        let folded = rootTexts.map { entry in
            (key: Self.comparableKey(entry.text, folded: true), original: entry.text, child: entry.child)
        }
        .sorted { lhs, rhs in
            lhs.key == rhs.key
                ? lhs.original.utf8.lexicographicallyPrecedes(rhs.original.utf8)
                : lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
        }
        var edges: [FlatTrie.FoldedEdge] = []
        var keys: [UInt8] = []
        for entry in folded {
            edges.append(
                FlatTrie.FoldedEdge(
                    keyStart: Int32(tableIndex: keysStart + keys.count),
                    keyCount: Int32(tableIndex: entry.key.utf8.count),
                    child: NodeIndex(entry.child.rawValue), hash: entry.key.withUTF8Bytes { NodeKey.edge($0) }))
            keys.append(contentsOf: entry.key.utf8)
        }
        return (edges, keys, zip(folded, folded.dropFirst()).allSatisfy { $0.key != $1.key })
    }
}
