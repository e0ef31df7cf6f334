/// Why a URL resolved as it did: every template that matched, in precedence order; the routes whose
/// path matches but whose scopes exclude the URL's scheme or domain; and when nothing matched, the
/// nearest templates with the segment where each one failed.
///
/// Near misses are ranked by how close they came: the later the first failing segment, the nearer;
/// at the same segment, a literal within a few edits of the URL's segment (`creat` for `create`) is
/// nearer than any other failure, and fewer edits nearer than more; then a route in scope before one
/// whose scopes exclude the URL; then registration order.
///
/// A template with no segments (`/`) is a near miss only of a URL with no segments either: every
/// other URL "goes on after it ends", which says nothing about what was meant. A route whose scopes
/// exclude the URL is a near miss too, marked ``Attempt/isOutOfScope``, when it came near: a
/// misspelt literal, or at least one segment matched (`create`, scoped to a domain, for
/// `app://creat`).
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
        /// Whether the template matches the URL's path, but the route's scopes exclude the URL's
        /// scheme or domain (or, for a route string, the scopes route strings are tried in).
        public let isExcludedByScope: Bool
        /// Whether the route's scopes exclude the URL's scheme or domain, whether or not its path
        /// matches: `true` with ``isExcludedByScope``, and for a near miss listed although its scopes
        /// exclude the URL (its ``failure`` then says both).
        public let isOutOfScope: Bool
        /// When the first failing segment is a literal the URL spells differently: the edit distance
        /// (insertions, deletions, substitutions and swaps of neighbours, in Unicode scalars) between
        /// the two; `nil` for any other failure, or when either is longer than
        /// ``RouteExplanation/maximumDistanceLength``.
        public let literalDistance: Int?
        /// Whether ``literalDistance`` makes the failure a near miss (see ``RouteExplanation``).
        let isNearMiss: Bool
    }

    /// The longest literal or segment, in Unicode scalars, whose edit distance is computed: the
    /// computation costs the product of the two lengths, so an explanation of a long URL against
    /// many routes stays linear in their number. Past it, a literal failure ranks as a far one.
    public static let maximumDistanceLength = 64

    /// The lookup's outcome.
    public let outcome: RouteLookup<Int>.Outcome
    /// Why the URL was refused or is invalid.
    public let reason: String?
    /// The parsed URL, when it parses.
    public let url: RouteURL?
    /// The matching variants, best first (the first one won); then the routes whose path matches
    /// but whose scopes exclude the URL, at most `nearest` of them; then, when nothing matched, the
    /// nearest failures, nearest first, at most `nearest` of them (out-of-scope near misses among
    /// them, marked ``Attempt/isOutOfScope``).
    public let attempts: [Attempt]

    /// The attempts that matched, best first.
    public var matches: [Attempt] { attempts.filter(\.matched) }

    /// The routes whose path matches but whose scopes exclude the URL.
    public var scopeExclusions: [Attempt] { attempts.filter(\.isExcludedByScope) }

}

extension RouteTable {
    /// Explains how a URL resolves against this table.
    ///
    /// Besides the matches, it names every route whose template matches the URL's path but whose
    /// scopes exclude it (`openDocument`, scoped to another domain, for `https://yourdomain.com/open`),
    /// also when the table refuses the scheme or domain altogether. When nothing matched, the near
    /// misses are ranked as ``RouteExplanation`` says, routes out of scope among them. The work is
    /// one pass over the routes, each variant compared segment by segment, plus at most one bounded
    /// edit distance a variant (see ``RouteExplanation/maximumDistanceLength``), and one sort of the
    /// near misses.
    ///
    /// - Parameters:
    ///   - string: The URL or route string.
    ///   - nearest: How many scope exclusions, and how many failed templates, to list.
    public func explain(_ string: String, nearest: Int = 5) -> RouteExplanation {
        explanation(of: string, nearest: nearest, templates: nil)
    }

    /// Every registration's template, parsed: for a caller that explains many links
    /// (``LinkHealthReport``), which would otherwise parse each template again for every link.
    func parsedTemplates() -> [RouteTemplate] { (0..<core.routeCount).map(core.template(of:)) }

