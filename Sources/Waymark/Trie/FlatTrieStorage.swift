/// Where a ``FlatTrie``'s buffers go: every buffer, and the ``FlatTrie/Views`` that point at them,
/// in one allocation.
///
/// The buffers are listed once, in ``TrieLayout/layOut(_:)``. That one function runs twice:
/// over a ``Measure`` cursor, which adds up the bytes, then over a ``Place`` cursor, which copies
/// each buffer into the allocation at the same offset. So the allocation, the size reported and the
/// release (one `deallocate`, after the buffers of non-trivial elements are deinitialized) cannot
/// disagree, and a new buffer is one more line in one place.
struct FlatTrieStorage {
    /// Each buffer starts on a cache line of its own, so that a buffer read on every lookup does not
    /// share its first line with the end of another.
    static let alignment = 64

    /// A cursor that buffers are laid out through, one after another.
    protocol Cursor {
        /// The buffer of `elements`, at the next aligned offset.
        mutating func place<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element>
    }

    /// Adds up the bytes; its buffers point at no storage and are never read.
    struct Measure: Cursor {
        private(set) var byteCount = 0

        init(reserving bytes: Int) { byteCount = bytes }

        mutating func place<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
            byteCount = FlatTrieStorage.aligned(byteCount) + elements.count * MemoryLayout<Element>.stride
            // A buffer of `count` elements needs a start that is not nil: an aligned address that
            // nothing reads (the views of the measuring pass are thrown away).
            return UnsafeBufferPointer(
                start: UnsafePointer(bitPattern: FlatTrieStorage.alignment), count: elements.count)
        }
    }

    /// Copies each buffer into the allocation, at the offset ``Measure`` counted for it.
    struct Place: Cursor {
        let base: UnsafeMutableRawPointer
        private(set) var offset: Int

        init(base: UnsafeMutableRawPointer, reserving bytes: Int) {
            self.base = base
            offset = bytes
        }

        mutating func place<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
            offset = FlatTrieStorage.aligned(offset)
            let start = (base + offset).bindMemory(to: Element.self, capacity: elements.count)
            let buffer = UnsafeMutableBufferPointer(start: start, count: elements.count)
            _ = buffer.initialize(from: elements)
            offset += elements.count * MemoryLayout<Element>.stride
            return UnsafeBufferPointer(buffer)
        }
    }

    /// The allocation; the ``FlatTrie/Views`` are at its start.
    let base: UnsafeMutableRawPointer
    /// The bytes allocated: the views, the buffers and the padding that aligns them.
    let byteCount: Int

    /// Lays `contents` out in one allocation.
    init(_ contents: TrieLayout) {
        let header = MemoryLayout<FlatTrie.Views>.stride
        var measure = Measure(reserving: header)
        _ = contents.layOut(&measure)
        byteCount = measure.byteCount
        base = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: Self.alignment)
        var place = Place(base: base, reserving: header)
        let views = contents.layOut(&place)
        base.bindMemory(to: FlatTrie.Views.self, capacity: 1).initialize(to: views)
    }

    /// The views at the start of the allocation.
    var views: UnsafePointer<FlatTrie.Views> {
        UnsafePointer(base.assumingMemoryBound(to: FlatTrie.Views.self))
    }

    /// Releases the allocation; nothing may read the views afterwards.
    func release() {
        // The buffers of types that are not trivial; the others need no deinitialization.
        let types = views.pointee.types
        if let start = types.baseAddress { UnsafeMutablePointer(mutating: start).deinitialize(count: types.count) }
        ChildKinds.release(views.pointee.kinds)
        base.deallocate()
    }

    static func aligned(_ offset: Int) -> Int {
        (offset + alignment - 1) & ~(alignment - 1)
    }
}
