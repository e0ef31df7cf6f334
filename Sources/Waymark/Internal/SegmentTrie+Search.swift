/// A search of a ``SegmentTrie`` for one URL, over unsafe views of the URL's bytes, its segments and
/// the trie's arrays. Created and used inside `withUnsafeBufferPointer` scopes only.
struct TrieSearch {
    let nodes: UnsafeBufferPointer<SegmentTrie.Node>
    let edges: UnsafeBufferPointer<SegmentTrie.Edge>
    let foldedRootEdges: UnsafeBufferPointer<SegmentTrie.Edge>
    let keys: UnsafeBufferPointer<UInt8>
    let leafLists: UnsafeBufferPointer<Int32>
    let leaves: UnsafeBufferPointer<SegmentTrie.Leaf>
    let caseInsensitive: Bool

    let bytes: UnsafeBufferPointer<UInt8>
    let segments: UnsafeBufferPointer<SegmentRef>
    let hasTrailingSlash: Bool
    let strictTrailingSlash: Bool
    /// Segment 0 is the host of an app link and compares case-insensitively.
    let foldFirstSegment: Bool
    let scopeID: Int32
    let types: [ParameterType]

    // MARK: - Best match

    /// The leaf of the best match: highest priority, then most specific, then first registered.
    func best() -> Int32? {
        var best: Int32?
        searchBest(node: 0, depth: 0, best: &best)
        return best
    }

    private func searchBest(node index: Int, depth: Int, best: inout Int32?) {
        let node = nodes[index]
        if depth == segments.count {
            consider(start: node.terminalStart, count: node.terminalCount, best: &best)
            consider(start: node.catchAllStart, count: node.catchAllCount, best: &best)
            return
        }
        forEachLiteralChild(of: node, depth: depth) { child in
            if !isPruned(child, best) { searchBest(node: child, depth: depth + 1, best: &best) }
        }
        if node.typedChild >= 0, !isPruned(Int(node.typedChild), best) {
            searchBest(node: Int(node.typedChild), depth: depth + 1, best: &best)
        }
        if node.parameterChild >= 0, !isPruned(Int(node.parameterChild), best) {
            searchBest(node: Int(node.parameterChild), depth: depth + 1, best: &best)
        }
        consider(start: node.catchAllStart, count: node.catchAllCount, best: &best)
    }

    @inline(__always)
    private func isPruned(_ child: Int, _ best: Int32?) -> Bool {
        guard let best else { return false }
        return nodes[child].maxPriority <= leaves[Int(best)].priority
    }

    /// Takes the first acceptable leaf of a list (ordered by priority, then registration) if it
    /// beats the best so far. Found later in the search means less specific, so only a strictly
    /// higher priority wins.
    private func consider(start: Int32, count: Int32, best: inout Int32?) {
        var position = Int(start)
        let end = position + Int(count)
        while position < end {
            let leafIndex = leafLists[position]
            if let current = best, leaves[Int(leafIndex)].priority <= leaves[Int(current)].priority { return }
            if accepts(leafIndex) {
                best = leafIndex
                return
            }
            position += 1
        }
    }

    // MARK: - Every match

    /// Every matching leaf, in search order (most specific first). The caller orders by priority.
    func all(into results: inout [Int32]) {
        searchAll(node: 0, depth: 0, into: &results)
    }

    private func searchAll(node index: Int, depth: Int, into results: inout [Int32]) {
        let node = nodes[index]
        if depth == segments.count {
            collect(start: node.terminalStart, count: node.terminalCount, into: &results)
            collect(start: node.catchAllStart, count: node.catchAllCount, into: &results)
            return
        }
        forEachLiteralChild(of: node, depth: depth) { child in
            searchAll(node: child, depth: depth + 1, into: &results)
        }
        if node.typedChild >= 0 { searchAll(node: Int(node.typedChild), depth: depth + 1, into: &results) }
        if node.parameterChild >= 0 { searchAll(node: Int(node.parameterChild), depth: depth + 1, into: &results) }
        collect(start: node.catchAllStart, count: node.catchAllCount, into: &results)
    }

    private func collect(start: Int32, count: Int32, into results: inout [Int32]) {
        for position in Int(start)..<(Int(start) + Int(count)) where accepts(leafLists[position]) {
            results.append(leafLists[position])
        }
    }

    // MARK: - Leaves

