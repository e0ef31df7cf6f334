/// Collects routes with their destinations, filters and a default route, and builds a ``RouteResolver``.
///
/// ```swift
/// var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
/// builder.add("product/:id<int>", name: "product") { request in
///     showProduct(try request.routeParameters?.require("id", as: Int.self))
///     return .handled
/// }
/// builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
/// builder.addFilter(FilterClosure(name: "maintenance") { _ in .proceed })
/// builder.setDefaultRoute(name: "home") { _ in .handled }
/// let resolver = try builder.build()
/// ```
public struct RouteResolverBuilder: Sendable {
    /// The closure that runs for a route.
    public typealias Destination = @Sendable (RouteRequest) async throws -> DestinationOutcome

    var table: RouteTableBuilder<Int>
    var routes: [RouteResolver.Route] = []
    /// For each table registration, its route and which of the route's templates it is (0: the
    /// first). A route with other templates has one registration per template.
    var registrations: [Registration] = []
    /// What the default route's options had that a default route cannot have.
    var defaultRouteProblem: String?
    var filters: [any RouteFilter] = []
    var defaultRoute: RouteResolver.Route?
    /// How many redirects one resolution may take before it is stopped as a loop.
    public var maximumRedirects = 8
    /// Path properties for every request (route properties merge under them), for example a path
    /// configuration. `nil`: requests carry their route's properties only.
    public var pathProperties: (any PathPropertiesProvider)?
    /// What sees a ``RoutingEvent`` for every link (``addObserver(_:)``).
    var observers: [any RoutingObserver] = []
    /// How many events may wait for each observer before new ones are dropped for it and counted
    /// (``ObservationChannel``).
    public var eventBufferSize = 4096
    /// Whether events carry the link itself (``RoutingEvent/url``). `false` by default: a link may
    /// carry a sign-in token, and events go to logs and analytics. Set it for a debug build or a
    /// tool whose output stays with the team, never in a shipping app that logs events.
    public var eventsIncludeURLs = false

    /// Creates an empty builder; see ``RouteTableBuilder/init(schemes:domains:options:)``.
    public init(schemes: [String] = [], domains: [String] = [], options: RouteTableOptions = RouteTableOptions()) {
        table = RouteTableBuilder(schemes: schemes, domains: domains, options: options)
    }

    /// Registers a route.
    ///
    /// ```swift
    /// builder.add("product/:id<int>", name: "product") { request in … }
    /// builder.add("create", name: "createNew", .alsoMatches("create-document"), .requiresConfirmation) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - template: The template, as a string literal or a parsed ``RouteTemplate``; it prints the
    ///     route's links. ``RouteOption/alsoMatches(_:)-(RouteTemplate...)`` adds templates that only parse.
    ///   - name: A name for logs, results and link creation; unique when given.
    ///   - options: Scopes, priority, internal-only, properties, filters, features, confirmation and
    ///     other templates, in any order (see ``RouteOption``).
    ///   - destination: What runs when the route is chosen.
    public mutating func add(
        _ template: RouteTemplate, name: String? = nil, _ options: RouteOption...,
        to destination: @escaping Destination
    ) {
        add(template, name: name, settings: RouteSettings(options), to: destination)
    }

    /// Registers a route with its options as a list: for routes made by code (from a file or a
    /// server), where the options are computed.
    public mutating func add(
        _ template: RouteTemplate, name: String? = nil, options: [RouteOption], to destination: @escaping Destination
    ) {
        add(template, name: name, settings: RouteSettings(options), to: destination)
    }

    /// Registers a route with merged settings: every form ends here.
    mutating func add(
        _ template: RouteTemplate, name: String?, settings: RouteSettings, to destination: @escaping Destination
    ) {
        let index = routes.count
        let firstRegistration = registrations.count
        for (alternate, each) in ([template] + settings.alsoMatches).enumerated() {
            table.add(each, scopes: settings.effectiveScopes, priority: settings.effectivePriority, to: index)
            registrations.append(Registration(route: index, alternate: alternate))
        }
        routes.append(
            RouteResolver.Route(
                name: name, template: template, firstRegistration: firstRegistration, settings: settings,
                destination: destination))
    }

    /// Adds a global filter; global filters run in the order added, before a route's own filters,
    /// for every request including the default route's.
    public mutating func addFilter(_ filter: any RouteFilter) {
        filters.append(filter)
    }

    /// Adds an observer: it sees one ``RoutingEvent`` for every resolution, confirmed resolution and
    /// preview of the resolver (and of every copy of it), in order, on a task of its own. Routing
    /// never waits for it (``ObservationChannel``). Observers see events in the order added.
    public mutating func addObserver(_ observer: any RoutingObserver) {
        observers.append(observer)
    }

