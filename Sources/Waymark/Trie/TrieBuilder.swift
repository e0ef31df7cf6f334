/// Builds the route table's trie over path segments directly in the search's layout (``TrieLayout``,
/// see ``FlatTrie``), as templates are inserted.
///
/// A literal child is numbered as its edge is made: the child of record `i` is node `i + 1`, the
/// search's own numbering, and its record goes into the hash table the search reads, at the
/// position of the child's ``NodeKey``, which is how the builder finds it again. The other children
/// (typed, parameter and pattern children) are numbered apart, from
/// ``TrieIndex/otherSideBase``; ``build(types:)`` places them after the literal children by one
/// offset. Each node's leaves form a linked list until ``build(types:)`` lays them out in runs.
///
/// Each node has literal children, at most one child for typed parameters (of every type: the type
/// is checked at the leaf, so that all typed parameters share one specificity class), at most one
/// child for untyped parameters and anonymous `*` segments, pattern children (``PatternChildren``),
/// and two lists of leaves: templates that end here, and catch-alls that start here. A depth-first
/// search that visits children in the order literal, pattern, typed, parameter, catch-all meets
/// templates in the precedence order of DESIGN.md.
struct TrieBuilder: Sendable {
    /// A node while the trie is built.
    struct BuildNode: Sendable {
        var key: UInt64
        var parent: BuilderNodeIndex
        var typed: BuilderNodeIndex = .none
        var parameter: BuilderNodeIndex = .none
        var terminalHead: BuilderLeafIndex = .none
        var catchAllHead: BuilderLeafIndex = .none
        var hasLiterals = false
        /// Whether the node has another child than a literal one.
        var forks = false
    }

    /// The root and the literal children, in the search's numbering.
    private(set) var literalSide: [BuildNode] = [BuildNode(key: NodeKey.root, parent: .none)]
    /// The other children, in the order made.
    private(set) var otherSide: [BuildNode] = []
    /// Every node but the root, in the order made: each after its parent.
    private(set) var creationOrder: [BuilderNodeIndex] = []
    /// The literal edges' records, as the search reads them, except that a parent among the other
    /// children has its builder number (``build(types:)`` places it).
    private(set) var slots: [FlatTrie.Slot] = []
    /// The search's hash table over `slots`, grown as they are added.
    private(set) var slotIndexes = [Int32](repeating: -1, count: 64)
    private(set) var slotShift = NodeKey.shift(capacity: 64)
    private(set) var keyBytes: [UInt8] = []
    /// Leaves in the order inserted.
    private(set) var leaves: [FlatTrie.Leaf] = []
    /// The next leaf in the same node's list, parallel to `leaves`.
    private(set) var nextLeaf: [BuilderLeafIndex] = []
    private(set) var leafScopes: [ScopeID] = []
    private var scopeRuns: [[ScopeID]: Int32] = [:]
    /// The scope IDs of `[.appAny, .universalAny]`, which most routes have, and where their run is.
    static let defaultScopeIDs: [ScopeID] = [.appAny, .universalAny]
    private var defaultScopeRun: Int32 = -1
    private(set) var typedSlots: [FlatTrie.TypedSlot] = []
    private(set) var parameterPositions: [ParameterPosition] = []
    private(set) var parameterNames: [NameIndex] = []
    private(set) var names: [String] = []
    private var nameIndexes: [String: NameIndex] = [:]
    /// What the kinds with search-time data keep.
    private(set) var kinds = ChildKinds.Building()
    /// The root's literal children and their text as written.
    private(set) var rootTexts: [(child: BuilderNodeIndex, text: String)] = []
    let caseInsensitive: Bool

    init(caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
    }

    // MARK: - Nodes

    /// A node's record.
    func node(_ index: BuilderNodeIndex) -> BuildNode {
        index.isOtherSide ? otherSide[index.otherSideOffset] : literalSide[index.offset]
    }

    /// Changes a node's record in place.
    private mutating func update(_ index: BuilderNodeIndex, _ change: (inout BuildNode) -> Void) {
        if index.isOtherSide { change(&otherSide[index.otherSideOffset]) } else { change(&literalSide[index.offset]) }
    }

