/// A registration without its value: what matching and validation need.
@usableFromInline
struct RouteDefinition: Sendable {
    var template: RouteTemplate
    var scopes: [RouteScope]
    var priority: Int

    @usableFromInline
    init(template: RouteTemplate, scopes: [RouteScope], priority: Int) {
        self.template = template
        self.scopes = scopes
        self.priority = priority
    }
}

/// Checks registrations and prepares the trie in one pass: the registration checks of DESIGN.md, run
/// by ``RouteTableBuilder/build()`` and ``RouteTableBuilder/diagnostics()``.
///
/// Templates of the same shape end at the same trie node, so duplicates and templates that differ
/// only in parameter names are found by comparing the few leaves of each node, not by comparing
/// every pair of routes.
struct TablePlan: Sendable {
    /// Schemes that belong to the system or the web and can never be an app's own scheme: the web
    /// (`http`, `https`, `ws`, `wss`, `ftp`), script (`javascript`, `vbscript`), the browser's own
    /// documents (`about`, `blob`, `data`, `file`, `view-source`, `chrome`, `chrome-extension`),
    /// Android's intents and content (`intent`, `android-app`, `content`, `jar`), Apple's app installs
    /// (`itms-services`, `itms-apps`) and calls and messages (`tel`, `sms`, `mailto`, `facetime`,
    /// `facetime-audio`).
    static let reservedSchemeList = [
        "http", "https", "tel", "mailto", "facetime", "facetime-audio", "sms", "javascript", "vbscript", "file", "data",
        "about", "blob", "ftp", "ws", "wss", "view-source", "chrome", "chrome-extension", "intent", "android-app",
        "content", "jar", "itms-services", "itms-apps",
    ]
    static let reservedSchemes = Set(reservedSchemeList)

    var definitions: [RouteDefinition]
    var schemes: [String]
    /// The accepted hosts (and wildcards), lowercased, one per entry of the domain list.
    var domains: [String]
    /// Each entry of the domain list as read (its base path, port, scheme and fixed query items),
    /// in the order of ``domains``.
    var bases: [UniversalLinkBase] = []
    var options: RouteTableOptions
    var parameterTypes: [String: ParameterType]
    var scopeList: [RouteScope] = [.appAny, .universalAny]
    var scopeIDs: [RouteScope: ScopeID] = [.appAny: .appAny, .universalAny: .universalAny]
    var types: [ParameterType] = []
    var trie: TrieBuilder
    var errors: [RouteDiagnostic] = []
    /// What the registrations admitted so far may have added to any one array of the table.
    var indexEntries = 0
    /// Scopes looked up while looking for conflicts: the count that tests follow across sizes to
    /// show that the check stays linear in the number of routes.
    var conflictWork = 0

    /// The most entries the registrations may add to any one array of the table. The table indexes
    /// its arrays with `Int32` on every platform (``Int32/init(tableIndex:)``); half of `Int32.max`
    /// keeps each array, and any two together (the literal keys and the folded root keys, the edges
    /// and the folded root edges), below `Int32.max`.
    static let indexBudget = Int(Int32.max) / 2

    /// An upper bound on what one registration adds to any one array of the table. Per variant: at
    /// most one node, edge, parameter slot and name per segment (a pattern of n bytes has at most
    /// n + 1 segments), one leaf, its scope IDs, and its literals in comparable form (lowercased NFC:
    /// at most 3 bytes for each byte written, the most any Unicode scalar takes). Per registration:
    /// its number, its pattern's bytes (``MatchingCore/patternBytes``), its scopes and its parameter
    /// types. Past `indexBudget / 1024` bytes or scopes (a megabyte of template), it does not fit.
    static func indexCost(of template: RouteTemplate, scopes: Int) -> Int {
        let bytes = template.pattern.utf8.count
        guard bytes <= indexBudget / 1024, scopes <= indexBudget / 1024 else { return indexBudget + 1 }
        var variants = 0
        template.forEachVariant { _, _ in variants += 1 }
        return (variants + 1) * (4 * (bytes + 1) + scopes)
    }

