/// The search-time data of one kind of child, in one value: what the builder keeps of it, its
/// buffers in the search's numbering, how they are laid out, checked, printed and released.
///
/// A kind of segment whose children need data at search time (today only segment patterns,
/// ``PatternChildren``) conforms in its own file and becomes one member of ``ChildKinds``. The
/// trie's layout and its views each hold one field of that type (``TrieLayout/kinds``,
/// ``FlatTrie/Views/kinds``), so the compiler checks that what is laid out is what the search reads.
/// Kinds without such data (literals, typed and untyped parameters, catch-alls) live in the nodes
/// and the leaves and need none of this.
protocol TrieChildKind: Sendable {
    /// What the builder keeps of the kind while templates are inserted, in the builder's numbering.
    associatedtype Building: Sendable
    /// The kind's buffers in the trie's one allocation, as the search reads them.
    associatedtype Views

    /// The kind's data in the search's numbering: `place` gives a builder node's number there, and
    /// the trie has `nodeCount` nodes.
    static func laidOut(_ building: Building, nodeCount: Int, place: (BuilderNodeIndex) -> NodeIndex) -> Self

    /// Places the kind's buffers through `cursor` (see ``FlatTrieStorage``).
    func layOut<Cursor: FlatTrieStorage.Cursor>(_ cursor: inout Cursor) -> Views

    /// Calls `body` with each child of `node` through this kind, and the child's label in a dump.
    static func forEachChild(of node: NodeIndex, in views: Views, _ body: (NodeIndex, String) -> Void)

    /// Reports, through `check`, every broken invariant of the kind's own buffers.
    static func checkInvariants(
        _ views: Views, nodeCount: Int, _ check: (Bool, @autoclosure () -> String) -> Void)

    /// Deinitializes the kind's buffers whose elements are not trivial (the allocation itself is
    /// freed by ``FlatTrieStorage``).
    static func release(_ views: Views)
}

/// Every kind with search-time data, as one ``TrieChildKind``: the one list a new kind joins.
///
/// Each hook goes through the classes of segment (``SegmentClass``) in an exhaustive `switch`, so a
/// new class stops the build here until it says whether its children have data of their own (a
/// member of this type, whose memberwise initializers then ask for it) or live in the nodes and
/// leaves.
struct ChildKinds: TrieChildKind {
    var patterns: PatternChildren

    struct Building: Sendable {
        var patterns = PatternChildren.Building()
    }

    struct Views {
        let patterns: PatternChildren.Views
    }

    static func laidOut(_ building: Building, nodeCount: Int, place: (BuilderNodeIndex) -> NodeIndex) -> Self {
        ChildKinds(patterns: .laidOut(building.patterns, nodeCount: nodeCount, place: place))
    }

    func layOut<Cursor: FlatTrieStorage.Cursor>(_ cursor: inout Cursor) -> Views {
        Views(patterns: patterns.layOut(&cursor))
    }

    static func forEachChild(of node: NodeIndex, in views: Views, _ body: (NodeIndex, String) -> Void) {
        for segmentClass in SegmentClass.allCases {
            switch segmentClass {
            case .pattern: PatternChildren.forEachChild(of: node, in: views.patterns, body)
            case .literal, .typed, .parameter, .catchAll: continue
            }
        }
    }

    static func checkInvariants(
        _ views: Views, nodeCount: Int, _ check: (Bool, @autoclosure () -> String) -> Void
    ) {
        for segmentClass in SegmentClass.allCases {
            switch segmentClass {
            case .pattern: PatternChildren.checkInvariants(views.patterns, nodeCount: nodeCount, check)
            case .literal, .typed, .parameter, .catchAll: continue
            }
        }
    }

    static func release(_ views: Views) {
        for segmentClass in SegmentClass.allCases {
            switch segmentClass {
            case .pattern: PatternChildren.release(views.patterns)
            case .literal, .typed, .parameter, .catchAll: continue
            }
        }
    }
}
