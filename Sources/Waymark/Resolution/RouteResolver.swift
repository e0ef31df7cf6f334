/// Resolves URLs and route strings: creation, filtration, resolution, as in Turnpike.
///
/// 1. **Creation**: the table matches the string and a ``RouteRequest`` is built (or the default
///    route's request, with `matchedTemplate == nil`).
/// 2. **Filtration**: global filters, then the route's own, in order; each can proceed, redirect or
///    reject. A throwing filter rejects.
/// 3. **Resolution**: the destination runs. If it declines, the next matching route in precedence
///    order is tried (with its own filters), then the default route.
///
/// Every path ends in one ``RoutingResult`` that says exactly what happened.
///
/// ```swift
/// let result = await resolver.resolve("shop://product/42?ref=mail")
/// result.status                                   // .handled
/// result.request?.routeParameters?["id"]          // "42"
/// result.request?.queryParameters["ref"]          // "mail"
/// ```
public struct RouteResolver: Sendable {
    struct Route: Sendable {
        var name: String?
        /// The first template: the one that prints links (`nil` for the default route).
        var template: RouteTemplate?
        /// The templates that only parse (``RouteOption/alsoMatches(_:)-(RouteTemplate...)``), kept
        /// so that a request names the template that matched without parsing it again.
        var otherTemplates: [RouteTemplate]
        /// The table registration of ``template``; the other templates follow it in order.
        var firstRegistration: Int
        var internalOnly: Bool
        var reachableThroughRedirects: Bool
        var properties: [String: JSONValue]
        var filters: [any RouteFilter]
        var features: [FeatureRequirement]
        var requiresConfirmation: Bool
        var loggable: LoggableValues
        var destination: RouteResolverBuilder.Destination

        init(
            name: String?, template: RouteTemplate?, firstRegistration: Int, settings: RouteSettings,
            destination: @escaping RouteResolverBuilder.Destination
        ) {
            self.name = name
            self.template = template
            otherTemplates = template == nil ? [] : settings.alsoMatches
            self.firstRegistration = firstRegistration
            internalOnly = settings.internalOnly
            reachableThroughRedirects = settings.reachableThroughRedirects
            properties = settings.properties
            filters = settings.filters
            features = settings.features
            requiresConfirmation = settings.requiresConfirmation
            loggable = settings.loggable
            self.destination = destination
        }
    }

    /// The route table behind the resolver; its values index the routes.
    public let table: RouteTable<Int>
    let routes: [Route]
    let filters: [any RouteFilter]
    let defaultRoute: Route?
    let maximumRedirects: Int
    let pathProperties: (any PathPropertiesProvider)?
    /// Whether ``pathProperties`` is set, read before it on the request path.
    let hasPathProperties: Bool
    /// Where events go; `nil` without observers, so that resolving pays one test for them.
    let observer: ResolverObservation?

    init(
        table: RouteTable<Int>, routes: [Route], filters: [any RouteFilter], defaultRoute: Route?,
        maximumRedirects: Int,
        pathProperties: (any PathPropertiesProvider)?, observer: ResolverObservation? = nil
    ) {
        self.observer = observer
        self.table = table
        self.routes = routes
        self.filters = filters
        self.defaultRoute = defaultRoute
        self.maximumRedirects = maximumRedirects
        self.pathProperties = pathProperties
        hasPathProperties = pathProperties != nil
    }

    /// A route's properties with the URL's path properties on top (path properties win).
    func properties(_ own: [String: JSONValue], _ url: RouteURL) -> [String: JSONValue] {
        // The flag first: unwrapping the optional existential copies it, which a resolver without
        // path properties would pay on every request (`pathProperties != nil` copies it too;
        // measured: docs/performance.md, "Measurements behind the matcher's design").
        guard hasPathProperties, let pathProperties else { return own }
        let path = pathProperties.pathProperties(for: url)
        return path.isEmpty ? own : own.merging(path) { _, fromPath in fromPath }
    }

    /// The name of the route of a table registration (``RouteMatch/registrationIndex``), if it
    /// has one. A route with other templates (``RouteOption/alsoMatches(_:)-(RouteTemplate...)``) has
    /// one registration per template.
    public func routeName(at registration: Int) -> String? {
        route(ofRegistration: registration)?.name
    }

    /// Whether the route of a table registration (``RouteMatch/registrationIndex``) is internal-only.
    public func isInternalOnly(at registration: Int) -> Bool {
        route(ofRegistration: registration)?.internalOnly ?? false
    }

