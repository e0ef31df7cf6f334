/// A ``RouteMap`` checked against its cases and flattened: one entry per leaf case, nested routes
/// mounted under their parent's template.
package struct CompiledRouteMap: Sendable {
    struct Entry: Sendable {
        /// The case names from the outer enum to the innermost one.
        let chain: [String]
        /// `ShopRoute.account.order`: for messages and as the resolver's route name.
        let label: String
        /// The full template (parent templates first), without the query part: the one that prints links.
        let template: RouteTemplate
        /// The other full templates that open the case (``RouteOption/alsoMatches(_:)-swift.type.method``,
        /// or a mapping written as an array): every combination of the parents' and the case's own.
        let alternates: [RouteTemplate]
        /// The associated values that travel in the query, by top-level name.
        let queryNames: Set<String>
        /// The case's options, merged with its parents' (``RouteSettings/nested(_:)``); its other
        /// templates are in ``alternates``.
        let settings: RouteSettings

        var scopes: [RouteScope] { settings.effectiveScopes }
        var priority: Int { settings.effectivePriority }
        /// The first template, then the others.
        var templates: [RouteTemplate] { [template] + alternates }
    }

    /// The most templates one case may have, its parents' combinations included: each is a
    /// registration, and nesting multiplies them.
    static let maximumTemplatesPerCase = 64

    let typeName: String
    let entries: [Entry]
    private let byChain: [[String]: Int]

    /// Compiles the map of `R`, checking every case against its template.
    ///
    /// - Parameter base: Options every case starts from, as a nested case starts from its parent's.
    init<R: URLRoute>(_ type: R.Type, base: RouteSettings = RouteSettings()) throws(RoutingError) {
        var entries: [Entry] = []
        let root = Parent(chain: [], label: "\(R.self)", paths: [""], queryNames: [], names: [], settings: base)
        try Self.append(type, parent: root, into: &entries, depth: 0)
        self.typeName = "\(R.self)"
        self.entries = entries
        var byChain: [[String]: Int] = [:]
        for (index, entry) in entries.enumerated() { byChain[entry.chain] = index }
        self.byChain = byChain
    }

    /// The entry for a case chain.
    func entry(for chain: [String]) -> Entry? {
        byChain[chain].map { entries[$0] }
    }

    /// What a nested route inherits from the case that carries it.
    private struct Parent {
        var chain: [String]
        var label: String
        /// The full paths, the first one printing links.
        var paths: [String]
        var queryNames: Set<String>
        var names: Set<String>
        var settings: RouteSettings
    }

    /// Appends the entries of `R`'s cases under `parent` (for the top-level type, a parent with no
    /// chain, one empty path and the base settings).
    private static func append<R: URLRoute>(_ type: R.Type, parent: Parent, into entries: inout [Entry], depth: Int)
        throws(RoutingError)
    {
        let typeLabel = parent.label
        guard depth < 16 else {
            throw mismatch(typeLabel, "routes nest more than 16 levels deep; is a route type nested in itself?")
        }
        guard !R.routeMap.entries.isEmpty else { throw mismatch(typeLabel, "the routeMap of \(R.self) is empty") }
        var seen: Set<String> = []
        for mapped in R.routeMap.entries {
            let label = typeLabel + "." + mapped.caseName
            guard seen.insert(mapped.caseName).inserted else {
                throw mismatch(
                    label,
                    "the routeMap of \(R.self) maps the case '\(mapped.caseName)' twice; for several templates, write \"\(mapped.caseName)\": [\"first\", \"other\"] (the first prints links)"
                )
            }
            guard !mapped.mapping.isEmptyList else {
                throw mismatch(label, "the mapping is an empty list; write at least one template")
            }
            let (pathPart, queryNames) = try split(mapped.mapping.pattern, label: label)
            let fields: [RouteProbe.Field]
            do {
                fields = try RouteProbe.fields(of: R.self, caseName: mapped.caseName)
            } catch {
                throw mismatch(label, error.message)
            }
            let level = try LevelCheck(
                label: label, pattern: mapped.mapping.pattern, path: pathPart, queryNames: queryNames)
            let childRoute = try level.check(fields, inherited: parent.names)

            var settings = parent.settings.nested(mapped.mapping.options)
            // The case's other templates: each is checked against the case as the first one is.
            var ownPaths = [pathPart]
            for other in settings.alsoMatches {
                let (otherPath, otherQuery) = try split(other.pattern, label: label)
                guard otherQuery.isEmpty || otherQuery == queryNames else {
                    throw mismatch(
                        label,
                        "the other template '\(other.pattern)' lists other query values than '\(mapped.mapping.pattern)'; list them once, on the first"
                    )
                }
                let otherLevel = try LevelCheck(
                    label: label, pattern: other.pattern, path: otherPath, queryNames: queryNames)
                _ = try otherLevel.check(fields, inherited: parent.names)
                ownPaths.append(otherPath)
            }
            settings.alsoMatches = []
            var fullPaths: [String] = []
            for parentPath in parent.paths {
                for own in ownPaths { fullPaths.append(join(parentPath, own)) }
            }
            guard fullPaths.count <= maximumTemplatesPerCase else {
                throw mismatch(
                    label,
                    "the case has \(fullPaths.count) templates with its parents' combinations; at most \(maximumTemplatesPerCase) are allowed"
                )
            }
            let names = parent.names.union(level.ownNames(fields))
            let allQuery = parent.queryNames.union(queryNames)
            let chain = parent.chain + [mapped.caseName]
            if let childRoute {
                // A nested route's template continues its parent's path, after which no query can
                // come: the items belong on the nested cases.
                if ownPaths.contains(where: { $0.contains("?") || $0.contains("#") }) {
                    throw mismatch(
                        label,
                        "the case nests routes, so its template '\(mapped.mapping.pattern)' cannot require query items "
                            + "or a fragment; require them on the nested cases")
                }
                let next = Parent(
                    chain: chain, label: label, paths: fullPaths, queryNames: allQuery, names: names,
                    settings: settings)
                try appendChild(childRoute, parent: next, into: &entries, depth: depth + 1)
                continue
            }
            var templates: [RouteTemplate] = []
            for path in fullPaths {
                do {
                    templates.append(try RouteTemplate(parsing: path))
                } catch {
                    throw mismatch(label, error.message)
                }
            }
            entries.append(
                Entry(
                    chain: chain, label: label, template: templates[0], alternates: Array(templates.dropFirst()),
                    queryNames: allQuery, settings: settings))
        }
    }

    private static func appendChild<C: URLRoute>(
        _ type: C.Type, parent: Parent, into entries: inout [Entry], depth: Int
    ) throws(RoutingError) {
        try append(type, parent: parent, into: &entries, depth: depth)
    }

    /// `template?name&name` → the template and the query names. An item with `=` (`id={id}`,
    /// `tab=posts`) is a query item the template requires (``QueryRequirement``): it stays in the
    /// template, and its captures are values of the case as a path's are. A bare name is a value
    /// the case reads from the query when the link has it.
    private static func split(_ pattern: String, label: String) throws(RoutingError) -> (String, Set<String>) {
        // The first `?` and `#` that no backslash escapes (`help\?` is a literal '?'); the fragment
        // a template requires stays in it.
        let bytes = Array(pattern.utf8)
        let (fragmentMark, queryMark) = bytes.withUnsafeBufferPointer { buffer in
            let fragment = TemplateParser.mark(UInt8(ascii: "#"), in: buffer, before: buffer.count)
            return (fragment, TemplateParser.queryMark(buffer, before: fragment))
        }
        guard let queryMark else { return (pattern, []) }
        let queryEnd = fragmentMark ?? bytes.count
        let items = String(decoding: bytes[(queryMark + 1)..<queryEnd], as: UTF8.self).split(separator: "&")
            .map(String.init)
        var seen: Set<String> = []
        var required: [String] = []
        for item in items {
            if item.contains("=") {
                required.append(item)
                continue
            }
            guard seen.insert(item).inserted, !item.isEmpty else {
                throw mismatch(label, "the mapping '\(pattern)' lists the query value '\(item)' twice")
            }
        }
        let path = String(decoding: bytes[..<queryMark], as: UTF8.self)
        let fragment = String(decoding: bytes[queryEnd...], as: UTF8.self)
        return ((required.isEmpty ? path : path + "?" + required.joined(separator: "&")) + fragment, seen)
    }

    private static func join(_ parent: String, _ child: String) -> String {
        let trimmedParent = parent.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        let trimmedChild = child.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        if trimmedParent.isEmpty { return trimmedChild.isEmpty ? "/" : trimmedChild }
        return trimmedChild.isEmpty ? trimmedParent : trimmedParent + "/" + trimmedChild
    }

    static func mismatch(_ label: String, _ message: String) -> RoutingError {
        RoutingError(code: .invalidRouteMap, message: "\(label): \(message)")
    }
}

