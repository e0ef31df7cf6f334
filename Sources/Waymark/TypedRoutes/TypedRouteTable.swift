/// A route table built from a ``URLRoute`` type: it opens URLs into route values and, through
/// ``links``, prints route values back into URLs.
///
/// ```swift
/// let routes = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
/// routes.route(for: "shop://product/42")                 // .product(id: 42)
/// try routes.appLink(for: .product(id: 42))              // "shop://product/42"
/// ```
///
/// Building checks every case of the map against its template and throws
/// ``RoutingError/Code/invalidRouteMap`` naming the case and the template when they disagree, then
/// runs every check of ``RouteTableBuilder/build()``.
public struct TypedRouteTable<R: URLRoute>: Sendable {
    /// The underlying table; each value is the index of a case mapping.
    public let table: RouteTable<Int>
    /// Makes links for this table's routes, with its schemes and domains.
    public let links: LinkCreator
    let map: CompiledRouteMap
    /// Where ``resolve(_:origin:)-(String,_)`` sends events; `nil` until ``observed(by:capacity:includesURLs:)``.
    var observer: ResolverObservation?

    /// One registered case: its name, full template, query names and scopes.
    public struct Entry: Sendable {
        /// `ShopRoute.account.orders`: the type, then the case chain. Also the resolver's route name.
        public let name: String
        /// The full template, nested templates mounted under their parents': the one that prints links.
        public let template: RouteTemplate
        /// The other full templates that open the case; they parse links and never print them.
        public let alternates: [RouteTemplate]
        /// The associated values that travel in the query, sorted.
        public let queryNames: [String]
        /// Where the template applies.
        public let scopes: [RouteScope]
    }

    /// Every registered case, in registration order.
    public var entries: [Entry] {
        map.entries.map {
            Entry(
                name: $0.label, template: $0.template, alternates: $0.alternates, queryNames: $0.queryNames.sorted(),
                scopes: $0.scopes)
        }
    }

    /// Compiles `R`'s ``URLRoute/routeMap`` and builds the table.
    ///
    /// - Parameters:
    ///   - schemes: The app schemes accepted; the first is the default for app links.
    ///   - domains: The universal-link domains accepted; the first is the default for universal links.
    ///   - options: Matching options.
    ///   - parameterTypes: Custom parameter types the templates use.
    /// - Throws: ``RoutingError`` naming the case and template of the first problem.
    public init(
        schemes: [String] = [], domains: [String] = [], options: RouteTableOptions = RouteTableOptions(),
        parameterTypes: [ParameterType] = []
    ) throws(RoutingError) {
        let map = try CompiledRouteMap(R.self)
        var builder = RouteTableBuilder<Int>(schemes: schemes, domains: domains, options: options)
        for type in parameterTypes { builder.addParameterType(type) }
        for (index, entry) in map.entries.enumerated() {
            for template in entry.templates {
                builder.add(template, scopes: entry.scopes, priority: entry.priority, to: index)
            }
        }
        self.table = try builder.build()
        self.map = map
        self.links = LinkCreator(schemes: schemes, domains: domains, maps: [ObjectIdentifier(R.self): map])
    }

    /// The internal path of a route value (see ``LinkCreator``).
    public func path(for route: R) throws(RoutingError) -> String {
        try links.path(for: route)
    }

    /// The app link of a route value, with the first scheme the route allows unless one is given.
    public func appLink(for route: R, scheme: String? = nil) throws(RoutingError) -> String {
        try links.appLink(for: route, scheme: scheme)
    }

    /// The universal link of a route value, with the first domain the route allows unless one is given.
    public func universalLink(for route: R, domain: String? = nil) throws(RoutingError) -> String {
        try links.universalLink(for: route, domain: domain)
    }

    /// The route value a URL opens, or `nil` when nothing matches, no matching case can be made
    /// from the URL's values (each candidate is tried in precedence order), or the case may not be
    /// opened this way (see ``resolve(_:origin:)-(String,_)``).
    ///
    /// - Parameters:
    ///   - url: A URL or an internal route string.
    ///   - origin: Where the URL comes from; by default, a URL with a scheme is external
    ///     and a route string without one is internal, as ``RouteResolver`` decides.
    public func route(for url: String, origin: RouteOrigin? = nil) -> R? {
        try? resolve(url, origin: origin)?.get()
    }