    /// Whether the route of a table registration (``RouteMatch/registrationIndex``) asks the user
    /// before a link from outside opens it (``RouteOption/requiresConfirmation``).
    public func requiresConfirmation(at registration: Int) -> Bool {
        route(ofRegistration: registration)?.requiresConfirmation ?? false
    }

    private func route(ofRegistration registration: Int) -> Route? {
        guard table.values.indices.contains(registration) else { return nil }
        return routes[table.values[registration]]
    }

    /// The name of the default route, if there is a default route and it is named.
    public var defaultRouteName: String? { defaultRoute?.name }

    /// Resolves a URL or route string.
    ///
    /// - Parameters:
    ///   - string: A custom-scheme link, a universal link or an internal route string.
    ///   - origin: Where it comes from. By default, strings with a scheme are ``RouteOrigin/external``
    ///     and strings without one are ``RouteOrigin/internal``.
    /// - Returns: What happened.
    public func resolve(_ string: String, origin: RouteOrigin? = nil) async -> RoutingResult {
        guard let observer else { return await resolve(string, origin: origin, confirmed: false) }
        let start = ContinuousClock.now
        let result = await resolve(string, origin: origin, confirmed: false)
        observer.send(result, source: .resolve, link: string, since: start)
        return result
    }

    /// Resolves again a result that ended as ``RoutingStatus/needsConfirmation``, now that the user
    /// confirmed: the same URL, from the same origin, past that one confirmation. A redirect from
    /// there to another route that needs confirmation asks again. Any other result is returned
    /// unchanged.
    public func resolveConfirmed(_ result: RoutingResult) async -> RoutingResult {
        guard result.status == .needsConfirmation, let request = result.request else { return result }
        let start = ContinuousClock.now
        let confirmed = await resolve(
            request.url.string, origin: request.origin, confirmed: true, throughRedirect: !result.redirects.isEmpty)
        observer?.send(confirmed, source: .confirmedResolve, link: request.url.string, since: start)
        return confirmed
    }

    /// Follows a chain of redirects. The chain keeps the origin of the link that started it: every
    /// hop of a chain started outside the app is ``RouteOrigin/external``, so no chain reaches an
    /// internal-only route or skips a confirmation, however the targets are spelled (a route string,
    /// `/path`, the app's scheme in any case, an accepted universal link) and however many hops it
    /// takes. Only a route registered `reachableThroughRedirects` lets an external chain in, and only
    /// through a redirect. `confirmed` applies to the first hop alone; `throughRedirect` says that a
    /// redirect led to the first hop (a confirmed hop of an earlier chain).
    private func resolve(_ string: String, origin: RouteOrigin?, confirmed: Bool, throughRedirect: Bool = false) async
        -> RoutingResult
    {
        var current = string
        let chainOrigin = origin ?? Self.inferredOrigin(of: string)
        var visited = [string]
        var redirects: [RoutingResult.Redirect] = []
        while true {
            let hop = Hop(
                origin: chainOrigin, throughRedirect: throughRedirect || !redirects.isEmpty,
                confirmed: confirmed && redirects.isEmpty)
            switch await resolveOnce(current, hop) {
            case .finished(let result):
                return result.with(redirects: redirects)
            case .redirect(let given, let filter, let request):
                // Checked and followed as a web view or browser would read it (WHATWG URL parsing),
                // so that what passes the check is what would be opened.
                let target = Self.normalizedRedirectTarget(given)
                redirects.append(RoutingResult.Redirect(from: current, to: target, filter: filter))
                if let refusal = redirectRefusal(target) {
                    return RoutingResult(
                        status: .redirectRefused,
                        reason: "the redirect to \"\(RouteURL.quoted(target))\" by \(filter) is refused: \(refusal)",
                        request: request, redirects: redirects, filter: filter)
                }
                if visited.contains(target) || redirects.count > maximumRedirects {
                    let chain = ([string] + redirects.map(\.to)).map { "\"\($0)\"" }.joined(separator: " → ")
                    let why =
                        visited.contains(target)
                        ? "filter '\(filter)' redirected back to \"\(target)\", which was already visited: \(chain)"
                        : "more than \(maximumRedirects) redirects: \(chain)"
                    return RoutingResult(
                        status: .redirectLoop, reason: why, request: request, redirects: redirects, filter: filter)
                }
                visited.append(target)
                current = target
            }
        }
    }

