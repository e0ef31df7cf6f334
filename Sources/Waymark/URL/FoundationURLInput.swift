public import Foundation

// Every entry point that reads a URL string also takes a Foundation `URL`, the type an app is handed
// by `onOpenURL`, `application(_:open:options:)` and `NSUserActivity.webpageURL`. There is one rule,
// here: a `URL` is read as its `absoluteString`, which is exactly what the string form reads. So the
// two forms always agree, and what differs from the text someone typed is Foundation's doing when
// it made the `URL`, not Waymark's:
//
// - a URL made relative to a base (`URL(string: "product/42", relativeTo: base)`) is read resolved
//   against the base, dot segments of the relative part included (`../help` climbs);
// - a host with non-ASCII letters is already in its ASCII (punycode) form (`bücher.example` is
//   `xn--bcher-kva.example`), so a domain list must name that form;
// - spaces and non-ASCII letters in the path or query are percent-encoded (`café` is `caf%C3%A9`),
//   and decoded again into parameter values as in the string form;
// - everything else is kept as written: `%2F` stays one segment's text, an empty query (`?`) or
//   fragment (`#`) stays, as do the case of the scheme and host, a port and a user part (which a
//   universal link refuses).
//
// docs/templates.md ("URLs from Foundation") lists these with the test that holds them.

extension RouteURL {
    /// The text Waymark reads for a Foundation `URL`: its `absoluteString` (see ``RouteURL/init(_:)``).
    @inlinable
    public static func text(of url: URL) -> String { url.absoluteString }

    /// Parses a Foundation `URL`, read as its `absoluteString`: a URL made relative to a base is
    /// read resolved against it, and a non-ASCII host in its punycode form, as Foundation holds them.
    ///
    /// - Throws: ``RoutingError/Code/invalidURL`` as ``init(parsing:)`` does for the same text.
    public init(_ url: URL) throws(RoutingError) {
        try self.init(parsing: Self.text(of: url))
    }
}

extension RouteResolver {
    /// Resolves a Foundation `URL` exactly as its `absoluteString` (``RouteURL/text(of:)``); see
    /// the string form, `resolve(_:origin:)`.
    public func resolve(_ url: URL, origin: RouteOrigin? = nil) async -> RoutingResult {
        await resolve(RouteURL.text(of: url), origin: origin)
    }

    /// The request a Foundation `URL` makes, as for its `absoluteString`; see
    /// the string form, `request(for:origin:)`.
    public func request(for url: URL, origin: RouteOrigin? = nil) -> RouteRequest? {
        request(for: RouteURL.text(of: url), origin: origin)
    }

    /// What resolving a Foundation `URL` would do, as for its `absoluteString`; see
    /// the string form, `preview(_:origin:)`.
    public func preview(_ url: URL, origin: RouteOrigin? = nil) -> RoutePreview {
        preview(RouteURL.text(of: url), origin: origin)
    }
}

extension RouteTable {
    /// Looks up a Foundation `URL`, as its `absoluteString`; see the string form, `lookup(_:)`.
    public func lookup(_ url: URL) -> RouteLookup<Value> { lookup(RouteURL.text(of: url)) }

    /// Every template a Foundation `URL` matches, as for its `absoluteString`; see
    /// the string form, `candidates(_:)`.
    public func candidates(_ url: URL) -> RouteLookup<Value> { candidates(RouteURL.text(of: url)) }

    /// Why a Foundation `URL` matched what it matched, as for its `absoluteString`; see
    /// the string form, `explain(_:nearest:)`.
    public func explain(_ url: URL, nearest: Int = 5) -> RouteExplanation {
        explain(RouteURL.text(of: url), nearest: nearest)
    }
}

extension TypedRouteTable {
    /// The route value a Foundation `URL` opens, as for its `absoluteString`; see
    /// the string form, `route(for:origin:)`.
    public func route(for url: URL, origin: RouteOrigin? = nil) -> R? {
        route(for: RouteURL.text(of: url), origin: origin)
    }

    /// The route value a Foundation `URL` opens, or why not, as for its `absoluteString`; see
    /// the string form, `resolve(_:origin:)`.
    public func resolve(_ url: URL, origin: RouteOrigin? = nil) -> Result<R, RouteInputError>? {
        resolve(RouteURL.text(of: url), origin: origin)
    }

    /// The app link of a route value as a Foundation `URL` (``appLink(for:scheme:)``).
    ///
    /// - Throws: what ``appLink(for:scheme:)`` throws, and ``RoutingError/Code/invalidURL`` if
    ///   Foundation refuses the link (Waymark percent-encodes every value, so it should not).
    public func appLinkURL(for route: R, scheme: String? = nil) throws(RoutingError) -> URL {
        try LinkCreator.foundationURL(appLink(for: route, scheme: scheme))
    }

    /// The universal link of a route value as a Foundation `URL` (``universalLink(for:domain:)``).
    ///
    /// - Throws: what ``universalLink(for:domain:)`` throws, and ``RoutingError/Code/invalidURL``
    ///   if Foundation refuses the link.
    public func universalLinkURL(for route: R, domain: String? = nil) throws(RoutingError) -> URL {
        try LinkCreator.foundationURL(universalLink(for: route, domain: domain))
    }
}

extension LinkCreator {
    /// The app link of a route value as a Foundation `URL` (``appLink(for:scheme:)``).
    public func appLinkURL<R: URLRoute>(for route: R, scheme: String? = nil) throws(RoutingError) -> URL {
        try Self.foundationURL(appLink(for: route, scheme: scheme))
    }

    /// The universal link of a route value as a Foundation `URL` (``universalLink(for:domain:)``).
    public func universalLinkURL<R: URLRoute>(for route: R, domain: String? = nil) throws(RoutingError) -> URL {
        try Self.foundationURL(universalLink(for: route, domain: domain))
    }

    /// A printed link as a Foundation `URL`, or an error naming the link's template-free start.
    static func foundationURL(_ link: String) throws(RoutingError) -> URL {
        guard let url = URL(string: link) else {
            throw RoutingError(
                code: .invalidURL,
                message: "Foundation's URL type refuses a link Waymark printed (not shown: its values may be secrets)")
        }
        return url
    }
}
