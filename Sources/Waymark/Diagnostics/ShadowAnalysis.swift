/// Finds routes that can never win: for every URL they match, one other route always matches too and
/// beats them (by scope, priority, specificity or registration order).
///
/// The analysis is exact for one shadowing route; a route covered only by several routes together is
/// not reported.
///
/// Each route is compared only with the routes that cover it: a trie of every route's segments
/// (``ShadowIndex``) gives, for a route, the few leaves whose templates match every URL it matches,
/// and each leaf answers "which of mine beats this route here, first?" with a look-up. Comparing
/// every pair of routes would cost comparisons quadratic in the number of routes, too slow for
/// `waymark check` on a large table (measured: docs/performance.md, "Measurements behind the matcher's
/// design"). The answers are the same as that comparison's: the test suite keeps it as an oracle and
/// compares the two on generated route sets.
struct ShadowAnalysis {
    let definitions: [RouteDefinition]
    let schemes: [String]
    let domains: [String]
    let options: RouteTableOptions
    let parameterTypes: [String: ParameterType]

    /// The URLs a route is judged on: app links of one scheme (`nil`: any, in a table that accepts
    /// every scheme), or universal links of one domain.
    enum Context: Hashable {
        case app(String?)
        case universal(String?)

        var isApp: Bool {
            if case .app = self { return true }
            return false
        }

        /// The exact scope that ranks highest in this context, if it names one.
        var exactScope: RouteScope? {
            switch self {
            case .app(let scheme?): .app(scheme: scheme)
            case .universal(let domain?): .universal(domain: domain)
            default: nil
            }
        }
    }

    /// One variant of one route.
    struct Candidate {
        var index: Int
        var variant: RouteTemplate.Variant
        var priority: Int
        var scopes: Set<RouteScope>
        var specificity: Specificity
    }

    func warnings() -> [RouteDiagnostic] {
        var work = 0
        return warnings(skipping: [], work: &work)
    }

