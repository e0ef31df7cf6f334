/// Literal children: found through the trie's edge hash table (see ``FlatTrie``), and for the host
/// segment of an app link, through the root's case-folded keys.
extension TrieSearch {
    /// The literal child of node `parent` whose key equals segment `depth`, or -1. Keys are unique
    /// per node, so there is at most one.
    @inline(__always)
    func literalChild(of parent: Int32, depth: Int) -> Int32 {
        let segment = segments[depth]
        if !segment.isComplex { return probe(parent: parent, segment: segment, fold: trie.pointee.caseInsensitive) }
        return complexLiteralChild(of: parent, segment: segment)
    }

    /// The literal child of node `parent` whose key equals segment `depth`, for the recursive
    /// search of every match.
    func literalChild(of parent: Int, depth: Int) -> Int? {
        let child = literalChild(of: Int32(parent), depth: depth)
        return child >= 0 ? Int(child) : nil
    }

    /// The child of `parent` through the edge whose key equals a segment that is not complex, or -1.
    ///
    /// The segment is read a word at a time for its ``SegmentHash``, which picks the first slot; a
    /// slot holds the edge when its parent and length are the segment's and its first sixteen key
    /// bytes (two words) are too, and, for a key longer than sixteen bytes, the rest of its bytes.
    /// With `fold`, the segment's ASCII capitals compare as lowercase (folded keys are stored
    /// lowercase).
    @inline(__always)
    func probe(parent: Int32, segment: SegmentRef, fold: Bool) -> Int32 {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return -1 }
        let count = bytes.count
        let start = Int(segment.start)
        let length = Int(segment.end &- segment.start)
        // The first two words, whatever the length (bytes past the segment masked off), exact and
        // with bit 0x20 set for the hash: no branch on the length below seventeen bytes.
        let firstMask = ByteWord.mask(bytes: length)
        let secondMask = ByteWord.mask(bytes: length &- 8)
        let first = ByteWord.load(base, at: start, count: count)
        let second = ByteWord.load(base, at: min(start &+ 8, count), count: count)
        var prefix = first & firstMask
        var suffix = second & secondMask
        var state = SegmentHash.mix(SegmentHash.seed, (first | SegmentHash.fold) & firstMask)
        state = SegmentHash.mix(state, (second | SegmentHash.fold) & secondMask)
        if length > 16 {
            var offset = 16
            while offset < length {
                let word = ByteWord.load(base, at: start &+ offset, count: count)
                state = SegmentHash.mix(state, (word | SegmentHash.fold) & ByteWord.mask(bytes: length &- offset))
                offset &+= 8
            }
        }
        if fold {
            prefix = ByteWord.lowercased(prefix)
            suffix = ByteWord.lowercased(suffix)
        }
        let keyCount = UInt64(truncatingIfNeeded: length)
        let parentBits = UInt64(UInt32(bitPattern: parent))
        let slots = trie.pointee.slots
        let mask = trie.pointee.slotMask
        var position = FlatTrie.slot(SegmentHash.finish(state), parent: parent, mask: mask)
        while true {
            let slot = slots[position]
            // One comparison for parent, length and the first sixteen bytes.
            let difference =
                (slot.prefix ^ prefix) | (slot.suffix ^ suffix)
                | (UInt64(UInt32(bitPattern: slot.keyCount)) ^ keyCount)
                | (UInt64(UInt32(bitPattern: slot.parent)) ^ parentBits)
            if difference == 0 && (length <= 16 || tailEquals(slot, segment, fold: fold)) { return slot.child }
            if slot.keyCount == 0 { return -1 }
            position = (position &+ 1) & mask
        }
    }

    /// Whether bytes 16 and on of a segment equal those of a slot's key of the same length.
    private func tailEquals(_ slot: SegmentTrie.Slot, _ segment: SegmentRef, fold: Bool) -> Bool {
        let start = Int(segment.start) &+ 16
        let probe = UnsafeBufferPointer(rebasing: bytes[start..<Int(segment.end)])
        return equals(keyStart: Int(slot.keyStart) &+ 16, probe, fold: fold)
    }

    /// ``literalChild(of:depth:)`` for a segment with escapes or non-ASCII bytes: compared decoded
    /// and normalized.
    private func complexLiteralChild(of parent: Int32, segment: SegmentRef) -> Int32 {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(
            PercentDecoding.decode(raw) ?? "", folded: trie.pointee.caseInsensitive)
        return comparable.withUnsafeBufferPointer { probe in
            probeEdges(parent: parent, probe: probe, hash: FlatTrie.hash(probe)).map(Int32.init) ?? -1
        }
    }

    /// The child of `parent` through the edge whose key equals `probe` exactly (decoded, normalized
    /// and, where the key is folded, folded bytes).
    private func probeEdges(parent: Int32, probe: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
        let slots = trie.pointee.slots
        let mask = trie.pointee.slotMask
        var position = FlatTrie.slot(hash, parent: parent, mask: mask)
        while true {
            let slot = slots[position]
            if slot.keyCount == 0 { return nil }
            if slot.parent == parent, Int(slot.keyCount) == probe.count,
                equals(keyStart: Int(slot.keyStart), probe, fold: false)
            {
                return Int(slot.child)
            }
            position = (position &+ 1) & mask
        }
    }

    /// Whether the key bytes from `keyStart` equal `probe` (lowercasing ASCII probe bytes when
    /// `fold` is set).
    private func equals(keyStart start: Int, _ probe: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        if fold {
            for index in 0..<probe.count {
                var byte = probe[index]
                if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                if trie.pointee.keys[start + index] != byte { return false }
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

    /// The root's child whose folded key equals segment 0, through the edge hash table (parent -1).
    func foldedRootChildByHash() -> Int? {
        let segment = segments[0]
        if !segment.isComplex {
            let child = probe(parent: -1, segment: segment, fold: true)
            return child >= 0 ? Int(child) : nil
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        let comparable = PercentDecoding.comparableBytes(PercentDecoding.decode(raw) ?? "", folded: true)
        return comparable.withUnsafeBufferPointer { probe in
            probeEdges(parent: -1, probe: probe, hash: FlatTrie.hash(probe))
        }
    }

    /// The root's children whose folded key equals segment 0, in key order, one after another.
    func foldedRootChild(after previous: Int) -> Int? {
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