    /// Sets the route that runs when nothing matches, when every match declines, or when the scheme
    /// or domain is refused. Without one, those requests end as ``RoutingStatus/unmatched``,
    /// ``RoutingStatus/declined`` or ``RoutingStatus/refused``.
    ///
    /// - Parameters:
    ///   - name: A name for logs and results.
    ///   - options: ``RouteOption/properties(_:)`` and ``RouteOption/filters(_:)-(RouteFilter...)``;
    ///     any other option is an error when the resolver is built (a default route has no template,
    ///     and opens for any link).
    ///   - destination: What runs for the default route; ``RouteRequest/isDefaultRoute`` is `true`.
    public mutating func setDefaultRoute(
        name: String? = nil, _ options: RouteOption..., to destination: @escaping Destination
    ) {
        defaultRouteProblem = RouteSettings.defaultRouteProblem(options)
        defaultRoute = RouteResolver.Route(
            name: name, template: nil, firstRegistration: -1, settings: RouteSettings(options),
            destination: destination)
    }

    /// Registers a parameter type that templates can name; see ``ParameterType``.
    public mutating func addParameterType(_ type: ParameterType) {
        table.addParameterType(type)
    }

    /// One table registration: its route, and which of the route's templates it is.
    struct Registration: Hashable, Sendable {
        var route: Int
        var alternate: Int
    }

    /// Every problem with the routes: the table's errors and warnings, repeated route names, and a
    /// default route with options it cannot have. Indexes are the table's registrations
    /// (``registrationRoute(_:)`` gives a registration's route).
    public func diagnostics() -> [RouteDiagnostic] {
        defaultRouteErrors() + nameErrors() + table.diagnostics()
    }

    /// The index, in registration order, of the route a table registration belongs to (a route
    /// with other templates has one registration per template), and which of its templates it is
    /// (0: the first).
    public func registrationRoute(_ registration: Int) -> (route: Int, template: Int)? {
        registrations.indices.contains(registration)
            ? (registrations[registration].route, registrations[registration].alternate) : nil
    }

    private func defaultRouteErrors() -> [RouteDiagnostic] {
        if let problem = defaultRouteProblem {
            let name = defaultRoute?.name.map { " '\($0)'" } ?? ""
            return [
                RouteDiagnostic(
                    severity: .error, registrationIndex: nil, code: .invalidRouteOptions,
                    message:
                        "the default route\(name) cannot have \(problem): it runs when nothing else opens, for any link; it takes properties and filters only"
                )
            ]
        }
        // The default route runs for every link, external ones included, with none of a route's
        // checks: sharing the name of a route those checks protect would hand that route's
        // identity (a binding's case, a router's screen, a log's name) to any link.
        guard let name = defaultRoute?.name,
            let protected = routes.first(where: { $0.name == name && Self.protection(of: $0) != nil }),
            let protection = Self.protection(of: protected)
        else { return [] }
        return [
            RouteDiagnostic(
                severity: .error, registrationIndex: nil, relatedRegistrationIndices: [protected.firstRegistration],
                code: .invalidRouteOptions,
                message:
                    "the default route is named '\(name)', the name of a route that \(protection): the default route runs for every link no route opens, external ones included, without those checks, so code that reads its name (a bound enum case, a router) would open '\(name)' from outside; give the default route a public route's name or its own"
            )
        ]
    }

    /// What protects a route from a link that merely names it: internal-only, confirmation, a
    /// feature or its own filters; `nil` when any link may open it.
    static func protection(of route: RouteResolver.Route) -> String? {
        if route.internalOnly { return "is internal-only" }
        if route.requiresConfirmation { return "asks the user to confirm" }
        if !route.features.isEmpty { return "needs a feature" }
        if !route.filters.isEmpty { return "has its own filters" }
        return nil
    }

    /// Checks every route and builds the resolver.
    ///
    /// - Throws: The first error, naming the template or route name.
    public func build() throws(RoutingError) -> RouteResolver {
        if let first = (defaultRouteErrors() + nameErrors()).first { throw first.error }
        return RouteResolver(
            table: try table.build(), routes: routes, filters: filters, defaultRoute: defaultRoute,
            maximumRedirects: maximumRedirects, pathProperties: pathProperties,
            observer: observers.isEmpty
                ? nil
                : ResolverObservation(
                    channel: ObservationChannel(observers: observers, capacity: eventBufferSize),
                    includesURLs: eventsIncludeURLs,
                    routes: (routes + [defaultRoute].compactMap { $0 }).map { ($0.name, $0.loggable) }))
    }

    private func nameErrors() -> [RouteDiagnostic] {
        var firstUse: [String: Int] = [:]
        var errors: [RouteDiagnostic] = []
        // Each route's first registration stands for it.
        var firstRegistration: [Int] = []
        for (index, registration) in registrations.enumerated() where registration.alternate == 0 {
            firstRegistration.append(index)
        }
        for (index, route) in routes.enumerated() {
            guard let name = route.name else { continue }
            if let earlier = firstUse[name] {
                errors.append(
                    RouteDiagnostic(
                        severity: .error, registrationIndex: firstRegistration[index],
                        relatedRegistrationIndices: [firstRegistration[earlier]],
                        code: .duplicateRoute, message: "the route name '\(name)' is already used; names must be unique"
                    ))
            } else {
                firstUse[name] = index
            }
        }
        return errors
    }
}
