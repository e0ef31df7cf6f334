/// The search-time data of children through a segment pattern (`{id}.json`, `v{major}.{minor}`):
/// the patterns, each node's pattern children in precedence order, and the parameters captured
/// inside a segment. Everything the kind adds to the trie is here: what the builder keeps, the
/// buffers, their layout, invariants, dump and release, the edge tag of a child's ``NodeKey``, the
/// search's stage for the kind, and the reading of a capture when a match's parameters are decoded.
struct PatternChildren: TrieChildKind {
    /// A pattern child as the search reads it: the pattern's index and the child.
    struct Edge: Sendable {
        var pattern: Int32
        var child: NodeIndex
    }

    /// A parameter captured inside a segment: the segment's position, its pattern and which of the
    /// pattern's captures it is.
    struct Capture: Sendable {
        var segment: Int32
        var pattern: Int32
        var capture: Int32
    }

    /// Segment patterns by shape (``SegmentPattern/shape``), each once; what an edge's `pattern`
    /// indexes.
    var patterns: [SegmentPattern]
    /// Every pattern child, in runs by parent, each run in precedence order.
    var edges: [Edge]
    /// Per node (empty when the table has no pattern): its run of `edges`, start in the low half,
    /// count in the high half.
    var runs: [UInt64]
    /// One bit per node, set when the node has pattern children.
    var nodes: [UInt64]
    /// What a ``ParameterPosition/capture(_:)`` indexes.
    var captures: [Capture]

    /// The edge tag of the child through pattern `index` (see ``NodeKey/child(_:_:)``).
    @inline(__always)
    static func edgeTag(_ index: Int32) -> UInt64 {
        0x7061_7474_6572_6E5F ^ (UInt64(UInt32(bitPattern: index)) &* 0xC2B2_AE3D_27D4_EB4F)
    }

    // MARK: - Building

    /// What the builder keeps: the patterns and captures as they will be laid out, and each pattern
    /// child with its parent, in the builder's numbering.
    struct Building: Sendable {
        fileprivate var patterns: [SegmentPattern] = []
        private var indexes: [SegmentPattern: Int32] = [:]
        private var children: [UInt64: BuilderNodeIndex] = [:]
        fileprivate var edges: [(parent: BuilderNodeIndex, pattern: Int32, child: BuilderNodeIndex)] = []
        fileprivate var captures: [Capture] = []

        /// The index of `pattern`'s shape, as the table compares it (ASCII-folded in a
        /// case-insensitive table), with its captures' types (`typeIndex` gives a type's index).
        mutating func shape(
            of pattern: SegmentPattern, caseInsensitive: Bool, typeIndex: (String) -> Int32
        ) -> Int32 {
            var shape = caseInsensitive ? pattern.shape.foldingASCIICase : pattern.shape
            shape.typeIndexes = pattern.captures.map { $0.type.map(typeIndex) ?? -1 }
            if let index = indexes[shape] { return index }
            patterns.append(shape)
            indexes[shape] = Int32(tableIndex: patterns.count - 1)
            return Int32(tableIndex: patterns.count - 1)
        }

        /// Records capture `capture` of pattern `pattern` in segment `segment`, and returns where a
        /// leaf's parameter list finds it.
        mutating func capture(segment: Int, pattern: Int32, capture: Int) -> ParameterPosition {
            captures.append(
                Capture(segment: Int32(tableIndex: segment), pattern: pattern, capture: Int32(tableIndex: capture)))
            return .capture(Int32(tableIndex: captures.count - 1))
        }

        /// The child of `parent` through pattern `pattern`, if it was made.
        func child(of parent: BuilderNodeIndex, pattern: Int32) -> BuilderNodeIndex? {
            children[Self.key(parent, pattern)]
        }

        /// Records `child` as `parent`'s child through pattern `pattern`.
        mutating func add(_ child: BuilderNodeIndex, of parent: BuilderNodeIndex, pattern: Int32) {
            children[Self.key(parent, pattern)] = child
            edges.append((parent, pattern, child))
        }