    init(
        definitions: [RouteDefinition], schemes: [String], domains: [String], options: RouteTableOptions,
        parameterTypes: [String: ParameterType]
    ) {
        var seenSchemes: Set<String> = []
        self.schemes = schemes.map { $0.lowercased() }.filter { seenSchemes.insert($0).inserted }
        self.domains = []
        self.definitions = definitions
        self.options = options
        self.parameterTypes = parameterTypes
        self.trie = TrieBuilder(caseInsensitive: options.caseInsensitivePaths)
        trie.reserve(routes: definitions.count)
        check(schemes: schemes)
        readDomains(domains)
        insertAll()
        findConflicts()
        errors = errors.enumerated().sorted { lhs, rhs in
            let left = lhs.element.registrationIndex ?? -1
            let right = rhs.element.registrationIndex ?? -1
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        .map(\.element)
    }

    private mutating func fail(_ index: Int?, _ code: RoutingError.Code, _ message: String, related: [Int] = []) {
        errors.append(
            RouteDiagnostic(
                severity: .error, registrationIndex: index, relatedRegistrationIndices: related, code: code,
                message: message))
    }

    private mutating func check(schemes: [String]) {
        for scheme in schemes {
            if let problem = Self.schemeProblem(scheme) { fail(nil, .invalidScheme, problem) }
        }
    }

    /// Reads the domain list (``UniversalLinkBase``): one host, one entry. An entry written twice
    /// counts once; one host with two different bases is an error, since a link to it could then be
    /// read, and printed, in two ways.
    private mutating func readDomains(_ entries: [String]) {
        var seen: [String: UniversalLinkBase] = [:]
        for entry in entries {
            switch UniversalLinkBase.parse(entry) {
            case .failure(let problem):
                fail(nil, .invalidDomain, problem.message)
            case .success(let base):
                if let earlier = seen[base.host] {
                    if earlier != base {
                        fail(
                            nil, .invalidDomain,
                            "the domain '\(base.host)' is listed twice, as '\(earlier)' and '\(base)'; a host has one "
                                + "entry, with at most one base path")
                    }
                    continue
                }
                seen[base.host] = base
                domains.append(base.host)
                bases.append(base)
            }
        }
    }

    // MARK: - Registrations

    private mutating func insertAll() {
        let acceptsEverything = schemes.isEmpty && domains.isEmpty
        // Sets, for the scope checks below: a route file may list thousands of schemes and scopes.
        let schemeSet = Set(schemes)
        let domainSet = Set(domains)
        let wildcardDomains = domains.filter { DomainWildcard.base(of: $0) != nil }
        var typeIndexes: [String: Int32] = [:]
        // For the host check: the first app-scoped registration under each root literal.
        var hostRegistrations: [BuilderNodeIndex: Int] = [:]
        for index in definitions.indices {
            let template = definitions[index].template
            // Room in the table's Int32 indexes, reserved before anything of this registration is added.
            let cost = Self.indexCost(of: template, scopes: definitions[index].scopes.count)
            guard cost <= Self.indexBudget - indexEntries else {
                let pattern = TemplateParser.quotable(template.pattern)
                fail(
                    index, .invalidTemplate,
                    "\"\(pattern)\" does not fit: the table's arrays would pass \(Self.indexBudget) entries "
                        + "(they are indexed with Int32 on every platform); split the routes over several tables")
                break
            }
            indexEntries += cost
            if let error = template.parseError {
                fail(index, error.code, error.message)
                continue
            }
            var typesKnown = true
            var defaultsJudged: Set<String> = []
            template.forEachVariant { _, variant in
                func check(_ name: String, _ type: String?) {
                    guard let type, parameterTypes[type] == nil else { return }
                    let known = parameterTypes.keys.sorted().joined(separator: ", ")
                    fail(
                        index, .unknownParameterType,
                        "\"\(template.pattern)\": parameter '\(name)' has the unknown type '\(type)'; known types are "
                            + "\(known) (register others with addParameterType(_:))")
                    typesKnown = false
                }
                for segment in variant.segments { segment.forEachParameterCapture(check) }
                for capture in variant.query.flatMap(\.parameterCaptures) + (variant.fragment?.parameterCaptures ?? [])
                {
                    check(capture.name, capture.type)
                }
                // A registered type's default, which the parser could not judge.
                for requirement in variant.query {
                    guard let value = requirement.defaultValue,
                        case .parameter(let name, let type?) = requirement.value,
                        let parameterType = parameterTypes[type], !parameterType.accepts(value),
                        defaultsJudged.insert(name).inserted
                    else { continue }
                    fail(
                        index, .invalidTemplate,
                        "\"\(template.pattern)\": the default '\(value)' of '\(name)' is not a valid \(type)")
                }
            }
            let written = definitions[index].scopes
            let isDefault = written == RouteScope.defaultScopes
            let scopes = isDefault ? written : Self.distinct(written)
            if scopes.isEmpty {
                fail(
                    index, .invalidScope,
                    "\"\(template.pattern)\" has no scopes; omit them to use appAny and universalAny")
            }
            var ids = isDefault ? TrieBuilder.defaultScopeIDs : []
            var appliesToApps = isDefault
            if !isDefault {
                for scope in scopes {
                    switch scope {
                    case .app(let scheme):
                        appliesToApps = true
                        if let problem = Self.schemeProblem(scheme) {
                            fail(index, .invalidScope, "\"\(template.pattern)\": scope app(\(scheme)): \(problem)")
                        } else if !acceptsEverything && !schemeSet.contains(scheme) {
                            fail(
                                index, .invalidScope,
                                "\"\(template.pattern)\": scope app(\(scheme)) names a scheme the table does not accept; "
                                    + "add it to the schemes")
                        }
                    case .universal(let domain):
                        if let problem = Self.domainProblem(domain) {
                            fail(
                                index, .invalidScope, "\"\(template.pattern)\": scope universal(\(domain)): \(problem)")
                        } else if !acceptsEverything && !domainSet.contains(domain)
                            && !DomainWildcard.accepts(domain, domains: wildcardDomains)
                        {
                            fail(
                                index, .invalidScope,
                                "\"\(template.pattern)\": scope universal(\(domain)) names a domain the table does not "
                                    + "accept; add it to the domains")
                        }
                    case .appAny:
                        appliesToApps = true
                    case .universalAny:
                        break
                    }
                    ids.append(scopeID(scope))
                }
            }
            guard typesKnown else { continue }
            template.forEachVariant { variantIndex, variant in
                let rootChild = trie.insert(
                    variant, route: index, variantIndex: variantIndex, priority: definitions[index].priority,
                    scopeIDs: ids
                ) { name in
                    if let existing = typeIndexes[name] { return existing }
                    types.append(parameterTypes[name] ?? ParameterType(name: name) { _ in false })
                    typeIndexes[name] = Int32(tableIndex: types.count - 1)
                    return Int32(tableIndex: types.count - 1)
                }
                if appliesToApps, let rootChild, hostRegistrations[rootChild] == nil {
                    hostRegistrations[rootChild] = index
                }
            }
        }
        if !options.caseInsensitivePaths { checkHostSpellings(hostRegistrations) }
    }

    private mutating func scopeID(_ scope: RouteScope) -> ScopeID {
        if let id = scopeIDs[scope] { return id }
        let id = ScopeID(offset: scopeList.count)
        scopeList.append(scope)
        scopeIDs[scope] = id
        return id
    }

    /// In app links the first segment is the host, which compares case-insensitively: two app-scoped
    /// templates whose first literals differ only in case would be the same host.
    private mutating func checkHostSpellings(_ hostRegistrations: [BuilderNodeIndex: Int]) {
        var byFolded: [String: [(child: BuilderNodeIndex, index: Int)]] = [:]
        let texts = Dictionary(trie.rootTexts.map { ($0.child, $0.text) }, uniquingKeysWith: { first, _ in first })
        for (child, index) in hostRegistrations {
            let text = texts[child] ?? ""
            byFolded[TrieBuilder.comparableKey(text, folded: true), default: []].append((child, index))
        }
        for group in byFolded.values where group.count > 1 {
            let ordered = group.sorted { $0.index < $1.index }
            let first = ordered[0]
            for other in ordered.dropFirst() {
                let template = definitions[other.index].template.pattern
                let earlier = definitions[first.index].template.pattern
                fail(
                    other.index, .ambiguousRoutes,
                    "\"\(template)\" starts with '\(texts[other.child] ?? "")' and \"\(earlier)\" with "
                        + "'\(texts[first.child] ?? "")'; in app links the first segment is the host, which "
                        + "compares case-insensitively, so spell them the same",
                    related: [first.index])
            }
        }
    }

    // MARK: - Conflicts

    /// Leaves at the same node have the same shape; two of them conflict when their scopes overlap,
    /// their typed parameters have the same types, and (in strict mode) their trailing slashes agree.
    ///
    /// Each leaf is reported against the first earlier leaf of another route it conflicts with (one
    /// error per route and variant is enough to say what to fix, and n copies of one route would
    /// otherwise make n²/2 errors). Earlier leaves are kept by what must match (types, trailing
    /// slash) and then by scope, so finding that first one costs a look-up per scope of the leaf,
    /// not a comparison with every leaf before it.
    private mutating func findConflicts() {
        struct Shape: Hashable {
            var types: [Int32]
            var trailingSlash: Bool?
            /// The query items and the fragment the variant requires, without capture names
            /// (``QueryRequirement/shape``, ``FragmentRequirement/shape``): variants that require
            /// different ones never conflict.
            var requirements: [String]
        }
        /// Where in the group the first leaf of a shape in a scope is, and the first of another route
        /// than that one's.
        struct FirstLeaves {
            var first: Int
            var other: Int?
        }
        var reported: Set<[RouteIndex]> = []
        for group in trie.leafGroups {
            var earlier: [Shape: [ScopeID: FirstLeaves]] = [:]
            for (position, leafIndex) in group.enumerated() {
                let leaf = trie.leaves[leafIndex.offset]
                let shape = Shape(
                    types: trie.typedSlots(of: leaf).map(\.type),
                    trailingSlash: options.strictTrailingSlash ? leaf.hasTrailingSlash : nil,
                    requirements: leaf.hasLinkRequirements ? requirementShape(of: leaf) : [])
                func route(_ at: Int) -> RouteIndex { trie.leaves[group[at].offset].route }
                var found: Int?
                for scope in trie.scopes(of: leaf) {
                    conflictWork += 1
                    guard let entry = earlier[shape]?[scope] else { continue }
                    guard let at = route(entry.first) != leaf.route ? entry.first : entry.other else { continue }
                    if found.map({ at < $0 }) ?? true { found = at }
                }
                for scope in trie.scopes(of: leaf) {
                    if let entry = earlier[shape]?[scope] {
                        if entry.other == nil, route(entry.first) != leaf.route {
                            earlier[shape, default: [:]][scope]?.other = position
                        }
                    } else {
                        earlier[shape, default: [:]][scope] = FirstLeaves(first: position, other: nil)
                    }
                }
                guard let found else { continue }
                let first = trie.leaves[group[found].offset]
                let firstScopes = Set(trie.scopes(of: first))
                guard let shared = trie.scopes(of: leaf).first(where: { firstScopes.contains($0) }),
                    reported.insert([first.route, leaf.route]).inserted
                else { continue }
                report(first, leaf, scope: scopeList[shared.offset])
            }
        }
    }

    private mutating func report(_ earlier: FlatTrie.Leaf, _ later: FlatTrie.Leaf, scope: RouteScope) {
        let template = definitions[later.route.offset].template
        let other = definitions[earlier.route.offset].template
        let variant = template.variants[Int(later.variant)]
        let otherVariant = other.variants[Int(earlier.variant)]
        func names(_ variant: RouteTemplate.Variant) -> [String] {
            variant.segments.compactMap(Self.parameterName) + variant.parameterCaptures.map(\.name)
        }
        if names(variant) == names(otherVariant) {
            fail(
                later.route.offset, .duplicateRoute,
                "\"\(template.pattern)\" duplicates \"\(other.pattern)\" in scope \(scope): both match \(variant); "
                    + "remove one or give them different scopes", related: [earlier.route.offset])
        } else {
            fail(
                later.route.offset, .ambiguousRoutes,
                "\"\(template.pattern)\" and \"\(other.pattern)\" differ only in parameter names, so no URL can tell "
                    + "them apart in scope \(scope); use one template, or give the parameters different types",
                related: [earlier.route.offset])
        }
    }

    /// The shapes of the query items and the fragment a leaf's variant requires.
    private func requirementShape(of leaf: FlatTrie.Leaf) -> [String] {
        let variants = definitions[leaf.route.offset].template.variants
        let index = Int(leaf.variant)
        guard index < variants.count else { return [] }
        let variant = variants[index]
        let suffix = variant.catchAllSuffix.map { segment -> String in
            switch segment {
            case .literal, .anonymous, .catchAll: segment.description
            case .parameter(_, let type): ":<\(type ?? "")>"
            case .pattern(let pattern): pattern.shape.description
            }
        }
        return suffix.map { "/" + $0 } + variant.query.map(\.shape) + (variant.fragment.map { [$0.shape] } ?? [])
    }

    // MARK: - Helpers

    static func parameterName(_ segment: TemplateSegment) -> String? {
        switch segment {
        case .parameter(let name, _): name
        case .catchAll(let name): name ?? "*"
        case .anonymous: "*"
        case .pattern(let pattern): pattern.captures.map(\.name).joined(separator: ",")
        case .literal: nil
        }
    }

    /// Normalized scopes without repeats, in the order written. (A set: a route may list
    /// thousands of scopes, and searching the result for each would make that quadratic.)
    static func distinct(_ scopes: [RouteScope]) -> [RouteScope] {
        var result: [RouteScope] = []
        var seen: Set<RouteScope> = []
        for scope in scopes.map(\.normalized) where seen.insert(scope).inserted { result.append(scope) }
        return result
    }

    static func schemeProblem(_ scheme: String) -> String? {
        let lower = scheme.lowercased()
        guard let first = lower.unicodeScalars.first, first >= "a", first <= "z",
            lower.unicodeScalars.allSatisfy({
                ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "+" || $0 == "-" || $0 == "."
            })
        else {
            return "'\(scheme)' is not a valid scheme; a scheme starts with a letter and has only letters, digits, "
                + "'+', '-' and '.' (write it without '://')"
        }
        if reservedSchemes.contains(lower) {
            return
                "'\(scheme)' is a well-known scheme and cannot be an app scheme; universal links are set with domains"
        }
        return nil
    }

    /// What is wrong with the domain a scope names: a host name or wildcard, never a base URL (the
    /// domain list gives a host its base path, port and scheme).
    static func domainProblem(_ domain: String) -> String? {
        if domain.contains("://") || domain.contains("/") || domain.contains(":") || domain.contains("?") {
            return "a scope names a host only, as in 'shop.example.com'; a base path, port or scheme belongs to "
                + "the host's entry in the domains"
        }
        return UniversalLinkBase.hostProblem(domain)
    }
}
