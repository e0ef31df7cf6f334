extension RouteTable {
    /// Finds the best route for a URL or internal route string.
    ///
    /// - Custom-scheme links (`shop://product/42`, `shop:product/42`, `shop:///product/42`) match the
    ///   host as path segment 0, case-insensitively, against app scopes.
    /// - Universal links (`https://shop.example.com/product/42`) match only the path, against the
    ///   scopes of their domain; a domain the table does not accept is ``RouteLookup/Outcome/refused``.
    /// - Internal route strings (`product/42`, no scheme) match as if they came through the primary
    ///   scheme (the first of ``schemes``), case-sensitively.
    ///
    /// - Parameter string: The URL or route string, exactly as received.
    /// - Returns: The outcome, the parsed URL and the best match (if any).
    public func lookup(_ string: String) -> RouteLookup<Value> {
        perform(string, collectAll: false, parseURL: true)
    }

    /// Every route that matches, best first: the exact-scope matches in precedence order, then the
    /// any-scope ones. Used when a destination declines and the next candidate must run.
    public func candidates(_ string: String) -> RouteLookup<Value> {
        perform(string, collectAll: true, parseURL: true)
    }

    /// The best match for an internal route path such as `/product/42`, or `nil`.
    ///
    /// The fast path: it builds no ``RouteURL`` and parses no query.
    ///
    /// ```swift
    /// table.match(path: "/product/42")?.parameters["id"]   // "42"
    /// ```
    public func match(path: String) -> RouteMatch<Value>? {
        perform(path, collectAll: false, parseURL: false).match
    }

    private struct ScopeContext {
        var id: Int32
        var scope: RouteScope
    }

    private func perform(_ string: String, collectAll: Bool, parseURL: Bool) -> RouteLookup<Value> {
        var copy = string
        return copy.withUTF8 { bytes in
            let anatomy: URLAnatomy
            do throws(URLAnatomy.Failure) {
                anatomy = try URLAnatomy.parse(bytes)
            } catch {
                return invalid(string, error.reason)
            }
            return withUnsafeTemporaryAllocation(of: SegmentRef.self, capacity: PathSegments.capacity(bytes, anatomy)) {
                buffer in
                let split: (count: Int, hasTrailingSlash: Bool)
                do throws(URLAnatomy.Failure) {
                    split = try PathSegments.split(bytes, anatomy, into: buffer)
                } catch {
                    return invalid(string, error.reason)
                }
                let segments = UnsafeBufferPointer(rebasing: buffer[0..<split.count])
                let url =
                    parseURL
                    ? RouteURL(
                        string: string, bytes: bytes, anatomy: anatomy, segments: segments,
                        hasTrailingSlash: split.hasTrailingSlash) : nil
                let contexts: [ScopeContext]
                switch scopeContexts(bytes, anatomy) {
                case .success(let found): contexts = found
                case .failure(let refusal):
                    return RouteLookup(outcome: .refused, reason: refusal.reason, url: url, matches: [])
                }
                var matches: [RouteMatch<Value>] = []
                var seenRoutes: Set<Int32> = []
                for context in contexts {
                    let leaves = trie.withSearch(
                        bytes: bytes, segments: segments, hasTrailingSlash: split.hasTrailingSlash,
                        strictTrailingSlash: options.strictTrailingSlash, foldFirstSegment: anatomy.kind == .app,
                        scopeID: context.id, types: types
                    ) { search -> [Int32] in
                        if !collectAll { return search.best().map { [$0] } ?? [] }
                        var found: [Int32] = []
                        search.all(into: &found)
                        return found
                    }
                    let ordered = collectAll ? stablyOrderedByPriority(leaves) : leaves
                    for leafIndex in ordered {
                        let leaf = trie.leaves[Int(leafIndex)]
                        guard seenRoutes.insert(leaf.route).inserted else { continue }
                        matches.append(makeMatch(leaf, scope: context.scope, bytes: bytes, segments: segments))
                    }
                    if !collectAll && !matches.isEmpty { break }
                }
                if matches.isEmpty {
                    let reason = url.map { "no route matches \"\($0.path)\"" }
                    return RouteLookup(outcome: .unmatched, reason: reason, url: url, matches: [])
                }
                return RouteLookup(outcome: .matched, reason: nil, url: url, matches: matches)
            }
        }
    }

    private func invalid(_ string: String, _ reason: String) -> RouteLookup<Value> {
        RouteLookup(outcome: .invalid, reason: reason, url: nil, matches: [])
    }

    private func stablyOrderedByPriority(_ leaves: [Int32]) -> [Int32] {
        leaves.enumerated().sorted { lhs, rhs in
            let left = trie.leaves[Int(lhs.element)].priority
            let right = trie.leaves[Int(rhs.element)].priority
            return left != right ? left > right : lhs.offset < rhs.offset
        }
        .map(\.element)
    }

    private struct Refusal: Error {
        var reason: String
    }

    /// The scopes to search, most specific first, or why the URL is refused.
    private func scopeContexts(_ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy) -> Result<
        [ScopeContext], Refusal
    > {
        var contexts: [ScopeContext] = []
        switch anatomy.kind {
        case .app:
            let scheme = anatomy.scheme.map { URLAnatomy.lowercasedString(bytes, $0) } ?? ""
            if TableValidation<Value>.reservedSchemes.contains(scheme) {
                return .failure(Refusal(reason: "'\(scheme)' is not an app scheme; links with it are never routed"))
            }
            if !acceptsEverything && !acceptedSchemes.contains(scheme) {
                let accepted =
                    schemes.isEmpty
                    ? "the table accepts no app schemes" : "accepted schemes: " + schemes.joined(separator: ", ")
                return .failure(Refusal(reason: "the scheme '\(scheme)' is not accepted; \(accepted)"))
            }
            if hasExactAppScopes, let id = scopeIDs[.app(scheme: scheme)] {
                contexts.append(ScopeContext(id: id, scope: .app(scheme: scheme)))
            }
            contexts.append(ScopeContext(id: 0, scope: .appAny))
        case .universal:
            let host = anatomy.authority.map { URLAnatomy.lowercasedString(bytes, $0) } ?? ""
            if !acceptsEverything && !acceptedDomains.contains(host) {
                let accepted =
                    domains.isEmpty
                    ? "the table accepts no universal-link domains"
                    : "accepted domains: " + domains.joined(separator: ", ")
                return .failure(Refusal(reason: "the domain '\(host)' is not accepted; \(accepted)"))
            }
            if hasExactUniversalScopes, let id = scopeIDs[.universal(domain: host)] {
                contexts.append(ScopeContext(id: id, scope: .universal(domain: host)))
            }
            contexts.append(ScopeContext(id: 1, scope: .universalAny))
        case .internalPath:
            if hasExactAppScopes, let primary = schemes.first, let id = scopeIDs[.app(scheme: primary)] {
                contexts.append(ScopeContext(id: id, scope: .app(scheme: primary)))
            }
            contexts.append(ScopeContext(id: 0, scope: .appAny))
        }
        return .success(contexts)
    }

    private func makeMatch(
        _ leaf: SegmentTrie.Leaf, scope: RouteScope, bytes: UnsafeBufferPointer<UInt8>,
        segments: UnsafeBufferPointer<SegmentRef>
    ) -> RouteMatch<Value> {
        let entry = entries[Int(leaf.route)]
        let variant = entry.template.variants[Int(leaf.variant)]
        func decoded(_ position: Int) -> String {
            let raw = UnsafeBufferPointer(rebasing: bytes[segments[position].start..<segments[position].end])
            return PercentDecoding.decode(raw) ?? String(decoding: raw, as: UTF8.self)
        }
        var parameters: [(name: String, value: String)] = []
        var wildcard: [String]?
        for (position, segment) in variant.segments.enumerated() {
            switch segment {
            case .parameter(let name, _):
                parameters.append((name, decoded(position)))
            case .catchAll(let name):
                let rest = (position..<segments.count).map(decoded)
                wildcard = rest
                if let name { parameters.append((name, rest.joined(separator: "/"))) }
            case .literal, .anonymous:
                break
            }
        }
        return RouteMatch(
            value: entry.value, template: entry.template, variant: variant, scope: scope,
            parameters: RouteParameters(parameters), wildcard: wildcard, registrationIndex: Int(leaf.route),
            priority: entry.priority)
    }
}