extension CompiledRouteMap {
    /// The checks of one case against its own part of the template.
    struct LevelCheck {
        let label: String
        let pattern: String
        let queryNames: Set<String>
        /// Path parameters: name → (type, in every variant, is a catch-all).
        var parameters: [String: (type: String?, required: Bool, catchAll: Bool)] = [:]
        var hasAnonymous = false

        init(label: String, pattern: String, path: String, queryNames: Set<String>) throws(RoutingError) {
            self.label = label
            self.pattern = pattern
            self.queryNames = queryNames
            let template: RouteTemplate
            do {
                template = try RouteTemplate(parsing: path.isEmpty ? "/" : path)
            } catch {
                throw mismatch(label, error.message)
            }
            let variants = template.variants
            for variant in variants {
                // Query items the template requires capture values as the path does.
                for (name, type) in variant.query.flatMap(\.parameterCaptures) {
                    parameters[name] = (type, false, false)
                }
                for segment in variant.fragment?.segments ?? [] {
                    if let name = segment.catchAllName { parameters[name] = (nil, false, true) }
                    for (name, type) in segment.parameterCaptures { parameters[name] = (type, false, false) }
                }
                for segment in variant.segments {
                    switch segment {
                    case .parameter(let name, let type):
                        parameters[name] = (type, false, false)
                    case .pattern(let pattern):
                        for (name, type) in pattern.captures { parameters[name] = (type, false, false) }
                    case .catchAll(let name?):
                        parameters[name] = (nil, false, true)
                    case .anonymous, .catchAll(nil):
                        hasAnonymous = true
                    case .literal:
                        break
                    }
                }
            }
            for name in parameters.keys {
                let inEvery = variants.allSatisfy { variant in
                    variant.segments.contains { $0.capturedNames.contains(name) }
                        || variant.parameterCaptures.contains { $0.name == name }
                }
                parameters[name]?.required = inEvery
            }
        }

