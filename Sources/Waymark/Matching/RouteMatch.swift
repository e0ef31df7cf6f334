/// A template that matched a URL, with what it captured.
///
/// Captured values are decoded when you read them, so a lookup that only needs ``value`` pays for
/// nothing else.
public struct RouteMatch<Value: Sendable>: Sendable {
    /// The value registered with the template.
    public let value: Value
    @usableFromInline let details: MatchDetails

    @inlinable
    init(value: Value, details: MatchDetails) {
        self.value = value
        self.details = details
    }

    /// The template that matched (parsed again from its pattern: the table keeps patterns, not
    /// parsed templates).
    public var template: RouteTemplate { details.template }
    /// The variant of the template (optional groups resolved) that matched.
    public var variant: RouteTemplate.Variant { details.variantValue }
    /// The scope the match was made in: exact when an exact-scope registration matched.
    public var scope: RouteScope { details.scope }
    /// The captured parameters, percent-decoded, including a named catch-all (joined by `/`).
    public var parameters: RouteParameters { details.parameters }
    /// The segments a trailing catch-all matched, decoded, in order (possibly empty); `nil` when the
    /// template has no catch-all.
    public var wildcard: [String]? { details.wildcard }
    /// The position of the registration in the builder, starting at 0.
    public var registrationIndex: Int { Int(details.route) }
    /// The registration's priority.
    public var priority: Int { details.priority }
    /// The catch-all segments joined by `/`, or `nil` when the template has no catch-all.
    public var wildcardPath: String? { wildcard?.joined(separator: "/") }
}

/// What a ``RouteTable`` lookup found for a URL string.
public struct RouteLookup<Value: Sendable>: Sendable {
    /// The kind of answer.
    public typealias Outcome = LookupOutcome

    /// The kind of answer.
    public let outcome: Outcome
    /// Why nothing matched, for ``LookupOutcome/refused`` and ``LookupOutcome/invalid`` (and a short
    /// note for ``LookupOutcome/unmatched``); `nil` for a match.
    public let reason: String?
    /// The parsed URL; `nil` only when the string is invalid.
    public let url: RouteURL?
    /// The best match.
    public let match: RouteMatch<Value>?
    /// For ``LookupOutcome/limitExceeded``: the limit the URL is over.
    public let exceededLimit: RouteLimits.Limit?
    /// Every match, best first, for ``RouteTable/candidates(_:)``; `nil` for ``RouteTable/lookup(_:)``.
    @usableFromInline let all: [RouteMatch<Value>]?

    /// The matches: the best one for ``RouteTable/lookup(_:)-(String)``, every one in precedence order for
    /// ``RouteTable/candidates(_:)-(String)``.
    public var matches: [RouteMatch<Value>] { all ?? (match.map { [$0] } ?? []) }

    @inlinable
    init(
        outcome: Outcome, reason: String?, url: RouteURL?, match: RouteMatch<Value>?, all: [RouteMatch<Value>]?,
        exceededLimit: RouteLimits.Limit? = nil
    ) {
        self.exceededLimit = exceededLimit
        self.outcome = outcome
        self.reason = reason
        self.url = url
        self.match = match
        self.all = all
    }
}
