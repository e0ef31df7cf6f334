/// Collects routes with their destinations, filters and a default route, and builds a ``RouteResolver``.
///
/// ```swift
/// var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
/// builder.add("product/:id<int>", name: "product") { request in
///     showProduct(try request.routeParameters?.require("id", as: Int.self))
///     return .handled
/// }
/// builder.add("debug/menu", name: "debug", internalOnly: true) { _ in .handled }
/// builder.addFilter(FilterClosure(name: "maintenance") { _ in .proceed })
/// builder.setDefaultRoute(name: "home") { _ in .handled }
/// let resolver = try builder.build()
/// ```
public struct RouteResolverBuilder: Sendable {
    /// The closure that runs for a route.
    public typealias Destination = @Sendable (RouteRequest) async throws -> DestinationOutcome

    var table: RouteTableBuilder<Int>
    var routes: [RouteResolver.Route] = []
    var filters: [any RouteFilter] = []
    var defaultRoute: RouteResolver.Route?
    /// How many redirects one resolution may take before it is stopped as a loop.
    public var maximumRedirects = 8
    /// Path properties for every request (route properties merge under them), for example a path
    /// configuration. `nil`: requests carry their route's properties only.
    public var pathProperties: (any PathPropertiesProvider)?

    /// Creates an empty builder; see ``RouteTableBuilder/init(schemes:domains:options:)``.
    public init(schemes: [String] = [], domains: [String] = [], options: RouteTableOptions = RouteTableOptions()) {
        table = RouteTableBuilder(schemes: schemes, domains: domains, options: options)
    }

    /// Registers a route.
    ///
    /// - Parameters:
    ///   - template: The template, as a string literal or a parsed ``RouteTemplate``.
    ///   - name: A name for logs, results and link creation; unique when given.
    ///   - scopes: Where the template applies; every app scheme and domain by default.
    ///   - priority: Higher priorities win before specificity is compared.
    ///   - internalOnly: When `true`, no chain of links started outside the app reaches the route,
    ///     directly or through any number of redirects (``RoutingStatus/internalOnly``).
    ///   - reachableThroughRedirects: With `internalOnly`, lets a chain started outside the app reach
    ///     the route when a filter or a feature fallback redirects it there, while a link that names it
    ///     directly is still refused: for a sign-in or paywall screen that only the app sends people to.
    ///     The request still says ``RouteOrigin/external``.
    ///   - properties: Properties carried by every request of this route.
    ///   - filters: The route's own filters, run after the global ones.
    ///   - feature: A feature the route needs, asked after the global filters every time the route
    ///     resolves.
    ///   - whenUnavailable: What happens when the feature is unavailable: the request ends as
    ///     ``RoutingStatus/featureUnavailable``, or is redirected (to a paywall, say).
    ///   - requiresConfirmation: External links to the route end as
    ///     ``RoutingStatus/needsConfirmation``; the app asks the user, then calls
    ///     ``RouteResolver/resolveConfirmed(_:)``.
    ///   - destination: What runs when the route is chosen.
    public mutating func add(
        _ template: RouteTemplate, name: String? = nil, scopes: [RouteScope] = RouteScope.defaultScopes,
        priority: Int = 0, internalOnly: Bool = false, reachableThroughRedirects: Bool = false,
        properties: [String: JSONValue] = [:], filters: [any RouteFilter] = [], feature: (any Feature)? = nil,
        whenUnavailable: FeatureFallback = .reject, requiresConfirmation: Bool = false,
        to destination: @escaping Destination
    ) {
        table.add(template, scopes: scopes, priority: priority, to: routes.count)
        routes.append(
            RouteResolver.Route(
                name: name, template: template, internalOnly: internalOnly,
                reachableThroughRedirects: reachableThroughRedirects, properties: properties, filters: filters,
                feature: feature, featureFallback: whenUnavailable, requiresConfirmation: requiresConfirmation,
                destination: destination))
    }

    /// Adds a global filter; global filters run in the order added, before a route's own filters,
    /// for every request including the default route's.
    public mutating func addFilter(_ filter: any RouteFilter) {
        filters.append(filter)
    }

    /// Sets the route that runs when nothing matches, when every match declines, or when the scheme
    /// or domain is refused. Without one, those requests end as ``RoutingStatus/unmatched``,
    /// ``RoutingStatus/declined`` or ``RoutingStatus/refused``.
    public mutating func setDefaultRoute(
        name: String? = nil, properties: [String: JSONValue] = [:], filters: [any RouteFilter] = [],
        to destination: @escaping Destination
    ) {
        defaultRoute = RouteResolver.Route(
            name: name, template: nil, internalOnly: false, reachableThroughRedirects: false, properties: properties,
            filters: filters, feature: nil, featureFallback: .reject, requiresConfirmation: false,
            destination: destination)
    }

    /// Registers a parameter type that templates can name; see ``ParameterType``.
    public mutating func addParameterType(_ type: ParameterType) {
        table.addParameterType(type)
    }

    /// Every problem with the routes: the table's errors and warnings, and repeated route names.
    public func diagnostics() -> [RouteDiagnostic] {
        nameErrors() + table.diagnostics()
    }

    /// Checks every route and builds the resolver.
    ///
    /// - Throws: The first error, naming the template or route name.
    public func build() throws(RoutingError) -> RouteResolver {
        if let first = nameErrors().first { throw first.error }
        return RouteResolver(
            table: try table.build(), routes: routes, filters: filters, defaultRoute: defaultRoute,
            maximumRedirects: maximumRedirects, pathProperties: pathProperties)
    }

    private func nameErrors() -> [RouteDiagnostic] {
        var firstUse: [String: Int] = [:]
        var errors: [RouteDiagnostic] = []
        for (index, route) in routes.enumerated() {
            guard let name = route.name else { continue }
            if let earlier = firstUse[name] {
                errors.append(
                    RouteDiagnostic(
                        severity: .error, registrationIndex: index, relatedRegistrationIndices: [earlier],
                        code: .duplicateRoute, message: "the route name '\(name)' is already used; names must be unique"
                    ))
            } else {
                firstUse[name] = index
            }
        }
        return errors
    }
}
