/// A search of a ``SegmentTrie`` for one URL, over unsafe views of the URL's bytes, its segments and
/// the trie's arrays. Created and used inside `withUnsafeBufferPointer` scopes only.
struct TrieSearch {
    let nodes: UnsafeBufferPointer<SegmentTrie.Node>
    let edges: UnsafeBufferPointer<SegmentTrie.Edge>
    let foldedRootEdges: UnsafeBufferPointer<SegmentTrie.Edge>
    let keys: UnsafeBufferPointer<UInt8>
    let leafLists: UnsafeBufferPointer<Int32>
    let leaves: UnsafeBufferPointer<SegmentTrie.Leaf>
    let leafScopes: UnsafeBufferPointer<Int32>
    let typedSlots: UnsafeBufferPointer<SegmentTrie.TypedSlot>
    let types: UnsafeBufferPointer<ParameterType>
    let caseInsensitive: Bool

    let bytes: UnsafeBufferPointer<UInt8>
    let segments: UnsafeBufferPointer<SegmentRef>
    let hasTrailingSlash: Bool
    let strictTrailingSlash: Bool
    /// Segment 0 is the host of an app link and compares case-insensitively.
    let foldFirstSegment: Bool
    let scopeID: Int32

    // MARK: - Best match

    /// The leaf of the best match: highest priority, then most specific, then first registered.
    func best() -> Int32? {
        var best: Int32 = -1
        searchBest(node: 0, depth: 0, best: &best)
        return best >= 0 ? best : nil
    }

    private func searchBest(node index: Int, depth: Int, best: inout Int32) {
        let node = nodes[index]
        if depth == segments.count {
            consider(start: node.terminalStart, count: node.terminalCount, best: &best)
            consider(start: node.catchAllStart, count: node.catchAllCount, best: &best)
            return
        }
        if node.literalCount > 0 || (depth == 0 && foldFirstSegment) {
            var found = literalChild(of: node, depth: depth, after: -1)
            while let child = found {
                if !isPruned(child, best) { searchBest(node: child, depth: depth + 1, best: &best) }
                found = literalChild(of: node, depth: depth, after: child)
            }
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
    private func isPruned(_ child: Int, _ best: Int32) -> Bool {
        best >= 0 && nodes[child].maxPriority <= leaves[Int(best)].priority
    }

    /// Takes the first acceptable leaf of a list (ordered by priority, then registration) if it
    /// beats the best so far. Found later in the search means less specific, so only a strictly
    /// higher priority wins.
    @inline(__always)
    private func consider(start: Int32, count: Int32, best: inout Int32) {
        var position = Int(start)
        let end = position + Int(count)
        while position < end {
            let leafIndex = leafLists[position]
            if best >= 0, leaves[Int(leafIndex)].priority <= leaves[Int(best)].priority { return }
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
        var found = literalChild(of: node, depth: depth, after: -1)
        while let child = found {
            searchAll(node: child, depth: depth + 1, into: &results)
            found = literalChild(of: node, depth: depth, after: child)
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

    @inline(__always)
    private func accepts(_ leafIndex: Int32) -> Bool {
        let leaf = leaves[Int(leafIndex)]
        var inScope = false
        var position = Int(leaf.scopeStart)
        let scopeEnd = position + Int(leaf.scopeCount)
        while position < scopeEnd {
            if leafScopes[position] == scopeID {
                inScope = true
                break
            }
            position += 1
        }
        guard inScope else { return false }
        if strictTrailingSlash, !leaf.isCatchAll, leaf.hasTrailingSlash != hasTrailingSlash { return false }
        if leaf.typedCount > 0 {
            for slot in Int(leaf.typedStart)..<Int(leaf.typedStart + leaf.typedCount) {
                let typed = typedSlots[slot]
                if !typeAccepts(types[Int(typed.type)], segments[Int(typed.segment)]) { return false }
            }
        }
        return true
    }

    private func typeAccepts(_ type: ParameterType, _ segment: SegmentRef) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        if !segment.isComplex, case .int = type.kind { return ParameterType.acceptsInt(raw) }
        guard let value = PercentDecoding.decode(raw) else { return false }
        return type.accepts(value)
    }

    // MARK: - Literals

    /// The literal child of `node` whose key equals segment `depth`, coming after `previous` (-1 for
    /// the first). There is at most one, except at a case-insensitive host segment whose registered
    /// spellings differ only in case (registration forbids that for app scopes, but universal-only
    /// routes may have them).
    @inline(__always)
    private func literalChild(of node: SegmentTrie.Node, depth: Int, after previous: Int) -> Int? {
        let useFoldedRoot = depth == 0 && foldFirstSegment && !caseInsensitive
        let fold = caseInsensitive || useFoldedRoot
        let list =
            useFoldedRoot
            ? foldedRootEdges
            : UnsafeBufferPointer(rebasing: edges[Int(node.literalStart)..<Int(node.literalStart + node.literalCount)])
        if list.isEmpty { return nil }
        let segment = segments[depth]
        if !segment.isComplex {
            let probe = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
            return find(in: list, probe: probe, fold: fold, after: previous)
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(PercentDecoding.decode(raw) ?? "", folded: fold)
        return comparable.withUnsafeBufferPointer { probe in
            find(in: list, probe: probe, fold: false, after: previous)
        }
    }

    @inline(__always)
    private func find(
        in list: UnsafeBufferPointer<SegmentTrie.Edge>, probe: UnsafeBufferPointer<UInt8>, fold: Bool,
        after previous: Int
    ) -> Int? {
        // Lower bound of the probe among the sorted keys.
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if compare(list[middle], probe, fold: fold) < 0 { low = middle + 1 } else { high = middle }
        }
        if previous >= 0 {
            // Skip the equal keys up to and including the previous child.
            while low < list.count, compare(list[low], probe, fold: fold) == 0, Int(list[low].child) != previous {
                low += 1
            }
            low += 1
        }
        guard low < list.count, compare(list[low], probe, fold: fold) == 0 else { return nil }
        return Int(list[low].child)
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
    @inline(__always)
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
                                leafScopes.withUnsafeBufferPointer { leafScopes in
                                    typedSlots.withUnsafeBufferPointer { typedSlots in
                                        types.withUnsafeBufferPointer { types in
                                            body(
                                                TrieSearch(
                                                    nodes: nodes, edges: edges, foldedRootEdges: foldedRootEdges,
                                                    keys: keys, leafLists: leafLists, leaves: leaves,
                                                    leafScopes: leafScopes, typedSlots: typedSlots, types: types,
                                                    caseInsensitive: caseInsensitive, bytes: bytes, segments: segments,
                                                    hasTrailingSlash: hasTrailingSlash,
                                                    strictTrailingSlash: strictTrailingSlash,
                                                    foldFirstSegment: foldFirstSegment, scopeID: scopeID))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
