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
}