    /// The request that resolving `string` would create, without running filters or destinations:
    /// the lifecycle's creation step.
    ///
    /// The best match's request; when nothing matches (or the scheme or domain is refused), the
    /// default route's request with `matchedTemplate == nil` and `routeParameters == nil`, or a request
    /// with no route name when there is no default route. `nil` only for a string that cannot be
    /// routed at all.
    ///
    /// ```swift
    /// let request = resolver.request(for: "shop://product/42?ref=mail")
    /// request?.routeName                     // "product"
    /// request?.routeParameters?["id"]        // "42"
    /// request?.queryParameters["ref"]        // "mail"
    /// ```
    public func request(for string: String, origin: RouteOrigin? = nil) -> RouteRequest? {
        // The table's request answer: no `RouteMatch` to wrap and unwrap on the way.
        let lookup = table.requestLookup(string)
        guard let url = lookup.url else { return nil }
        let origin = origin ?? (url.kind == .internal ? .internal : .external)
        if let best = lookup.best {
            return makeRequest(url, origin: origin, parts: table.parts(of: best, in: lookup, url: url))
        }
        return RouteRequest(
            url: url, origin: origin, routeName: defaultRoute?.name, matchedTemplate: nil, scope: nil,
            routeParameters: nil, wildcard: nil, properties: properties(defaultRoute?.properties ?? [:], url))
    }

    /// External when the string has a scheme, internal otherwise.
    static func inferredOrigin(of string: String) -> RouteOrigin {
        let hasScheme = string.withUTF8Bytes { URLAnatomy.schemeRange($0) != nil }
        return hasScheme ? .external : .internal
    }

    /// One hop of a chain: the chain's origin, whether a redirect led here, and whether the user
    /// confirmed this hop.
    struct Hop {
        var origin: RouteOrigin
        var throughRedirect: Bool
        var confirmed: Bool

        /// Whether this hop may open `route`: anything from inside the app; from outside, a route that
        /// is not internal-only, or one registered `reachableThroughRedirects` when a redirect led here.
        func mayOpen(_ route: Route) -> Bool {
            origin == .internal || !route.internalOnly || (throughRedirect && route.reachableThroughRedirects)
        }
    }

    enum Step {
        case finished(RoutingResult)
        case redirect(to: String, filter: String, request: RouteRequest)
    }

