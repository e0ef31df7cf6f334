public import Foundation

/// A route table described in JSON: schemes, domains, options, routes and a default route.
/// The format is documented in `docs/route-file.md`.
///
/// ```json
/// {
///   "schemes": ["shop"],
///   "domains": ["shop.example.com"],
///   "routes": [
///     { "name": "product", "template": "product/:id<int>", "properties": { "presentation": "modal" } }
///   ],
///   "default": "product"
/// }
/// ```
///
/// ```swift
/// let file = try RouteFile(contentsOf: URL(fileURLWithPath: "shop.routes.json"))
/// let resolver = try file.makeResolver()
/// ```
///
/// A route may declare the query values it reads, each with a template type, `?` marking an
/// optional one (`"query": {"document": "string", "page": "int?"}`, ``Route/query``): the resolver
/// the file makes ends a request that lacks a required value, or carries one of another type, as
/// ``RoutingStatus/invalid`` before the route's destination runs (``QueryValue``).
///
/// A file that names a `pathConfiguration` needs `WaymarkPathConfiguration`: this module cannot
/// read path configurations, so ``makeResolver(destination:)`` and ``makeBuilder(destination:)``
/// leave it out. `import WaymarkPathConfiguration` and build with
/// `try file.makeBuilderWithPathConfiguration().build()` to give each request the properties of its
/// rules.
public struct RouteFile: Sendable {
    /// One route of the file.
    public struct Route: Sendable {
        /// The route's name: unique, used by `default`, results and link creation.
        public let name: String
        /// The template as written in the file (the first, when the file lists several).
        public let pattern: String
        /// The parsed template: the one that prints links.
        public let template: RouteTemplate
        /// The other templates, when `"template"` is a list: they open the route and never print links.
        public let alsoMatches: [RouteTemplate]
        /// Where it applies (`appAny` and `universalAny` when the file omits `scopes`).
        public let scopes: [RouteScope]
        /// Its priority (0 when omitted).
        public let priority: Int
        /// Whether external links cannot reach it (`"internal"`).
        public let isInternal: Bool
        /// Whether an external link to it waits for the user's confirmation.
        public let requiresConfirmation: Bool
        /// Properties carried by its requests.
        public let properties: [String: JSONValue]
        /// The query values it declares (`"query"`), by name in alphabetical order; empty when the
        /// file declares none. The resolver the file makes checks them before the route's
        /// destination runs (see ``QueryValue``), and `waymark links` fills the required ones.
        public let query: [QueryValue]
        /// How a navigation model shows the route (`"routingType"`; ``RoutingType/push`` when the
        /// file omits it), as a typed route's ``Waymark/Route/routingType`` says for an enum case.
        /// `waymark navigate` applies it; path properties that ask for a presentation only decide
        /// for routes that leave it at `push`.
        public let routingType: RoutingType
        /// Which of its values may appear in routing events, logs and analytics (`"loggable"`:
        /// `true` for every value, or a list of parameter and query names); none when omitted.
        let loggable: LoggableValues

        /// Whether every value of the route may appear in routing events (`"loggable": true`).
        public var logsEveryValue: Bool { loggable == .all }
        /// The parameters and query items whose values may appear in routing events
        /// (`"loggable": ["id"]`), sorted; empty for none or for every value.
        public var loggableNames: [String] {
            if case .names(let names) = loggable { return names.sorted() }
            return []
        }

        /// The route's fields as ``RouteOption``s, as every registration form takes them.
        ///
        /// A file holds no code, so no filters or features (add them in code, on the builder the
        /// file makes), and never `reachableThroughRedirects`, which would let whoever edits the
        /// file open an internal route to outside links (docs/security.md).
        public var options: [RouteOption] {
            var options: [RouteOption] = [.scopes(scopes), .priority(priority)]
            if isInternal { options.append(.internalOnly) }
            if requiresConfirmation { options.append(.requiresConfirmation) }
            if !properties.isEmpty { options.append(.properties(properties)) }
            if !alsoMatches.isEmpty { options.append(.alsoMatches(alsoMatches)) }
            switch loggable {
            case .none: break
            case .all: options.append(.loggable)
            case .names(let names): options.append(RouteOption(kind: .loggable(.names(names))))
            }
            return options
        }
    }

    /// The accepted custom schemes.
    public let schemes: [String]
    /// The accepted universal-link domains, as the file writes them: hosts, wildcards and base URLs
    /// (``UniversalLinkBase``).
    public let domains: [String]

    /// ``domains`` as read: each entry's host, base path, port, scheme and fixed query items. Use
    /// its hosts (not ``domains``) to name a domain, and its `description` to show one: a fixed
    /// query value may be a secret.
    public var domainBases: [UniversalLinkBase] {
        domains.map { UniversalLinkBase.reading($0) }
    }
    /// Case and trailing-slash options.
    public let options: RouteTableOptions
    /// The routes, in file order.
    public let routes: [Route]
    /// The name of the route that runs when nothing matches.
    public let defaultRouteName: String?
    /// Warnings found while loading (routes that can never win).
    public internal(set) var warnings: [RouteFileDiagnostic]
    /// The file's path configuration, if it names one (`"pathConfiguration"`): a path relative to
    /// the route file, or the document inline. Only `WaymarkPathConfiguration` loads it, with
    /// `loadPathConfiguration(relativeTo:options:)` or `makeBuilderWithPathConfiguration()`;
    /// ``makeResolver(destination:)`` and ``makeBuilder(destination:)`` do not.
    public let pathConfiguration: PathConfigurationReference?
    /// The file the routes were read from, when they were read from a file (relative paths in it
    /// resolve against its folder).
    public private(set) var fileURL: URL?
    /// The name used in messages: the `source` given to ``init(data:source:)``, or the file's path.
    public private(set) var source = "routes"