    /// The route value a URL opens, or why not: `nil` when nothing matches; the decoding error of
    /// the best candidate when every candidate matched but none could be made from the URL's values.
    ///
    /// A table opens what matching alone decides. A case whose options need more is not opened
    /// here, and the next candidate is tried: from an external URL, an internal-only case or one
    /// that requires confirmation; from any URL, a case with filters or a feature, which are asked
    /// asynchronously. Open such cases through a ``RouteResolver`` (``RouteResolverBuilder/add(routes:_:to:)``),
    /// whose result says what stopped them.
    public func resolve(_ url: String, origin: RouteOrigin? = nil) -> Result<R, RouteInputError>? {
        let origin = origin ?? RouteResolver.inferredOrigin(of: url)
        guard let observer else { return firstValue(url) { opensByMatchingAlone($0, from: origin) }.value }
        let start = ContinuousClock.now
        let reading = firstValue(url) { opensByMatchingAlone($0, from: origin) }
        observer.channel.send(event(of: reading, origin: origin, link: url, since: start, observer: observer))
        return reading.value
    }

    /// The value `url` reads as by the templates alone, whatever its case's options (for a round
    /// trip, which checks printing and parsing, not who may open the link), and the lookup's
    /// reason when no template matched.
    package func readValue(_ url: String) -> (value: Result<R, RouteInputError>?, reason: String?) {
        let reading = firstValue(url) { _ in true }
        return (reading.value, reading.lookup.reason)
    }

    /// What reading a URL found: the value (or the first decoding error), the lookup, and the
    /// candidate the value (or error) came from.
    struct Reading {
        var value: Result<R, RouteInputError>?
        var lookup: RouteLookup<Int>
        var match: RouteMatch<Int>?
    }

    /// The value of the first candidate of `url`, in precedence order, whose case `admits` and
    /// whose values decode; else the first such candidate's decoding error; `nil` when `admits`
    /// takes no candidate. With the lookup.
    private func firstValue(_ url: String, admitting admits: (RouteSettings) -> Bool) -> Reading {
        let lookup = table.candidates(url)
        var firstError: (error: RouteInputError, match: RouteMatch<Int>)?
        for match in lookup.matches where admits(map.entries[match.value].settings) {
            do throws(RouteInputError) {
                return Reading(
                    value: .success(try route(from: match, rawQuery: lookup.url?.rawQuery)), lookup: lookup,
                    match: match)
            } catch {
                firstError = firstError ?? (error, match)
            }
        }
        return Reading(value: firstError.map { .failure($0.error) }, lookup: lookup, match: firstError?.match)
    }

    /// The case of each registration of ``table``, by its full name, in registration order: a
    /// case with several templates has a registration for each.
    package var registrationLabels: [String] { table.registrations.map { map.entries[$0.value].label } }

    /// Whether a case with these settings opens from `origin` with nothing asked but matching.
    private func opensByMatchingAlone(_ settings: RouteSettings, from origin: RouteOrigin) -> Bool {
        guard settings.filters.isEmpty && settings.features.isEmpty else { return false }
        return origin == .internal || !(settings.internalOnly || settings.requiresConfirmation)
    }

    /// The route value of a match of ``table``.
    ///
    /// - Throws: ``RouteInputError`` when a value does not convert (for example, a raw-value enum
    ///   parameter with an unknown value).
    public func route(from match: RouteMatch<Int>, rawQuery: Substring?) throws(RouteInputError) -> R {
        let entry = map.entries[match.value]
        return try Self.decode(
            entry: entry, template: match.template, parameters: match.parameters, wildcard: match.wildcard,
            rawQuery: rawQuery)
    }

    /// The route value of a request that one of this type's routes matched, for example in a
    /// ``RouteResolver`` destination registered with ``RouteResolverBuilder/add(routes:_:to:)``.
    ///
    /// - Throws: ``RouteInputError`` when the request did not come from one of `R`'s routes or a
    ///   value does not convert.
    public func route(from request: RouteRequest) throws(RouteInputError) -> R {
        guard let entry = map.entries.first(where: { $0.label == request.routeName }) else {
            throw RouteInputError(
                kind: .invalid, parameter: "", value: request.routeName, expectedType: "\(R.self)",
                message: "the request (route \(request.routeName ?? "none")) did not come from a route of \(R.self)")
        }
        return try Self.decode(entry: entry, request: request)
    }

