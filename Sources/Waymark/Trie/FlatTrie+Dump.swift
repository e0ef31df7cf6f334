extension FlatTrie {
    /// The trie as text, for debugging: each node in the search's numbering with its leaves and
    /// children, indented by depth. Print it from a test or the debugger
    /// (`print(table.core.trie.dump())`); the format is not stable.
    func dump() -> String {
        let views = self.views.pointee
        var literalChildren = [[Int]](repeating: [], count: views.nodes.count)
        for (index, slot) in views.slots.enumerated() where slot.parent.exists && slot.parent.offset < views.nodes.count
        {
            literalChildren[slot.parent.offset].append(index)
        }
        var lines: [String] = []
        // Depth first with an explicit stack: a table's depth is its longest template's.
        var stack: [(node: Int, label: String, depth: Int)] = [(0, "/", 0)]
        var visited = [Bool](repeating: false, count: views.nodes.count)
        while let (node, label, depth) = stack.popLast() {
            guard node >= 0, node < views.nodes.count, !visited[node] else { continue }
            visited[node] = true
            let indent = String(repeating: "  ", count: depth)
            let record = views.nodes[node]
            lines.append("\(indent)\(label) → node \(node), highest priority \(views.maxPriorities[node])")
            for position in Int(record.leafStart)..<max(Int(record.leafStart), Int(record.catchAllEnd))
            where position < views.leaves.count {
                lines.append("\(indent)  • \(describe(views.leaves[position], views))")
            }
            var next: [(node: Int, label: String, depth: Int)] = literalChildren[node].map { record in
                let slot = views.slots[record]
                return (slot.child.offset, "\"\(String(decoding: key(of: slot), as: UTF8.self))\"", depth + 1)
            }
            ChildKinds.forEachChild(of: NodeIndex(Int32(tableIndex: node)), in: views.kinds) { child, label in
                next.append((child.offset, label, depth + 1))
            }
            if record.typedChild.exists { next.append((record.typedChild.offset, "<typed>", depth + 1)) }
            if record.parameterChild.exists { next.append((record.parameterChild.offset, ":parameter", depth + 1)) }
            stack.append(contentsOf: next.reversed())
        }
        return lines.joined(separator: "\n")
    }

    private func describe(_ leaf: FlatTrie.Leaf, _ views: Views) -> String {
        let scopes = (0..<Int(leaf.scopeCount)).map { views.leafScopes[Int(leaf.scopeStart) + $0].rawValue }
        let typed = (0..<Int(leaf.typedCount)).map { offset in
            let slot = views.typedSlots[Int(leaf.typedStart) + offset]
            return "segment \(slot.segment): type \(slot.type)"
        }
        let parameters = (0..<Int(leaf.parameterCount)).map { offset in
            let name = views.parameterNames[Int(leaf.parameterStart) + offset].offset
            let place =
                switch views.parameterPositions[Int(leaf.parameterStart) + offset].place {
                case .segment(let segment): "\(segment)"
                case .capture(let capture): "capture \(capture)"
                }
            return "\(names.indices.contains(name) ? names[name] : "?")@\(place)"
        }
        var text = "route \(leaf.route.rawValue) variant \(leaf.variant), priority \(leaf.priority), scopes \(scopes)"
        if leaf.isCatchAll { text += ", catch-all" }
        if leaf.hasTrailingSlash { text += ", trailing slash" }
        if !typed.isEmpty { text += ", typed [\(typed.joined(separator: ", "))]" }
        if !parameters.isEmpty { text += ", parameters [\(parameters.joined(separator: ", "))]" }
        return text
    }
}