        private static func key(_ parent: BuilderNodeIndex, _ pattern: Int32) -> UInt64 {
            UInt64(UInt32(bitPattern: parent.rawValue)) &<< 32 | UInt64(UInt32(bitPattern: pattern))
        }
    }

    static func laidOut(_ building: Building, nodeCount: Int, place: (BuilderNodeIndex) -> NodeIndex) -> Self {
        // A node's patterns in precedence order (``Specificity/Rank``): more literal text first, then
        // by the shape's text.
        let ranks = building.patterns.map { Specificity.Rank(.pattern($0)) }
        let placed = building.edges.map {
            (parent: place($0.parent), edge: Edge(pattern: $0.pattern, child: place($0.child)))
        }
        .sorted { lhs, rhs in
            lhs.parent != rhs.parent
                ? lhs.parent.rawValue < rhs.parent.rawValue
                : ranks[Int(lhs.edge.pattern)] < ranks[Int(rhs.edge.pattern)]
        }
        var runs = [UInt64](repeating: 0, count: placed.isEmpty ? 0 : nodeCount)
        var nodes = [UInt64](repeating: 0, count: (nodeCount + 63) / 64)
        var start = 0
        while start < placed.count {
            let parent = placed[start].parent
            var end = start
            while end < placed.count && placed[end].parent == parent { end += 1 }
            runs[parent.offset] = UInt64(truncatingIfNeeded: start) | UInt64(truncatingIfNeeded: end - start) &<< 32
            nodes[parent.offset &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: parent.offset & 63)
            start = end
        }
        return PatternChildren(
            patterns: building.patterns, edges: placed.map(\.edge), runs: runs, nodes: nodes,
            captures: building.captures)
    }

    // MARK: - Laid out

    /// The buffers, as the search reads them.
    struct Views {
        let patterns: UnsafeBufferPointer<SegmentPattern>
        let edges: UnsafeBufferPointer<Edge>
        let runs: UnsafeBufferPointer<UInt64>
        let nodes: UnsafeBufferPointer<UInt64>
        let captures: UnsafeBufferPointer<Capture>

        /// Whether `node` has pattern children: one bit.
        @inline(__always)
        func hasChildren(_ node: NodeIndex) -> Bool {
            runs.count > 0 && nodes.contains(bitOf: node)
        }

        /// `node`'s pattern children, in precedence order.
        func children(of node: NodeIndex) -> UnsafeBufferPointer<Edge> {
            guard node.offset < runs.count else { return UnsafeBufferPointer(rebasing: edges[0..<0]) }
            let run = runs[node.offset]
            let start = Int(truncatingIfNeeded: run & 0xFFFF_FFFF)
            let count = Int(truncatingIfNeeded: run &>> 32)
            return UnsafeBufferPointer(rebasing: edges[start..<(start + count)])
        }

        /// The position of the segment that holds capture `index`.
        func segment(ofCapture index: Int32) -> Int32 {
            captures[Int(index)].segment
        }

        /// The value of capture `index` in the segment's decoded text: the pattern splits it again
        /// as the search did (``SegmentPattern/scan(_:_:)``).
        func value(ofCapture index: Int32, inSegment segment: String) -> String {
            let capture = captures[Int(index)]
            let pattern = patterns[Int(capture.pattern)]
            let bytes = Array(segment.utf8)
            return bytes.withUnsafeBufferPointer { text in
                var value = ""
                _ = pattern.scan(text) { index, range in
                    if index == Int(capture.capture) {
                        value = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
                    }
                    return true
                }
                return value
            }
        }
    }

    func layOut<Cursor: FlatTrieStorage.Cursor>(_ cursor: inout Cursor) -> Views {
        Views(
            patterns: cursor.place(patterns), edges: cursor.place(edges), runs: cursor.place(runs),
            nodes: cursor.place(nodes), captures: cursor.place(captures))
    }