    static func decode(entry: CompiledRouteMap.Entry, request: RouteRequest) throws(RouteInputError) -> R {
        try decode(
            entry: entry, template: request.matchedTemplate ?? entry.template,
            parameters: request.routeParameters ?? RouteParameters(), wildcard: request.wildcard,
            rawQuery: request.url.rawQuery)
    }

    /// Decodes the case of `entry` from what `template` (the one that matched: the first or
    /// another) captured.
    private static func decode(
        entry: CompiledRouteMap.Entry, template: RouteTemplate, parameters: RouteParameters, wildcard: [String]?,
        rawQuery: Substring?
    ) throws(RouteInputError) -> R {
        let catchAll = template.variants.last?.segments.lazy.compactMap(\.catchAllName).first
        // Every template of the case: a name that is a path parameter in any of them comes from the
        // path alone, checked by its template type (ParameterSource).
        let pathNames = Set(([entry.template] + entry.alternates + [template]).flatMap(\.parameterNames))
        let source = ParameterSource(
            routeParameters: parameters, catchAll: catchAll, wildcard: wildcard, rawQuery: rawQuery,
            pathNames: pathNames)
        return try RouteInputDecoder().decode(R.self, source: source, chain: entry.chain)
    }
}

extension RouteResolverBuilder {
    /// Registers every case of a ``URLRoute`` type, each under its templates and with its options
    /// from the ``RouteMap``, with one destination that receives the route value. A request whose
    /// values do not make a route value ends as ``RoutingStatus/invalid`` with the decoding error.
    ///
    /// ```swift
    /// try builder.add(routes: ShopRoute.self, .filters(signedIn)) { route, request in
    ///     await navigator.show(route)
    ///     return .handled
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The route type; its ``URLRoute/routeMap`` gives each case's templates and options.
    ///   - options: Options for every case, under each case's own (see ``RouteOption``).
    ///   - destination: What runs for every case: it receives the route value and the request.
    /// - Throws: ``RoutingError/Code/invalidRouteMap`` naming the case and template that disagree.
    public mutating func add<R: URLRoute>(
        routes type: R.Type, _ options: RouteOption...,
        to destination: @escaping @Sendable (R, RouteRequest) async throws -> DestinationOutcome
    ) throws(RoutingError) {
        // The shared options are every case's starting point, as a parent's are a nested case's.
        let map = try CompiledRouteMap(type, base: RouteSettings(options))
        for entry in map.entries {
            var settings = entry.settings
            settings.alsoMatches = entry.alternates
            add(entry.template, name: entry.label, settings: settings) { request in
                let route = try TypedRouteTable<R>.decode(entry: entry, request: request)
                return try await destination(route, request)
            }
        }
    }

    /// Registers a route whose destination receives a typed input decoded from the request's route
    /// and query parameters. Input that does not decode ends as ``RoutingStatus/invalid``, with the
    /// decoding error in ``RoutingResult/inputError``.
    ///
    /// ```swift
    /// builder.add("search", name: "search", input: Search.self) { search, request in
    ///     await results.show(search)
    ///     return .handled
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - template: The template; its parameters and the query fill the input.
    ///   - name: A name for logs, results and link creation; unique when given.
    ///   - input: The input type, decoded by ``RouteInputDecoder``.
    ///   - options: As for every route (see ``RouteOption``).
    ///   - destination: What runs when the route is chosen and the input decodes.
    public mutating func add<Input: Decodable & Sendable>(
        _ template: RouteTemplate, name: String? = nil, input: Input.Type, _ options: RouteOption...,
        to destination: @escaping @Sendable (Input, RouteRequest) async throws -> DestinationOutcome
    ) {
        add(template, name: name, settings: RouteSettings(options)) { request in
            let value = try RouteInputDecoder().decode(Input.self, from: request)
            return try await destination(value, request)
        }
    }
}
