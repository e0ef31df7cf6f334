extension FlatTrie {
    /// A node as the search reads it (32 bytes): the builder's ``SegmentTrie/Node`` (its typed and
    /// parameter children and where its leaves start), and a summary of the first template that
    /// ends here (the `end` fields), so that a search whose path ends here usually reads no leaf.
    ///
    /// The leaf was one more read after the edge record and the node, each waiting for the one
    /// before, in 320 KB of leaves at 10,000 routes. On deeplink-10k the summary took a lookup from
    /// about 160 to 148 ns (and 1,240 to 1,202 instructions); the table grew by 260 KB. It is made
    /// here, from the builder's 16-byte records: only the search needs the summary.
    struct Node: Sendable {
        var typedChild: Int32
        var parameterChild: Int32
        var leafStart: Int32
        var catchAllStart: Int32
        /// The route of `leaves[leafStart]`, when a template ends here; -1 otherwise.
        var endRoute: Int32 = -1
        var endPriority: Int32 = 0
        /// Bit `i` is set when the first ending leaf is in scope ID `i`; complete only when
        /// ``endIsPlain`` is set in `endFlags`.
        var endScopes: UInt32 = 0
        var endFlags: UInt32 = 0

        /// The first ending leaf can be judged from this record: it has no typed slots, it is not a
        /// catch-all, and every scope ID it lists is below 32 (all in `endScopes`).
        static let endIsPlain: UInt32 = 1
        /// The first ending leaf's template has a trailing slash.
        static let endHasTrailingSlash: UInt32 = 2
        /// The first ending leaf has parameters or a catch-all to decode from the matched string.
        static let endNeedsSource: UInt32 = 4

        /// The search's record of `node`, summing up the first leaf that ends there (`leaves` and
        /// `leafScopes` are the trie's).
        init(_ node: SegmentTrie.Node, leaves: [SegmentTrie.Leaf], leafScopes: [Int32]) {
            typedChild = node.typedChild
            parameterChild = node.parameterChild
            leafStart = node.leafStart
            catchAllStart = node.catchAllStart
            guard node.leafStart < node.catchAllStart, Int(node.leafStart) < leaves.count else { return }
            let leaf = leaves[Int(node.leafStart)]
            endRoute = leaf.route
            endPriority = leaf.priority
            var plain = leaf.typedCount == 0 && !leaf.isCatchAll
            for position in Int(leaf.scopeStart)..<(Int(leaf.scopeStart) + Int(leaf.scopeCount)) {
                let scope = leafScopes[position]
                if scope >= 0 && scope < 32 { endScopes |= 1 << UInt32(scope) } else { plain = false }
            }
            endFlags =
                (plain ? Self.endIsPlain : 0) | (leaf.hasTrailingSlash ? Self.endHasTrailingSlash : 0)
                | (leaf.needsSource ? Self.endNeedsSource : 0)
        }
    }
}