    static func forEachChild(of node: NodeIndex, in views: Views, _ body: (NodeIndex, String) -> Void) {
        for edge in views.children(of: node) {
            body(
                edge.child, Int(edge.pattern) < views.patterns.count ? "{\(views.patterns[Int(edge.pattern)])}" : "{?}")
        }
    }

    /// Runs lie in the edges, each edge's pattern and child exist, a node's bit is set exactly when
    /// it has a run, and every capture names a pattern and one of its captures.
    static func checkInvariants(
        _ views: Views, nodeCount: Int, _ check: (Bool, @autoclosure () -> String) -> Void
    ) {
        check(views.runs.isEmpty || views.runs.count == nodeCount, "the pattern runs are one per node")
        for node in 0..<nodeCount {
            var count = 0
            if node < views.runs.count {
                let run = views.runs[node]
                let start = Int(truncatingIfNeeded: run & 0xFFFF_FFFF)
                count = Int(truncatingIfNeeded: run &>> 32)
                check(start + count <= views.edges.count, "node \(node)'s pattern run is past the last")
                if start + count > views.edges.count { count = 0 }
            }
            let word = node >> 6
            let bit = word < views.nodes.count && views.nodes[word] & (1 << UInt64(truncatingIfNeeded: node & 63)) != 0
            check(bit == (count > 0), "node \(node)'s pattern bit")
        }
        for edge in views.edges {
            check(
                Int(edge.pattern) < views.patterns.count, "a pattern child's pattern \(edge.pattern) is past the last")
            check(edge.child.exists && edge.child.offset < nodeCount, "a pattern child is \(edge.child)")
        }
        for (index, capture) in views.captures.enumerated() {
            let known = Int(capture.pattern) < views.patterns.count
            check(
                known && Int(capture.capture) < views.patterns[Int(capture.pattern)].captures.count,
                "capture \(index) names no capture of a pattern")
        }
    }

    static func release(_ views: Views) {
        if let start = views.patterns.baseAddress {
            UnsafeMutablePointer(mutating: start).deinitialize(count: views.patterns.count)
        }
    }
}

// MARK: - Search

extension TrieSearch {
    /// Whether `node` has pattern children.
    @inline(__always)
    func hasPatterns(_ node: NodeIndex) -> Bool {
        trie.pointee.kinds.patterns.hasChildren(node)
    }

    /// The next of `parent`'s pattern children, after the `tried` first, whose pattern splits segment
    /// `depth` and whose typed captures accept their values; `tried` moves past it. `nil` when none
    /// is left.
    func nextPatternChild(of parent: Child, depth: Int, _ tried: inout Int32) -> Child? {
        let kind = trie.pointee.kinds.patterns
        guard kind.hasChildren(parent.node) else { return nil }
        let children = kind.children(of: parent.node)
        let segment = segments[depth]
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        // A percent-encoded segment is split as decoded text, like a literal compares.
        let decoded: [UInt8]? = segment.isComplex ? PercentDecoding.decode(raw).map { Array($0.utf8) } : nil
        if segment.isComplex && decoded == nil { return nil }
        while Int(tried) < children.count {
            let edge = children[Int(tried)]
            tried += 1
            let pattern = kind.patterns.baseAddress.unsafelyUnwrapped + Int(edge.pattern)
            let matches = { (text: UnsafeBufferPointer<UInt8>) -> Bool in
                pattern.pointee.scan(text) { capture, range in
                    let type = pattern.pointee.typeIndexes[capture]
                    return type < 0
                        || self.typeAccepts(
                            self.trie.pointee.types[Int(type)], UnsafeBufferPointer(rebasing: text[range]))
                }
            }
            let found = decoded.map { $0.withUnsafeBufferPointer(matches) } ?? matches(raw)
            if found {
                return Child(node: edge.child, key: NodeKey.child(parent.key, PatternChildren.edgeTag(edge.pattern)))
            }
        }
        return nil
    }
}
