/// A search of a ``FlatTrie`` for one URL, over unsafe views of the URL's bytes, its segments and
/// the trie's buffers. Lives only for the duration of one lookup, inside the owning core's method.
struct TrieSearch {
    /// The trie's buffers, read through a pointer that the owning ``FlatTrie`` keeps alive.
    let trie: UnsafePointer<FlatTrie.Views>
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
        let node = trie.pointee.nodes[index]
        if depth == segments.count {
            if node.terminalCount > 0 { consider(start: node.terminalStart, count: node.terminalCount, best: &best) }
            if node.catchAllCount > 0 { consider(start: node.catchAllStart, count: node.catchAllCount, best: &best) }
            return
        }
        if depth == 0 && foldFirstSegment && !trie.pointee.caseInsensitive {
            if trie.pointee.foldedRootIsUnique {
                if let child = foldedRootChildByHash(), !isPruned(child, best) {
                    searchBest(node: child, depth: depth + 1, best: &best)
                }
            } else {
                var found = foldedRootChild(after: -1)
                while let child = found {
                    if !isPruned(child, best) { searchBest(node: child, depth: depth + 1, best: &best) }
                    found = foldedRootChild(after: child)
                }
            }
        } else if node.literalCount > 0, let child = literalChild(of: index, depth: depth), !isPruned(child, best) {
            searchBest(node: child, depth: depth + 1, best: &best)
        }
        if node.typedChild >= 0, !isPruned(Int(node.typedChild), best) {
            searchBest(node: Int(node.typedChild), depth: depth + 1, best: &best)
        }
        if node.parameterChild >= 0, !isPruned(Int(node.parameterChild), best) {
            searchBest(node: Int(node.parameterChild), depth: depth + 1, best: &best)
        }
        if node.catchAllCount > 0 { consider(start: node.catchAllStart, count: node.catchAllCount, best: &best) }
    }

    @inline(__always)
    private func isPruned(_ child: Int, _ best: Int32) -> Bool {
        best >= 0 && trie.pointee.nodes[child].maxPriority <= trie.pointee.leaves[Int(best)].priority
    }

    /// Takes the first acceptable leaf of a list (ordered by priority, then registration) if it
    /// beats the best so far. Found later in the search means less specific, so only a strictly
    /// higher priority wins.
    @inline(__always)
    private func consider(start: Int32, count: Int32, best: inout Int32) {
        var position = Int(start)
        let end = position + Int(count)
        while position < end {
            let leafIndex = trie.pointee.leafLists[position]
            if best >= 0, trie.pointee.leaves[Int(leafIndex)].priority <= trie.pointee.leaves[Int(best)].priority {
                return
            }
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
        let node = trie.pointee.nodes[index]
        if depth == segments.count {
            collect(start: node.terminalStart, count: node.terminalCount, into: &results)
            collect(start: node.catchAllStart, count: node.catchAllCount, into: &results)
            return
        }
        if depth == 0 && foldFirstSegment && !trie.pointee.caseInsensitive {
            var found = foldedRootChild(after: -1)
            while let child = found {
                searchAll(node: child, depth: depth + 1, into: &results)
                found = foldedRootChild(after: child)
            }
        } else if node.literalCount > 0, let child = literalChild(of: index, depth: depth) {
            searchAll(node: child, depth: depth + 1, into: &results)
        }
        if node.typedChild >= 0 { searchAll(node: Int(node.typedChild), depth: depth + 1, into: &results) }
        if node.parameterChild >= 0 { searchAll(node: Int(node.parameterChild), depth: depth + 1, into: &results) }
        collect(start: node.catchAllStart, count: node.catchAllCount, into: &results)
    }

    private func collect(start: Int32, count: Int32, into results: inout [Int32]) {
        for position in Int(start)..<(Int(start) + Int(count)) where accepts(trie.pointee.leafLists[position]) {
            results.append(trie.pointee.leafLists[position])
        }
    }

    // MARK: - Leaves

    @inline(__always)
    private func accepts(_ leafIndex: Int32) -> Bool {
        let leaf = trie.pointee.leaves[Int(leafIndex)]
        var inScope = false
        var position = Int(leaf.scopeStart)
        let scopeEnd = position + Int(leaf.scopeCount)
        while position < scopeEnd {
            if trie.pointee.leafScopes[position] == scopeID {
                inScope = true
                break
            }
            position += 1
        }
        guard inScope else { return false }
        if strictTrailingSlash, !leaf.isCatchAll, leaf.hasTrailingSlash != hasTrailingSlash { return false }
        if leaf.typedCount > 0 {
            for slot in Int(leaf.typedStart)..<(Int(leaf.typedStart) + Int(leaf.typedCount)) {
                let typed = trie.pointee.typedSlots[slot]
                if !typeAccepts(trie.pointee.types[Int(typed.type)], segments[Int(typed.segment)]) { return false }
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

    /// The literal child of node `parent` whose key equals segment `depth`, through the edge hash
    /// table. Keys are unique per node, so there is at most one.
    @inline(__always)
    private func literalChild(of parent: Int, depth: Int) -> Int? {
        let segment = segments[depth]
        let fold = trie.pointee.caseInsensitive
        if !segment.isComplex {
            let probe = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
            return probeEdges(parent: Int32(parent), probe: probe, hash: segment.hash, fold: fold)
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(PercentDecoding.decode(raw) ?? "", folded: fold)
        return comparable.withUnsafeBufferPointer { probe in
            probeEdges(parent: Int32(parent), probe: probe, hash: FlatTrie.hash(probe), fold: false)
        }
    }

    @inline(__always)
    private func probeEdges(parent: Int32, probe: UnsafeBufferPointer<UInt8>, hash: UInt32, fold: Bool) -> Int? {
        var slot = FlatTrie.slot(hash, parent: parent, mask: trie.pointee.edgeSlotMask)
        while true {
            let index = trie.pointee.edgeSlots[slot]
            if index < 0 { return nil }
            let edge = trie.pointee.edges[Int(index)]
            if edge.hash == hash, edge.parent == parent, equals(edge, probe, fold: fold) { return Int(edge.child) }
            slot = (slot + 1) & trie.pointee.edgeSlotMask
        }
    }

    @inline(__always)
    private func equals(_ edge: FlatTrie.Edge, _ probe: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        guard Int(edge.keyCount) == probe.count else { return false }
        let start = Int(edge.keyStart)
        if fold {
            for index in 0..<probe.count {
                var byte = probe[index]
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                if trie.pointee.keys[start + index] != byte { return false }
            }
            return true
        }
        // Eight bytes at a time, then the rest.
        let key = UnsafeRawBufferPointer(
            UnsafeBufferPointer(rebasing: trie.pointee.keys[start..<(start + probe.count)]))
        let other = UnsafeRawBufferPointer(probe)
        var index = 0
        while index + 8 <= probe.count {
            if key.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != other.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        // The tail in one four-, two- and one-byte comparison at most.
        if index + 4 <= probe.count {
            if key.loadUnaligned(fromByteOffset: index, as: UInt32.self)
                != other.loadUnaligned(fromByteOffset: index, as: UInt32.self)
            {
                return false
            }
            index += 4
        }
        if index + 2 <= probe.count {
            if key.loadUnaligned(fromByteOffset: index, as: UInt16.self)
                != other.loadUnaligned(fromByteOffset: index, as: UInt16.self)
            {
                return false
            }
            index += 2
        }
        return index == probe.count || key[index] == other[index]
    }

    /// The root's child whose folded key equals segment 0, through the edge hash table (parent -1).
    @inline(__always)
    private func foldedRootChildByHash() -> Int? {
        let segment = segments[0]
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        if !segment.isComplex {
            return probeEdges(parent: -1, probe: raw, hash: segment.hash, fold: true)
        }
        let comparable = PercentDecoding.comparableBytes(PercentDecoding.decode(raw) ?? "", folded: true)
        return comparable.withUnsafeBufferPointer { probe in
            probeEdges(parent: -1, probe: probe, hash: FlatTrie.hash(probe), fold: false)
        }
    }

    /// The root's children whose folded key equals segment 0, in key order, one after another.
    private func foldedRootChild(after previous: Int) -> Int? {
        let segment = segments[0]
        if !segment.isComplex {
            let probe = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
            return findFolded(probe: probe, fold: true, after: previous)
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(PercentDecoding.decode(raw) ?? "", folded: true)
        return comparable.withUnsafeBufferPointer { findFolded(probe: $0, fold: false, after: previous) }
    }

    private func findFolded(probe: UnsafeBufferPointer<UInt8>, fold: Bool, after previous: Int) -> Int? {
        let list = trie.pointee.foldedRootEdges
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if compare(list[middle], probe, fold: fold) < 0 { low = middle + 1 } else { high = middle }
        }
        if previous >= 0 {
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
    private func compare(_ edge: FlatTrie.Edge, _ probe: UnsafeBufferPointer<UInt8>, fold: Bool) -> Int {
        let keyStart = Int(edge.keyStart)
        let keyCount = Int(edge.keyCount)
        let common = min(keyCount, probe.count)
        var index = 0
        while index < common {
            let key = trie.pointee.keys[keyStart + index]
            var byte = probe[index]
            if fold, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if key != byte { return key < byte ? -1 : 1 }
            index += 1
        }
        return keyCount == probe.count ? 0 : (keyCount < probe.count ? -1 : 1)
    }
}

extension FlatTrie {
    /// The trie's buffers as one trivially copyable value, for the search.
    struct Views {
        let nodes: UnsafeBufferPointer<SegmentTrie.Node>
        let edges: UnsafeBufferPointer<Edge>
        let edgeSlots: UnsafeBufferPointer<Int32>
        let edgeSlotMask: Int
        let foldedRootEdges: UnsafeBufferPointer<Edge>
        let keys: UnsafeBufferPointer<UInt8>
        let leafLists: UnsafeBufferPointer<Int32>
        let leaves: UnsafeBufferPointer<SegmentTrie.Leaf>
        let leafScopes: UnsafeBufferPointer<Int32>
        let typedSlots: UnsafeBufferPointer<SegmentTrie.TypedSlot>
        let types: UnsafeMutableBufferPointer<ParameterType>
        let caseInsensitive: Bool
        let foldedRootIsUnique: Bool
    }
}
