import Foundation

/// Reads a route file into a ``RouteFile`` and collects every problem on the way, located by route
/// index and field.
enum RouteFileLoader {
    static let topLevelKeys = [
        "schemes", "domains", "options", "routes", "default", "pathConfiguration", "description",
    ]
    static let routeKeys = [
        "name", "template", "scopes", "priority", "internal", "requiresConfirmation", "properties", "query",
        "routingType", "loggable", "description",
    ]
    static let optionKeys = ["caseInsensitivePaths", "strictTrailingSlash"]
    /// The most templates one route may list: each is a registration (as for a typed case,
    /// `CompiledRouteMap.maximumTemplatesPerCase`).
    static let maximumTemplates = 64

    struct Loaded {
        var file: RouteFile?
        var diagnostics: [RouteFileDiagnostic]
    }

    private struct Collector {
        var diagnostics: [RouteFileDiagnostic] = []

        mutating func error(
            _ message: String, route: Int? = nil, name: String? = nil, field: String? = nil, characterInValue: Int = 0
        ) {
            var diagnostic = RouteFileDiagnostic(
                severity: .error, routeIndex: route, routeName: name, field: field, message: message)
            diagnostic.characterInValue = characterInValue
            diagnostics.append(diagnostic)
        }
    }

    /// Reads `data` as ``load(_:)`` does, then gives every diagnostic the line and column of the
    /// value it is about (one more pass over the text, only for a file that has problems).
    static func loadLocating(_ data: Data) -> Loaded {
        var loaded = load(data)
        loaded.diagnostics = RouteFileDiagnostic.locating(loaded.diagnostics, in: data)
        // A file that loaded has warnings only: they are its `warnings`, located too.
        loaded.file?.warnings = loaded.diagnostics
        return loaded
    }

    static func load(_ data: Data) -> Loaded {
        var collector = Collector()
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            collector.error("the file is not valid JSON: \(error)")
            collector.diagnostics[0].line = error.line
            collector.diagnostics[0].column = error.column
            return Loaded(file: nil, diagnostics: collector.diagnostics)
        }
        guard case .object(let object) = root else {
            collector.error("the file must be a JSON object with a \"routes\" array")
            return Loaded(file: nil, diagnostics: collector.diagnostics)
        }
        for key in object.keys.sorted() where !topLevelKeys.contains(key) {
            collector.error("unknown field \"\(key)\"; the fields are \(topLevelKeys.joined(separator: ", "))")
        }
        let schemes = stringArray(object["schemes"], field: "schemes", into: &collector)
        let domains = stringArray(object["domains"], field: "domains", into: &collector)
        let options = readOptions(object["options"], into: &collector)
        var defaultName: String?
        switch object["default"] {
        case nil, .null?: break
        case .string(let name)?: defaultName = name
        case let other?: collector.error("must be the name of a route, not \(other.quoted())", field: "default")
        }
        var pathConfiguration: RouteFile.PathConfigurationReference?
        switch object["pathConfiguration"] {
        case nil, .null?: break
        case .string(let path)? where !path.isEmpty: pathConfiguration = .file(path)
        case .object(let document)?: pathConfiguration = .inline(.object(document))
        case let other?:
            collector.error(
                "must be a path to a path-configuration file or the document as an object, not \(other.quoted())",
                field: "pathConfiguration")
        }

