/// Everything a route table needs to match, without its values.
///
/// Not generic, so that the hot path is compiled once, specialized, whatever a table's value type;
/// ``RouteTable`` is a thin generic shell around it. Immutable after `init`, hence `Sendable` without
/// locks (every stored property is a `let` of a `Sendable` type).
@usableFromInline
final class MatchingCore: Sendable {
    let trie: FlatTrie
    /// Every route's pattern, one after another, and where each starts (one more offset than routes).
    /// The table keeps no ``RouteTemplate`` values: ``template(of:)`` parses a pattern again on demand.
    let patternBytes: [UInt8]
    let patternOffsets: [Int32]
    /// The first leaf of each route (its scopes and priority are every leaf's).
    let routeLeaves: [LeafIndex]
    let parameterTypes: [String: ParameterType]
    /// Scopes by ID: 0 is `appAny`, 1 is `universalAny`.
    let scopeList: [RouteScope]
    let scopeIDs: [RouteScope: ScopeID]
    let schemes: [String]
    let domains: [String]
    /// Each entry of the domain list as read, in the order of ``domains``.
    let bases: [UniversalLinkBase]
    /// The domain list's base paths, which universal links to their hosts must be under; empty for
    /// most tables, which then compare nothing.
    let basePaths: BasePaths
    /// ``schemes`` and ``domains`` as bytes, for the comparison with each URL.
    let acceptedSchemes: ASCIINameList
    let acceptedDomains: ASCIINameList
    /// The bases of the accepted wildcard domains (`example.com` for `*.example.com`), lowercase.
    let acceptedWildcardBases: [[UInt8]]
    /// The wildcard scopes (`universal(*.example.com)`), the most specific (longest base) first.
    let wildcardScopes: [(base: [UInt8], id: ScopeID)]
    /// For each scope ID, the next wildcard scope to search after it, when it is a wildcard scope:
    /// the most specific of those that cover it (`*.example.com` after `*.shop.example.com`).
    let nextWildcardScope: [ScopeID]
    let options: RouteTableOptions
    let hasExactAppScopes: Bool
    let hasExactUniversalScopes: Bool
    /// The scope ID of `.app(primary scheme)`, for internal route strings; none when not registered.
    let primaryAppScopeID: ScopeID
    /// Each route's variants, when some template requires query items or a fragment
    /// (``RouteTemplate/Variant/query``, ``RouteTemplate/Variant/fragment``); empty otherwise, so
    /// that such tables check nothing.
    let linkRequirements: [[RouteTemplate.Variant]]
    /// Whether any template requires query items or a fragment: a leaf that does is taken only once
    /// its requirements are checked (``MatchingCore/linkFailure(_:_:_:)``).
    let hasLinkRequirements: Bool

    init(plan: TablePlan) {
        let layout = plan.trie.build(types: plan.types)
        trie = FlatTrie(layout)
        var bytes: [UInt8] = []
        var offsets: [Int32] = [0]
        bytes.reserveCapacity(plan.definitions.reduce(0) { $0 + $1.template.pattern.utf8.count })
        offsets.reserveCapacity(plan.definitions.count + 1)
        for definition in plan.definitions {
            // As one copy of contiguous bytes, not byte by byte through the UTF-8 view.
            definition.template.pattern.withUTF8Bytes { bytes.append(contentsOf: $0) }
            offsets.append(Int32(tableIndex: bytes.count))
        }
        patternBytes = bytes
        patternOffsets = offsets
        var firstLeaves = [LeafIndex](repeating: .none, count: plan.definitions.count)
        for (index, leaf) in layout.leaves.enumerated() where !firstLeaves[leaf.route.offset].exists {
            firstLeaves[leaf.route.offset] = LeafIndex(offset: index)
        }
        routeLeaves = firstLeaves
        parameterTypes = plan.parameterTypes
        scopeList = plan.scopeList
        scopeIDs = plan.scopeIDs
        schemes = plan.schemes
        domains = plan.domains
        bases = plan.bases
        basePaths = BasePaths(plan.bases, caseInsensitive: plan.options.caseInsensitivePaths)
        acceptedSchemes = ASCIINameList(plan.schemes)
        acceptedDomains = ASCIINameList(plan.domains)
        acceptedWildcardBases = plan.domains.compactMap { DomainWildcard.base(of: $0).map { Array($0.utf8) } }
        var wildcards: [(domain: String, id: ScopeID)] = []
        for (index, scope) in plan.scopeList.enumerated() {
            if case .universal(let domain) = scope, DomainWildcard.base(of: domain) != nil {
                wildcards.append((domain, ScopeID(offset: index)))
            }
        }
        wildcards.sort { $0.domain.utf8.count > $1.domain.utf8.count }
        var bases: [(base: [UInt8], id: ScopeID)] = []
        var next = [ScopeID](repeating: .none, count: plan.scopeList.count)
        for (position, wildcard) in wildcards.enumerated() {
            bases.append((Array((DomainWildcard.base(of: wildcard.domain) ?? "").utf8), wildcard.id))
            let covering = wildcards[(position + 1)...].first { other in
                DomainWildcard.domain(wildcard.domain, isCoveredBy: other.domain)
            }
            next[wildcard.id.offset] = covering?.id ?? .none
        }
        wildcardScopes = bases
        nextWildcardScope = next
        options = plan.options
        hasExactAppScopes = plan.scopeList.contains { if case .app = $0 { true } else { false } }
        hasExactUniversalScopes = plan.scopeList.contains { if case .universal = $0 { true } else { false } }
        primaryAppScopeID = plan.schemes.first.flatMap { plan.scopeIDs[.app(scheme: $0)] } ?? .none
        // Read from the leaves, so that a table without query requirements reads no template again.
        hasLinkRequirements = layout.leaves.contains { $0.hasLinkRequirements }
        linkRequirements = hasLinkRequirements ? plan.definitions.map(\.template.variants) : []
    }

    var acceptsEverything: Bool { schemes.isEmpty && domains.isEmpty }

    /// The number of routes.
    var routeCount: Int { routeLeaves.count }

    /// A route's pattern, as written.
    func pattern(of route: Int) -> String {
        String(decoding: patternBytes[Int(patternOffsets[route])..<Int(patternOffsets[route + 1])], as: UTF8.self)
    }

    /// A route's template, parsed again from its pattern (which parsed when the table was built).
    func template(of route: Int) -> RouteTemplate {
        RouteTemplate(stringLiteral: pattern(of: route))
    }

    /// A route's scopes, most specific first as registered.
    func scopes(of route: Int) -> [RouteScope] {
        let leaf = trie.leaves[leaf: routeLeaves[route]]
        return (0..<Int(leaf.scopeCount)).map { scopeList[trie.leafScopes[Int(leaf.scopeStart) + $0].offset] }
    }

    /// A route's priority.
    func priority(of route: Int) -> Int {
        Int(trie.leaves[leaf: routeLeaves[route]].priority)
    }
}
