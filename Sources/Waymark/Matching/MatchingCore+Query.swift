// Templates that require query items or a fragment (`users?id={id}`, `privacy#faq`;
// ``QueryRequirement``, ``FragmentRequirement``): the trie matches the path, and a leaf whose
// variant has such requirements is taken only when the link meets them; otherwise the next
// candidate in precedence order is tried. Tables without such templates never come here
// (``MatchingCore/hasLinkRequirements``).
extension MatchingCore {
    /// The variant of a leaf that has requirements beyond its path, or `nil`.
    func requiringVariant(of leafIndex: LeafIndex) -> RouteTemplate.Variant? {
        let leaf = trie.leaves[leaf: leafIndex]
        guard leaf.hasLinkRequirements, leaf.route.offset < linkRequirements.count else { return nil }
        let variants = linkRequirements[leaf.route.offset]
        let variant = Int(leaf.variant)
        return variant < variants.count ? variants[variant] : nil
    }

    /// The first requirement of the leaf's variant that the link's query and fragment do not meet,
    /// or `nil`; the values they capture go to `parameters`. Work: linear in the query's items for
    /// each requirement (at most ``TemplateParser/maximumQueryRequirements``), and in the fragment.
    func linkFailure(
        _ leafIndex: LeafIndex, _ query: QueryParameters, _ fragment: Substring?, path: () -> [String],
        into parameters: inout [RouteParameters.Parameter]
    ) -> QueryRequirement.Failure? {
        guard let variant = requiringVariant(of: leafIndex) else { return nil }
        if let catchAll = variant.catchAllPosition, catchAll + 1 < variant.segments.count {
            var work = 0
            if let failure = CatchAllSuffix.check(
                variant, path(), caseInsensitive: options.caseInsensitivePaths, types: parameterTypes,
                into: &parameters, work: &work)
            {
                return failure
            }
        }
        for requirement in variant.query {
            if let failure = requirement.check(query, types: parameterTypes, into: &parameters) { return failure }
        }
        if let failure = variant.fragment?.check(fragment, types: parameterTypes, into: &parameters) { return failure }
        return nil
    }

    /// ``linkFailure(_:_:_:path:into:)`` without the captures.
    func linkFailure(
        _ leafIndex: LeafIndex, _ query: QueryParameters, _ fragment: Substring?, path: () -> [String]
    ) -> QueryRequirement.Failure? {
        var unused: [RouteParameters.Parameter] = []
        return linkFailure(leafIndex, query, fragment, path: path, into: &unused)
    }

    /// The query items and the fragment of a link whose route path ends at `pathEnd` (no items when
    /// it has no query, or more items than the limit allows: such a link matches nothing anyway).
    static func tail(_ bytes: UnsafeBufferPointer<UInt8>, after pathEnd: Int, limits: RouteLimits)
        -> (query: QueryParameters, fragment: Substring?)
    {
        guard let tail = try? URLAnatomy.tail(bytes, from: pathEnd) else { return (QueryParameters(), nil) }
        let query =
            tail.query.flatMap {
                QueryParameters(bytes: UnsafeBufferPointer(rebasing: bytes[$0]), maximumItems: limits.maximumQueryItems)
            } ?? QueryParameters()
        let fragment = tail.fragment.map {
            Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self))
        }
        return (query, fragment)
    }

    /// The best match of a link whose best path match has requirements beyond its path: every path
    /// match, in precedence order scope by scope, until one whose requirements the link meets.
    ///
    /// Work: the search of every candidate (as ``RouteTable/candidates(_:)``), then for each, in
    /// order, one check of its requirements; it stops at the first that passes.
    @inline(never)
    func bestCheckingRequirements(
        _ bytes: UnsafeBufferPointer<UInt8>, _ context: ScopeContext, _ path: Range<Int>,
        _ segments: UnsafeBufferPointer<SegmentRef>, _ hasTrailingSlash: Bool
    ) -> FoundHit? {
        let (query, fragment) = Self.tail(bytes, after: path.upperBound, limits: options.limits)
        // The path's segments, decoded, made once and only for a catch-all followed by segments.
        var decoded: [String]?
        let pathSegments = { () -> [String] in
            if let decoded { return decoded }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[path]), as: UTF8.self)
            let made = PathSegments.segments(of: text, in: 0..<text.utf8.count, decoded: true)
            decoded = made
            return made
        }
        var nextScope = firstScope(in: context)
        while nextScope.exists {
            let scopeID = nextScope
            nextScope = scope(after: scopeID, in: context)
            var leaves: [LeafIndex] = []
            TrieSearch(
                trie: trie.views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                strictTrailingSlash: options.strictTrailingSlash, foldFirstSegment: context.foldFirstSegment,
                scopeID: scopeID
            ).all(into: &leaves)
            for leafIndex in stablyOrderedByPriority(leaves)
            where linkFailure(leafIndex, query, fragment, path: pathSegments) == nil {
                return FoundHit(
                    found: found(leafIndex: leafIndex, scopeID: scopeID, path: path),
                    route: trie.leaves[leaf: leafIndex].route.rawValue, core: Unmanaged.passUnretained(self))
            }
        }
        return nil
    }

    /// The parameters a leaf's query and fragment requirements capture from the link `source`
    /// (whose route path ends at `pathEnd`), in the requirements' order.
    func linkParameters(of leafIndex: LeafIndex, in source: String, path: Range<Int>) -> [RouteParameters.Parameter] {
        let (query, fragment) = source.withUTF8Bytes { bytes in
            Self.tail(bytes, after: path.upperBound, limits: options.limits)
        }
        var parameters: [RouteParameters.Parameter] = []
        _ = linkFailure(
            leafIndex, query, fragment, path: { PathSegments.segments(of: source, in: path, decoded: true) },
            into: &parameters)
        return parameters
    }
}