    /// The warnings, for every route but those in `skipping` (routes that are errors already need
    /// none); adds to `work` the trie nodes visited, leaves asked and contexts judged: the count
    /// that tests follow across sizes to show the analysis stays near-linear.
    func warnings(skipping: Set<Int>, work: inout Int) -> [RouteDiagnostic] {
        let schemes = schemes.map { $0.lowercased() }
        let domains = domains.map { $0.lowercased() }
        let schemePositions = Dictionary(schemes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let domainPositions = Dictionary(domains.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var candidates: [Candidate] = []
        for (index, registration) in definitions.enumerated() {
            let scopes = Set(TablePlan.distinct(registration.scopes))
            for variant in registration.template.variants {
                candidates.append(
                    Candidate(
                        index: index, variant: variant, priority: registration.priority, scopes: scopes,
                        specificity: Specificity(variant)))
            }
        }
        let index = ShadowIndex(candidates: candidates, options: options, parameterTypes: parameterTypes)
        var warnings: [RouteDiagnostic] = []
        var position = 0
        for (routeIndex, registration) in definitions.enumerated() {
            let variantCount = registration.template.variants.count
            defer { position += variantCount }
            guard !skipping.contains(routeIndex) else { continue }
            let written = TablePlan.distinct(registration.scopes)
            var shadowers: [Int] = []
            var seen: Set<Int> = []
            var shadowed = variantCount > 0
            check: for offset in 0..<variantCount {
                let me = candidates[position + offset]
                // A catch-all followed by segments is not judged (the index reads a catch-all as
                // the end of a template): such a route gets no warning.
                guard me.variant.catchAllSuffix.isEmpty else {
                    shadowed = false
                    break check
                }
                // The leaves that cover this variant, for app links and for universal links: they
                // differ only in how the first segment compares (an app link's host folds case).
                var covering: [Bool: [Int]] = [:]
                func leaves(_ isApp: Bool) -> [Int] {
                    if let known = covering[isApp] { return known }
                    let found = index.coveringLeaves(of: me.variant, appLinks: isApp, work: &work)
                    covering[isApp] = found
                    return found
                }
                let contexts = self.contexts(
                    of: written, schemes: schemes, domains: domains, schemePositions: schemePositions,
                    domainPositions: domainPositions,
                    special: { isApp in
                        var named: Set<RouteScope> = []
                        for leaf in leaves(isApp) {
                            for scope in index.leaves[leaf].exactScopes where !me.scopes.contains(scope) {
                                work += 1
                                named.insert(scope)
                                if named.count > Self.maximumContexts { return nil }
                            }
                        }
                        return named
                    })
                // Too many contexts to judge (see maximumContexts): the route is not analysed.
                guard let contexts else {
                    shadowed = false
                    break check
                }
                for context in contexts {
                    work += 1
                    let myRank = rank(me.scopes, context)
                    guard
                        let winner = index.firstWinner(
                            over: me, rank: myRank, in: context, among: leaves(context.isApp), work: &work)
                    else {
                        shadowed = false
                        break check
                    }
                    let route = candidates[winner].index
                    if seen.insert(route).inserted { shadowers.append(route) }
                }
            }
            guard shadowed, !shadowers.isEmpty else { continue }
            warnings.append(Self.warning(routeIndex, shadowers: shadowers, definitions: definitions))
        }
        return warnings
    }

    /// The most schemes and domains, named in exact scopes by the routes that cover a route, that
    /// the route is judged in besides its own. A route under `appAny` is judged once per scheme
    /// that a route covering it names in an exact scope, plus once for all the others; when each
    /// route names a scheme of its own, the judgements grow as the product of the schemes and the
    /// routes (an example: docs/performance.md, "Measurements behind the matcher's design").
    /// Past this many, the route is not analysed, and gets no warning.
    static let maximumContexts = 64

    /// The most shadowing routes a warning names: past it, it says how many more there are (a
    /// route can lose to thousands, one per scheme, and naming them all made messages that size).
    static let namedShadowers = 10

    /// The warning for a route that `shadowers` (in the order found) always beat.
    static func warning(_ index: Int, shadowers: [Int], definitions: [RouteDefinition]) -> RouteDiagnostic {
        let named = shadowers.prefix(namedShadowers)
        var names = named.map { "\"\(definitions[$0].template.pattern)\"" }.joined(separator: " or ")
        if shadowers.count > named.count { names += " or \(shadowers.count - named.count) other routes" }
        return RouteDiagnostic(
            severity: .warning, registrationIndex: index, relatedRegistrationIndices: Array(named),
            code: .ambiguousRoutes,
            message: "\"\(definitions[index].template.pattern)\" can never win: every URL it matches goes to "
                + names + " instead")
    }

    /// The contexts a route is judged in, in the order of its scopes (and of the table's schemes and
    /// domains, for `appAny` and `universalAny`), each once.
    ///
    /// Under `appAny`, every accepted scheme is a context; but for a scheme that neither this route
    /// nor any route covering it names in an exact scope, every route ranks as it does for any other
    /// such scheme, and the answer is the same. So only the schemes some covering route names are
    /// judged, and the first of the others stands for them all (`special` gives the named scopes,
    /// or `nil` when there are more than ``maximumContexts``, and then so does this). The same goes
    /// for domains.
    private func contexts(
        of scopes: [RouteScope], schemes: [String], domains: [String], schemePositions: [String: Int],
        domainPositions: [String: Int], special: (_ isApp: Bool) -> Set<RouteScope>?
    ) -> [Context]? {
        var result: [Context] = []
        var added: Set<Context> = []
        func add(_ context: Context) { if added.insert(context).inserted { result.append(context) } }
        var tooMany = false
        func expand(_ all: [String], _ positions: [String: Int], isApp: Bool) {
            guard let special = special(isApp) else {
                tooMany = true
                return
            }
            var named: [Int] = []
            for scope in special.union(scopes) {
                switch scope {
                case .app(let scheme) where isApp: if let at = positions[scheme] { named.append(at) }
                case .universal(let domain) where !isApp: if let at = positions[domain] { named.append(at) }
                default: break
                }
            }
            let namedSet = Set(named)
            var firstOther = 0
            while namedSet.contains(firstOther) { firstOther += 1 }
            if firstOther < all.count { named.append(firstOther) }
            for at in named.sorted() { add(isApp ? .app(all[at]) : .universal(all[at])) }
        }
        for scope in scopes {
            switch scope {
            case .app(let scheme): add(.app(scheme))
            case .universal(let domain): add(.universal(domain))
            case .appAny:
                if schemes.isEmpty { add(.app(nil)) } else { expand(schemes, schemePositions, isApp: true) }
            case .universalAny:
                if domains.isEmpty { add(.universal(nil)) } else { expand(domains, domainPositions, isApp: false) }
            }
        }
        return tooMany ? nil : result
    }

    /// The scope rank of a registration in a context: 2 exact, 1 any, 0 does not apply.
    func rank(_ scopes: Set<RouteScope>, _ context: Context) -> Int {
        if let exact = context.exactScope, scopes.contains(exact) { return 2 }
        return scopes.contains(context.isApp ? .appAny : .universalAny) ? 1 : 0
    }
}
