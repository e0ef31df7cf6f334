/// Why a URL resolved as it did: every template that matched, in precedence order, and when nothing
/// matched, the nearest templates with the segment where each one failed.
///
/// ```swift
/// let explanation = table.explain("shop://product/abc")
/// explanation.attempts.first?.failure   // "segment 2 is \"abc\", which is not a valid int"
/// ```
public struct RouteExplanation: Sendable {
    /// One template variant tried against the URL.
    public struct Attempt: Sendable {
        /// The registration's position (0-based).
        public let registrationIndex: Int
        /// The template.
        public let template: RouteTemplate
        /// The variant tried.
        public let variant: RouteTemplate.Variant
        /// The scope it was tried in.
        public let scope: RouteScope
        /// Whether it matched.
        public let matched: Bool
        /// How many leading URL segments it matched before it failed (all of them when it matched).
        public let matchedSegments: Int
        /// Why it failed, naming the segment (1-based); `nil` when it matched.
        public let failure: String?
    }

    /// The lookup's outcome.
    public let outcome: RouteLookup<Int>.Outcome
    /// Why the URL was refused or is invalid.
    public let reason: String?
    /// The parsed URL, when it parses.
    public let url: RouteURL?
    /// The matching variants, best first (the first one won), then, when nothing matched, the
    /// nearest failures (most segments matched first), at most `nearest` of them.
    public let attempts: [Attempt]

    /// The attempts that matched, best first.
    public var matches: [Attempt] { attempts.filter(\.matched) }
}

extension RouteTable {
    /// Explains how a URL resolves against this table.
    ///
    /// - Parameters:
    ///   - string: The URL or route string.
    ///   - nearest: How many failed templates to list when nothing matched.
    public func explain(_ string: String, nearest: Int = 5) -> RouteExplanation {
        let lookup = candidates(string)
        guard let url = lookup.url, lookup.outcome == .matched || lookup.outcome == .unmatched else {
            return RouteExplanation(
                outcome: outcomeAsInt(lookup.outcome), reason: lookup.reason, url: lookup.url, attempts: [])
        }
        var matched: [RouteExplanation.Attempt] = []
        for match in lookup.matches {
            matched.append(
                .init(
                    registrationIndex: match.registrationIndex, template: match.template, variant: match.variant,
                    scope: match.scope, matched: true, matchedSegments: url.pathSegments.count, failure: nil))
        }
        if !matched.isEmpty {
            return RouteExplanation(outcome: .matched, reason: nil, url: url, attempts: matched)
        }
        var failures: [RouteExplanation.Attempt] = []
        let scopes = applicableScopes(url)
        for index in 0..<core.routeCount {
            let entryScopes = core.scopes(of: index)
            let template = core.template(of: index)
            guard let scope = scopes.first(where: { entryScopes.contains($0) }) else { continue }
            // The variant that gets furthest speaks for its template.
            var furthest: RouteExplanation.Attempt?
            for variant in template.variants {
                let (count, failure) = attempt(variant, url)
                if let current = furthest, current.matchedSegments >= count { continue }
                furthest = .init(
                    registrationIndex: index, template: template, variant: variant, scope: scope,
                    matched: false, matchedSegments: count, failure: failure ?? "it matches, but another route won")
            }
            if let furthest { failures.append(furthest) }
        }
        let nearestFailures = failures.enumerated().sorted { lhs, rhs in
            lhs.element.matchedSegments != rhs.element.matchedSegments
                ? lhs.element.matchedSegments > rhs.element.matchedSegments : lhs.offset < rhs.offset
        }
        .prefix(nearest).map(\.element)
        return RouteExplanation(outcome: .unmatched, reason: lookup.reason, url: url, attempts: Array(nearestFailures))
    }

    private func outcomeAsInt(_ outcome: RouteLookup<Value>.Outcome) -> RouteLookup<Int>.Outcome {
        RouteLookup<Int>.Outcome(rawValue: outcome.rawValue) ?? .invalid
    }

    private func applicableScopes(_ url: RouteURL) -> [RouteScope] {
        switch url.kind {
        case .app: [.app(scheme: url.scheme ?? ""), .appAny]
        case .universal: [.universal(domain: url.host ?? ""), .universalAny]
        case .internal: (schemes.first.map { [RouteScope.app(scheme: $0)] } ?? []) + [.appAny]
        }
    }

    /// How far a variant gets along the URL's segments, and why it stops.
    private func attempt(_ variant: RouteTemplate.Variant, _ url: RouteURL) -> (Int, String?) {
        let segments = url.pathSegments
        for (position, segment) in variant.segments.enumerated() {
            if case .catchAll = segment { return (segments.count, nil) }
            guard position < segments.count else {
                return (position, "the URL ends after \(position) segment(s); the template expects '\(segment)' next")
            }
            let value = segments[position]
            switch segment {
            case .literal(let text):
                let fold = options.caseInsensitivePaths || (position == 0 && url.kind == .app)
                if PercentDecoding.comparableBytes(text, folded: fold)
                    != PercentDecoding.comparableBytes(value, folded: fold)
                {
                    return (position, "segment \(position + 1) is \"\(value)\", the template expects '\(text)'")
                }
            case .parameter(_, let type?):
                if core.parameterTypes[type]?.accepts(value) != true {
                    return (position, "segment \(position + 1) is \"\(value)\", which is not a valid \(type)")
                }
            case .parameter, .anonymous, .catchAll:
                break
            }
        }
        if segments.count > variant.segments.count {
            let extra = segments[variant.segments.count...].joined(separator: "/")
            return (variant.segments.count, "the URL goes on after the template ends: \"\(extra)\"")
        }
        if options.strictTrailingSlash && variant.hasTrailingSlash != url.hasTrailingSlash {
            return (
                segments.count,
                variant.hasTrailingSlash
                    ? "the template ends with '/', the URL does not" : "the URL ends with '/', the template does not"
            )
        }
        return (segments.count, nil)
    }
}
