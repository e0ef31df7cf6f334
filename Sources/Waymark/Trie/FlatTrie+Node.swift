extension FlatTrie {
    /// A node as the search reads it (32 bytes): its typed and parameter children, where its leaves
    /// start, where its catch-alls end, and a summary of the first template that ends here (the
    /// `end` fields), so that a search whose path ends here usually reads no leaf.
    ///
    /// The record holds its own catch-all count, so that a node's leaves need not be followed by the
    /// next node's.
    ///
    /// Without the summary, the leaf would be one more read after the edge record and the node, each
    /// waiting for the one before, in a large table's many leaves. The summary makes lookups faster
    /// and the table larger (measured: docs/performance.md, "Measurements behind the matcher's
    /// design").
    struct Node: Sendable {
        var typedChild: NodeIndex
        var parameterChild: NodeIndex
        var leafStart: Int32
        var catchAllStart: Int32
        /// The route of `leaves[leafStart]`, when a template ends here.
        var endRoute: RouteIndex = .none
        var endPriority: Int32 = 0
        /// Bit `i` is set when the first ending leaf is in scope ID `i`; complete only when
        /// ``endIsPlain`` is set in `endFlags`.
        var endScopes: UInt32 = 0
        /// The two flags below, and above them (from bit ``catchAllCountShift``) the number of
        /// catch-alls that start here.
        var endFlags: UInt32 = 0

        /// The end of the run of catch-alls that start here.
        @inline(__always)
        var catchAllEnd: Int32 {
            catchAllStart &+ Int32(bitPattern: endFlags &>> Self.catchAllCountShift)
        }

        /// The first ending leaf can be judged from this record: it has no typed slots, it is not a
        /// catch-all, and every scope ID it lists is below 32 (all in `endScopes`).
        static let endIsPlain: UInt32 = 1
        /// The first ending leaf's template has a trailing slash.
        static let endHasTrailingSlash: UInt32 = 2
        /// Where the catch-all count starts in `endFlags`: 30 bits, more than any table has leaves
        /// (a leaf is 32 bytes, so 2^30 of them would take 32 GiB).
        static let catchAllCountShift: UInt32 = 2

        /// The search's record of a node whose leaves start at `leafStart` and whose catch-alls
        /// run from `catchAllStart` to `catchAllEnd`, summing up the first leaf that ends there: its
        /// children are given in the search's numbering (`leaves` and `leafScopes` are the trie's).
        init(
            leafStart: Int32, catchAllStart: Int32, catchAllEnd: Int32, typedChild: NodeIndex,
            parameterChild: NodeIndex, leaves: [FlatTrie.Leaf], leafScopes: [ScopeID]
        ) {
            self.typedChild = typedChild
            self.parameterChild = parameterChild
            self.leafStart = leafStart
            self.catchAllStart = catchAllStart
            endFlags = UInt32(truncatingIfNeeded: max(catchAllEnd &- catchAllStart, 0)) &<< Self.catchAllCountShift
            guard leafStart < catchAllStart, Int(leafStart) < leaves.count else { return }
            let leaf = leaves[Int(leafStart)]
            endRoute = leaf.route
            endPriority = leaf.priority
            var plain = leaf.typedCount == 0 && !leaf.isCatchAll
            for position in Int(leaf.scopeStart)..<(Int(leaf.scopeStart) + Int(leaf.scopeCount)) {
                let scope = leafScopes[position].rawValue
                if scope >= 0 && scope < 32 {
                    endScopes |= 1 << UInt32(truncatingIfNeeded: scope)
                } else {
                    plain = false
                }
            }
            endFlags |= (plain ? Self.endIsPlain : 0) | (leaf.hasTrailingSlash ? Self.endHasTrailingSlash : 0)
        }
    }
}