    /// Where a route file's path configuration is.
    public enum PathConfigurationReference: Hashable, Sendable {
        /// A path as written in the route file, relative to its folder (or absolute).
        case file(String)
        /// The document itself, inline.
        case inline(JSONValue)
    }

    /// Loads a route file.
    ///
    /// - Throws: ``RouteFileError`` listing every problem: malformed JSON, unknown or mistyped fields,
    ///   templates that do not parse, conflicting routes, unknown default route.
    public init(contentsOf url: URL) throws(RouteFileError) {
        let data: Data
        do {
            // A regular file of at most 5 MB: `/dev/zero` or a named pipe would never end.
            data = try BoundedFileRead.contents(of: url)
        } catch {
            throw RouteFileError(
                diagnostics: [
                    .init(
                        severity: .error, routeIndex: nil, routeName: nil, field: nil,
                        message: "cannot read the file: \(error.reason)")
                ],
                source: url.path)
        }
        try self.init(data: data, source: url.path)
        fileURL = url
    }

    /// Loads a route file from data.
    ///
    /// - Parameters:
    ///   - data: The JSON of the route file.
    ///   - source: A name for the data in messages (a path).
    public init(data: Data, source: String = "routes") throws(RouteFileError) {
        let loaded = RouteFileLoader.loadLocating(data)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let file = loaded.file else {
            throw RouteFileError(diagnostics: errors, source: source)
        }
        self = file
        self.source = source
    }

    init(
        schemes: [String], domains: [String], options: RouteTableOptions, routes: [Route], defaultRouteName: String?,
        warnings: [RouteFileDiagnostic], pathConfiguration: PathConfigurationReference?
    ) {
        self.pathConfiguration = pathConfiguration
        self.schemes = schemes
        self.domains = domains
        self.options = options
        self.routes = routes
        self.defaultRouteName = defaultRouteName
        self.warnings = warnings
    }

    /// The file, when it has no errors, and every problem of it with its position, from one load:
    /// what `waymark check` and `waymark generate` read, which need both.
    ///
    /// - Parameter source: A name for the data in messages (a path).
    package static func loadingEveryProblem(
        _ data: Data, source: String
    ) -> (file: RouteFile?, diagnostics: [RouteFileDiagnostic]) {
        var loaded = RouteFileLoader.loadLocating(data)
        loaded.file?.source = source
        return (loaded.file, loaded.diagnostics)
    }

    /// Every problem in a route file, errors and warnings, without throwing: what `waymark check` prints.
    /// Each has the ``RouteFileDiagnostic/line`` and ``RouteFileDiagnostic/column`` of the value it
    /// is about.
    public static func diagnostics(for data: Data) -> [RouteFileDiagnostic] {
        RouteFileLoader.loadLocating(data).diagnostics
    }

    /// The route with a name.
    public func route(named name: String) -> Route? {
        routes.first { $0.name == name }
    }

    /// A resolver whose every route (and the default route) runs `destination`.
    ///
    /// It does not load the file's ``pathConfiguration``: this module cannot read path
    /// configurations, so its requests carry the routes' own `properties` only. For a file that
    /// names one, `import WaymarkPathConfiguration` and call
    /// `try file.makeBuilderWithPathConfiguration().build()` instead.
    ///
    /// - Parameter destination: What runs for a route; by default every route handles its request.
    public func makeResolver(
        destination: @escaping RouteResolverBuilder.Destination = { _ in .handled }
    ) throws(RoutingError) -> RouteResolver {
        try makeBuilder(destination: destination).build()
    }

    /// The builder behind ``makeResolver(destination:)``, to add filters or change destinations.
    ///
    /// A route that declares query values (``Route/query``) checks them before `destination` runs:
    /// a required value that is missing, or a declared value that is not of its type, ends the
    /// request as ``RoutingStatus/invalid`` with a ``RouteInputError`` naming the value and its type.
    ///
    /// Like ``makeResolver(destination:)``, it does not load the file's ``pathConfiguration``:
    /// `WaymarkPathConfiguration`'s `makeBuilderWithPathConfiguration(relativeTo:options:destination:)`
    /// is this builder with the path configuration as its `pathProperties`.
    ///
    /// - Parameter destination: What runs for a route; by default every route handles its request.
    public func makeBuilder(
        destination: @escaping RouteResolverBuilder.Destination = { _ in .handled }
    ) -> RouteResolverBuilder {
        var builder = RouteResolverBuilder(schemes: schemes, domains: domains, options: options)
        for route in routes {
            builder.add(
                route.template, name: route.name, settings: RouteSettings(route.options),
                to: Self.checkingQuery(of: route, before: destination))
        }
        if let defaultRouteName, let route = route(named: defaultRouteName) {
            // The named route's checks are not carried over (a default route has none); the
            // builder refuses a default named after an internal-only or confirmation route, as the
            // loader does, so that its identity never opens for an external link.
            builder.setDefaultRoute(name: route.name, .properties(route.properties), to: destination)
        }
        return builder
    }

    /// `destination`, after a check of the query values `route` declares: a request that lacks a
    /// required one, or carries one of another type, throws the ``RouteInputError`` that makes it
    /// ``RoutingStatus/invalid``. A route that declares none runs `destination` unchanged.
    static func checkingQuery(
        of route: Route, before destination: @escaping RouteResolverBuilder.Destination
    ) -> RouteResolverBuilder.Destination {
        guard !route.query.isEmpty else { return destination }
        return { request in
            if let error = route.queryInputError(request.queryParameters) { throw error }
            return try await destination(request)
        }
    }
}
