internal import Foundation

/// Merged properties by the set of rules that matched, so that a lookup whose rules were seen
/// before merges nothing. Holds at most 4,096 sets, then starts again empty.
///
/// `@unchecked Sendable`: `entries` is read and written only while `lock` is held.
final class MergeCache: @unchecked Sendable {
    struct Merged {
        var properties: PathProperties
        var rules: [Int]
        var builtIns: [String]
    }

    private let lock = NSLock()
    private var entries: [[UInt64]: Merged] = [:]

    func value(for words: [UInt64]) -> Merged? {
        lock.withLock { entries[words] }
    }

    func store(_ merged: Merged, for words: [UInt64]) {
        lock.withLock {
            if entries.count >= 4_096 { entries.removeAll(keepingCapacity: true) }
            entries[words] = merged
        }
    }
}
