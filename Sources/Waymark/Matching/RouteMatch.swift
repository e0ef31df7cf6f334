/// A template that matched a URL, with what it captured.
public struct RouteMatch<Value: Sendable>: Sendable {
    /// The value registered with the template.
    public let value: Value
    /// The template that matched.
    public let template: RouteTemplate
    /// The variant of the template (optional groups resolved) that matched.
    public let variant: RouteTemplate.Variant
    /// The scope the match was made in: exact when an exact-scope registration matched.
    public let scope: RouteScope
    /// The captured parameters, percent-decoded, including a named catch-all (joined by `/`).
    public let parameters: RouteParameters
    /// The segments a trailing catch-all matched, decoded, in order (possibly empty); `nil` when the
    /// template has no catch-all.
    public let wildcard: [String]?
    /// The position of the registration in the builder, starting at 0.
    public let registrationIndex: Int
    /// The registration's priority.
    public let priority: Int

    /// The catch-all segments joined by `/`, or `nil` when the template has no catch-all.
    public var wildcardPath: String? { wildcard?.joined(separator: "/") }
}

/// What a ``RouteTable`` lookup found for a URL string.
public struct RouteLookup<Value: Sendable>: Sendable {
    /// The kind of answer: a closed set.
    public enum Outcome: String, Hashable, Sendable {
        /// At least one template matched.
        case matched
        /// The URL was accepted but no template matched.
        case unmatched
        /// The scheme or domain is not accepted by the table; no template was tried.
        case refused
        /// The string cannot be routed at all (see ``reason``).
        case invalid
    }

    /// The kind of answer.
    public let outcome: Outcome
    /// Why nothing matched, for ``Outcome/refused`` and ``Outcome/invalid`` (and a short note for
    /// ``Outcome/unmatched``); `nil` for a match.
    public let reason: String?
    /// The parsed URL; `nil` only when the string is invalid.
    public let url: RouteURL?
    /// The matches: the best one for ``RouteTable/lookup(_:)``, every one in precedence order for
    /// ``RouteTable/candidates(_:)``.
    public let matches: [RouteMatch<Value>]

    /// The best match.
    public var match: RouteMatch<Value>? { matches.first }
}