    /// `explain(_:nearest:)` with the templates of `parsedTemplates()`, or parsing each when `nil`.
    func explanation(of string: String, nearest: Int, templates: [RouteTemplate]?) -> RouteExplanation {
        let lookup = candidates(string)
        guard let url = lookup.url,
            lookup.outcome == .matched || lookup.outcome == .unmatched || lookup.outcome == .refused
        else {
            return RouteExplanation(
                outcome: outcomeAsInt(lookup.outcome), reason: lookup.reason, url: lookup.url, attempts: [])
        }
        var matched: [RouteExplanation.Attempt] = []
        for match in lookup.matches {
            matched.append(
                .init(
                    registrationIndex: match.registrationIndex, template: match.template, variant: match.variant,
                    scope: match.scope, matched: true, matchedSegments: url.pathSegments.count, failure: nil,
                    isExcludedByScope: false, isOutOfScope: false, literalDistance: nil, isNearMiss: false))
        }
        // A refused URL is tried in no scope: every route whose path matches is excluded by its scopes,
        // or, for an accepted host whose base path the link is not under, by that base path.
        let scopes = lookup.outcome == .refused ? [] : applicableScopes(url)
        let outsideBasePath =
            lookup.outcome == .refused && url.kind == .universal
            && DomainWildcard.accepts(url.host ?? "", domains: core.domains)
        func exclusion(_ entryScopes: [RouteScope]) -> String {
            outsideBasePath
                ? "the link is not under the base path of '\(url.host ?? "")'" : scopeExclusion(entryScopes, url)
        }
        var excluded: [RouteExplanation.Attempt] = []
        var failures: [RouteExplanation.Attempt] = []
        // Decoded once: every probe reads them.
        let segments = url.pathSegments
        for index in 0..<core.routeCount {
            let entryScopes = core.scopes(of: index)
            let template = templates?[index] ?? core.template(of: index)
            guard let scope = scopes.first(where: { entryScopes.contains($0) }) else {
                guard matched.isEmpty || excluded.count < nearest else { continue }
                let probes = template.variants.map { (variant: $0, result: probe($0, url, segments)) }
                // The variant the route would have matched with: its most specific, as in the search.
                if let variant = probes.filter({ $0.result.failure == nil }).map(\.variant)
                    .min(by: { Specificity($0) < Specificity($1) })
                {
                    if excluded.count < nearest {
                        excluded.append(
                            .init(
                                registrationIndex: index, template: template, variant: variant,
                                scope: entryScopes.first ?? .appAny, matched: false,
                                matchedSegments: url.pathSegments.count,
                                failure: "its path matches, but " + exclusion(entryScopes),
                                isExcludedByScope: true, isOutOfScope: true, literalDistance: nil, isNearMiss: false))
                    }
                } else if matched.isEmpty,
                    let nearMiss = nearestVariant(
                        index, template, probes, url, scope: entryScopes.first ?? .appAny,
                        exclusion: exclusion(entryScopes)),
                    nearMiss.isNearMiss || nearMiss.matchedSegments > 0
                {
                    // Out of scope, and its path does not match either: listed only when it came near.
                    failures.append(nearMiss)
                }
                continue
            }
            guard matched.isEmpty else { continue }
            let probes = template.variants.map { (variant: $0, result: probe($0, url, segments)) }
            if let nearMiss = nearestVariant(index, template, probes, url, scope: scope, exclusion: nil) {
                failures.append(nearMiss)
            }
        }
        if !matched.isEmpty {
            return RouteExplanation(outcome: .matched, reason: nil, url: url, attempts: matched + excluded)
        }
        // A stable sort: equally near failures keep registration order.
        let nearestFailures = failures.enumerated().sorted { lhs, rhs in
            Self.isNearer(lhs.element, than: rhs.element)
                || (!Self.isNearer(rhs.element, than: lhs.element) && lhs.offset < rhs.offset)
        }
        .prefix(nearest).map(\.element)
        return RouteExplanation(
            outcome: outcomeAsInt(lookup.outcome), reason: lookup.reason, url: url,
            attempts: excluded + nearestFailures)
    }

    /// Where `string` fails each of the given registrations' templates (or `it matches, but another
    /// route won`): why a link another route opened is not one of these, in registration order.
    /// The work is one probe of each variant of each registration.
    func failures(_ string: String, registrations: [Int]) -> [RouteExplanation.Attempt] {
        guard let url = candidates(string).url else { return [] }
        return registrations.compactMap { index in
            guard index >= 0 && index < core.routeCount else { return nil }
            let template = core.template(of: index)
            let probes = template.variants.map { (variant: $0, result: probe($0, url, url.pathSegments)) }
            return nearestVariant(
                index, template, probes, url, scope: core.scopes(of: index).first ?? .appAny, exclusion: nil)
        }
    }

