/// Literal children: found through the trie's slot table (see ``FlatTrie``) by their ``NodeKey``,
/// and for the host segment of an app link, through the root's case-folded keys.
extension TrieSearch {
    /// A child node and its key; `node` is -1 when there is none.
    struct Child {
        var node: NodeIndex
        var key: UInt64

        static let none = Child(node: .none, key: 0)
    }

    /// The literal child of `parent` that segment `depth` leads to, if any. Keys are unique per
    /// node, so there is at most one.
    @inline(__always)
    func literalChild(of parent: Child, depth: Int) -> Child {
        let segment = segments[depth]
        if !segment.isComplex {
            return probe(parent: parent, segment: segment, fold: trie.pointee.caseInsensitive)
        }
        return complexLiteralChild(of: parent, segment: segment)
    }

    /// The literal child through a segment that is not complex.
    ///
    /// The segment is read a word at a time (its first two words whatever its length, bytes past it
    /// masked off, so that there is no branch on the length below seventeen bytes) for the hash of
    /// its edge; the child's key, and so its record's place, follow from the parent's key and that
    /// hash, with no memory read. A record there is the child when its parent is `parent`, and its
    /// length and first sixteen key bytes are the segment's, and, for a key longer than sixteen
    /// bytes, the rest of its bytes.
    /// With `fold`, the segment's ASCII capitals compare as lowercase (folded keys are stored
    /// lowercase).
    @inline(__always)
    func probe(parent: Child, segment: SegmentRef, fold: Bool) -> Child {
        let length = Int(segment.end &- segment.start)
        guard !fold && length <= 16 else {
            if !fold && length <= 24 { return probeMedium(parent: parent, segment: segment, length: length) }
            return probeAnyLength(parent: parent, segment: segment, fold: fold)
        }
        return probeShort(parent: parent, segment: segment, length: length, lowercase: false)
    }

    /// ``probe(parent:segment:fold:)`` with `fold` set, for the host segment of an app link: a
    /// segment of sixteen bytes or fewer is read and lowercased inline, not in ``probeAnyLength``.
    @inline(__always)
    func probeFolded(parent: Child, segment: SegmentRef) -> Child {
        let length = Int(segment.end &- segment.start)
        guard length <= 16 else { return probeAnyLength(parent: parent, segment: segment, fold: true) }
        return probeShort(parent: parent, segment: segment, length: length, lowercase: true)
    }