        /// The top-level names of this case's own values.
        func ownNames(_ fields: [RouteProbe.Field]) -> Set<String> {
            Set(
                fields.compactMap { field in
                    if case .route = field.kind { return nil }
                    return field.topName
                })
        }

        /// Checks the fields against the template; returns the nested route type, if the case has one.
        func check(_ fields: [RouteProbe.Field], inherited: Set<String>) throws(RoutingError) -> (any URLRoute.Type)? {
            var child: (any URLRoute.Type)?
            var seen: Set<String> = []
            for field in fields {
                if case .route(let type) = field.kind {
                    guard child == nil else { throw mismatch(label, "the case carries more than one nested route") }
                    child = type
                    continue
                }
                let name = field.topName
                guard field.name == name else { continue }  // nested fields are checked through their parent
                seen.insert(name)
                if name.hasPrefix("_"), name.dropFirst().allSatisfy(\.isNumber) {
                    throw mismatch(
                        label,
                        "an associated value has no label; label it (for example 'id: Int') so the template can name it"
                    )
                }
                if inherited.contains(name) {
                    throw mismatch(label, "'\(name)' is also a value of an enclosing route; rename one of them")
                }
                if let parameter = parameters[name] {
                    try checkPath(field, parameter)
                } else if !queryNames.contains(name) {
                    throw mismatch(
                        label,
                        "the associated value '\(name)' is in neither the path nor the query of '\(pattern)'; "
                            + "add ':\(name)' to the path or '?\(name)' to the query")
                }
            }
            for name in parameters.keys.sorted() where !seen.contains(name) {
                throw mismatch(
                    label,
                    "the template '\(pattern)' has the parameter '\(name)', but the case has no associated value labelled '\(name)'"
                )
            }
            for name in queryNames.sorted() where !seen.contains(name) {
                throw mismatch(
                    label,
                    "the mapping '\(pattern)' lists the query value '\(name)', but the case has no associated value labelled '\(name)'"
                )
            }
            if hasAnonymous {
                throw mismatch(
                    label,
                    "the template '\(pattern)' has an anonymous '*'; a typed route must name every value ('*name')")
            }
            return child
        }