    /// The variant that speaks for a template that did not match: the one that gets furthest, at
    /// the same segment the nearer miss, the first of equals. A variant with no segments (`/`)
    /// speaks only for a URL with no segments; `nil` when no variant may speak.
    ///
    /// - Parameter exclusion: Why the route's scopes exclude the URL, when they do: added to the
    ///   failure, and the attempt is marked out of scope.
    private func nearestVariant(
        _ index: Int, _ template: RouteTemplate, _ probes: [(variant: RouteTemplate.Variant, result: Probe)],
        _ url: RouteURL, scope: RouteScope, exclusion: String?
    ) -> RouteExplanation.Attempt? {
        var furthest: RouteExplanation.Attempt?
        for (variant, result) in probes where !variant.segments.isEmpty || url.pathSegments.isEmpty {
            let failure = result.failure ?? "it matches, but another route won"
            let candidate = RouteExplanation.Attempt(
                registrationIndex: index, template: template, variant: variant, scope: scope,
                matched: false, matchedSegments: result.count,
                failure: exclusion.map { failure + "; and " + $0 } ?? failure, isExcludedByScope: false,
                isOutOfScope: exclusion != nil, literalDistance: result.distance, isNearMiss: result.isNearMiss)
            if let current = furthest, !Self.isNearer(candidate, than: current) { continue }
            furthest = candidate
        }
        return furthest
    }

    /// Whether one failure came closer than another: a later first failing segment, or the same one
    /// with a near-miss literal against anything else, or two near misses with fewer edits; at that,
    /// a route in scope before one out of scope.
    private static func isNearer(_ lhs: RouteExplanation.Attempt, than rhs: RouteExplanation.Attempt) -> Bool {
        if lhs.matchedSegments != rhs.matchedSegments { return lhs.matchedSegments > rhs.matchedSegments }
        if lhs.isNearMiss != rhs.isNearMiss { return lhs.isNearMiss }
        if lhs.isNearMiss, let left = lhs.literalDistance, let right = rhs.literalDistance, left != right {
            return left < right
        }
        if lhs.isOutOfScope != rhs.isOutOfScope { return !lhs.isOutOfScope }
        return false
    }

    /// Why a route does not apply to a URL: its scopes, and what they exclude
    /// (`its scopes (universal(app.example.com)) exclude the scheme 'app'`).
    private func scopeExclusion(_ scopes: [RouteScope], _ url: RouteURL) -> String {
        let list = scopes.map(\.description).joined(separator: ", ")
        let what =
            switch url.kind {
            case .app: "the scheme '\(url.scheme ?? "")'"
            case .universal: "the domain '\(url.host ?? "")'"
            case .internal:
                "route strings, which are tried in "
                    + applicableScopes(url).map(\.description).joined(separator: " and ")
            }
        return "its scopes (\(list)) exclude \(what)"
    }

    private func outcomeAsInt(_ outcome: RouteLookup<Value>.Outcome) -> RouteLookup<Int>.Outcome {
        RouteLookup<Int>.Outcome(rawValue: outcome.rawValue) ?? .invalid
    }

    /// The wildcard domains routes are scoped to (`*.example.com`).
    private var wildcardScopeDomains: [String] {
        core.scopeList.compactMap { scope in
            guard case .universal(let domain) = scope, DomainWildcard.base(of: domain) != nil else { return nil }
            return domain
        }
    }

    private func applicableScopes(_ url: RouteURL) -> [RouteScope] {
        switch url.kind {
        case .app: [.app(scheme: url.scheme ?? ""), .appAny]
        case .universal:
            // The host's own scope, then the wildcards that cover it, the most specific first.
            [.universal(domain: url.host ?? "")]
                + DomainWildcard.covering(url.host ?? "", in: wildcardScopeDomains).map { .universal(domain: $0) }
                + [.universalAny]
        case .internal: (schemes.first.map { [RouteScope.app(scheme: $0)] } ?? []) + [.appAny]
        }
    }

    /// How far a variant gets along a URL's segments: how many it matched, why it stopped (`nil`
    /// when it matches), and for a literal the URL spells differently, the bounded edit distance.
    private struct Probe {
        var count: Int
        var failure: String?
        var distance: Int? = nil
        var isNearMiss = false
    }