    /// A new child of `parent` other than a literal one, reached through the edge `tag`.
    private mutating func otherChild(of parent: BuilderNodeIndex, parentKey: UInt64, tag: UInt64) -> BuilderNodeIndex {
        let child = BuilderNodeIndex(otherSide: otherSide.count)
        otherSide.append(BuildNode(key: NodeKey.child(parentKey, tag), parent: parent))
        creationOrder.append(child)
        update(parent) { $0.forks = true }
        return child
    }

    // MARK: - Leaves

    /// The leaves of every node that has more than one, to look for conflicts: templates that end
    /// (or catch all) at the same node have the same shape.
    var leafGroups: [[BuilderLeafIndex]] {
        var groups: [[BuilderLeafIndex]] = []
        func add(_ node: BuildNode) {
            for head in [node.terminalHead, node.catchAllHead] where head.exists && nextLeaf[head.offset].exists {
                groups.append(list(from: head))
            }
        }
        literalSide.forEach(add)
        otherSide.forEach(add)
        return groups
    }

    /// A node's list of leaves, in the order inserted.
    func list(from head: BuilderLeafIndex) -> [BuilderLeafIndex] {
        var result: [BuilderLeafIndex] = []
        var leaf = head
        while leaf.exists {
            result.append(leaf)
            leaf = nextLeaf[leaf.offset]
        }
        return result.reversed()
    }

    /// The typed slots of a leaf.
    func typedSlots(of leaf: FlatTrie.Leaf) -> ArraySlice<FlatTrie.TypedSlot> {
        typedSlots[Int(leaf.typedStart)..<(Int(leaf.typedStart) + Int(leaf.typedCount))]
    }

    /// The scope IDs of a leaf.
    func scopes(of leaf: FlatTrie.Leaf) -> ArraySlice<ScopeID> {
        leafScopes[Int(leaf.scopeStart)..<(Int(leaf.scopeStart) + Int(leaf.scopeCount))]
    }

    private mutating func intern(_ name: String) -> NameIndex {
        if let index = nameIndexes[name] { return index }
        let index = NameIndex(offset: names.count)
        names.append(name)
        nameIndexes[name] = index
        return index
    }

    private mutating func scopeRun(_ scopeIDs: [ScopeID]) -> Int32 {
        if scopeIDs == Self.defaultScopeIDs, defaultScopeRun >= 0 { return defaultScopeRun }
        if let existing = scopeRuns[scopeIDs] { return existing }
        let start = Int32(tableIndex: leafScopes.count)
        leafScopes.append(contentsOf: scopeIDs)
        scopeRuns[scopeIDs] = start
        if scopeIDs == Self.defaultScopeIDs { defaultScopeRun = start }
        return start
    }

    // MARK: - Insertion