        private func checkPath(_ field: RouteProbe.Field, _ parameter: (type: String?, required: Bool, catchAll: Bool))
            throws(RoutingError)
        {
            let name = field.name
            if parameter.catchAll {
                switch field.kind {
                case .list(.string), .scalar(.string): break
                default:
                    throw mismatch(
                        label,
                        "the catch-all '*\(name)' holds path segments; its value must be [String] or String, not \(field.typeName)"
                    )
                }
            } else {
                let family: RouteProbe.Family
                switch field.kind {
                case .scalar(let scalar): family = scalar
                case .list, .nested, .route:
                    throw mismatch(
                        label,
                        "'\(name)' has the type \(field.typeName), which one path segment cannot carry; put it in the query ('?\(name)')"
                    )
                }
                let expected: String? =
                    switch family {
                    case .integer: "int"
                    case .float: "float"
                    case .uuid: "uuid"
                    case .string, .other: nil
                    }
                switch (parameter.type, expected) {
                case (nil, let expected?):
                    throw mismatch(
                        label,
                        "'\(name)' has the type \(field.typeName), but the template '\(pattern)' leaves ':\(name)' untyped; write ':\(name)<\(expected)>'"
                    )
                case (let written?, let expected?) where written != expected:
                    throw mismatch(
                        label,
                        "'\(name)' has the type \(field.typeName), but the template '\(pattern)' types it '<\(written)>'; write ':\(name)<\(expected)>'"
                    )
                case (let written?, nil) where ["int", "float", "uuid"].contains(written) && family == .other:
                    throw mismatch(
                        label,
                        "'\(name)' has the type \(field.typeName), which the template's '<\(written)>' cannot carry")
                default:
                    break
                }
            }
            if parameter.required && field.isOptional {
                throw mismatch(
                    label,
                    "'\(name)' is optional, but ':\(name)' is required in '\(pattern)'; put it in an optional group '( … )' or make the value non-optional"
                )
            }
            if !parameter.required && !field.isOptional {
                throw mismatch(
                    label, "':\(name)' is in an optional group of '\(pattern)', so '\(name)' must be Optional")
            }
        }
    }
}

extension CompiledRouteMap {
    /// One value a template carries, as a typed case must declare it: what the generator of
    /// `URLRoute` enums (`waymark generate`) reads, from the same checks that compile a route map.
    package struct TemplateValue: Hashable, Sendable {
        /// The parameter's name: the associated value's label.
        package var name: String
        /// The written type (`int`, `float`, `uuid`, a custom type's name), or `nil` for text.
        package var type: String?
        /// Whether every variant of the template has it (otherwise the value is optional).
        package var isRequired: Bool
        /// Whether it is a named catch-all (`*rest`), a list of segments.
        package var isCatchAll: Bool
    }

    /// The values of `pattern` in order of first appearance, and whether it has an anonymous `*`
    /// (which a typed case cannot carry).
    ///
    /// - Throws: The template's parse error.
    package static func templateValues(of pattern: String) throws(RoutingError) -> (
        values: [TemplateValue], hasAnonymous: Bool
    ) {
        let template = try RouteTemplate(parsing: pattern)
        let check = try LevelCheck(label: "", pattern: pattern, path: pattern, queryNames: [])
        let values = template.parameterNames.compactMap { name in
            check.parameters[name].map {
                TemplateValue(name: name, type: $0.type, isRequired: $0.required, isCatchAll: $0.catchAll)
            }
        }
        return (values, check.hasAnonymous)
    }

    /// The query items `template` requires by name alone (`search?q`: present, with any value),
    /// which a route map's mapping would read as values of the case instead.
    package static func presenceItems(of template: String) -> [String] {
        let bytes = Array(template.utf8)
        let (fragmentMark, queryMark) = bytes.withUnsafeBufferPointer { buffer in
            let fragment = TemplateParser.mark(UInt8(ascii: "#"), in: buffer, before: buffer.count)
            return (fragment, TemplateParser.queryMark(buffer, before: fragment))
        }
        guard let queryMark else { return [] }
        let items = String(decoding: bytes[(queryMark + 1)..<(fragmentMark ?? bytes.count)], as: UTF8.self)
        return items.split(separator: "&").map(String.init).filter { !$0.contains("=") }
    }

    /// A route map's mapping for `template` that also reads `queryNames` from the query:
    /// `search?q&page`, or `users?id={id}&page#faq` when the template requires query items or a
    /// fragment of its own.
    package static func mapping(template: String, queryNames: [String]) -> String {
        guard !queryNames.isEmpty else { return template }
        let bytes = Array(template.utf8)
        let (fragmentMark, queryMark) = bytes.withUnsafeBufferPointer { buffer in
            let fragment = TemplateParser.mark(UInt8(ascii: "#"), in: buffer, before: buffer.count)
            return (fragment, TemplateParser.queryMark(buffer, before: fragment))
        }
        let end = fragmentMark ?? bytes.count
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let fragment = String(decoding: bytes[end...], as: UTF8.self)
        return head + (queryMark == nil ? "?" : "&") + queryNames.joined(separator: "&") + fragment
    }
}
