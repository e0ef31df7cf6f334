extension FlatTrie {
    /// Every invariant of the built trie that the search relies on, described where it is broken;
    /// empty for a sound trie.
    ///
    /// `init` asserts that it is empty, so every table built in a debug build (every test) is
    /// checked; it is linear in the trie's size. The search itself checks none of this: it reads the
    /// buffers as these rules say.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
            if !condition && problems.count < 20 { problems.append(problem()) }
        }
        let views = self.views.pointee
        check(MemoryLayout<FlatTrie.Node>.size == 32, "a search node is 32 bytes")
        check(MemoryLayout<FlatTrie.Slot>.size == 32, "a record is 32 bytes (half a cache line)")
        check(MemoryLayout<FlatTrie.Leaf>.size == 32, "a leaf is 32 bytes")
        check(MemoryLayout<MatchingCore.Found>.size <= 16, "a Found is two words (see MatchingCore.Found)")
        let nodeCount = views.nodes.count
        guard nodeCount > 0 else { return ["the trie has no node (the root and the closing node are always made)"] }
        checkRecords(views, check)
        checkLeafRuns(views, check)
        checkSubtrees(views, check)
        return problems
    }

    /// Records and their hash table: record `i` leads to node `i + 1`, a folded record to a root
    /// literal's node; every record is indexed once and found by probing from its home position; no
    /// node has two literal children with the same key.
    private func checkRecords(_ views: Views, _ check: (Bool, @autoclosure () -> String) -> Void) {
        let nodeCount = views.nodes.count
        check(views.slotIndexes.count.nonzeroBitCount == 1, "the record table's size is a power of two")
        check(views.slots.count * 2 <= views.slotIndexes.count, "the record table is at most half full")
        var indexed = [Int](repeating: 0, count: views.slots.count)
        for position in views.slotIndexes.indices where views.slotIndexes[position] >= 0 {
            let record = Int(views.slotIndexes[position])
            guard record < views.slots.count else {
                check(false, "position \(position) indexes record \(record), past the last")
                continue
            }
            indexed[record] += 1
            let slot = views.slots[record]
            guard slot.parent.exists else { continue }
            // Probing goes from the home position to this one without meeting an empty position.
            let home = NodeKey.home(views.nodeKeys[slot.child.offset], shift: views.slotShift)
            var probe = home
            while probe != position && views.slotIndexes[probe] >= 0 { probe = (probe + 1) & views.slotMask }
            check(probe == position, "record \(record) cannot be found from its home position \(home)")
        }
        check(indexed.allSatisfy { $0 == 1 }, "every record is indexed exactly once")
        var keysSeen: Set<[UInt8]> = []
        for (index, slot) in views.slots.enumerated() {
            check(slot.child.offset < nodeCount && slot.child.rawValue > 0, "record \(index) leads to \(slot.child)")
            guard slot.child.rawValue > 0, slot.child.offset < nodeCount else { continue }
            if slot.parent.exists {
                check(slot.child.offset == index + 1, "record \(index) leads to \(slot.child), not node \(index + 1)")
                check(slot.parent.offset < nodeCount, "record \(index) has parent \(slot.parent)")
                let key = [UInt8](key(of: slot))
                check(!key.isEmpty && !key.contains(0), "record \(index)'s key is empty or holds a zero byte")
                check(
                    keysSeen.insert(withUnsafeBytes(of: slot.parent.rawValue) { Array($0) } + key).inserted,
                    "node \(slot.parent.rawValue) has two literal children \"\(String(decoding: key, as: UTF8.self))\"")
            } else {
                check(
                    views.slots[slot.child.offset - 1].parent == .root,
                    "folded record \(index) leads to no root literal")
            }
        }
    }

    /// Leaf runs: every leaf is in exactly one node's run, terminals before catch-alls, each part by
    /// priority (highest first), then query requirements (most first), then registration; the last node has none; each node sums up its
    /// first terminal leaf; every list a leaf addresses lies in its buffer.
    private func checkLeafRuns(_ views: Views, _ check: (Bool, @autoclosure () -> String) -> Void) {
        var owners = [Int](repeating: 0, count: views.leaves.count)
        let leaves = Array(views.leaves)
        let leafScopes = Array(views.leafScopes)
        for (index, node) in views.nodes.enumerated() {
            let runs = [
                (Int(node.leafStart), Int(node.catchAllStart), false),
                (Int(node.catchAllStart), Int(node.catchAllEnd), true),
            ]
            for (start, end, catchAll) in runs {
                check(start <= end && end <= views.leaves.count, "node \(index)'s leaves \(start)..<\(end)")
                guard start <= end, end <= views.leaves.count else { continue }
                for position in start..<end {
                    owners[position] += 1
                    let leaf = views.leaves[position]
                    check(leaf.isCatchAll == catchAll, "leaf \(position) is in node \(index)'s wrong run")
                    if position > start {
                        let before = views.leaves[position - 1]
                        check(
                            Precedence.wins(
                                priority: before.priority, linkRequirements: before.linkRequirementCount,
                                registration: before.route.rawValue, overPriority: leaf.priority,
                                linkRequirements: leaf.linkRequirementCount, registration: leaf.route.rawValue)
                                || before.route == leaf.route,
                            "leaf \(position) of node \(index) is out of precedence order")
                    }
                    check(
                        Int(leaf.scopeStart) + Int(leaf.scopeCount) <= views.leafScopes.count
                            && Int(leaf.typedStart) + Int(leaf.typedCount) <= views.typedSlots.count
                            && Int(leaf.parameterStart) + Int(leaf.parameterCount) <= views.parameterPositions.count
                            && leaf.catchAllName.offset < names.count,
                        "leaf \(position) addresses lists past their end")
                }
            }
            let summary = FlatTrie.Node(
                leafStart: node.leafStart, catchAllStart: node.catchAllStart, catchAllEnd: node.catchAllEnd,
                typedChild: node.typedChild, parameterChild: node.parameterChild, leaves: leaves,
                leafScopes: leafScopes)
            check(
                summary.endRoute == node.endRoute && summary.endPriority == node.endPriority
                    && summary.endScopes == node.endScopes && summary.endFlags == node.endFlags,
                "node \(index)'s summary differs from its first terminal leaf")
        }
        check(owners.allSatisfy { $0 == 1 }, "every leaf belongs to exactly one node")
        if let last = views.nodes.last {
            check(last.leafStart == last.catchAllEnd, "the last node, which closes the runs, has no leaves")
        }
    }

    /// Subtrees: children are real nodes; `maxPriorities` is the highest priority in each subtree;
    /// `literalNodes` marks exactly the nodes with literal children; `unforkedNodes` exactly the nodes
    /// that neither they nor any node above them leave other than by a literal.
    private func checkSubtrees(_ views: Views, _ check: (Bool, @autoclosure () -> String) -> Void) {
        let nodeCount = views.nodes.count
        var parents = [Int](repeating: -1, count: nodeCount)
        var byLiteral = [Bool](repeating: false, count: nodeCount)
        var hasLiteralChild = [Bool](repeating: false, count: nodeCount)
        for slot in views.slots where slot.parent.exists && slot.child.offset < nodeCount {
            parents[slot.child.offset] = slot.parent.offset
            byLiteral[slot.child.offset] = true
            hasLiteralChild[slot.parent.offset] = true
        }
        // The children of the kinds with search-time data (``ChildKinds``), and their own rules.
        ChildKinds.checkInvariants(views.kinds, nodeCount: nodeCount, check)
        var hasKindChildren = [Bool](repeating: false, count: nodeCount)
        for node in 0..<nodeCount {
            ChildKinds.forEachChild(of: NodeIndex(Int32(tableIndex: node)), in: views.kinds) { child, _ in
                hasKindChildren[node] = true
                if child.exists && child.offset < nodeCount { parents[child.offset] = node }
            }
        }
        for (index, node) in views.nodes.enumerated() {
            for child in [node.typedChild, node.parameterChild] where child.exists {
                check(child.offset < nodeCount && child != .root, "node \(index) has child \(child.rawValue)")
                if child.offset < nodeCount { parents[child.offset] = index }
            }
        }
        // Children are not always numbered after their parents (a literal child of a parameter
        // child comes before it): the order is found here by depth, without recursion.
        var depth = [Int](repeating: -1, count: nodeCount)
        depth[0] = 0
        var order: [Int] = [0]
        var children = [[Int]](repeating: [], count: nodeCount)
        for (child, parent) in parents.enumerated() where parent >= 0 { children[parent].append(child) }
        var next = 0
        while next < order.count {
            for child in children[order[next]] where depth[child] < 0 {
                depth[child] = depth[order[next]] + 1
                order.append(child)
            }
            next += 1
        }
        var highest = [Int32](repeating: Int32.min, count: nodeCount)
        for node in order.reversed() {
            let record = views.nodes[node]
            for position in Int(record.leafStart)..<max(Int(record.leafStart), Int(record.catchAllEnd))
            where position < views.leaves.count {
                highest[node] = max(highest[node], views.leaves[position].priority)
            }
            if parents[node] >= 0 { highest[parents[node]] = max(highest[parents[node]], highest[node]) }
        }
        for node in order where highest[node] != Int32.min {
            check(views.maxPriorities[node] == highest[node], "node \(node)'s highest priority is not its subtree's")
        }
        func bit(_ bits: UnsafeBufferPointer<UInt64>, _ node: Int) -> Bool {
            bits.contains(bitOf: NodeIndex(Int32(tableIndex: node)))
        }
        for node in order {
            check(bit(views.literalNodes, node) == hasLiteralChild[node], "node \(node)'s literal bit")
            let record = views.nodes[node]
            let forks =
                record.typedChild.exists || record.parameterChild.exists || record.catchAllEnd > record.catchAllStart
                || hasKindChildren[node]
            let above = node == 0 ? true : (byLiteral[node] && bit(views.unforkedNodes, parents[node]))
            check(bit(views.unforkedNodes, node) == (above && !forks), "node \(node)'s unforked bit")
        }
    }

    /// A record's key bytes.
    func key(of slot: FlatTrie.Slot) -> UnsafeBufferPointer<UInt8> {
        let keys = views.pointee.keys
        let start = min(Int(slot.keyStart), keys.count)
        return UnsafeBufferPointer(rebasing: keys[start..<min(start + Int(slot.keyCount), keys.count)])
    }
}
