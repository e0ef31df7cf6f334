extension MatchingCore {
    /// What a lookup found, before values are attached.
    @usableFromInline
    struct CoreLookup {
        @usableFromInline var outcome: LookupOutcome
        @usableFromInline var reason: String?
        @usableFromInline var url: RouteURL?
        /// The best match.
        @usableFromInline var best: MatchDetails?
        /// Every match in precedence order, when they were all asked for.
        @usableFromInline var all: [MatchDetails]?
        /// The limit the URL is over, for `limitExceeded`.
        @usableFromInline var limit: RouteLimits.Limit? = nil
    }

    /// The scopes to search for one URL: an exact scope ID (or -1) and the any-scope ID.
    private struct ScopeContext {
        var exact: Int32
        var any: Int32
        var foldFirstSegment: Bool
    }

    // MARK: - Entry points

    /// The best match, or `nil` when nothing matches or the string is refused or invalid. The fast
    /// path: no ``RouteURL``, no query parsing, no allocation for a static hit.
    @usableFromInline
    func best(_ string: String) -> MatchDetails? {
        let found: Found?
        if let fast = string.utf8.withContiguousStorageIfAvailable({ best(bytes: $0) }) {
            found = fast
        } else {
            var copy = string
            found = copy.withUTF8 { best(bytes: $0) }
        }
        guard let found else { return nil }
        // The string is kept only when the match has something to decode from it.
        return MatchDetails(core: self, source: found.needsSource ? string : nil, found: found)
    }

    /// What the search found, in plain values, so that nothing in the hot path captures the string.
    struct Found {
        var leafIndex: Int32
        var scopeID: Int32
        var needsSource: Bool
        var captures: MatchDetails.Captures
    }

    private func best(bytes: UnsafeBufferPointer<UInt8>) -> Found? {
        let views = trie.views  // a pointer: the search copies nothing
        let limits = options.limits
        guard bytes.count <= limits.maximumURLLength else { return nil }
        let found = try? URLAnatomy.withParsed(bytes) { anatomy, segments, hasTrailingSlash -> Found? in
            guard segments.count <= limits.maximumSegments, let context = scopeContext(bytes, anatomy) else {
                return nil
            }
            for pass in 0..<2 {
                let scopeID = pass == 0 ? context.exact : context.any
                if scopeID < 0 { continue }
                let found = TrieSearch(
                    trie: views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                    strictTrailingSlash: options.strictTrailingSlash, foldFirstSegment: context.foldFirstSegment,
                    scopeID: scopeID
                ).best()
                if let found {
                    let leaf = views.pointee.leaves[Int(found)]
                    return Found(
                        leafIndex: found, scopeID: scopeID, needsSource: leaf.parameterCount > 0 || leaf.isCatchAll,
                        captures: MatchDetails.Captures(
                            leaf: leaf, positions: trie.parameterPositions, segments: segments,
                            path: anatomy.path))
                }
            }
            return nil
        }
        return found ?? nil
    }

    /// A full lookup: the parsed URL, the outcome and the best match, or every match in precedence
    /// order when `collectAll` is set.
    @usableFromInline
    func lookup(_ string: String, collectAll: Bool) -> CoreLookup {
        let limits = options.limits
        if string.utf8.count > limits.maximumURLLength {
            return Self.exceeded(.urlLength, string.utf8.count, limits.maximumURLLength)
        }
        var copy = string
        return copy.withUTF8 { bytes -> CoreLookup in
            let views = trie.views  // a pointer: the search copies nothing
            do throws(URLAnatomy.Failure) {
                return try URLAnatomy.withParsed(bytes) {
                    anatomy, segments, hasTrailingSlash -> CoreLookup in
                    if segments.count > limits.maximumSegments {
                        return Self.exceeded(.segments, segments.count, limits.maximumSegments)
                    }
                    if let query = anatomy.query {
                        let items = Self.queryItemCount(bytes, query)
                        if items > limits.maximumQueryItems {
                            return Self.exceeded(.queryItems, items, limits.maximumQueryItems)
                        }
                    }
                    let url = RouteURL(
                        string: string, bytes: bytes, anatomy: anatomy, hasTrailingSlash: hasTrailingSlash)
                    guard let context = scopeContext(bytes, anatomy) else {
                        return CoreLookup(
                            outcome: .refused, reason: refusal(bytes, anatomy), url: url, best: nil, all: nil)
                    }
                    var matches: [MatchDetails] = []
                    var best: MatchDetails?
                    for pass in 0..<2 {
                        let scopeID = pass == 0 ? context.exact : context.any
                        if scopeID < 0 { continue }
                        let search = TrieSearch(
                            trie: views, bytes: bytes, segments: segments, hasTrailingSlash: hasTrailingSlash,
                            strictTrailingSlash: options.strictTrailingSlash,
                            foldFirstSegment: context.foldFirstSegment,
                            scopeID: scopeID)
                        if !collectAll {
                            if let found = search.best() {
                                best = MatchDetails(
                                    core: self, source: string, leafIndex: found, scopeID: scopeID,
                                    segments: segments, path: anatomy.path)
                                break
                            }
                            continue
                        }
                        var leaves: [Int32] = []
                        search.all(into: &leaves)
                        for leafIndex in stablyOrderedByPriority(leaves) {
                            let leaf = views.pointee.leaves[Int(leafIndex)]
                            if matches.contains(where: { $0.route == leaf.route }) { continue }
                            matches.append(
                                MatchDetails(
                                    core: self, source: string, leafIndex: leafIndex, scopeID: scopeID,
                                    segments: segments, path: anatomy.path))
                        }
                    }
                    if collectAll { best = matches.first }
                    guard best != nil else {
                        return CoreLookup(
                            outcome: .unmatched, reason: "no route matches \"\(url.path)\"", url: url, best: nil,
                            all: collectAll ? [] : nil)
                    }
                    return CoreLookup(
                        outcome: .matched, reason: nil, url: url, best: best, all: collectAll ? matches : nil)
                }
            } catch {
                return CoreLookup(outcome: .invalid, reason: error.reason, url: nil, best: nil, all: nil)
            }
        }
    }

    private static func exceeded(_ limit: RouteLimits.Limit, _ count: Int, _ maximum: Int) -> CoreLookup {
        CoreLookup(
            outcome: .limitExceeded, reason: RouteLimits.message(limit, count, maximum), url: nil, best: nil, all: nil,
            limit: limit)
    }

    /// The number of non-empty `&`-separated items in a query.
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

    private func stablyOrderedByPriority(_ leaves: [Int32]) -> [Int32] {
        leaves.enumerated().sorted { lhs, rhs in
            let left = trie.leaves[Int(lhs.element)].priority
            let right = trie.leaves[Int(rhs.element)].priority
            return left != right ? left > right : lhs.offset < rhs.offset
        }
        .map(\.element)
    }

    // MARK: - Scopes and refusals

    /// The scopes to search, most specific first, or `nil` when the scheme or domain is refused
    /// (``refusal(_:_:)`` says why). Compares schemes and domains on the bytes, without allocating.
    @inline(__always)
    private func scopeContext(_ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy) -> ScopeContext? {
        switch anatomy.kind {
        case .app:
            let scheme = anatomy.scheme ?? 0..<0
            let accepted = schemes.contains { Self.equalsIgnoringASCIICase(bytes, scheme, $0) }
            // Unknown schemes pass only in an accept-everything table, and reserved ones never do.
            if !accepted
                && (!acceptsEverything
                    || TablePlan.reservedSchemeList.contains { Self.equalsIgnoringASCIICase(bytes, scheme, $0) })
            {
                return nil
            }
            var exact: Int32 = -1
            if hasExactAppScopes, let id = scopeIDs[.app(scheme: URLAnatomy.lowercasedString(bytes, scheme))] {
                exact = id
            }
            return ScopeContext(exact: exact, any: 0, foldFirstSegment: true)
        case .universal:
            let host = anatomy.host ?? 0..<0
            if !acceptsEverything && !domains.contains(where: { Self.equalsIgnoringASCIICase(bytes, host, $0) }) {
                return nil
            }
            var exact: Int32 = -1
            if hasExactUniversalScopes, let id = scopeIDs[.universal(domain: URLAnatomy.lowercasedString(bytes, host))]
            {
                exact = id
            }
            return ScopeContext(exact: exact, any: 1, foldFirstSegment: false)
        case .internalPath:
            return ScopeContext(exact: primaryAppScopeID, any: 0, foldFirstSegment: false)
        }
    }

    /// Why ``scopeContext(_:_:)`` refused a URL.
    private func refusal(_ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy) -> String {
        if anatomy.kind == .universal {
            let name = URLAnatomy.lowercasedString(bytes, anatomy.host ?? 0..<0)
            let list =
                domains.isEmpty
                ? "the table accepts no universal-link domains" : "accepted domains: " + domains.joined(separator: ", ")
            return "the domain '\(name)' is not accepted; \(list)"
        }
        let name = URLAnatomy.lowercasedString(bytes, anatomy.scheme ?? 0..<0)
        if TablePlan.reservedSchemes.contains(name) {
            return "'\(name)' is not an app scheme; links with it are never routed"
        }
        let list =
            schemes.isEmpty
            ? "the table accepts no app schemes" : "accepted schemes: " + schemes.joined(separator: ", ")
        return "the scheme '\(name)' is not accepted; \(list)"
    }

    /// Whether the bytes in `range` equal `lowercased` (which is lowercase ASCII), ignoring ASCII case.
    @inline(__always)
    static func equalsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercased: String)
        -> Bool
    {
        var offset = range.lowerBound
        for expected in lowercased.utf8 {
            guard offset < range.upperBound else { return false }
            var byte = bytes[offset]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != expected { return false }
            offset += 1
        }
        return offset == range.upperBound
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
