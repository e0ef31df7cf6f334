extension MatchingCore {
    /// What a lookup found, before values are attached.
    @usableFromInline
    struct CoreLookup {
        @usableFromInline var outcome: LookupOutcome
        @usableFromInline var reason: String?
        @usableFromInline var url: RouteURL?
        /// The best match, as plain values (``details(_:source:)`` makes a ``MatchDetails`` of it).
        @usableFromInline var best: Found?
        /// Every match in precedence order, when they were all asked for.
        @usableFromInline var all: [Found]?
        /// For `best`, one more than the offset of its first `:name` parameter's first byte, or 0:
        /// found in the parsed segments, for a request that decodes the parameters at once.
        var firstCaptureStart: Int32 = 0
        /// The limit the URL is over, for `limitExceeded`.
        @usableFromInline var limit: RouteLimits.Limit? = nil
    }

    // MARK: - Entry points

    /// The best match, or `nil` when nothing matches or the string is refused or invalid. The fast
    /// path: no ``RouteURL``, no query parsing, no allocation for a static hit.
    ///
    /// It answers in plain values, and ``RouteTable/match(path:)`` (inlinable) makes the
    /// ``MatchDetails`` from them, so that a caller that reads only the match's value pays nothing
    /// for the reference counts of the core and the string (see ``FoundHit/core`` and
    /// ``Found``).
    @usableFromInline
    func best(_ string: String) -> FoundHit? {
        string.withUTF8Bytes { best(bytes: $0) }
    }

    /// What ``best(_:)`` found.
    @usableFromInline
    struct FoundHit {
        @usableFromInline var found: Found
        /// The leaf's route, as the search found it (so that making the match reads no leaf).
        @usableFromInline var route: Int32
        /// The core that found it, unretained. The match is made from this rather than from the
        /// table's own reference, which the optimizer sees as one value: it then retains that
        /// reference before the search and cannot pair the retain with the match's release, two
        /// atomic operations even where the caller reads only the match's value (measured:
        /// docs/performance.md, "Measurements behind the matcher's design").
        /// Taken from here, the retain comes after the search and the release cancels it.
        ///
        /// Safe because the hit never outlives the call that made it: ``RouteTable/match(path:)``
        /// takes the core from it while the table, which holds the core, is still borrowed by that
        /// same call.
        @usableFromInline var core: Unmanaged<MatchingCore>
    }

    /// A found match with the core and the matched string.
    @usableFromInline @inline(__always)
    func details(_ found: Found, source: String) -> MatchDetails {
        MatchDetails(core: self, source: source, found: found)
    }

    private func best(bytes: UnsafeBufferPointer<UInt8>) -> FoundHit? {
        guard bytes.count <= options.limits.maximumURLLength else { return nil }
        // Parsed into a stack buffer of 32 segments; a path with more is parsed again into a buffer
        // of its size. No ``URLAnatomy`` is made: the search needs the kind, scheme, host and
        // segments only. Written as one body (no helper between the split and the search), so
        // that a lookup makes one call to the search and none around it.
        return withUnsafeTemporaryAllocation(of: SegmentRef.self, capacity: 32) { buffer -> FoundHit? in
            do throws(URLAnatomy.Failure) {
                let head = try URLAnatomy.head(bytes)
                let split = try URLAnatomy.splitPath(bytes, from: head.pathStart, into: buffer)
                if split.end < bytes.count {
                    let tail = try URLAnatomy.tail(bytes, from: split.end)
                    if let query = tail.query, exceedsQueryItems(bytes, query) { return nil }
                }
                if split.overflow { return bestOfLongPath(bytes) }
                guard split.segmentCount <= options.limits.maximumSegments else { return nil }
                let path = head.pathStart..<split.end
                let segments = UnsafeBufferPointer(rebasing: buffer[0..<split.segmentCount])
                guard let context = scopeContext(bytes, kind: head.kind, scheme: head.scheme, host: head.host) else {
                    return bestBeneathBasePath(bytes, head.kind, head.host, path, segments)
                }
                let hasTrailingSlash = URLAnatomy.hasTrailingSlash(bytes, path: path, segmentCount: split.segmentCount)
                return best(bytes, context, path, segments, hasTrailingSlash)
            } catch {
                return nil
            }
        }
    }

    /// ``best(bytes:)`` for a path of more than 32 segments, once its query has passed.
    @inline(never)
    private func bestOfLongPath(_ bytes: UnsafeBufferPointer<UInt8>) -> FoundHit? {
        // The query was checked before the split overflowed (see `best(bytes:)`).
        (try? URLAnatomy.withParsed(bytes) { anatomy, segments, hasTrailingSlash -> FoundHit? in
            guard segments.count <= options.limits.maximumSegments else { return nil }
            guard let context = scopeContext(bytes, kind: anatomy.kind, scheme: anatomy.scheme, host: anatomy.host)
            else {
                return bestBeneathBasePath(bytes, anatomy.kind, anatomy.host, anatomy.path, segments)
            }
            return best(bytes, context, anatomy.path, segments, hasTrailingSlash)
        }) ?? nil
    }

    /// ``best(bytes:)`` for a link ``scopeContext(_:kind:scheme:host:)`` did not take: a universal
    /// link whose host has a base path is searched beneath it; any other is refused (`nil`).
    @inline(never)
    private func bestBeneathBasePath(
        _ bytes: UnsafeBufferPointer<UInt8>, _ kind: URLAnatomy.Kind, _ host: Range<Int>?, _ path: Range<Int>,
        _ segments: UnsafeBufferPointer<SegmentRef>
    ) -> FoundHit? {
        guard kind == .universal, !basePaths.isEmpty,
            let context = universalScopeContext(bytes, host: host ?? 0..<0, admittingBasePath: true),
            let beneath = beneathBasePath(bytes, host: host, path: path, segments: segments)
        else {
            return nil
        }
        return best(bytes, context, beneath.path, beneath.segments, beneath.hasTrailingSlash)
    }

    /// Whether a query has more items than ``RouteLimits/maximumQueryItems``, for the lookups that
    /// do not parse it (``best(_:)``), so that a URL over any limit matches nothing whichever way it
    /// is looked up. An item takes at least one byte and one `&`, so a query shorter than twice the
    /// limit is not counted. A negative limit limits nothing, as in ``QueryParameters``.
    private func exceedsQueryItems(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>) -> Bool {
        let maximum = options.limits.maximumQueryItems
        if maximum < 0 || query.count < 2 &* maximum { return false }
        return Self.queryItemCount(bytes, query) > maximum
    }

    /// The best match of a parsed URL: the exact scope first, then the any scope.
    @inline(__always)
    private func best(
        _ bytes: UnsafeBufferPointer<UInt8>, _ context: ScopeContext, _ path: Range<Int>,
        _ segments: UnsafeBufferPointer<SegmentRef>, _ hasTrailingSlash: Bool
    ) -> FoundHit? {
        for pass in 0..<2 {
            let scopeID = pass == 0 ? context.exact : context.any
            if scopeID.exists {
                let found = TrieSearch(
                    trie: trie.views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                    strictTrailingSlash: options.strictTrailingSlash, foldFirstSegment: context.foldFirstSegment,
                    scopeID: scopeID
                ).best()
                if let found {
                    if hasLinkRequirements && trie.leaves[leaf: found.leaf].hasLinkRequirements {
                        return bestCheckingRequirements(bytes, context, path, segments, hasTrailingSlash)
                    }
                    return FoundHit(
                        found: self.found(leafIndex: found.leaf, scopeID: scopeID, path: path),
                        route: found.route.rawValue, core: Unmanaged.passUnretained(self))
                }
            }
            if pass == 0 && context.wildcard.exists {
                if let hit = bestInWildcardScopes(bytes, context, path, segments, hasTrailingSlash) { return hit }
            }
        }
        return nil
    }

    /// ``best(_:_:_:_:_:)``'s search of the wildcard scopes that cover the host, the most specific
    /// first: only for tables with wildcard scopes, so kept out of the common path.
    @inline(never)
    private func bestInWildcardScopes(
        _ bytes: UnsafeBufferPointer<UInt8>, _ context: ScopeContext, _ path: Range<Int>,
        _ segments: UnsafeBufferPointer<SegmentRef>, _ hasTrailingSlash: Bool
    ) -> FoundHit? {
        var scopeID = context.wildcard
        while scopeID.exists {
            let found = TrieSearch(
                trie: trie.views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                strictTrailingSlash: options.strictTrailingSlash, foldFirstSegment: context.foldFirstSegment,
                scopeID: scopeID
            ).best()
            if let found {
                if hasLinkRequirements && trie.leaves[leaf: found.leaf].hasLinkRequirements {
                    return bestCheckingRequirements(bytes, context, path, segments, hasTrailingSlash)
                }
                return FoundHit(
                    found: self.found(leafIndex: found.leaf, scopeID: scopeID, path: path), route: found.route.rawValue,
                    core: Unmanaged.passUnretained(self))
            }
            scopeID = nextWildcardScope[scopeID.offset]
        }
        return nil
    }

    /// A full lookup: the parsed URL, the outcome and the best match, or every match in precedence
    /// order when `collectAll` is set.
    @usableFromInline
    func lookup(_ string: String, collectAll: Bool) -> CoreLookup {
        let limits = options.limits
        if string.utf8.count > limits.maximumURLLength {
            return Self.exceeded(.urlLength, string.utf8.count, limits.maximumURLLength)
        }
        return string.withUTF8Bytes { bytes -> CoreLookup in
            do throws(URLAnatomy.Failure) {
                return try URLAnatomy.withParsed(bytes) { anatomy, segments, hasTrailingSlash in
                    examine(string, bytes, anatomy, segments, hasTrailingSlash, collectAll: collectAll)
                }
            } catch {
                return CoreLookup(outcome: .invalid, reason: error.reason, url: nil, best: nil, all: nil)
            }
        }
    }

    /// The outcome of a lookup once the string is parsed.
    private func examine(
        _ string: String, _ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy,
        _ segments: UnsafeBufferPointer<SegmentRef>, _ hasTrailingSlash: Bool, collectAll: Bool
    ) -> CoreLookup {
        let limits = options.limits
        if segments.count > limits.maximumSegments {
            return Self.exceeded(.segments, segments.count, limits.maximumSegments)
        }
        var query = QueryParameters()
        if let range = anatomy.query {
            guard
                let parsed = QueryParameters(
                    bytes: UnsafeBufferPointer(rebasing: bytes[range]),
                    maximumItems: limits.maximumQueryItems)
            else {
                let items = Self.queryItemCount(bytes, range)
                return Self.exceeded(.queryItems, items, limits.maximumQueryItems)
            }
            query = parsed
        }
        let url = RouteURL(string: string, anatomy: anatomy, hasTrailingSlash: hasTrailingSlash, query: query)
        guard let context = scopeContext(bytes, anatomy) else {
            if anatomy.kind == .universal && !basePaths.isEmpty,
                let context = universalScopeContext(bytes, host: anatomy.host ?? 0..<0, admittingBasePath: true)
            {
                return examineBeneathBasePath(
                    string, bytes, anatomy, segments, url, query, context, collectAll: collectAll)
            }
            return CoreLookup(
                outcome: .refused, reason: refusal(bytes, anatomy), url: url, best: nil, all: nil)
        }
        return search(bytes, anatomy, segments, hasTrailingSlash, url, query, context, collectAll: collectAll)
    }

    /// ``examine(_:_:_:_:_:collectAll:)`` for a universal link whose host has a base path: the route
    /// path is what follows it (the request's path, its segments and the match's captures are read
    /// beneath it), and a link outside it is refused.
    @inline(never)
    private func examineBeneathBasePath(
        _ string: String, _ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy,
        _ segments: UnsafeBufferPointer<SegmentRef>, _ url: RouteURL, _ query: QueryParameters,
        _ context: ScopeContext, collectAll: Bool
    ) -> CoreLookup {
        guard let beneath = beneathBasePath(bytes, host: anatomy.host, path: anatomy.path, segments: segments) else {
            return CoreLookup(
                outcome: .refused, reason: basePathRefusal(bytes, host: anatomy.host), url: url, best: nil, all: nil)
        }
        var anatomy = anatomy
        anatomy.path = beneath.path
        let beneathURL = RouteURL(
            string: string, anatomy: anatomy, hasTrailingSlash: beneath.hasTrailingSlash, query: query)
        return search(
            bytes, anatomy, beneath.segments, beneath.hasTrailingSlash, beneathURL, query, context,
            collectAll: collectAll)
    }

    /// The search of an accepted URL's scopes, once its route path and query are known.
    @inline(__always)
    private func search(
        _ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy, _ segments: UnsafeBufferPointer<SegmentRef>,
        _ hasTrailingSlash: Bool, _ url: RouteURL, _ query: QueryParameters, _ context: ScopeContext,
        collectAll: Bool
    ) -> CoreLookup {
        let views = trie.views  // a pointer: the search copies nothing
        var matches: [Found] = []
        var best: Found?
        var firstCaptureStart: Int32 = 0
        // The link's fragment as written, for templates that require one.
        let fragment = anatomy.fragment.map {
            Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self))
        }
        // The first path match whose query or fragment requirements the link does not meet, to say why.
        var queryRefusal: (leaf: LeafIndex, failure: QueryRequirement.Failure)?
        var nextScope = firstScope(in: context)
        while nextScope.exists {
            let scopeID = nextScope
            nextScope = scope(after: scopeID, in: context)
            let search = TrieSearch(
                trie: views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                strictTrailingSlash: options.strictTrailingSlash,
                foldFirstSegment: context.foldFirstSegment,
                scopeID: scopeID)
            // With query requirements, every path match is checked in order (below), as for
            // `collectAll`, and the first that passes is the best.
            if !collectAll && !hasLinkRequirements {
                if let found = search.best() {
                    best = self.found(leafIndex: found.leaf, scopeID: scopeID, path: anatomy.path)
                    firstCaptureStart = self.firstCaptureStart(leafIndex: found.leaf, segments: segments)
                    break
                }
                continue
            }
            var leaves: [LeafIndex] = []
            search.all(into: &leaves)
            for leafIndex in stablyOrderedByPriority(leaves) {
                if hasLinkRequirements,
                    let failure = linkFailure(leafIndex, query, fragment, path: { url.pathSegments })
                {
                    if queryRefusal == nil { queryRefusal = (leafIndex, failure) }
                    continue
                }
                let leaf = views.pointee.leaves[leaf: leafIndex]
                if matches.contains(where: { views.pointee.leaves[leaf: $0.leafIndex].route == leaf.route }) {
                    continue
                }
                matches.append(self.found(leafIndex: leafIndex, scopeID: scopeID, path: anatomy.path))
            }
        }
        if collectAll || hasLinkRequirements {
            best = matches.first
            if !collectAll, let best {
                firstCaptureStart = self.firstCaptureStart(leafIndex: best.leafIndex, segments: segments)
            }
        }
        guard best != nil else {
            // The path is not quoted: a link no route matches may still carry a secret (an old
            // sign-in link with one segment too many), and reasons are logged (ValueRedaction).
            let segments = url.path.utf8.split(separator: UInt8(ascii: "/")).count
            var reason = "no route matches the path (\(segments) segment\(segments == 1 ? "" : "s"))"
            if let queryRefusal {
                // The template and the item's name, never its value.
                let route = Int(trie.leaves[leaf: queryRefusal.leaf].route.offset)
                reason =
                    "no route matches: \"\(TemplateParser.quotable(pattern(of: route)))\" matches the path, but "
                    + queryRefusal.failure.reason
            }
            return CoreLookup(
                outcome: .unmatched,
                reason: reason, url: url,
                best: nil, all: collectAll ? [] : nil)
        }
        return CoreLookup(
            outcome: .matched, reason: nil, url: url, best: best, all: collectAll ? matches : nil,
            firstCaptureStart: firstCaptureStart)
    }

    private static func exceeded(_ limit: RouteLimits.Limit, _ count: Int, _ maximum: Int) -> CoreLookup {
        CoreLookup(
            outcome: .limitExceeded, reason: RouteLimits.message(limit, count, maximum), url: nil, best: nil, all: nil,
            limit: limit)
    }

    /// The number of non-empty `&`-separated items in a query, for the message of a query over the limit.
    private static func queryItemCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        var itemIsEmpty = true
        for index in range {
            if bytes[index] == UInt8(ascii: "&") {
                if !itemIsEmpty { count += 1 }
                itemIsEmpty = true
            } else {
                itemIsEmpty = false
            }
        }
        return itemIsEmpty ? count : count + 1
    }

    /// The leaves of one scope pass in ``Precedence`` order. The search found them most specific
    /// first, so their position stands for their specificity (the search's order is
    /// ``SegmentClass``'s); priority comes before it.
    func stablyOrderedByPriority(_ leaves: [LeafIndex]) -> [LeafIndex] {
        leaves.enumerated().sorted { lhs, rhs in
            // Position in the search's order as the tie-breaker: it is specificity, then registration.
            Precedence.wins(
                priority: trie.leaves[leaf: lhs.element].priority, registration: Int32(tableIndex: lhs.offset),
                overPriority: trie.leaves[leaf: rhs.element].priority, registration: Int32(tableIndex: rhs.offset))
        }
        .map(\.element)
    }
}

/// The kind of answer a lookup gives; see ``RouteLookup/Outcome``.
public enum LookupOutcome: String, Hashable, Sendable {
    /// At least one template matched.
    case matched
    /// The URL was accepted but no template matched.
    case unmatched
    /// The scheme or domain is not accepted by the table; no template was tried.
    case refused
    /// The string cannot be routed at all (see ``RouteLookup/reason``).
    case invalid
    /// The URL is over one of the table's ``RouteLimits`` (see ``RouteLookup/exceededLimit``).
    case limitExceeded
}