    /// A redirect target as the WHATWG URL parser reads it before anything else: leading and
    /// trailing C0 controls and spaces (U+0000–U+0020) stripped, and every tab, line feed and
    /// carriage return removed. Every web view and browser does this, so `" //evil.example/x"` and
    /// `"/\t/evil.example"` are links to another host there, and are checked as such here.
    static func normalizedRedirectTarget(_ target: String) -> String {
        let bytes = Array(target.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        let kept = bytes[start..<end].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if kept.count == bytes.count { return target }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Why a redirect target is refused, or `nil` when it may be followed: an internal route string,
    /// or a link whose scheme or domain the table explicitly accepts. Never an arbitrary URL (a
    /// filter that copies a `next=` parameter into a redirect cannot send anyone off the app).
    private func redirectRefusal(_ target: String) -> String? {
        let rule = "redirects may only go to internal routes or to accepted schemes and domains"
        // `//host/path` (or with backslashes, which browsers read as slashes) is a link to another host
        // to anything that hands it to a web view or browser: never a route string.
        let lead = target.utf8.prefix(2)
        if lead.count == 2 && lead.allSatisfy({ $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
            return "it starts with \"\(String(decoding: lead, as: UTF8.self))\", a link to another host; \(rule)"
        }
        let scheme: String? = target.withUTF8Bytes { bytes in
            URLAnatomy.schemeRange(bytes).map { URLAnatomy.lowercasedString(bytes, $0) }
        }
        guard let scheme else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = (try? RouteURL(parsing: target))?.host, table.domains.contains(host) else {
                return "its domain is not one the table accepts; \(rule)"
            }
            return nil
        }
        guard table.schemes.contains(scheme) else {
            return "the scheme '\(scheme)' is not one the table accepts; \(rule)"
        }
        return nil
    }

    private func resolveOnce(_ string: String, _ hop: Hop) async -> Step {
        let origin = hop.origin
        let lookup = table.lookup(string)
        if lookup.outcome == .limitExceeded {
            return .finished(
                RoutingResult(
                    status: .limitExceeded, reason: lookup.reason, request: nil, exceededLimit: lookup.exceededLimit))
        }
        guard let url = lookup.url else {
            return .finished(RoutingResult(status: .invalid, reason: lookup.reason, request: nil))
        }
        switch lookup.outcome {
        case .invalid, .limitExceeded:
            return .finished(RoutingResult(status: .invalid, reason: lookup.reason, request: nil))
        case .refused:
            return await runDefault(url, origin: origin, reason: lookup.reason ?? "refused", otherwise: .refused)
        case .unmatched:
            return await runDefault(
                url, origin: origin, reason: lookup.reason ?? "no route matches", otherwise: .unmatched)
        case .matched:
            break
        }
        guard let best = lookup.match else {
            return await runDefault(url, origin: origin, reason: "no route matches", otherwise: .unmatched)
        }
        let bestRoute = routes[best.value]
        if !hop.mayOpen(bestRoute) {
            let request = makeRequest(url, origin: origin, match: best)
            let reason =
                hop.throughRedirect
                ? "\(describe(bestRoute)) is internal-only; a redirect in a chain started by an external link cannot open it"
                : "\(describe(bestRoute)) is internal-only; external links cannot open it"
            return .finished(RoutingResult(status: .internalOnly, reason: reason, request: request))
        }
        let firstRequest = makeRequest(url, origin: origin, match: best)
        if let stop = await runFilters(filters, on: firstRequest) { return stop }

        var candidates: [RouteMatch<Int>] = [best]
        var loadedAll = false
        var index = 0
        var declined: [String] = []
        while index < candidates.count {
            let match = candidates[index]
            index += 1
            let route = routes[match.value]
            if hop.mayOpen(route) {
                let request = index == 1 ? firstRequest : makeRequest(url, origin: origin, match: match)
                if origin == .external && route.requiresConfirmation && !hop.confirmed {
                    return .finished(
                        RoutingResult(
                            status: .needsConfirmation,
                            reason: "\(describe(route)) asks the user to confirm before an external link opens it",
                            request: request))
                }
                if let stop = await checkFeature(route, request) { return stop }
                if let stop = await runFilters(route.filters, on: request) { return stop }
                do {
                    let outcome = try await route.destination(request)
                    if outcome == .declined {
                        declined.append(describe(route))
                    } else {
                        return .finished(finish(outcome, route, request))
                    }
                } catch let error as RouteInputError {
                    let reason = "\(describe(route)) has invalid input: \(error)"
                    return .finished(
                        RoutingResult(status: .invalid, reason: reason, request: request, inputError: error))
                } catch {
                    let reason = "\(describe(route)) threw: \(error)"
                    return .finished(RoutingResult(status: .failed, reason: reason, request: request))
                }
            }
            if index == candidates.count && !loadedAll {
                loadedAll = true
                candidates = table.candidates(string).matches
                index =
                    candidates.firstIndex { $0.registrationIndex == match.registrationIndex }.map { $0 + 1 }
                    ?? candidates.count
            }
        }
        let reason = "every matching route declined: " + declined.joined(separator: ", ")
        return await runDefault(url, origin: origin, reason: reason, otherwise: .declined)
    }

    func makeRequest(_ url: RouteURL, origin: RouteOrigin, match: RouteMatch<Int>) -> RouteRequest {
        makeRequest(url, origin: origin, parts: table.parts(of: match, in: url))
    }

    /// A request from the table's plain answer: no ``MatchDetails`` (and its two references) on the
    /// way, the values decoded from the URL's string.
    @inline(__always)
    private func makeRequest(_ url: RouteURL, origin: RouteOrigin, parts: MatchParts) -> RouteRequest {
        let index = table.values[parts.registration]
        // Field by field: copying the whole `Route` would retain every filter, closure and property.
        // The template is the registration's: the one that matched, which for a route with other
        // templates may not be its first.
        return RouteRequest(
            url: url, origin: origin, routeName: routes[index].name,
            matchedTemplate: template(ofRegistration: parts.registration, route: index), scope: parts.scope,
            routeParameters: parts.parameters, wildcard: parts.wildcard,
            properties: properties(routes[index].properties, url))
    }

    /// The template of one of a route's registrations: stored, because parsing it again for every
    /// request nearly doubled a resolution's cost (docs/performance.md). Field by field, like
    /// `makeRequest`, so that the route is not copied.
    private func template(ofRegistration registration: Int, route index: Int) -> RouteTemplate? {
        let alternate = registration - routes[index].firstRegistration
        guard alternate > 0, alternate <= routes[index].otherTemplates.count else { return routes[index].template }
        return routes[index].otherTemplates[alternate - 1]
    }

    func describe(_ route: Route) -> String {
        let pattern = route.template?.pattern ?? "default"
        return route.name.map { "route '\($0)' (\"\(pattern)\")" } ?? "route \"\(pattern)\""
    }
}