    /// The common case, kept small enough to inline: a segment of sixteen bytes or fewer, read as
    /// two words. `lowercase` is a constant where this is inlined, so the exact case pays nothing
    /// for the folded one.
    @inline(__always)
    private func probeShort(parent: Child, segment: SegmentRef, length: Int, lowercase: Bool) -> Child {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return .none }
        let start = Int(segment.start)
        let count = bytes.count
        let masks = trie.pointee.wordMasks
        // The suffix's index reaches `count` only for a segment of eight bytes or fewer at the end
        // of the string, whose suffix mask is zero.
        var prefix = ByteWord.loadForMasking(base, at: start, count: count) & masks[2 &* length]
        var suffix = ByteWord.loadForMasking(base, at: min(start &+ 8, count), count: count) & masks[2 &* length &+ 1]
        if lowercase {
            // Not complex, so ASCII: the capitals lowercase a word at a time.
            prefix = ByteWord.lowercased(prefix)
            suffix = ByteWord.lowercased(suffix)
        }
        let childKey = NodeKey.child(parent.key, NodeKey.edge(prefix, suffix))
        return find(childKey, parent: parent.node, prefix: prefix, suffix: suffix, length: length) { _ in true }
    }

    /// A segment of seventeen to twenty-four bytes, not folded: three words, the third compared with
    /// the key's bytes from sixteen on. Out of line, so that the search that inlines
    /// ``probeShort(parent:segment:length:lowercase:)`` stays small, but without the loop and the
    /// byte comparison of ``probeAnyLength(parent:segment:fold:)``: segments of this length (such as
    /// `exclusive-trend-1864`) are common enough in lookups to have their own path (measured:
    /// docs/performance.md, "Measurements behind the matcher's design").
    @inline(never)
    private func probeMedium(parent: Child, segment: SegmentRef, length: Int) -> Child {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return .none }
        let start = Int(segment.start)
        let count = bytes.count
        // The segment is longer than sixteen bytes, so every byte loaded here lies inside it: the
        // first two words are whole, and the third is exact once masked.
        let prefix = ByteWord.loadForMasking(base, at: start, count: count)
        let suffix = ByteWord.loadForMasking(base, at: start &+ 8, count: count)
        let third = ByteWord.loadForMasking(base, at: start &+ 16, count: count) & ByteWord.mask(bytes: length &- 16)
        let edge = NodeKey.edge(prefix, suffix, third)
        return find(
            NodeKey.child(parent.key, edge), parent: parent.node, prefix: prefix, suffix: suffix, length: length
        ) { slot in
            thirdKeyWord(slot, length: length) == third
        }
    }

    /// Bytes 16 to 23 of a record's key of `length` bytes (17 to 24), padded with zero bytes.
    @inline(__always)
    private func thirdKeyWord(_ slot: FlatTrie.Slot, length: Int) -> UInt64 {
        let keys = trie.pointee.keys
        guard let base = UnsafeRawPointer(keys.baseAddress) else { return 0 }
        return ByteWord.load(base, at: Int(slot.keyStart) &+ 16, count: keys.count)
            & ByteWord.mask(bytes: length &- 16)
    }

    /// The record the table places at `childKey` whose parent, length and first sixteen bytes are
    /// these, and whose remaining bytes pass `rest`, as the child it leads to.
    ///
    /// Record `i` leads to node `i + 1` (see ``FlatTrie``): the node follows from the position read
    /// in the table, not from the record, so that the search reads the node's record alongside
    /// the edge's. (A folded record of the root leads to the node of the root's literal it folds:
    /// ``foldedRootChildByHash()`` reads that from the record.)
    @inline(__always)
    private func find(
        _ childKey: UInt64, parent: NodeIndex, prefix: UInt64, suffix: UInt64, length: Int,
        rest: (FlatTrie.Slot) -> Bool
    ) -> Child {
        let keyCount = UInt64(truncatingIfNeeded: length)
        let parentBits = UInt64(UInt32(bitPattern: parent.rawValue))
        let slots = trie.pointee.slots
        let indexes = trie.pointee.slotIndexes
        let mask = trie.pointee.slotMask
        var position = NodeKey.home(childKey, shift: trie.pointee.slotShift)
        while true {
            let index = indexes[position]
            if index < 0 { return .none }
            let slot = slots[Int(index)]
            // One comparison for the parent, the length and the first sixteen bytes.
            let difference =
                (slot.prefix ^ prefix) | (slot.suffix ^ suffix)
                | ((UInt64(UInt32(bitPattern: slot.keyCount)) ^ keyCount) << 32)
                | (UInt64(UInt32(bitPattern: slot.parent.rawValue)) ^ parentBits)
            if difference == 0 && rest(slot) { return Child(node: NodeIndex(index &+ 1), key: childKey) }
            position = (position &+ 1) & mask
        }
    }

    /// ``probe(parent:segment:fold:)`` for a segment longer than twenty-four bytes, or folded
    /// (except the host segment of an app link of sixteen bytes or fewer:
    /// ``probeFolded(parent:segment:)``).
    @inline(never)
    private func probeAnyLength(parent: Child, segment: SegmentRef, fold: Bool) -> Child {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return .none }
        let count = bytes.count
        let start = Int(segment.start)
        let length = Int(segment.end &- segment.start)
        let masks = trie.pointee.wordMasks
        let maskIndex = 2 &* min(length, 16)
        var prefix = ByteWord.load(base, at: start, count: count) & masks[maskIndex]
        var suffix = ByteWord.load(base, at: min(start &+ 8, count), count: count) & masks[maskIndex &+ 1]
        if fold {
            prefix = ByteWord.lowercased(prefix)
            suffix = ByteWord.lowercased(suffix)
        }
        var edge = NodeKey.edge(prefix, suffix)
        if length > 16 {
            var offset = 16
            while offset < length {
                var word =
                    ByteWord.load(base, at: start &+ offset, count: count) & ByteWord.mask(bytes: length &- offset)
                if fold { word = ByteWord.lowercased(word) }
                edge = NodeKey.mix(edge, word)
                offset &+= 8
            }
        }
        return find(
            NodeKey.child(parent.key, edge), parent: parent.node, prefix: prefix, suffix: suffix, length: length
        ) { slot in
            length <= 16 || tailEquals(slot, segment, fold: fold)
        }
    }

    /// Whether bytes 16 and on of a segment equal those of a slot's key of the same length.
    private func tailEquals(_ slot: FlatTrie.Slot, _ segment: SegmentRef, fold: Bool) -> Bool {
        let start = Int(segment.start) &+ 16
        let probe = UnsafeBufferPointer(rebasing: bytes[start..<Int(segment.end)])
        return equals(keyStart: Int(slot.keyStart) &+ 16, probe, fold: fold)
    }

    /// ``literalChild(key:depth:)`` for a segment with escapes or non-ASCII bytes: compared decoded
    /// and normalized.
    private func complexLiteralChild(of parent: Child, segment: SegmentRef) -> Child {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(
            PercentDecoding.decode(raw) ?? "", folded: trie.pointee.caseInsensitive)
        return comparable.withUnsafeBufferPointer { probe in
            probeBytes(parent: parent, probe: probe, edge: NodeKey.edge(probe))
        }
    }

    /// The child of `parent` through the edge whose key equals `probe` exactly (decoded, normalized
    /// and, where the key is folded, folded bytes).
    private func probeBytes(parent: Child, probe: UnsafeBufferPointer<UInt8>, edge: UInt64) -> Child {
        find(
            NodeKey.child(parent.key, edge), parent: parent.node, prefix: FlatTrie.word(probe, from: 0),
            suffix: FlatTrie.word(probe, from: 8), length: probe.count
        ) { slot in
            probe.count <= 16
                || equals(
                    keyStart: Int(slot.keyStart) &+ 16,
                    UnsafeBufferPointer(rebasing: probe[16...]), fold: false)
        }
    }

    /// Whether the key bytes from `keyStart` equal `probe` (lowercasing the ASCII capitals of both
    /// when `fold` is set).
    private func equals(keyStart start: Int, _ probe: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        if fold {
            for index in 0..<probe.count {
                var byte = probe[index]
                var key = trie.pointee.keys[start + index]
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                if key >= UInt8(ascii: "A"), key <= UInt8(ascii: "Z") { key |= 0x20 }
                if key != byte { return false }
            }
            return true
        }
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
        while index < probe.count {
            if key[index] != other[index] { return false }
            index += 1
        }
        return true
    }

    // MARK: - The host segment of an app link

    /// The root's child whose folded key equals segment 0, when no two root literals fold alike:
    /// through the slot table (the folded keys are there under the parent -1), or the sorted folded
    /// keys for a segment that is complex.
    func foldedRootChildByHash() -> Child {
        let segment = segments[0]
        if !segment.isComplex {
            let found = probeFolded(parent: Child(node: .foldedRoot, key: trie.pointee.foldedRootKey), segment: segment)
            guard found.node.exists else { return .none }
            // The node after the record's position is the folded record's own; it leads to `child`.
            let child = trie.pointee.slots[found.node.offset &- 1].child
            return Child(node: child, key: trie.pointee.nodeKeys[node: child])
        }
        guard let node = foldedRootChild(after: .none) else { return .none }
        return Child(node: node, key: trie.pointee.nodeKeys[node: node])
    }

    /// The root's children whose folded key equals segment 0, in key order, one after another.
    func foldedRootChild(after previous: NodeIndex) -> NodeIndex? {
        let segment = segments[0]
        if !segment.isComplex {
            let probe = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
            return findFolded(probe: probe, fold: true, after: previous)
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(PercentDecoding.decode(raw) ?? "", folded: true)
        return comparable.withUnsafeBufferPointer { findFolded(probe: $0, fold: false, after: previous) }
    }

    private func findFolded(probe: UnsafeBufferPointer<UInt8>, fold: Bool, after previous: NodeIndex) -> NodeIndex? {
        let list = trie.pointee.foldedRootEdges
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if compare(list[middle], probe, fold: fold) < 0 { low = middle + 1 } else { high = middle }
        }
        if previous.exists {
            while low < list.count, compare(list[low], probe, fold: fold) == 0, list[low].child != previous {
                low += 1
            }
            low += 1
        }
        guard low < list.count, compare(list[low], probe, fold: fold) == 0 else { return nil }
        return list[low].child
    }

    /// Three-way comparison of an edge's key with the probe bytes, lowercasing ASCII probe bytes
    /// when `fold` is set (keys compared that way are stored folded).
    private func compare(_ edge: FlatTrie.FoldedEdge, _ probe: UnsafeBufferPointer<UInt8>, fold: Bool) -> Int {
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
