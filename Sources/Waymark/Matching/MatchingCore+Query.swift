// Templates that require query items (`users?id={id}`, ``QueryRequirement``): the trie matches
// the path, and a leaf whose variant requires items is taken only when the link's query has them;
// otherwise the next candidate in precedence order is tried. Tables without such templates never
// come here (``MatchingCore/hasQueryRequirements``).
extension MatchingCore {
    /// The requirements of a leaf's variant (empty for most leaves).
    func requirements(of leafIndex: LeafIndex) -> [QueryRequirement] {
        let leaf = trie.leaves[leaf: leafIndex]
        guard leaf.requiresQuery, leaf.route.offset < queryRequirements.count else { return [] }
        let variants = queryRequirements[leaf.route.offset]
        let variant = Int(leaf.variant)
        return variant < variants.count ? variants[variant] : []
    }

    /// The first requirement of the leaf's variant that `query` does not satisfy, or `nil`; the
    /// values it captures go to `parameters`. Work: linear in the query's items for each
    /// requirement (at most ``TemplateParser/maximumQueryRequirements``).
    func queryFailure(
        _ leafIndex: LeafIndex, _ query: QueryParameters, into parameters: inout [RouteParameters.Parameter]
    ) -> QueryRequirement.Failure? {
        for requirement in requirements(of: leafIndex) {
            if let failure = requirement.check(query, types: parameterTypes, into: &parameters) { return failure }
        }
        return nil
    }

    /// ``queryFailure(_:_:into:)`` without the captures.
    func queryFailure(_ leafIndex: LeafIndex, _ query: QueryParameters) -> QueryRequirement.Failure? {
        var unused: [RouteParameters.Parameter] = []
        return queryFailure(leafIndex, query, into: &unused)
    }

    /// The query items of a link whose route path ends at `pathEnd` (none when it has no query, or
    /// more items than the limit allows: such a link matches nothing anyway).
    static func query(_ bytes: UnsafeBufferPointer<UInt8>, after pathEnd: Int, limits: RouteLimits) -> QueryParameters {
        guard let range = try? URLAnatomy.tail(bytes, from: pathEnd).query else { return QueryParameters() }
        return QueryParameters(
            bytes: UnsafeBufferPointer(rebasing: bytes[range]), maximumItems: limits.maximumQueryItems)
            ?? QueryParameters()
    }

    /// The best match of a link whose best path match requires query items: every path match, in
    /// precedence order scope by scope, until one whose requirements the query satisfies.
    ///
    /// Work: the search of every candidate (as ``RouteTable/candidates(_:)``), then for each, in
    /// order, one check of its requirements; it stops at the first that passes.
    @inline(never)
    func bestCheckingQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, _ context: ScopeContext, _ path: Range<Int>,
        _ segments: UnsafeBufferPointer<SegmentRef>, _ hasTrailingSlash: Bool
    ) -> FoundHit? {
        let query = Self.query(bytes, after: path.upperBound, limits: options.limits)
        for scopeID in scopeOrder(context) {
            var leaves: [LeafIndex] = []
            TrieSearch(
                trie: trie.views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                strictTrailingSlash: options.strictTrailingSlash, foldFirstSegment: context.foldFirstSegment,
                scopeID: scopeID
            ).all(into: &leaves)
            for leafIndex in stablyOrderedByPriority(leaves) where queryFailure(leafIndex, query) == nil {
                return FoundHit(
                    found: found(leafIndex: leafIndex, scopeID: scopeID, path: path),
                    route: trie.leaves[leaf: leafIndex].route.rawValue, core: Unmanaged.passUnretained(self))
            }
        }
        return nil
    }

    /// The parameters a leaf's query requirements capture from the link `source` (whose route path
    /// ends at `pathEnd`), in the requirements' order.
    func queryParameters(of leafIndex: LeafIndex, in source: String, pathEnd: Int) -> [RouteParameters.Parameter] {
        source.withUTF8Bytes { bytes in
            let query = Self.query(bytes, after: pathEnd, limits: options.limits)
            var parameters: [RouteParameters.Parameter] = []
            _ = queryFailure(leafIndex, query, into: &parameters)
            return parameters
        }
    }
}
