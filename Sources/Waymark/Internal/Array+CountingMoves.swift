extension Array {
    /// Appends `element` and returns how many elements moved to new storage to make room for it: 0
    /// while the buffer has room, the whole array when it grows (which doubling keeps to O(1) per
    /// append, amortized), and the whole array on every append when the buffer is shared with a
    /// copy somewhere, which is the slip that makes a loop quadratic. Work counters add it up, so a
    /// test across sizes sees such a slip.
    @inline(__always)
    package mutating func appendCountingMoves(_ element: Element) -> Int {
        let before = withUnsafeBufferPointer { $0.baseAddress }
        append(element)
        let after = withUnsafeBufferPointer { $0.baseAddress }
        return before == after ? 0 : count - 1
    }

    /// Appends `elements` and returns how many elements were moved: the elements appended, plus the
    /// elements already there when the buffer had to move to make room for them (it grew, or it was
    /// shared with a copy, which copies it whole at every append).
    @inline(__always)
    package mutating func appendCountingMoves(contentsOf elements: some Collection<Element>) -> Int {
        let before = withUnsafeBufferPointer { $0.baseAddress }
        let previous = count
        append(contentsOf: elements)
        let after = withUnsafeBufferPointer { $0.baseAddress }
        return (before == after ? 0 : previous) + elements.count
    }
}