    /// How far a variant gets along the URL's segments, and why it stops.
    ///
    /// - Parameter segments: `url.pathSegments`, decoded once by the caller.
    private func probe(_ variant: RouteTemplate.Variant, _ url: RouteURL, _ segments: [String]) -> Probe {
        for (position, segment) in variant.segments.enumerated() {
            if segment.isCatchAll { return matchedPath(variant, url, segments, count: segments.count) }
            guard position < segments.count else {
                return Probe(
                    count: position,
                    failure: "the URL ends after \(position) segment(s); the template expects '\(segment)' next")
            }
            let value = segments[position]
            switch segment {
            case .literal(let text):
                let fold = options.caseInsensitivePaths || (position == 0 && url.kind == .app)
                if PercentDecoding.comparableBytes(text, folded: fold)
                    != PercentDecoding.comparableBytes(value, folded: fold)
                {
                    let distance = EditDistance.bounded(
                        fold ? value.lowercased() : value, fold ? text.lowercased() : text,
                        maximumLength: RouteExplanation.maximumDistanceLength)
                    return Probe(
                        count: position,
                        failure: "segment \(position + 1) is \"\(value)\", the template expects '\(text)'",
                        distance: distance, isNearMiss: EditDistance.isNear(distance, value, text))
                }
            case .parameter(_, let type?):
                if core.parameterTypes[type]?.accepts(value) != true {
                    return Probe(
                        count: position,
                        failure: "segment \(position + 1) is \"\(value)\", which is not a valid \(type)")
                }
            case .pattern(let pattern):
                let compiled = options.caseInsensitivePaths ? pattern.foldingASCIICase : pattern
                let types = pattern.captures.map(\.type)
                var refused: String?
                let splits = Array(value.utf8).withUnsafeBufferPointer { bytes in
                    compiled.scan(bytes) { index, range in
                        guard let type = types[index] else { return true }
                        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                        if core.parameterTypes[type]?.accepts(text) == true { return true }
                        refused = "\"\(text)\" is not a valid \(type) for '\(pattern.captures[index].name)'"
                        return false
                    }
                }
                if !splits {
                    return Probe(
                        count: position,
                        failure: "segment \(position + 1) is \"\(value)\", which '\(pattern)' does not match"
                            + (refused.map { ": \($0)" } ?? ""))
                }
            case .parameter, .anonymous, .catchAll:
                break
            }
        }
        if segments.count > variant.segments.count {
            let extra = segments[variant.segments.count...].joined(separator: "/")
            return Probe(
                count: variant.segments.count, failure: "the URL goes on after the template ends: \"\(extra)\"")
        }
        if options.strictTrailingSlash && variant.hasTrailingSlash != url.hasTrailingSlash {
            return Probe(
                count: segments.count,
                failure: variant.hasTrailingSlash
                    ? "the template ends with '/', the URL does not" : "the URL ends with '/', the template does not"
            )
        }
        return matchedPath(variant, url, segments, count: segments.count)
    }

    /// The probe of a variant whose path matches: it fails on the first query or fragment
    /// requirement the URL does not meet, saying which and what it must be (never the value the
    /// link carried).
    private func matchedPath(_ variant: RouteTemplate.Variant, _ url: RouteURL, _ segments: [String], count: Int)
        -> Probe
    {
        var unused: [RouteParameters.Parameter] = []
        if !variant.catchAllSuffix.isEmpty {
            var work = 0
            if let failure = CatchAllSuffix.check(
                variant, segments, caseInsensitive: options.caseInsensitivePaths, types: core.parameterTypes,
                into: &unused, work: &work)
            {
                return Probe(count: variant.catchAllPosition ?? count, failure: failure.reason)
            }
        }
        for requirement in variant.query {
            if let failure = requirement.check(url.query, types: core.parameterTypes, into: &unused) {
                return Probe(count: count, failure: "its path matches, but \(failure.reason)")
            }
        }
        if let failure = variant.fragment?.check(url.rawFragment, types: core.parameterTypes, into: &unused) {
            return Probe(count: count, failure: "its path matches, but \(failure.reason)")
        }
        return Probe(count: count)
    }
}

/// The edit distance that ranks near misses: optimal string alignment (insertions, deletions,
/// substitutions, and swaps of two neighbours, each 1) over Unicode scalars, computed only for
/// strings up to a length, so its quadratic cost has a fixed ceiling.
enum EditDistance {
    /// The distance between `lhs` and `rhs`, or `nil` when either is longer than `maximumLength`
    /// scalars (the cost is the product of the lengths: at most `maximumLength`² steps).
    static func bounded(_ lhs: String, _ rhs: String, maximumLength: Int) -> Int? {
        // Counting stops past the limit: a segment of a million scalars costs 65 steps here, not a million.
        guard lhs.unicodeScalars.prefix(maximumLength + 1).count <= maximumLength,
            rhs.unicodeScalars.prefix(maximumLength + 1).count <= maximumLength
        else { return nil }
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
        // Three rows of the table: the one before last (for swaps), the last, and the current one.
        var beforeLast = [Int](repeating: 0, count: right.count + 1)
        var last = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var best = min(last[j] + 1, current[j - 1] + 1, last[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    best = min(best, beforeLast[j - 2] + 1)
                }
                current[j] = best
            }
            (beforeLast, last, current) = (last, current, beforeLast)
        }
        return last[right.count]
    }

    /// Whether a distance makes a literal a near miss: at most a third of the longer string's
    /// length, and at least 1, so that `creat` is near `create` and `abc` is not near `new`.
    static func isNear(_ distance: Int?, _ lhs: String, _ rhs: String) -> Bool {
        guard let distance else { return false }
        return distance <= max(1, max(lhs.unicodeScalars.count, rhs.unicodeScalars.count) / 3)
    }
}
