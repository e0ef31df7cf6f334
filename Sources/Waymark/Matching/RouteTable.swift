/// An immutable, `Sendable` table of route templates, built by ``RouteTableBuilder``.
///
/// A lookup parses the URL string on its UTF-8 bytes, refuses schemes and domains the table does not
/// accept, splits the percent-encoded path before decoding, and searches a segment trie in
/// precedence order: exact scope before any scope, then priority, then specificity segment by
/// segment (literal > typed parameter > parameter > catch-all), then registration order. Its cost
/// grows with the URL's length, not with the number of routes.
///
/// ```swift
/// let lookup = table.lookup("https://shop.example.com/product/42?ref=mail")
/// lookup.outcome                          // .matched
/// lookup.match?.parameters["id"]          // "42"
/// lookup.url?.query["ref"]                // "mail"
/// ```
public struct RouteTable<Value: Sendable>: Sendable {
    @usableFromInline let core: MatchingCore
    @usableFromInline let values: [Value]

    init(core: MatchingCore, values: [Value]) {
        self.core = core
        self.values = values
    }

    /// The accepted custom schemes, lowercased, primary first.
    public var schemes: [String] { core.schemes }
    /// The accepted universal-link domains, lowercased.
    public var domains: [String] { core.domains }

    /// Each accepted domain as the table read it, in the order of ``domains``: a base path that
    /// universal links to the host must be under, and the port, scheme and fixed query items its
    /// links are printed with (``UniversalLinkBase``).
    public var domainBases: [UniversalLinkBase] { core.bases }
    /// How URLs are compared with templates.
    public var options: RouteTableOptions { core.options }
    /// The number of registrations.
    public var count: Int { values.count }
    /// Whether the table accepts every scheme and host (no schemes and no domains were configured).
    public var acceptsEverything: Bool { core.acceptsEverything }

    /// Finds the best route for a URL or internal route string.
    ///
    /// - Custom-scheme links (`shop://product/42`, `shop:product/42`, `shop:///product/42`) match the
    ///   host as path segment 0, case-insensitively, against app scopes.
    /// - Universal links (`https://shop.example.com/product/42`) match only the path, against the
    ///   scopes of their domain; a domain the table does not accept is ``LookupOutcome/refused``.
    /// - Internal route strings (`product/42`, no scheme) match as if they came through the primary
    ///   scheme (the first of ``schemes``), case-sensitively.
    ///
    /// - Parameter string: The URL or route string, exactly as received.
    /// - Returns: The outcome, the parsed URL and the best match (if any).
    @inlinable
    public func lookup(_ string: String) -> RouteLookup<Value> {
        attach(core.lookup(string, collectAll: false))
    }

    /// Every route that matches, best first: the exact-scope matches in precedence order, then the
    /// any-scope ones. Used when a destination declines and the next candidate must run.
    @inlinable
    public func candidates(_ string: String) -> RouteLookup<Value> {
        attach(core.lookup(string, collectAll: true))
    }

    /// The best match for a route path such as `/product/42` (or any URL), or `nil`.
    ///
    /// The fast path: it builds no ``RouteURL``, parses no query, and allocates nothing for a
    /// template without parameters. A string that ``lookup(_:)-(String)`` finds over one of the table's
    /// ``RouteLimits`` (or invalid, or refused) matches nothing here either.
    ///
    /// Where a caller reads only the match's ``RouteMatch/value``, and `Value` is one word (an `Int`,
    /// an enum without payloads), the optimizer also drops the match's references to the table and
    /// the string: such a lookup does no reference counting at all.
    ///
    /// ```swift
    /// table.match(path: "/product/42")?.parameters["id"]   // "42"
    /// ```
    @inlinable
    public func match(path: String) -> RouteMatch<Value>? {
        guard let hit = core.best(path) else { return nil }
        // The core is alive: `self` holds it for the whole call (see `MatchingCore.FoundHit.core`).
        let details = MatchDetails(core: hit.core.takeUnretainedValue(), source: path, found: hit.found)
        return RouteMatch(value: values[Int(hit.route)], details: details)
    }

    @usableFromInline
    func attach(_ found: MatchingCore.CoreLookup) -> RouteLookup<Value> {
        let source = found.url?.string ?? ""
        func match(_ found: MatchingCore.Found) -> RouteMatch<Value> {
            let details = core.details(found, source: source)
            return RouteMatch(value: values[Int(details.route)], details: details)
        }
        return RouteLookup(
            outcome: found.outcome, reason: found.reason, url: found.url, match: found.best.map(match),
            all: found.all.map { $0.map(match) }, exceededLimit: found.limit)
    }
}
