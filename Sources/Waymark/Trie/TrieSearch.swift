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
    let scopeID: ScopeID

    // MARK: - Best match

    /// Where the search of one depth stands: the node and its key, the next kind of child to try
    /// there, and, for the root's folded literals of an app link, the last one tried.
    private struct Frame {
        var node: NodeIndex
        var stage: SearchStage
        var key: UInt64
        var lastLiteral: NodeIndex
        /// How many of the node's patterns have been tried.
        var patternsTried: Int32
    }

    /// The leaf of the best match: highest priority, then most specific, then first registered.
    ///
    /// A depth-first search without recursion: one frame per depth on a stack allocation, children
    /// tried literal, typed, parameter, then the node's catch-alls, the order in which templates
    /// meet DESIGN.md's precedence. Once a leaf is found, a subtree whose highest priority does not
    /// beat it is skipped, and once a leaf has the highest priority in the trie the search ends, so
    /// with equal priorities the first leaf found is the answer. The search's first path is walked
    /// on its own first (``firstPathLeaf()``), which is all most lookups need.
    func best() -> Hit? {
        switch firstPathLeaf() {
        case .found(let hit): return hit
        case .noMatch: return nil
        case .searchInFull: return fullSearch().map(hit(leaf:))
        }
    }

    /// A leaf found, with its route, so that the caller reads no leaf.
    struct Hit {
        var leaf: LeafIndex
        var route: RouteIndex
    }

    /// The ``Hit`` of a leaf, read from its record.
    @inline(__always)
    private func hit(leaf index: LeafIndex) -> Hit {
        let leaf = trie.pointee.leaves[leaf: index]
        return Hit(leaf: index, route: leaf.route)
    }

    /// ``best()`` when the first path does not give the answer. Kept out of line, so that the
    /// common case pays neither for its stack of frames nor for the guard that protects it.
    @inline(never)
    private func fullSearch() -> LeafIndex? {
        var unused: [LeafIndex] = []
        return walk(collectingInto: &unused, collectAll: false)
    }

    /// The one walk of the trie beyond its first path: depth first, without recursion (one frame
    /// per depth), each node's children in ``SearchStage`` order. For the best match it keeps the
    /// best leaf, skips a subtree whose highest priority cannot beat it and stops once nothing in
    /// the trie can; with `collectAll` it appends every acceptable leaf to `results` in search
    /// order (most specific first) and prunes nothing.
    /// Inlined into both callers, so that each is compiled for its own `collectAll`.
    @inline(__always)
    private func walk(collectingInto results: inout [LeafIndex], collectAll: Bool) -> LeafIndex? {
        let depthCount = segments.count
        return withUnsafeTemporaryAllocation(of: Frame.self, capacity: depthCount + 1) { frames -> LeafIndex? in
            let nodes = trie.pointee.nodes
            let maxPriorities = trie.pointee.maxPriorities
            let foldRoot = foldFirstSegment && !trie.pointee.caseInsensitive
            var best = LeafIndex.none
            // Int64, so that "no leaf yet" is below every Int32 priority.
            var bestPriority = Int64.min
            let ceiling = Int64(maxPriorities[0])
            var node = NodeIndex.root
            var key = trie.pointee.rootKey
            var depth = 0
            var stage = SearchStage(.literal)
            var lastLiteral = NodeIndex.none
            var patternsTried: Int32 = 0
            while true {
                let record = nodes[node: node]
                var next = Child.none
                if depth == depthCount {
                    if collectAll {
                        collect(record.leafStart, record.catchAllEnd, into: &results)
                    } else {
                        considerEnding(at: node, &best, &bestPriority)
                    }
                } else {
                    while stage != .done {
                        switch stage {
                        case .literal:
                            if depth == 0 && foldRoot {
                                if trie.pointee.foldedRootIsUnique {
                                    stage = .pattern
                                    next = foldedRootChildByHash()
                                } else if let child = foldedRootChild(after: lastLiteral) {
                                    // Several root literals may fold to this key: stay at this stage.
                                    next = Child(node: child, key: trie.pointee.nodeKeys[node: child])
                                    lastLiteral = next.node
                                } else {
                                    stage = .pattern
                                }
                            } else {
                                stage = .pattern
                                if hasLiterals(node) {
                                    next = literalChild(of: Child(node: node, key: key), depth: depth)
                                }
                            }
                        case .pattern:
                            // Stays at this stage while patterns are left to try after a match.
                            if let child = nextPatternChild(
                                of: Child(node: node, key: key), depth: depth, &patternsTried)
                            {
                                next = child
                            } else {
                                stage = .typed
                            }
                        case .typed:
                            stage = .parameter
                            if record.typedChild.exists {
                                next = Child(node: record.typedChild, key: NodeKey.child(key, NodeKey.typed))
                            }
                        case .parameter:
                            stage = .catchAll
                            if record.parameterChild.exists {
                                next = Child(node: record.parameterChild, key: NodeKey.child(key, NodeKey.parameter))
                            }
                        case .catchAll:
                            stage = .done
                            if collectAll {
                                collect(record.catchAllStart, record.catchAllEnd, into: &results)
                            } else {
                                consider(record.catchAllStart, record.catchAllEnd, &best, &bestPriority)
                            }
                        case .done:
                            break
                        }
                        if next.node.exists {
                            if Int64(maxPriorities[node: next.node]) > bestPriority { break }
                            next = .none  // nothing below it can beat the leaf found
                        }
                    }
                }
                if next.node.exists {
                    frames[depth] = Frame(
                        node: node, stage: stage, key: key, lastLiteral: lastLiteral, patternsTried: patternsTried)
                    depth &+= 1
                    node = next.node
                    key = next.key
                    stage = SearchStage(.literal)
                    lastLiteral = .none
                    patternsTried = 0
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
                patternsTried = frame.patternsTried
            }
            return best.exists ? best : nil
        }
    }

    /// The answer when the search's first path gives it: the search goes down the literal, else the
    /// typed, else the parameter child at each depth, and the first path it completes is that one.
    /// When the path reaches the last segment, and a leaf there is acceptable and has the highest
    /// priority in the trie, nothing found later can beat it. Otherwise ``FirstPathAnswer/searchInFull``, and ``best()`` searches
    /// in full.
    ///
    /// A literal child's slot follows from the URL and the keys of the path so far, not from what
    /// was read, so the slots of a path of literals are read in parallel; then the last node, whose
    /// record usually answers for its first leaf.
    @inline(__always)
    private func firstPathLeaf() -> FirstPathAnswer<Hit> {
        let nodes = trie.pointee.nodes
        let depthCount = segments.count
        let foldRoot = foldFirstSegment && !trie.pointee.caseInsensitive
        if foldRoot && !trie.pointee.foldedRootIsUnique { return .searchInFull }
        var node = NodeIndex.root
        var key = trie.pointee.rootKey
        var depth = 0
        while depth < depthCount {
            var next = Child.none
            if hasLiterals(node) {
                next =
                    depth == 0 && foldRoot
                    ? foldedRootChildByHash() : literalChild(of: Child(node: node, key: key), depth: depth)
            }
            if !next.node.exists {
                // A pattern child is tried in the full search only: one bit, where no literal matched.
                if hasPatterns(node) { return .searchInFull }
                let record = nodes[node: node]
                if record.typedChild.exists {
                    next = Child(node: record.typedChild, key: NodeKey.child(key, NodeKey.typed))
                } else if record.parameterChild.exists {
                    next = Child(node: record.parameterChild, key: NodeKey.child(key, NodeKey.parameter))
                } else {
                    // Nothing below takes the next segment: only catch-alls that start here can
                    // still match through this path.
                    var best = LeafIndex.none
                    var bestPriority = Int64.min
                    consider(record.catchAllStart, record.catchAllEnd, &best, &bestPriority)
                    return firstPathAnswer(best, bestPriority, at: node).map(hit(leaf:))
                }
            }
            node = next.node
            key = next.key
            depth &+= 1
        }
        var best = LeafIndex.none
        var bestPriority = Int64.min
        considerEnding(at: node, &best, &bestPriority)
        return firstPathAnswer(best, bestPriority, at: node).map { answer in
            // The node's first ending template: its record sums it up (see ``FlatTrie/Node``).
            let record = nodes[node: node]
            if record.leafStart < record.catchAllStart && answer.rawValue == record.leafStart {
                return Hit(leaf: answer, route: record.endRoute)
            }
            return hit(leaf: answer)
        }
    }

    /// Whether the node's record shows that its first ending leaf is acceptable, as ``accepts(_:)``
    /// would find: a plain leaf (no typed slots, scope IDs below 32) in this search's scope, with
    /// the trailing slash this search asks for, if it asks. `false` sends the caller to the leaves.
    @inline(__always)
    private func acceptsFirstEnding(_ record: FlatTrie.Node) -> Bool {
        let scope = scopeID.rawValue
        guard record.endFlags & FlatTrie.Node.endIsPlain != 0, scope >= 0, scope < 32 else { return false }
        if record.endScopes & (1 &<< UInt32(truncatingIfNeeded: scope)) == 0 { return false }
        if strictTrailingSlash
            && (record.endFlags & FlatTrie.Node.endHasTrailingSlash != 0) != hasTrailingSlash
        {
            return false
        }
        return true
    }

    /// What the leaf found where the first path ends (or stops, at `node`) tells: it is the answer
    /// when it has the highest priority in the trie; when no node on the path has another way on
    /// (``TrieLayout/unforkedNodes``), it is the answer whatever its priority, and no leaf means
    /// no match; otherwise the search goes on in full.
    ///
    /// Where the path stops, the leaf is a catch-all that starts at `node`. The first path is the
    /// most specific at every depth it reached, so that catch-all beats every match that leaves the
    /// path earlier (less specific at the depth where it leaves) and every catch-all that starts
    /// higher up on it (a catch-all where it has a segment); nothing else matches through `node`.
    @inline(__always)
    private func firstPathAnswer(
        _ best: LeafIndex, _ bestPriority: Int64, at node: NodeIndex
    ) -> FirstPathAnswer<LeafIndex> {
        if bestPriority >= Int64(trie.pointee.maxPriorities[0]) { return .found(best) }
        guard trie.pointee.unforkedNodes.contains(bitOf: node) else { return .searchInFull }
        return best.exists ? .found(best) : .noMatch
    }

    /// Whether `node` has literal children (see ``TrieLayout/literalNodes``).
    @inline(__always)
    private func hasLiterals(_ node: NodeIndex) -> Bool {
        trie.pointee.literalNodes.contains(bitOf: node)
    }

    /// Considers the leaves of a node the path ends at: the templates that end there, then the
    /// catch-alls that start there (which match no segment). The first template that ends there is
    /// judged from the node's record when the record can tell (``acceptsFirstEnding(_:)``), so that
    /// no leaf is read; it wins, as in ``consider``, only with a priority above the best so far.
    @inline(__always)
    private func considerEnding(at node: NodeIndex, _ best: inout LeafIndex, _ bestPriority: inout Int64) {
        let record = trie.pointee.nodes[node: node]
        if record.leafStart < record.catchAllStart && acceptsFirstEnding(record) {
            if Int64(record.endPriority) > bestPriority {
                best = LeafIndex(record.leafStart)
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
    private func consider(_ start: Int32, _ end: Int32, _ best: inout LeafIndex, _ bestPriority: inout Int64) {
        let leaves = trie.pointee.leaves
        var position = start
        while position < end {
            let priority = Int64(leaves[Int(position)].priority)
            if priority <= bestPriority { return }
            if accepts(position) {
                best = LeafIndex(position)
                bestPriority = priority
                return
            }
            position &+= 1
        }
    }

    // MARK: - Every match

    /// Every matching leaf, in search order (most specific first). The caller orders by priority.
    @inline(never)
    func all(into results: inout [LeafIndex]) {
        _ = walk(collectingInto: &results, collectAll: true)
    }

    private func collect(_ start: Int32, _ end: Int32, into results: inout [LeafIndex]) {
        for position in start..<end where accepts(position) { results.append(LeafIndex(position)) }
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

    /// Whether `type` accepts a decoded value, as bytes.
    func typeAccepts(_ type: ParameterType, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if case .int = type.kind { return ParameterType.acceptsInt(value) }
        return type.accepts(String(decoding: value, as: UTF8.self))
    }

    private func typeAccepts(_ type: ParameterType, _ segment: SegmentRef) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        if !segment.isComplex, case .int = type.kind { return ParameterType.acceptsInt(raw) }
        guard let value = PercentDecoding.decode(raw) else { return false }
        return type.accepts(value)
    }
}

/// The kinds of child a search tries at a node, in ``SegmentClass``'s order (most specific first),
/// then done. The search's `switch` over it is exhaustive, so a new class of segment is a new stage
/// the compiler asks the search to handle.
enum SearchStage: UInt8 {
    case literal, pattern, typed, parameter, catchAll, done

    /// The stage that tries children of `segmentClass`.
    init(_ segmentClass: SegmentClass) {
        switch segmentClass {
        case .literal: self = .literal
        case .pattern: self = .pattern
        case .typed: self = .typed
        case .parameter: self = .parameter
        case .catchAll: self = .catchAll
        }
    }
}

/// What the search's first path tells (``TrieSearch/firstPathLeaf()``): the answer, no match at
/// all, or that the search must go on in full.
enum FirstPathAnswer<Found> {
    case found(Found)
    case noMatch
    case searchInFull

    @inline(__always)
    func map<Other>(_ transform: (Found) -> Other) -> FirstPathAnswer<Other> {
        switch self {
        case .found(let found): .found(transform(found))
        case .noMatch: .noMatch
        case .searchInFull: .searchInFull
        }
    }
}
