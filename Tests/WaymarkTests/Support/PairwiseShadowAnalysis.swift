@testable import Waymark

/// The shadow analysis as it was before issue 17 (finding 10): every route compared with every
/// route that might cover it, pair by pair. Quadratic, and kept here as the oracle that the
/// indexed ``ShadowAnalysis`` must agree with on generated route sets.
struct PairwiseShadowAnalysis {
    let definitions: [RouteDefinition]
    let schemes: [String]
    let domains: [String]
    let options: RouteTableOptions
    let parameterTypes: [String: ParameterType]

    private enum Context: Hashable {
        case app(String?)
        case universal(String?)
    }

    private struct Candidate {
        var index: Int
        var variant: RouteTemplate.Variant
        var priority: Int
        var scopes: [RouteScope]
    }

    func warnings() -> [RouteDiagnostic] {
        let schemes = schemes.map { $0.lowercased() }
        let domains = domains.map { $0.lowercased() }
        var candidates: [Candidate] = []
        var byFirstLiteral: [String: [Int]] = [:]
        var nonLiteralFirst: [Int] = []
        for (index, registration) in definitions.enumerated() {
            for variant in registration.template.variants {
                let position = candidates.count
                candidates.append(
                    Candidate(
                        index: index, variant: variant, priority: registration.priority,
                        scopes: TablePlan.distinct(registration.scopes)))
                if case .literal(let text)? = variant.segments.first {
                    byFirstLiteral[Self.groupKey(text), default: []].append(position)
                } else {
                    nonLiteralFirst.append(position)
                }
            }
        }
        var warnings: [RouteDiagnostic] = []
        for (index, registration) in definitions.enumerated() {
            var shadowers: [Int] = []
            var shadowed = !registration.template.variants.isEmpty
            check: for variant in registration.template.variants {
                let me = Candidate(
                    index: index, variant: variant, priority: registration.priority,
                    scopes: TablePlan.distinct(registration.scopes))
                var pool = nonLiteralFirst
                if case .literal(let text)? = variant.segments.first {
                    pool += byFirstLiteral[Self.groupKey(text)] ?? []
                }
                for context in contexts(of: me, schemes: schemes, domains: domains) {
                    guard
                        let winner = pool.first(where: { other in
                            candidates[other].index != index && beats(candidates[other], me, in: context)
                        })
                    else {
                        shadowed = false
                        break check
                    }
                    if !shadowers.contains(candidates[winner].index) { shadowers.append(candidates[winner].index) }
                }
            }
            guard shadowed, !shadowers.isEmpty else { continue }
            // The same wording, and the same cap on the routes named, as the indexed analysis.
            warnings.append(ShadowAnalysis.warning(index, shadowers: shadowers, definitions: definitions))
        }
        return warnings
    }

    /// Literals that may compare equal (case-insensitively, in any normalization) share a group.
    private static func groupKey(_ text: String) -> String {
        String(decoding: PercentDecoding.comparableBytes(text, folded: true), as: UTF8.self)
    }

    private func contexts(of candidate: Candidate, schemes: [String], domains: [String]) -> [Context] {
        var result: [Context] = []
        func add(_ context: Context) { if !result.contains(context) { result.append(context) } }
        for scope in candidate.scopes {
            switch scope {
            case .app(let scheme): add(.app(scheme))
            case .universal(let domain): add(.universal(domain))
            case .appAny:
                if schemes.isEmpty { add(.app(nil)) } else { schemes.forEach { add(.app($0)) } }
            case .universalAny:
                if domains.isEmpty { add(.universal(nil)) } else { domains.forEach { add(.universal($0)) } }
            }
        }
        return result
    }

    /// The scope rank of a registration in a context: 2 exact, 1 any, 0 does not apply.
    private func rank(_ candidate: Candidate, _ context: Context) -> Int {
        switch context {
        case .app(let scheme):
            if let scheme, candidate.scopes.contains(.app(scheme: scheme)) { return 2 }
            return candidate.scopes.contains(.appAny) ? 1 : 0
        case .universal(let domain):
            if let domain, candidate.scopes.contains(.universal(domain: domain)) { return 2 }
            return candidate.scopes.contains(.universalAny) ? 1 : 0
        }
    }

    /// Whether `other` matches every URL that `me` matches in `context`, and wins each time.
    private func beats(_ other: Candidate, _ me: Candidate, in context: Context) -> Bool {
        let otherRank = rank(other, context)
        let myRank = rank(me, context)
        guard otherRank > 0, covers(other.variant, me.variant, context: context) else { return false }
        return Precedence(
            scopeRank: otherRank, priority: other.priority, specificity: Specificity(other.variant),
            registration: other.index)
            < Precedence(
                scopeRank: myRank, priority: me.priority, specificity: Specificity(me.variant), registration: me.index)
    }

    /// Whether every URL path that `inner` matches is matched by `outer`.
    private func covers(_ outer: RouteTemplate.Variant, _ inner: RouteTemplate.Variant, context: Context) -> Bool {
        let outerSegments = outer.segments
        let innerSegments = inner.segments
        var isApp = false
        if case .app = context { isApp = true }
        for (position, segment) in outerSegments.enumerated() {
            if case .catchAll = segment { return true }
            guard position < innerSegments.count else { return false }
            let fold = options.caseInsensitivePaths || (position == 0 && isApp)
            if !segmentCovers(segment, innerSegments[position], fold: fold) { return false }
        }
        guard innerSegments.count == outerSegments.count else { return false }
        if options.strictTrailingSlash && outer.hasTrailingSlash != inner.hasTrailingSlash { return false }
        return true
    }

    private func segmentCovers(_ outer: TemplateSegment, _ inner: TemplateSegment, fold: Bool) -> Bool {
        switch (outer, inner) {
        case (_, .catchAll):
            return false
        case (.parameter(_, nil), _), (.anonymous, _):
            return true
        case (.literal(let left), .literal(let right)):
            return PercentDecoding.comparableBytes(left, folded: fold)
                == PercentDecoding.comparableBytes(right, folded: fold)
        case (.parameter(_, let outerType?), .literal(let text)):
            return parameterTypes[outerType]?.accepts(text) ?? false
        case (.parameter(_, let outerType?), .parameter(_, let innerType?)):
            return outerType == innerType || (outerType == "float" && innerType == "int")
        case (.pattern(let pattern), .literal(let text)):
            // Pattern text ignores case only in a case-insensitive table, not at an app link's host.
            guard
                let values = NaiveMatcherPropertyTests.naiveSplit(
                    pattern, text, folded: options.caseInsensitivePaths)
            else { return false }
            return zip(values, pattern.captures).allSatisfy { value, capture in
                capture.type.map { parameterTypes[$0]?.accepts(value) ?? false } ?? true
            }
        case (.pattern(let outerPattern), .pattern(let innerPattern)):
            return outerPattern.shape == innerPattern.shape
        default:
            return false
        }
    }
}