    /// Inserts one template variant and returns its first-segment literal child of the root, if it
    /// starts with a literal. `typeIndex` maps a type name to its index in the table.
    @discardableResult
    mutating func insert(
        _ variant: RouteTemplate.Variant, route: Int, variantIndex: Int, priority: Int, scopeIDs: [ScopeID],
        typeIndex: (String) -> Int32
    ) -> BuilderNodeIndex? {
        let priority = Int32(clamping: priority)
        var node = BuilderNodeIndex.root
        var key = NodeKey.root
        var rootChild: BuilderNodeIndex?
        let typedStart = Int32(tableIndex: typedSlots.count)
        let parameterStart = Int32(tableIndex: parameterPositions.count)
        var catchAllName = NameIndex.none
        var isCatchAll = false
        // The trie holds the path up to a catch-all; the segments after one are checked as the
        // variant's link requirements (``RouteTemplate/Variant/catchAllSuffix``).
        let inserted = variant.catchAllPosition.map { $0 + 1 } ?? variant.segments.count
        for (position, segment) in variant.segments[..<inserted].enumerated() {
            switch segment {
            case .literal(let text):
                (node, key) = literalChild(of: node, key: key, text: text)
                if position == 0 { rootChild = node }
            case .pattern(let pattern):
                let shape = kinds.patterns.shape(of: pattern, caseInsensitive: caseInsensitive, typeIndex: typeIndex)
                for (index, capture) in pattern.captures.enumerated() {
                    parameterPositions.append(kinds.patterns.capture(segment: position, pattern: shape, capture: index))
                    parameterNames.append(intern(capture.name))
                }
                let tag = PatternChildren.edgeTag(shape)
                if let existing = kinds.patterns.child(of: node, pattern: shape) {
                    node = existing
                } else {
                    let child = otherChild(of: node, parentKey: key, tag: tag)
                    kinds.patterns.add(child, of: node, pattern: shape)
                    node = child
                }
                key = NodeKey.child(key, tag)
            case .parameter(let name, let type?):
                typedSlots.append(.init(segment: Int32(tableIndex: position), type: typeIndex(type)))
                parameterPositions.append(.segment(Int32(tableIndex: position)))
                parameterNames.append(intern(name))
                (node, key) = child(of: node, key: key, typed: true)
            case .parameter(let name, nil):
                parameterPositions.append(.segment(Int32(tableIndex: position)))
                parameterNames.append(intern(name))
                (node, key) = child(of: node, key: key, typed: false)
            case .anonymous:
                (node, key) = child(of: node, key: key, typed: false)
            case .catchAll(let name):
                isCatchAll = true
                if let name { catchAllName = intern(name) }
            }
        }
        let leafIndex = BuilderLeafIndex(Int32(tableIndex: leaves.count))
        leaves.append(
            FlatTrie.Leaf(
                route: RouteIndex(offset: route), priority: priority, scopeStart: scopeRun(scopeIDs),
                typedStart: typedStart, parameterStart: parameterStart, catchAllName: catchAllName,
                variant: UInt16(clamping: variantIndex), segmentCount: UInt16(clamping: inserted),
                scopeCount: UInt8(clamping: scopeIDs.count),
                typedCount: UInt8(clamping: Int32(tableIndex: typedSlots.count) - typedStart),
                parameterCount: UInt8(clamping: Int32(tableIndex: parameterPositions.count) - parameterStart),
                // The parser allows at most 30 query items and one fragment: five bits.
                flags: (variant.hasTrailingSlash ? 1 : 0) | (isCatchAll ? 2 : 0)
                    | UInt8(truncatingIfNeeded: min(variant.linkRequirementCount, 31) << 3))
        )
        let current = self.node(node)
        nextLeaf.append(isCatchAll ? current.catchAllHead : current.terminalHead)
        update(node) { record in
            if isCatchAll { record.catchAllHead = leafIndex } else { record.terminalHead = leafIndex }
        }
        return rootChild
    }

    /// The typed-parameter or the parameter child of `node`, made if needed, and its key.
    private mutating func child(of node: BuilderNodeIndex, key: UInt64, typed: Bool) -> (BuilderNodeIndex, UInt64) {
        let tag = typed ? NodeKey.typed : NodeKey.parameter
        let record = self.node(node)
        let existing = typed ? record.typed : record.parameter
        if existing.exists { return (existing, NodeKey.child(key, tag)) }
        let child = otherChild(of: node, parentKey: key, tag: tag)
        update(node) { record in
            if typed { record.typed = child } else { record.parameter = child }
        }
        return (child, NodeKey.child(key, tag))
    }

    /// The child of `parent` through the literal `text`, made if needed, and its key.
    private mutating func literalChild(
        of parent: BuilderNodeIndex, key: UInt64, text: String
    ) -> (BuilderNodeIndex, UInt64) {
        text.withUTF8Bytes { raw in
            if raw.allSatisfy({ Self.isOwnComparableForm($0, folded: caseInsensitive) }) {
                return literalChild(of: parent, parentKey: key, key: raw, text: text)
            }
            let comparable = PercentDecoding.comparableBytes(text, folded: caseInsensitive)
            return comparable.withUnsafeBufferPointer { literalChild(of: parent, parentKey: key, key: $0, text: text) }
        }
    }

