// Which scopes a URL's routes are searched in, and why a scheme or domain is refused.
extension MatchingCore {
    /// The scopes to search for one URL: the exact scope (or none), the wildcard scopes that cover
    /// a universal link's host, and the any scope.
    struct ScopeContext {
        var exact: ScopeID
        var any: ScopeID
        var foldFirstSegment: Bool
        /// The most specific wildcard scope that covers a universal link's host (searched after
        /// `exact`, before `any`; ``MatchingCore/nextWildcardScope`` gives the ones after it).
        var wildcard: ScopeID = .none
    }

    /// The scopes to search, most specific first, or `nil` when the scheme or domain is refused
    /// (``refusal(_:_:)`` says why) **or when a universal link's host has a base path**: such a link
    /// is searched beneath it (``MatchingCore/beneathBasePath(_:host:path:segments:)``), by the
    /// callers' refusal branch, so that the lookups of every other link test nothing more.
    /// Compares schemes and domains on the bytes, without allocating.
    @inline(__always)
    func scopeContext(_ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy) -> ScopeContext? {
        scopeContext(bytes, kind: anatomy.kind, scheme: anatomy.scheme, host: anatomy.host)
    }

    @inline(__always)
    func scopeContext(
        _ bytes: UnsafeBufferPointer<UInt8>, kind: URLAnatomy.Kind, scheme: Range<Int>?, host: Range<Int>?
    ) -> ScopeContext? {
        // An internal route path needs no comparison: answered here, without a call.
        if kind == .internalPath {
            return ScopeContext(exact: primaryAppScopeID, any: .appAny, foldFirstSegment: false)
        }
        return linkScopeContext(bytes, kind: kind, scheme: scheme, host: host)
    }

    /// ``scopeContext(_:kind:scheme:host:)`` for an app link or a universal link.
    func linkScopeContext(
        _ bytes: UnsafeBufferPointer<UInt8>, kind: URLAnatomy.Kind, scheme: Range<Int>?, host: Range<Int>?
    ) -> ScopeContext? {
        switch kind {
        case .app:
            let scheme = scheme ?? 0..<0
            let accepted = acceptedSchemes.contains(bytes, scheme)
            // Unknown schemes pass only in an accept-everything table, and reserved ones never do.
            if !accepted
                && (!acceptsEverything
                    || Self.reservedSchemes.contains(bytes, scheme))
            {
                return nil
            }
            var exact = ScopeID.none
            if hasExactAppScopes, let id = scopeIDs[.app(scheme: URLAnatomy.lowercasedString(bytes, scheme))] {
                exact = id
            }
            return ScopeContext(exact: exact, any: .appAny, foldFirstSegment: true)
        case .universal:
            return universalScopeContext(bytes, host: host ?? 0..<0, admittingBasePath: false)
        case .internalPath:
            return ScopeContext(exact: primaryAppScopeID, any: .appAny, foldFirstSegment: false)
        }
    }

    /// The scopes of a universal link to `host`, or `nil` when the host is refused or, unless
    /// `admittingBasePath`, has a base path.
    @inline(__always)
    func universalScopeContext(_ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>, admittingBasePath: Bool)
        -> ScopeContext?
    {
        var work = 0
        if !acceptsEverything && !acceptedDomains.contains(bytes, host)
            && Self.firstCovering(bytes, host, acceptedWildcardBases, work: &work) == nil
        {
            return nil
        }
        var exact = ScopeID.none
        if hasExactUniversalScopes, let id = scopeIDs[.universal(domain: URLAnatomy.lowercasedString(bytes, host))] {
            exact = id
        }
        var context = ScopeContext(exact: exact, any: .universalAny, foldFirstSegment: false)
        if !wildcardScopes.isEmpty {
            var wildcard = wildcardScopes.first { Self.host(bytes, host, isCoveredBy: $0.base) }?.id ?? .none
            // A host spelled as a wildcard (the association file's analysis asks for
            // `*.example.com`) has that scope as its exact one: search it once.
            if wildcard.exists && wildcard == exact { wildcard = nextWildcardScope[wildcard.offset] }
            context.wildcard = wildcard
        }
        if !basePaths.isEmpty && !admittingBasePath && basePathEntry(bytes, host: host) != 0 { return nil }
        return context
    }

    /// Why ``scopeContext(_:_:)`` refused a URL.
    func refusal(_ bytes: UnsafeBufferPointer<UInt8>, _ anatomy: URLAnatomy) -> String {
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

    static let reservedSchemes = ASCIINameList(TablePlan.reservedSchemeList)

    /// The first scope a URL's routes are searched in: the exact scope, else the most specific
    /// wildcard scope that covers a universal link's host, else the any scope. With
    /// ``scope(after:in:)``, the scopes in precedence order, without an array (a lookup makes
    /// none).
    @inline(__always)
    func firstScope(in context: ScopeContext) -> ScopeID {
        context.exact.exists ? context.exact : context.wildcard.exists ? context.wildcard : context.any
    }

    /// The scope searched after `scope` (``firstScope(in:)``), or `.none` after the any scope.
    /// Each scope comes once: the exact scope is never the context's wildcard
    /// (``linkScopeContext(_:kind:scheme:host:)``), and a wildcard's next is a shorter one.
    @inline(__always)
    func scope(after scope: ScopeID, in context: ScopeContext) -> ScopeID {
        if scope == context.any { return .none }
        if scope == context.exact { return context.wildcard.exists ? context.wildcard : context.any }
        let next = nextWildcardScope[scope.offset]
        return next.exists ? next : context.any
    }

    /// The index of the first of `bases` whose wildcard covers the host, or `nil`: one comparison of
    /// the host's last bytes with each base, so `work` (one for each base, plus the bytes compared)
    /// is linear in the domain list's length.
    @inline(__always)
    static func firstCovering(
        _ bytes: UnsafeBufferPointer<UInt8>, _ host: Range<Int>, _ bases: [[UInt8]], work: inout Int
    ) -> Int? {
        for (index, base) in bases.enumerated() {
            work += 1 + base.count
            if Self.host(bytes, host, isCoveredBy: base) { return index }
        }
        return nil
    }

    /// Whether the host's bytes (compared without ASCII case) are a subdomain of `base` (lowercase):
    /// ``DomainWildcard/covers(base:host:)`` on bytes.
    @inline(__always)
    static func host(_ bytes: UnsafeBufferPointer<UInt8>, _ host: Range<Int>, isCoveredBy base: [UInt8])
        -> Bool
    {
        guard host.count > base.count + 1 else { return false }
        let dot = host.upperBound - base.count - 1
        guard bytes[dot] == UInt8(ascii: ".") else { return false }
        for (offset, expected) in base.enumerated() {
            let byte = bytes[dot + 1 + offset]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if lowered != expected { return false }
        }
        return true
    }
}
