/// Counts of the most frequent keys in a stream, in bounded memory.
///
/// Up to ``capacity`` keys are counted exactly. When a new key arrives at a full table, the half
/// with the lowest counts is dropped, and the highest count dropped becomes the ``floor``: a key
/// that arrives later may have been seen up to `floor` times before, so its count is a lower bound
/// and ``Entry/error`` says by how much it may be short (the "lossy counting" guarantee: every key
/// seen more than `floor` times in all is still in the table). Memory is `capacity` entries
/// whatever the stream's length; the work is amortised O(log capacity) a key.
struct TopCounts<Key: Hashable & Sendable>: Sendable {
    struct Entry: Sendable {
        var count: Int
        /// How many occurrences may be missing from ``count``: the floor when the key arrived.
        var error: Int
    }

    let capacity: Int
    private(set) var entries: [Key: Entry] = [:]
    /// The highest count ever dropped.
    private(set) var floor = 0

    init(capacity: Int) { self.capacity = max(2, capacity) }

    /// Adds `count` occurrences of `key`.
    mutating func add(_ key: Key, count: Int = 1) {
        if entries[key] != nil {
            entries[key]?.count.addSaturating(count)
            return
        }
        if entries.count >= capacity { dropLowerHalf() }
        var entry = Entry(count: floor, error: floor)
        entry.count.addSaturating(count)
        entries[key] = entry
    }

    /// The `limit` highest counts, highest first; equal counts in key order as `areInOrder` says.
    func top(_ limit: Int, by areInOrder: (Key, Key) -> Bool) -> [(key: Key, entry: Entry)] {
        entries.sorted { lhs, rhs in
            lhs.value.count != rhs.value.count ? lhs.value.count > rhs.value.count : areInOrder(lhs.key, rhs.key)
        }.prefix(max(0, limit)).map { ($0.key, $0.value) }
    }

    private mutating func dropLowerHalf() {
        let sorted = entries.sorted { $0.value.count < $1.value.count }
        for (key, entry) in sorted.prefix(entries.count / 2) {
            floor = max(floor, entry.count)
            entries[key] = nil
        }
    }
}

extension Int {
    /// Adds, stopping at `Int.max` (a count from a `COUNT URL` line may be anything; on a 32-bit
    /// watch `Int` is 32 bits).
    mutating func addSaturating(_ other: Int) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? (other > 0 ? .max : .min) : sum
    }
}
