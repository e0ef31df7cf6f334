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

    /// Where the search of one depth stands: the node and its key, the next kind of child to try
    /// there, and, for the root's folded literals of an app link, the last one tried.
    private struct Frame {
        var node: Int32
        var stage: Int32
        var key: UInt64
        var lastLiteral: Int32
    }

    // The kinds of child a node's children are tried in, most specific first; then its catch-alls.
    private static let literalStage: Int32 = 0
    private static let typedStage: Int32 = 1
    private static let parameterStage: Int32 = 2
    private static let catchAllStage: Int32 = 3
    private static let doneStage: Int32 = 4

    /// The leaf of the best match: highest priority, then most specific, then first registered.
    ///
    /// A depth-first search without recursion: one frame per depth on a stack allocation, children
    /// tried literal, typed, parameter, then the node's catch-alls, the order in which templates
    /// meet DESIGN.md's precedence. Once a leaf is found, a subtree whose highest priority does not
    /// beat it is skipped, and once a leaf has the highest priority in the trie the search ends, so
    /// with equal priorities the first leaf found is the answer. The search's first path is walked
    /// on its own first (``firstPathLeaf()``), which is all most lookups need.
    func best() -> Hit? {
        let quick = firstPathLeaf()
        if quick.leaf >= 0 { return quick }
        if quick.leaf == Self.noMatch { return nil }
        return fullSearch().map(hit(leaf:))
    }

    /// A leaf found, with its route, so that the caller reads no leaf.
    struct Hit {
        var leaf: Int32
        var route: Int32
    }

    /// The ``Hit`` of a leaf, read from its record.
    @inline(__always)
    private func hit(leaf index: Int32) -> Hit {
        let leaf = trie.pointee.leaves[Int(index)]
        return Hit(leaf: index, route: leaf.route)
    }

    /// A ``firstPathLeaf()`` answer that is no leaf: -1 (search in full) or ``noMatch``.
    @inline(__always)
    private static func noLeaf(_ code: Int32) -> Hit {
        Hit(leaf: code, route: -1)
    }

    /// ``best()`` when the first path does not give the answer. Kept out of line, so that the
    /// common case pays neither for its stack of frames nor for the guard that protects it.
    @inline(never)
    private func fullSearch() -> Int32? {
        let depthCount = segments.count
        return withUnsafeTemporaryAllocation(of: Frame.self, capacity: depthCount + 1) { frames -> Int32? in
            let nodes = trie.pointee.nodes
            let maxPriorities = trie.pointee.maxPriorities
            let foldRoot = foldFirstSegment && !trie.pointee.caseInsensitive
            var best: Int32 = -1
            // Int64, so that "no leaf yet" is below every Int32 priority.
            var bestPriority = Int64.min
            let ceiling = Int64(maxPriorities[0])
            var node: Int32 = 0
            var key = trie.pointee.rootKey
            var depth = 0
            var stage = Self.literalStage
            var lastLiteral: Int32 = -1
            while true {
                let record = nodes[Int(node)]
                var next = Child.none
                if depth == depthCount {
                    considerEnding(at: node, &best, &bestPriority)
                } else {
                    while stage < Self.doneStage {
                        switch stage {
                        case Self.literalStage:
                            if depth == 0 && foldRoot {
                                if trie.pointee.foldedRootIsUnique {
                                    stage = Self.typedStage
                                    next = foldedRootChildByHash()
                                } else if let child = foldedRootChild(after: Int(lastLiteral)) {
                                    // Several root literals may fold to this key: stay at this stage.
                                    next = Child(node: Int32(tableIndex: child), key: trie.pointee.nodeKeys[child])
                                    lastLiteral = next.node
                                } else {
                                    stage = Self.typedStage
                                }
                            } else {
                                stage = Self.typedStage
                                if hasLiterals(node) {
                                    next = literalChild(of: Child(node: node, key: key), depth: depth)
                                }
                            }
                        case Self.typedStage:
                            stage = Self.parameterStage
                            if record.typedChild >= 0 {
                                next = Child(node: record.typedChild, key: NodeKey.child(key, NodeKey.typed))
                            }
                        case Self.parameterStage:
                            stage = Self.catchAllStage
                            if record.parameterChild >= 0 {
                                next = Child(node: record.parameterChild, key: NodeKey.child(key, NodeKey.parameter))
                            }
                        default:
                            stage = Self.doneStage
                            consider(record.catchAllStart, record.catchAllEnd, &best, &bestPriority)
                        }
                        if next.node >= 0 {
                            if Int64(maxPriorities[Int(next.node)]) > bestPriority { break }
                            next = .none  // nothing below it can beat the leaf found
                        }
                    }
                }
                if next.node >= 0 {
                    frames[depth] = Frame(node: node, stage: stage, key: key, lastLiteral: lastLiteral)
                    depth &+= 1
                    node = next.node
                    key = next.key
                    stage = Self.literalStage
                    lastLiteral = -1
                    continue
                }
                // Nothing in the trie beats the leaf found: the search is over without climbing back.
                if depth == 0 || bestPriority >= ceiling { break }
                depth &-= 1
                let frame = frames[depth]
                node = frame.node
                key = frame.key
                stage = frame.stage
                lastLiteral = frame.lastLiteral
            }
            return best >= 0 ? best : nil
        }
    }

    /// The answer when the search's first path gives it: the search goes down the literal, else the
    /// typed, else the parameter child at each depth, and the first path it completes is that one.
    /// When the path reaches the last segment, and a leaf there is acceptable and has the highest
    /// priority in the trie, nothing found later can beat it. Otherwise -1, and ``best()`` searches
    /// in full.
    ///
    /// A literal child's slot follows from the URL and the keys of the path so far, not from what
    /// was read, so the slots of a path of literals are read in parallel; then the last node, whose
    /// record usually answers for its first leaf.
    @inline(__always)
    private func firstPathLeaf() -> Hit {
        let nodes = trie.pointee.nodes
        let depthCount = segments.count
        let foldRoot = foldFirstSegment && !trie.pointee.caseInsensitive
        if foldRoot && !trie.pointee.foldedRootIsUnique { return Self.noLeaf(-1) }
        var node: Int32 = 0
        var key = trie.pointee.rootKey
        var depth = 0
        while depth < depthCount {
            var next = Child.none
            if hasLiterals(node) {
                next =
                    depth == 0 && foldRoot
                    ? foldedRootChildByHash() : literalChild(of: Child(node: node, key: key), depth: depth)
            }
            if next.node < 0 {
                let record = nodes[Int(node)]
                if record.typedChild >= 0 {
                    next = Child(node: record.typedChild, key: NodeKey.child(key, NodeKey.typed))
                } else if record.parameterChild >= 0 {
                    next = Child(node: record.parameterChild, key: NodeKey.child(key, NodeKey.parameter))
                } else {
                    // Nothing below takes the next segment: only catch-alls that start here can
                    // still match through this path.
                    var best: Int32 = -1
                    var bestPriority = Int64.min
                    consider(record.catchAllStart, record.catchAllEnd, &best, &bestPriority)
                    let answer = firstPathAnswer(best, bestPriority, at: node)
                    return answer >= 0 ? hit(leaf: answer) : Self.noLeaf(answer)
                }
            }
            node = next.node
            key = next.key
            depth &+= 1
        }
        var best: Int32 = -1
        var bestPriority = Int64.min
        considerEnding(at: node, &best, &bestPriority)
        let answer = firstPathAnswer(best, bestPriority, at: node)
        if answer < 0 { return Self.noLeaf(answer) }
        // The node's first ending template: its record sums it up (see ``FlatTrie/Node``).
        let record = nodes[Int(node)]
        if record.leafStart < record.catchAllStart && answer == record.leafStart {
            return Hit(leaf: answer, route: record.endRoute)
        }
        return hit(leaf: answer)
    }

    /// Whether the node's record shows that its first ending leaf is acceptable, as ``accepts(_:)``
    /// would find: a plain leaf (no typed slots, scope IDs below 32) in this search's scope, with
    /// the trailing slash this search asks for, if it asks. `false` sends the caller to the leaves.
    @inline(__always)
    private func acceptsFirstEnding(_ record: FlatTrie.Node) -> Bool {
        guard record.endFlags & FlatTrie.Node.endIsPlain != 0, scopeID >= 0, scopeID < 32 else { return false }
        if record.endScopes & (1 &<< UInt32(truncatingIfNeeded: scopeID)) == 0 { return false }
        if strictTrailingSlash
            && (record.endFlags & FlatTrie.Node.endHasTrailingSlash != 0) != hasTrailingSlash
        {
            return false
        }
        return true
    }

    /// ``firstPathLeaf()``'s answer when the search has shown that nothing matches.
    private static let noMatch: Int32 = -2

    /// What the leaf found where the first path ends (or stops, at `node`) tells: it is the answer
    /// when it has the highest priority in the trie; when no node on the path has another way on
    /// (``SegmentTrie/unforkedNodes``), it is the answer whatever its priority, and no leaf means
    /// no match; otherwise -1, and the search goes on in full.
    ///
    /// Where the path stops, the leaf is a catch-all that starts at `node`. The first path is the
    /// most specific at every depth it reached, so that catch-all beats every match that leaves the
    /// path earlier (less specific at the depth where it leaves) and every catch-all that starts
    /// higher up on it (a catch-all where it has a segment); nothing else matches through `node`.
    @inline(__always)
    private func firstPathAnswer(_ best: Int32, _ bestPriority: Int64, at node: Int32) -> Int32 {
        if bestPriority >= Int64(trie.pointee.maxPriorities[0]) { return best }
        guard Self.isSet(trie.pointee.unforkedNodes, node) else { return -1 }
        return best >= 0 ? best : Self.noMatch
    }

    /// Whether `node`'s bit is set in a per-node bitset.
    @inline(__always)
    private static func isSet(_ bits: UnsafeBufferPointer<UInt64>, _ node: Int32) -> Bool {
        bits[Int(node &>> 6)] & (1 &<< UInt64(truncatingIfNeeded: node & 63)) != 0
    }

    /// Whether `node` has literal children (see ``SegmentTrie/literalNodes``).
    @inline(__always)
    private func hasLiterals(_ node: Int32) -> Bool {
        Self.isSet(trie.pointee.literalNodes, node)
    }

    /// Considers the leaves of a node the path ends at: the templates that end there, then the
    /// catch-alls that start there (which match no segment). The first template that ends there is
    /// judged from the node's record when the record can tell (``acceptsFirstEnding(_:)``), so that
    /// no leaf is read; it wins, as in ``consider``, only with a priority above the best so far.
    @inline(__always)
    private func considerEnding(at node: Int32, _ best: inout Int32, _ bestPriority: inout Int64) {
        let record = trie.pointee.nodes[Int(node)]
        if record.leafStart < record.catchAllStart && acceptsFirstEnding(record) {
            if Int64(record.endPriority) > bestPriority {
                best = record.leafStart
                bestPriority = Int64(record.endPriority)
            }
        } else {
            consider(record.leafStart, record.catchAllStart, &best, &bestPriority)
        }
        consider(record.catchAllStart, record.catchAllEnd, &best, &bestPriority)
    }

    /// Takes the first acceptable leaf of a run (ordered by priority, then registration) if it beats
    /// the best so far. Found later in the search means less specific, so only a strictly higher
    /// priority wins.
    @inline(__always)
    private func consider(_ start: Int32, _ end: Int32, _ best: inout Int32, _ bestPriority: inout Int64) {
        let leaves = trie.pointee.leaves
        var position = start
        while position < end {
            let priority = Int64(leaves[Int(position)].priority)
            if priority <= bestPriority { return }
            if accepts(position) {
                best = position
                bestPriority = priority
                return
            }
            position &+= 1
        }
    }

    // MARK: - Every match

    /// Every matching leaf, in search order (most specific first). The caller orders by priority.
    func all(into results: inout [Int32]) {
        searchAll(node: 0, key: trie.pointee.rootKey, depth: 0, into: &results)
    }

    private func searchAll(node index: Int, key: UInt64, depth: Int, into results: inout [Int32]) {
        let node = trie.pointee.nodes[index]
        let catchAllEnd = node.catchAllEnd
        if depth == segments.count {
            collect(node.leafStart, node.catchAllStart, into: &results)
            collect(node.catchAllStart, catchAllEnd, into: &results)
            return
        }
        if depth == 0 && foldFirstSegment && !trie.pointee.caseInsensitive {
            var found = foldedRootChild(after: -1)
            while let child = found {
                searchAll(node: child, key: trie.pointee.nodeKeys[child], depth: depth + 1, into: &results)
                found = foldedRootChild(after: child)
            }
        } else if hasLiterals(Int32(tableIndex: index)) {
            let child = literalChild(of: Child(node: Int32(tableIndex: index), key: key), depth: depth)
            if child.node >= 0 { searchAll(node: Int(child.node), key: child.key, depth: depth + 1, into: &results) }
        }
        if node.typedChild >= 0 {
            searchAll(
                node: Int(node.typedChild), key: NodeKey.child(key, NodeKey.typed), depth: depth + 1, into: &results)
        }
        if node.parameterChild >= 0 {
            searchAll(
                node: Int(node.parameterChild), key: NodeKey.child(key, NodeKey.parameter), depth: depth + 1,
                into: &results)
        }
        collect(node.catchAllStart, catchAllEnd, into: &results)
    }

    private func collect(_ start: Int32, _ end: Int32, into results: inout [Int32]) {
        for position in start..<end where accepts(position) { results.append(position) }
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
}
