import Foundation

extension RouteFile {
    /// The builder with every route of the file bound to a case of a Swift enum, by name: the
    /// route's parameters and query values become the case's associated values, and the
    /// destination receives the case.
    ///
    /// ```swift
    /// enum Screen: Route, Decodable {
    ///     case home
    ///     case product(id: Int, ref: String?)   // "product/:id<int>"; ref from the query
    ///     case createNew(name: String?)
    /// }
    /// let builder = try file.makeBuilder(binding: Screen.self) { screen, request in
    ///     await router.open(screen, properties: request.properties)
    ///     return .handled
    /// }
    /// ```
    ///
    /// A file and an enum are written apart, so they are checked against each other here, before
    /// any link arrives, with the checks a ``RouteMap`` gets: every route must name a case; a path
    /// parameter must be an associated value of a type the template can carry (an `Int` needs
    /// `:id<int>`); a value the path does not give comes from the query; the default route's case
    /// needs no path parameter (it runs for links no template matched). A case no route names is
    /// not an error: the app may open it in code. A request whose values do not make the case ends
    /// as ``RoutingStatus/invalid`` with the decoding error, as for typed routes.
    ///
    /// It does not load the file's ``pathConfiguration`` (this module cannot read path
    /// configurations): with `WaymarkPathConfiguration`, set the builder's `pathProperties` to
    /// `try file.loadPathConfiguration()`.
    ///
    /// - Parameters:
    ///   - type: The enum; its case names are the file's route names.
    ///   - destination: What runs for every route, with its case.
    /// - Throws: ``RouteFileError`` listing every route that does not fit, by `routes[N] (name)`.
    public func makeBuilder<R: Waymark.Route & Decodable>(
        binding type: R.Type,
        to destination: @escaping @Sendable (R, RouteRequest) async throws -> DestinationOutcome
    ) throws(RouteFileError) -> RouteResolverBuilder {
        // The routes of a loaded file are every route of the file, in order: indexes are the file's.
        let problems = routes.enumerated().compactMap { index, route in
            Self.bindingProblem(R.self, route, isDefault: route.name == defaultRouteName).map {
                RouteFileDiagnostic(
                    severity: .error, routeIndex: index, routeName: route.name, field: "name", message: $0)
            }
        }
        guard problems.isEmpty else {
            throw RouteFileError(diagnostics: problems, source: source)
        }
        // Each route's templates by name, found once: a name that is a path parameter in any of
        // them never takes a query value (ParameterSource).
        let templatesByName = Dictionary(
            routes.map { ($0.name, [$0.template] + $0.alsoMatches) }, uniquingKeysWith: { first, _ in first })
        return makeBuilder { request in
            guard let name = request.routeName else { return .declined }
            let templates = templatesByName[name]
            let value = try RouteInputDecoder().decode(
                R.self, source: RouteInputDecoder.source(for: request, templates: templates), chain: [name])
            return try await destination(value, request)
        }
    }

    /// Why `route` cannot be bound to a case of `R`, or `nil` when it can.
    static func bindingProblem<R: Decodable>(_ type: R.Type, _ route: Route, isDefault: Bool) -> String? {
        let fields: [RouteProbe.Field]
        do {
            fields = try RouteProbe.fields(of: R.self, caseName: route.name)
        } catch {
            return error.message + "; add the case, or rename the route"
        }
        let label = "\(R.self).\(route.name)"
        var pathNames: Set<String> = []
        for template in [route.template] + route.alsoMatches {
            let names = Set(
                template.variants.flatMap { variant in
                    variant.segments.flatMap(\.capturedNames)
                })
            pathNames.formUnion(names)
            // What the path does not give comes from the query.
            let queryNames = Set(fields.map(\.topName)).subtracting(names)
            do throws(RoutingError) {
                let level = try CompiledRouteMap.LevelCheck(
                    label: label, pattern: template.pattern, path: template.pattern, queryNames: queryNames)
                if try level.check(fields, inherited: []) != nil {
                    return "the case \(label) carries a nested route; a route of a file binds to a case of plain values"
                }
            } catch {
                return error.message
            }
        }
        if isDefault, let needed = fields.first(where: { !$0.isOptional && pathNames.contains($0.topName) }) {
            return
                "it is the default route, which runs for links no template matched, with no path parameters; its case \(label) needs '\(needed.topName)'"
        }
        return nil
    }
}