    private func accepts(_ leafIndex: Int32) -> Bool {
        let leaf = leaves[Int(leafIndex)]
        guard leaf.scopeIDs.contains(scopeID) else { return false }
        if strictTrailingSlash, !leaf.isCatchAll, leaf.hasTrailingSlash != hasTrailingSlash { return false }
        for slot in leaf.typedSlots where !typeAccepts(types[Int(slot.type)], segments[Int(slot.segment)]) {
            return false
        }
        return true
    }

    private func typeAccepts(_ type: ParameterType, _ segment: SegmentRef) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end])
        if !segment.isComplex, case .int = type.kind { return ParameterType.acceptsInt(raw) }
        guard let value = PercentDecoding.decode(raw) else { return false }
        return type.accepts(value)
    }

    // MARK: - Literals

    /// Calls `body` with each literal child whose key equals segment `depth` (at most one, except
    /// at a case-insensitive host segment whose spellings differ only in case).
    @inline(__always)
    private func forEachLiteralChild(of node: SegmentTrie.Node, depth: Int, _ body: (Int) -> Void) {
        let fold = caseInsensitive || (depth == 0 && foldFirstSegment)
        let useFoldedRoot = depth == 0 && foldFirstSegment && !caseInsensitive
        if !useFoldedRoot && node.literalCount == 0 { return }
        let segment = segments[depth]
        if !segment.isComplex {
            let probe = UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end])
            visitMatches(node: node, probe: probe, fold: fold, folded: useFoldedRoot, body)
        } else {
            let raw = UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end])
            let decoded = PercentDecoding.decode(raw) ?? ""
            let comparable = PercentDecoding.comparableBytes(decoded, folded: fold)
            comparable.withUnsafeBufferPointer { probe in
                visitMatches(node: node, probe: probe, fold: false, folded: useFoldedRoot, body)
            }
        }
    }

    @inline(__always)
    private func visitMatches(
        node: SegmentTrie.Node, probe: UnsafeBufferPointer<UInt8>, fold: Bool, folded: Bool, _ body: (Int) -> Void
    ) {
        let list =
            folded
            ? foldedRootEdges
            : UnsafeBufferPointer(rebasing: edges[Int(node.literalStart)..<Int(node.literalStart + node.literalCount)])
        // Lower bound of the probe among the sorted keys.
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if compare(list[middle], probe, fold: fold) < 0 { low = middle + 1 } else { high = middle }
        }
        while low < list.count, compare(list[low], probe, fold: fold) == 0 {
            body(Int(list[low].child))
            low += 1
        }
    }

    /// Three-way comparison of an edge's key with the probe bytes, lowercasing ASCII probe bytes
    /// when `fold` is set (keys compared that way are stored folded).
    @inline(__always)
    private func compare(_ edge: SegmentTrie.Edge, _ probe: UnsafeBufferPointer<UInt8>, fold: Bool) -> Int {
        let keyStart = Int(edge.keyStart)
        let keyCount = Int(edge.keyCount)
        let common = min(keyCount, probe.count)
        var index = 0
        while index < common {
            let key = keys[keyStart + index]
            var byte = probe[index]
            if fold, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if key != byte { return key < byte ? -1 : 1 }
            index += 1
        }
        return keyCount == probe.count ? 0 : (keyCount < probe.count ? -1 : 1)
    }
}

extension SegmentTrie {
    /// Runs `body` with a search over this trie for the given URL segments.
    func withSearch<Result>(
        bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<SegmentRef>, hasTrailingSlash: Bool,
        strictTrailingSlash: Bool, foldFirstSegment: Bool, scopeID: Int32, types: [ParameterType],
        _ body: (TrieSearch) -> Result
    ) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            edges.withUnsafeBufferPointer { edges in
                foldedRootEdges.withUnsafeBufferPointer { foldedRootEdges in
                    keyBytes.withUnsafeBufferPointer { keys in
                        leafLists.withUnsafeBufferPointer { leafLists in
                            leaves.withUnsafeBufferPointer { leaves in
                                body(
                                    TrieSearch(
                                        nodes: nodes, edges: edges, foldedRootEdges: foldedRootEdges, keys: keys,
                                        leafLists: leafLists, leaves: leaves, caseInsensitive: caseInsensitive,
                                        bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                                        strictTrailingSlash: strictTrailingSlash, foldFirstSegment: foldFirstSegment,
                                        scopeID: scopeID, types: types))
                            }
                        }
                    }
                }
            }
        }
    }
}