        var routes: [RouteFile.Route] = []
        var fileIndexes: [Int] = []
        // The routes that failed to load, by file position, with their name when they have one.
        var failed: [(index: Int, name: String?)] = []
        switch object["routes"] {
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                if let route = readRoute(item, index: index, into: &collector) {
                    routes.append(route)
                    fileIndexes.append(index)
                } else if case .object(let fields) = item {
                    failed.append((index, fields["name"]?.stringValue))
                } else {
                    failed.append((index, nil))
                }
            }
        case nil:
            collector.error("the file has no \"routes\" array")
        case let other?:
            collector.error("must be an array of routes, not \(other.quoted())", field: "routes")
        }
        if let defaultName, !routes.contains(where: { $0.name == defaultName }) {
            collector.error(
                missingDefault(defaultName, loaded: routes.map(\.name), failed: failed), field: "default")
        }

        let file = RouteFile(
            schemes: schemes, domains: domains, options: options, routes: routes, defaultRouteName: defaultName,
            warnings: [], pathConfiguration: pathConfiguration)
        // The table's own checks, mapped back to file positions.
        let builder = file.makeBuilder()
        for diagnostic in builder.diagnostics() {
            // Registrations to routes (a route with several templates has one per template).
            let position = diagnostic.registrationIndex.flatMap(builder.registrationRoute)
            let index = position?.route
            let fileIndex = index.map { fileIndexes[$0] }
            let templateField =
                position.map { routes[$0.route].alsoMatches.isEmpty ? "template" : "template[\($0.template)]" }
            let field: String? =
                switch diagnostic.code {
                case .invalidScope: "scopes"
                case .invalidScheme: "schemes"
                case .invalidDomain: "domains"
                case .duplicateRoute where diagnostic.message.hasPrefix("the route name"): "name"
                // The default route's own problems (named after a protected route: internal or
                // confirmation), which the builder finds for every registration form.
                case .invalidRouteOptions where diagnostic.registrationIndex == nil: "default"
                default: templateField
                }
            let related = diagnostic.relatedRegistrationIndices.compactMap(builder.registrationRoute).map {
                RouteFileDiagnostic.location(fileIndexes[$0.route], name: routes[$0.route].name)
            }
            let message = diagnostic.message + (related.isEmpty ? "" : " [see " + related.joined(separator: ", ") + "]")
            collector.diagnostics.append(
                RouteFileDiagnostic(
                    severity: diagnostic.severity, routeIndex: fileIndex, routeName: index.map { routes[$0].name },
                    field: field, message: message))
        }
        let errors = collector.diagnostics.filter { $0.severity == .error }
        let warnings = collector.diagnostics.filter { $0.severity == .warning }
        let loaded = RouteFile(
            schemes: schemes, domains: domains, options: options, routes: routes, defaultRouteName: defaultName,
            warnings: warnings, pathConfiguration: pathConfiguration)
        return Loaded(file: errors.isEmpty ? loaded : nil, diagnostics: errors + warnings)
    }

    /// Why `default` names no loaded route, accounting for every route: the one of that name that
    /// failed to load (its errors are above), or none of that name; the routes that loaded; the
    /// others that failed.
    ///
    /// ```
    /// default: the route 'open' failed to load (see routes[1] above); the routes that loaded are create
    /// default: no route is named 'home'; the routes that loaded are create; routes[1] (open) failed to load
    /// default: no route is named 'home'; the routes are create, open
    /// ```
    static func missingDefault(_ name: String, loaded: [String], failed: [(index: Int, name: String?)]) -> String {
        let named = failed.filter { $0.name == name }.map { RouteFileDiagnostic.location($0.index, name: nil) }
        let others = failed.filter { $0.name != name }.map { RouteFileDiagnostic.location($0.index, name: $0.name) }
        let loadedNames = loaded.joined(separator: ", ")
        var parts = [
            named.isEmpty
                ? "no route is named '\(name)'"
                : "the route '\(name)' failed to load (see \(named.joined(separator: ", ")) above)"
        ]
        if failed.isEmpty {
            parts.append(loaded.isEmpty ? "the file has no routes" : "the routes are \(loadedNames)")
        } else {
            parts.append(loaded.isEmpty ? "no route loaded" : "the routes that loaded are \(loadedNames)")
            if !others.isEmpty { parts.append(others.joined(separator: ", ") + " failed to load") }
        }
        return parts.joined(separator: "; ")
    }

    private static func readRoute(_ item: JSONValue, index: Int, into collector: inout Collector) -> RouteFile.Route? {
        guard case .object(let object) = item else {
            collector.error("must be an object with \"name\" and \"template\", not \(item.quoted())", route: index)
            return nil
        }
        let name = object["name"]?.stringValue
        var valid = true
        func fail(_ message: String, _ field: String?, characterInValue: Int = 0) {
            collector.error(message, route: index, name: name, field: field, characterInValue: characterInValue)
            valid = false
        }
        for key in object.keys.sorted() where !routeKeys.contains(key) {
            if key == "reachableThroughRedirects" {
                // A decision, not an omission: docs/security.md, "Route files".
                fail(
                    "cannot be set in a route file: whoever edits the file could open an internal route to outside links; "
                        + "add .internalOnly(reachableThroughRedirects: true) in code, on the builder the file makes",
                    key)
                continue
            }
            fail("unknown field \"\(key)\"; a route has \(routeKeys.joined(separator: ", "))", nil)
        }
        if name == nil {
            fail(object["name"] == nil ? "is missing; every route needs a unique name" : "must be a string", "name")
        } else if name?.isEmpty == true {
            fail("must not be empty", "name")
        }
        // One template, or several: the first prints links, the others only parse.
        var templates: [RouteTemplate] = []
        func parse(_ pattern: String, _ field: String) {
            do throws(RoutingError) {
                templates.append(try RouteTemplate(parsing: pattern))
            } catch {
                fail(error.message, field, characterInValue: error.templateColumn ?? 0)
            }
        }
        switch object["template"] {
        case .string(let pattern)?: parse(pattern, "template")
        case .array(let items)? where items.count > RouteFileLoader.maximumTemplates:
            fail("lists \(items.count) templates; a route has at most \(RouteFileLoader.maximumTemplates)", "template")
        case .array(let items)? where !items.isEmpty:
            for (position, item) in items.enumerated() {
                if case .string(let pattern) = item {
                    parse(pattern, "template[\(position)]")
                } else {
                    fail("must be a string, not \(item.quoted())", "template[\(position)]")
                }
            }
        case .array?: fail("is an empty list; write one template, or a list whose first prints links", "template")
        case nil: fail("is missing", "template")
        case let other?: fail("must be a string or a list of strings, not \(other.quoted())", "template")
        }
        var scopes = RouteScope.defaultScopes
        switch object["scopes"] {
        case nil: break
        case .array(let items)?:
            scopes = []
            for (position, entry) in items.enumerated() {
                if let scope = readScope(entry) {
                    scopes.append(scope)
                } else {
                    fail(
                        "\(entry.quoted()) is not a scope; write \"appAny\", \"universalAny\", {\"app\": \"SCHEME\"} or "
                            + "{\"universal\": \"DOMAIN\"}", "scopes[\(position)]")
                }
            }
            if items.isEmpty { fail("is empty; omit it to apply the route to every scheme and domain", "scopes") }
        case let other?: fail("must be an array, not \(other.quoted())", "scopes")
        }
        var priority = 0
        switch object["priority"] {
        case nil: break
        case .number(let value)? where value.rounded() == value && abs(value) <= 1_000_000_000:
            // narrowing: |value| ≤ 1,000,000,000 < 2³¹ (the case's condition), a whole number: fits Int everywhere
            priority = Int(value)
        case let other?:
            fail("must be a whole number between -1000000000 and 1000000000, not \(other.quoted())", "priority")
        }
        func flag(_ field: String) -> Bool {
            switch object[field] {
            case nil: return false
            case .bool(let value)?: return value
            case let other?:
                fail("must be true or false, not \(other.quoted())", field)
                return false
            }
        }
        let isInternal = flag("internal")
        let requiresConfirmation = flag("requiresConfirmation")
        var properties: [String: JSONValue] = [:]
        switch object["properties"] {
        case nil: break
        case .object(let value)?: properties = value
        case let other?: fail("must be an object, not \(other.quoted())", "properties")
        }
        let query = readQuery(object["query"], templates: templates, fail: { fail($0, $1) })
        var routingType = RoutingType.push
        switch object["routingType"] {
        case nil: break
        case .string(let spelling)?:
            if let type = RoutingType(routeFileSpelling: spelling) {
                routingType = type
            } else {
                fail(
                    "\(JSONValue.string(spelling).quoted()) is not a routing type; write one of "
                        + RoutingType.routeFileSpellings.map { "\"\($0.spelling)\"" }.joined(separator: ", "),
                    "routingType")
            }
        case let other?: fail("must be a string, not \(other.quoted())", "routingType")
        }
        var loggable = LoggableValues.none
        switch object["loggable"] {
        case nil, .bool(false)?: break
        case .bool(true)?: loggable = .all
        case .array(let items)?:
            var names: Set<String> = []
            for (index, item) in items.enumerated() {
                guard case .string(let itemName) = item, !itemName.isEmpty else {
                    fail("must be a non-empty parameter or query name, not \(item.quoted())", "loggable[\(index)]")
                    continue
                }
                names.insert(itemName)
            }
            loggable = .names(names)
        case let other?:
            fail(
                "must be true (every value of the route) or a list of parameter and query names, not \(other.quoted())",
                "loggable")
        }
        guard valid, let name, let template = templates.first else { return nil }
        return RouteFile.Route(
            name: name, pattern: template.pattern, template: template, alsoMatches: Array(templates.dropFirst()),
            scopes: scopes, priority: priority, isInternal: isInternal, requiresConfirmation: requiresConfirmation,
            properties: properties, query: query, routingType: routingType, loggable: loggable)
    }

    /// A route's `"query"`: an object from query name to type (`"int"`, `"string?"`), read in the
    /// order of the names. Every problem names the field, `query.NAME` for one value.
    private static func readQuery(
        _ value: JSONValue?, templates: [RouteTemplate], fail: (String, String?) -> Void
    ) -> [RouteFile.QueryValue] {
        guard let value else { return [] }
        guard case .object(let entries) = value else {
            fail(
                "must be an object from query name to type, as in {\"page\": \"int?\"}, not \(value.quoted())", "query")
            return []
        }
        // Every value a template captures: its path's, and those of the query items and the
        // fragment it requires (`users?id={id}`, `help#:section`), which are read as the path's are.
        let templateNames = Set(templates.flatMap(\.parameterNames))
        var query: [RouteFile.QueryValue] = []
        for name in entries.keys.sorted() {
            let field = "query.\(name)"
            guard !name.isEmpty else {
                fail("a query name must not be empty", "query")
                continue
            }
            guard case .string(let written)? = entries[name] else {
                fail(
                    "must be a type name, not \(entries[name]?.quoted() ?? "nothing"); "
                        + RouteFile.QueryValue.typesSentence, field)
                continue
            }
            guard let declared = RouteFile.QueryValue(name: name, written: written) else {
                // The type as written, at most 40 characters of it: a message stays one readable line.
                let shown = written.count > 40 ? String(written.prefix(40)) + "…" : written
                fail("unknown type '\(shown)'; " + RouteFile.QueryValue.typesSentence, field)
                continue
            }
            if templateNames.contains(name) {
                fail("'\(name)' is a parameter of the template; a query value needs a name of its own", field)
                continue
            }
            query.append(declared)
        }
        return query
    }

    private static func readScope(_ entry: JSONValue) -> RouteScope? {
        switch entry {
        case .string("appAny"): return .appAny
        case .string("universalAny"): return .universalAny
        case .object(let object) where object.count == 1:
            if case .string(let scheme)? = object["app"] { return .app(scheme: scheme) }
            if case .string(let domain)? = object["universal"] { return .universal(domain: domain) }
            return nil
        default: return nil
        }
    }

    private static func readOptions(_ value: JSONValue?, into collector: inout Collector) -> RouteTableOptions {
        var options = RouteTableOptions()
        guard let value else { return options }
        guard case .object(let object) = value else {
            collector.error("must be an object, not \(value.quoted())", field: "options")
            return options
        }
        for key in object.keys.sorted() where !optionKeys.contains(key) {
            collector.error(
                "unknown option \"\(key)\"; the options are \(optionKeys.joined(separator: ", "))", field: "options")
        }
        for key in optionKeys {
            switch object[key] {
            case nil: continue
            case .bool(let flag)?:
                if key == "caseInsensitivePaths" {
                    options.caseInsensitivePaths = flag
                } else {
                    options.strictTrailingSlash = flag
                }
            case let other?: collector.error("must be true or false, not \(other.quoted())", field: "options.\(key)")
            }
        }
        return options
    }

    private static func stringArray(_ value: JSONValue?, field: String, into collector: inout Collector) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            collector.error("must be an array of strings, not \(value.quoted())", field: field)
            return []
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            if case .string(let text) = item {
                strings.append(text)
            } else {
                collector.error("must be a string, not \(item.quoted())", field: "\(field)[\(index)]")
            }
        }
        return strings
    }
}