    /// Finds the record of `parent`'s child through `bytes` as a lookup does, from the position of
    /// the child's key, and makes the child and its record when there is none.
    private mutating func literalChild(
        of parent: BuilderNodeIndex, parentKey: UInt64, key bytes: UnsafeBufferPointer<UInt8>, text: String
    ) -> (BuilderNodeIndex, UInt64) {
        let prefix = FlatTrie.word(bytes, from: 0)
        let suffix = FlatTrie.word(bytes, from: 8)
        let childKey = NodeKey.child(parentKey, bytes.count <= 16 ? NodeKey.edge(prefix, suffix) : NodeKey.edge(bytes))
        // The parent as the records hold it while building (see `slots`).
        let recordParent = NodeIndex(parent.rawValue)
        let mask = slotIndexes.count - 1
        var position = NodeKey.home(childKey, shift: slotShift)
        while slotIndexes[position] >= 0 {
            let index = Int(slotIndexes[position])
            let slot = slots[index]
            if slot.parent == recordParent, slot.prefix == prefix, slot.suffix == suffix,
                Int(slot.keyCount) == bytes.count, bytes.count <= 16 || restEquals(slot, bytes)
            {
                return (BuilderNodeIndex(literalSide: index + 1), childKey)
            }
            position = (position + 1) & mask
        }
        let child = BuilderNodeIndex(literalSide: literalSide.count)
        slotIndexes[position] = Int32(tableIndex: slots.count)
        slots.append(
            FlatTrie.Slot(
                prefix: prefix, suffix: suffix, parent: recordParent, child: NodeIndex(child.rawValue),
                keyCount: Int32(tableIndex: bytes.count), keyStart: Int32(tableIndex: keyBytes.count)))
        keyBytes.append(contentsOf: bytes)
        literalSide.append(BuildNode(key: childKey, parent: parent))
        creationOrder.append(child)
        update(parent) { $0.hasLiterals = true }
        if parent == .root { rootTexts.append((child, text)) }
        if slots.count * 2 > slotIndexes.count { resizeSlotTable(capacity: slotIndexes.count * 2) }
        return (child, childKey)
    }

    /// Whether a record's key bytes from the seventeenth on are those of `bytes`.
    private func restEquals(_ slot: FlatTrie.Slot, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(slot.keyStart)
        for index in 16..<bytes.count where keyBytes[start + index] != bytes[index] { return false }
        return true
    }

    /// Places every literal record again in a table of `capacity` positions (a power of two).
    private mutating func resizeSlotTable(capacity: Int) {
        slotShift = NodeKey.shift(capacity: capacity)
        slotIndexes = [Int32](repeating: -1, count: capacity)
        for index in slots.indices {
            var position = NodeKey.home(literalSide[index + 1].key, shift: slotShift)
            while slotIndexes[position] >= 0 { position = (position + 1) & (capacity - 1) }
            slotIndexes[position] = Int32(tableIndex: index)
        }
    }

    /// Sizes the arrays and the edge table for about `routes` templates, so that a large table is
    /// not built through repeated growth and rehashing of the edge table (measured:
    /// docs/performance.md, "Measurements behind the matcher's design").
    mutating func reserve(routes: Int) {
        literalSide.reserveCapacity(routes * 2 + 1)
        otherSide.reserveCapacity(routes)
        creationOrder.reserveCapacity(routes * 3)
        slots.reserveCapacity(routes * 2)
        keyBytes.reserveCapacity(routes * 16)
        leaves.reserveCapacity(routes)
        nextLeaf.reserveCapacity(routes)
        let capacity = FlatTrie.slotCapacity(for: routes * 2)
        if capacity > slotIndexes.count { resizeSlotTable(capacity: capacity) }
    }

    /// Whether a byte of a literal is its own comparable form: ASCII, and not a capital when
    /// `folded`. Text made only of such bytes needs no normalizing.
    @inline(__always)
    static func isOwnComparableForm(_ byte: UInt8, folded: Bool) -> Bool {
        byte < 0x80 && !(folded && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// The form a literal is compared in: NFC, lowercased when `folded`. ASCII text is its own form.
    static func comparableKey(_ text: String, folded: Bool) -> String {
        if text.utf8.allSatisfy({ isOwnComparableForm($0, folded: folded) }) { return text }
        return String(decoding: PercentDecoding.comparableBytes(text, folded: folded), as: UTF8.self)
    }
}
