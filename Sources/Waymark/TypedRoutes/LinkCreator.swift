/// Makes app links (`scheme://path?query`), universal links (`https://domain/path?query`) and
/// internal paths for typed routes and for templates with an input, percent-encoding every
/// component for its position.
///
/// The scheme and domain default to the first the table accepts (or the first of the route's own
/// scopes), and can be chosen per call.
///
/// ```swift
/// let links = routes.links                                   // from a TypedRouteTable
/// try links.appLink(for: ShopRoute.product(id: 42))          // "shop://product/42"
/// try links.universalLink(for: .search(q: "red shoes", tag: ["sale"]))
/// // "https://shop.example.com/search?q=red%20shoes&tag=sale"
///
/// let plain = LinkCreator(schemes: ["shop"], domains: ["shop.example.com"])
/// try plain.appLink(for: "category/:slug", input: ["slug": "a/b"])   // "shop://category/a%2Fb"
/// ```
public struct LinkCreator: Sendable {
    /// The accepted app schemes; the first is the default.
    public let schemes: [String]
    /// The accepted universal-link domains (hosts and wildcards, lowercased); the first is the default.
    public let domains: [String]
    /// Each domain as the table lists it, with the base path, port, scheme and fixed query items its
    /// links are printed with (``UniversalLinkBase``), in the order of ``domains``.
    public let bases: [UniversalLinkBase]
    private let maps: [ObjectIdentifier: CompiledRouteMap]

    /// Creates a link creator for templates; typed routes are compiled when first printed.
    ///
    /// - Parameters:
    ///   - schemes: The app schemes; the first is the default.
    ///   - domains: The universal-link domains, each a host, a wildcard or a base URL
    ///     (``UniversalLinkBase``): `https://example.com/m` prints links under `/m`. An entry that
    ///     cannot be read is taken as a host name (a table built with it reports the error).
    public init(schemes: [String] = [], domains: [String] = []) {
        self.init(schemes: schemes, domains: domains, maps: [:])
    }

    init(schemes: [String], domains: [String], maps: [ObjectIdentifier: CompiledRouteMap]) {
        self.schemes = schemes.map { $0.lowercased() }
        let bases = domains.map { UniversalLinkBase.reading($0) }
        self.bases = bases
        self.domains = bases.map(\.host)
        self.maps = maps
    }

    // MARK: - Typed routes

    /// The internal path of a route value: `/product/42?ref=x`.
    public func path<R: URLRoute>(for route: R) throws(RoutingError) -> String {
        let (entry, values) = try resolve(route)
        return "/" + (try render(entry.template, values, label: entry.label))
    }

    /// The app link of a route value.
    ///
    /// - Parameters:
    ///   - route: The route value.
    ///   - scheme: The scheme; by default the first accepted one the route's scopes allow.
    /// - Throws: ``RoutingError/Code/linkUnavailable`` when the route's scopes exclude app links or
    ///   `scheme`.
    public func appLink<R: URLRoute>(for route: R, scheme: String? = nil) throws(RoutingError) -> String {
        let (entry, values) = try resolve(route)
        let chosen = try pick(scheme, kind: .app, scopes: entry.scopes, label: entry.label)
        return chosen + "://" + (try render(entry.template, values, label: entry.label))
    }

    /// The universal link of a route value.
    ///
    /// - Parameters:
    ///   - route: The route value.
    ///   - domain: The domain; by default the first accepted one the route's scopes allow.
    /// - Throws: ``RoutingError/Code/linkUnavailable`` when the route's scopes exclude universal
    ///   links or `domain`.
    public func universalLink<R: URLRoute>(for route: R, domain: String? = nil) throws(RoutingError) -> String {
        let (entry, values) = try resolve(route)
        let chosen = try pick(domain, kind: .universal, scopes: entry.scopes, label: entry.label)
        return try universalLink(host: chosen, entry.template, values, label: entry.label)
    }

    private func resolve<R: URLRoute>(_ route: R) throws(RoutingError) -> (CompiledRouteMap.Entry, LinkValues) {
        let map: CompiledRouteMap
        if let compiled = maps[ObjectIdentifier(R.self)] {
            map = compiled
        } else {
            map = try CompiledRouteMap(R.self)
        }
        let output: ParameterEncoder.Output
        do {
            output = try RouteInputEncoder().encodeWithChain(route)
        } catch {
            throw RoutingError(code: .linkUnavailable, message: "\(R.self) '\(route.name)': \(error.message)")
        }
        guard let entry = map.entry(for: output.chain) else {
            let path = ([String(describing: R.self)] + output.chain).joined(separator: ".")
            throw RoutingError(
                code: .linkUnavailable, message: "\(path) has no template: add the case to \(R.self).routeMap")
        }
        return (entry, LinkValues(items: output.items, template: entry.template))
    }

    // MARK: - Templates with an input

    /// The internal path of a template filled from an input: values named like a template
    /// parameter fill it, the others become query items.
    public func path<Input: Encodable>(for template: RouteTemplate, input: Input) throws(RoutingError) -> String {
        "/" + (try render(template, try values(of: input, template), label: template.pattern))
    }

    /// The app link of a template filled from an input (see ``path(for:input:)``).
    public func appLink<Input: Encodable>(
        for template: RouteTemplate, input: Input, scopes: [RouteScope] = RouteScope.defaultScopes,
        scheme: String? = nil
    ) throws(RoutingError) -> String {
        let chosen = try pick(scheme, kind: .app, scopes: scopes, label: template.pattern)
        return chosen + "://" + (try render(template, try values(of: input, template), label: template.pattern))
    }

    /// The universal link of a template filled from an input (see ``path(for:input:)``).
    public func universalLink<Input: Encodable>(
        for template: RouteTemplate, input: Input, scopes: [RouteScope] = RouteScope.defaultScopes,
        domain: String? = nil
    ) throws(RoutingError) -> String {
        let chosen = try pick(domain, kind: .universal, scopes: scopes, label: template.pattern)
        return try universalLink(host: chosen, template, try values(of: input, template), label: template.pattern)
    }

    private func values<Input: Encodable>(of input: Input, _ template: RouteTemplate) throws(RoutingError)
        -> LinkValues
    {
        if let error = template.parseError { throw error }
        do {
            return LinkValues(items: try RouteInputEncoder().encode(input).items, template: template)
        } catch {
            throw RoutingError(code: .linkUnavailable, message: "'\(template.pattern)': \(error.message)")
        }
    }

    // MARK: - Templates with explicit values

    /// The internal path of a template with route parameter values and query items, as given.
    ///
    /// - Parameters:
    ///   - template: The template to fill.
    ///   - parameters: A value for each of its parameters (a catch-all's several, one a segment).
    ///   - query: Query items to add after the ones the template requires.
    ///   - fragment: A fragment to end the link with (`faq` gives `…#faq`), for a template that
    ///     requires none; a template that requires one (`privacy#faq`) writes its own.
    /// - Throws: ``RoutingError/Code/missingParameter`` naming the parameters without a value;
    ///   ``RoutingError/Code/invalidParameter`` for a value its typed parameter refuses;
    ///   ``RoutingError/Code/linkUnavailable`` for a name the template does not have.
    public func path(
        for template: RouteTemplate, parameters: RouteParameters, query: QueryParameters = QueryParameters(),
        fragment: String? = nil
    ) throws(RoutingError) -> String {
        "/" + (try render(template, try values(template, parameters, query, fragment), label: template.pattern))
    }

    /// The app link of a template with route parameter values and query items (see
    /// ``path(for:parameters:query:fragment:)``).
    public func appLink(
        for template: RouteTemplate, parameters: RouteParameters, query: QueryParameters = QueryParameters(),
        fragment: String? = nil, scopes: [RouteScope] = RouteScope.defaultScopes, scheme: String? = nil
    ) throws(RoutingError) -> String {
        let chosen = try pick(scheme, kind: .app, scopes: scopes, label: template.pattern)
        return chosen + "://"
            + (try render(template, try values(template, parameters, query, fragment), label: template.pattern))
    }

    /// The universal link of a template with route parameter values and query items (see
    /// ``path(for:parameters:query:fragment:)``).
    public func universalLink(
        for template: RouteTemplate, parameters: RouteParameters, query: QueryParameters = QueryParameters(),
        fragment: String? = nil, scopes: [RouteScope] = RouteScope.defaultScopes, domain: String? = nil
    ) throws(RoutingError) -> String {
        let chosen = try pick(domain, kind: .universal, scopes: scopes, label: template.pattern)
        return try universalLink(
            host: chosen, template, try values(template, parameters, query, fragment), label: template.pattern)
    }

    private func values(
        _ template: RouteTemplate, _ parameters: RouteParameters, _ query: QueryParameters, _ fragment: String?
    ) throws(RoutingError) -> LinkValues {
        if let error = template.parseError { throw error }
        let known = Set(template.parameterNames)
        if let unknown = parameters.first(where: { !known.contains($0.name) }) {
            let names = template.parameterNames.isEmpty ? "none" : template.parameterNames.joined(separator: ", ")
            throw RoutingError(
                code: .linkUnavailable,
                message: "'\(template.pattern)' has no parameter '\(unknown.name)'; its parameters: \(names)")
        }
        var path: [String: [String]] = [:]
        for parameter in parameters { path[parameter.name, default: []].append(parameter.value) }
        var values = LinkValues(path: path, query: query.items)
        values.fragment = fragment
        return values
    }

    // MARK: - Rendering

    /// A universal link to `host`: under its base (``UniversalLinkBase/link(host:routePath:)``), with
    /// the base's fixed query items after the link's own.
    private func universalLink(host: String, _ template: RouteTemplate, _ values: LinkValues, label: String)
        throws(RoutingError) -> String
    {
        let base = UniversalLinkBase.entry(for: host, in: bases) ?? UniversalLinkBase(host: host)
        var values = values
        values.fixedQuery = Array(zip(base.queryItemNames, base.queryItems))
        return base.link(host: host, routePath: try render(template, values, label: label))
    }

    enum LinkKind {
        case app
        case universal
    }

    /// The scheme or domain for a link of `kind`, given the route's scopes.
    private func pick(_ requested: String?, kind: LinkKind, scopes: [RouteScope], label: String) throws(RoutingError)
        -> String
    {
        let accepted = kind == .app ? schemes : domains
        var anyAllowed = false
        var exact: [String] = []
        for scope in scopes {
            switch (scope, kind) {
            case (.appAny, .app), (.universalAny, .universal): anyAllowed = true
            case (.app(let scheme), .app): exact.append(scheme.lowercased())
            case (.universal(let domain), .universal): exact.append(domain.lowercased())
            default: break
            }
        }
        let what = kind == .app ? "app link" : "universal link"
        let noun = kind == .app ? "scheme" : "domain"
        guard anyAllowed || !exact.isEmpty else {
            let written = scopes.map(\.description).joined(separator: ", ")
            throw RoutingError(
                code: .linkUnavailable, message: "\(label) has no \(what): its scopes are \(written)")
        }
        let allowed = anyAllowed ? exact + accepted.filter { !exact.contains($0) } : exact
        if let requested {
            let lowered = requested.lowercased()
            // A host a wildcard domain covers (`www.example.com` for `*.example.com`) is allowed as
            // the wildcard is; a wildcard itself is no host, and never printed.
            let isHost = DomainWildcard.base(of: lowered) == nil
            let acceptedByTable =
                accepted.isEmpty || accepted.contains(lowered)
                || (kind == .universal && DomainWildcard.accepts(lowered, domains: accepted))
            let inExactScope =
                exact.contains(lowered)
                || (kind == .universal && exact.contains { DomainWildcard.domain(lowered, isCoveredBy: $0) })
            guard isHost, inExactScope || (anyAllowed && acceptedByTable), !lowered.isEmpty else {
                throw RoutingError(
                    code: .linkUnavailable,
                    message: "\(label) has no \(what) with the \(noun) '\(requested)'; allowed: "
                        + (allowed.isEmpty ? "none" : allowed.joined(separator: ", ")))
            }
            return lowered
        }
        guard let first = allowed.first(where: { DomainWildcard.base(of: $0) == nil }) else {
            if let wildcard = allowed.first {
                throw RoutingError(
                    code: .linkUnavailable,
                    message: "\(label): its only domains are wildcards (\(wildcard)), which name no host; give as the "
                        + "domain a host the wildcard covers")
            }
            throw RoutingError(
                code: .linkUnavailable,
                message: "\(label): no \(noun) is configured for \(what)s; pass one (\(noun): …) or configure the table"
            )
        }
        return first
    }

    /// The path (without leading `/`) and query of a template filled with values.
    func render(_ template: RouteTemplate, _ values: LinkValues, label: String) throws(RoutingError) -> String {
        if let error = template.parseError { throw error }
        let path = values.path
        let variants = template.variants
        guard
            let variant = variants.reversed().first(where: { variant in
                let defaulted = variant.defaultedNames
                return variant.parameterCaptures.allSatisfy { path[$0.name] != nil || defaulted.contains($0.name) }
            })
        else {
            // Name what even the shortest variant needs: optional groups and defaults are not missing.
            let defaulted = variants.first?.defaultedNames ?? []
            let needed = (variants.first?.parameterCaptures ?? []).map(\.name).filter { !defaulted.contains($0) }
            let missing = needed.filter { path[$0] == nil }
            throw RoutingError(
                code: .missingParameter,
                message: "\(label): no value for " + missing.map { "'\($0)'" }.joined(separator: ", "))
        }
        let segments = try renderSegments(variant.segments, path, label: label)
        var written = segments.joined(separator: "/")
        if variant.hasTrailingSlash && !written.isEmpty { written += "/" }
        // The items the variant requires come first, in its order, then the others given.
        var queryItems: [String] = []
        for requirement in variant.query {
            // A value equal to its default (or none) is left out: the link reads the default.
            if case .parameter(let parameter, _) = requirement.value, requirement.defaultValue != nil,
                path[parameter]?.first.map(requirement.isDefault) ?? true
            {
                continue
            }
            queryItems.append(try requiredItem(requirement, path, label: label))
        }
        queryItems += values.query.map { item in
            LinkEncoding.queryComponent(item.name) + "=" + LinkEncoding.queryComponent(item.value ?? "")
        }
        if !values.fixedQuery.isEmpty {
            let written = Set(variant.query.map(\.name) + values.query.map(\.name))
            queryItems += values.fixedQuery.filter { !written.contains($0.name) }.map(\.item)
        }
        if !queryItems.isEmpty { written += "?" + queryItems.joined(separator: "&") }
        // The fragment a variant requires, filled as a path is (its `/` separate its segments), or
        // the one given.
        if let fragment = variant.fragment {
            if values.fragment != nil {
                throw RoutingError(
                    code: .linkUnavailable,
                    message: "\(label): the template writes its own fragment ('\(fragment)'); give no other")
            }
            written +=
                "#" + (fragment.hasLeadingSlash ? "/" : "")
                + (try renderSegments(fragment.segments, path, label: label)).joined(separator: "/")
        } else if let given = values.fragment {
            written += "#" + LinkEncoding.fragment(given)
        }
        return written
    }

    /// Path segments (or a fragment's) filled with the values, each encoded.
    private func renderSegments(_ templateSegments: [TemplateSegment], _ path: [String: [String]], label: String)
        throws(RoutingError) -> [String]
    {
        var segments: [String] = []
        for segment in templateSegments {
            switch segment {
            case .literal(let text):
                segments.append(LinkEncoding.pathSegment(text))
            case .parameter(let name, let type):
                let value = path[name]?.first ?? ""
                guard !value.isEmpty else {
                    throw RoutingError(
                        code: .linkUnavailable, message: "\(label): '\(name)' is empty, and a path segment cannot be")
                }
                if let type, let builtIn = [ParameterType.int, .float, .uuid].first(where: { $0.name == type }),
                    !builtIn.accepts(value)
                {
                    throw RoutingError(
                        code: .invalidParameter,
                        message: "\(label): '\(name)' is \"\(value)\", which is not a valid \(type)")
                }
                segments.append(LinkEncoding.pathSegment(value))
            case .pattern(let pattern):
                segments.append(LinkEncoding.pathSegment(try fill(pattern, path, label: label)))
            case .catchAll(let name):
                guard let name else { continue }
                // Each value is one segment; a `/` inside a value is encoded, never a separator.
                let pieces = path[name] ?? []
                guard !pieces.contains(where: \.isEmpty) else {
                    throw RoutingError(
                        code: .linkUnavailable,
                        message: "\(label): the catch-all '\(name)' has an empty segment, which a URL cannot keep")
                }
                segments.append(contentsOf: pieces.map(LinkEncoding.pathSegment))
            case .anonymous:
                throw RoutingError(
                    code: .linkUnavailable, message: "\(label): the template has an anonymous '*'; no link can fill it")
            }
        }
        return segments
    }

    /// A query item a variant requires, filled with the values and encoded: `id=7`, `id=7L`,
    /// `tab=posts`, or the name alone for an item whose presence is required.
    private func requiredItem(_ requirement: QueryRequirement, _ path: [String: [String]], label: String)
        throws(RoutingError) -> String
    {
        let name = LinkEncoding.queryComponent(requirement.name)
        switch requirement.value {
        case .present:
            return name
        case .literal(let text):
            return name + "=" + LinkEncoding.queryComponent(text)
        case .parameter(let parameter, let type):
            let value = path[parameter]?.first ?? ""
            guard !value.isEmpty else {
                throw RoutingError(
                    code: .linkUnavailable,
                    message: "\(label): '\(parameter)' is empty, and the query item '\(requirement.name)' needs a value"
                )
            }
            if let type, let builtIn = [ParameterType.int, .float, .uuid].first(where: { $0.name == type }),
                !builtIn.accepts(value)
            {
                throw RoutingError(
                    code: .invalidParameter,
                    message: "\(label): '\(parameter)' is \"\(value)\", which is not a valid \(type)")
            }
            return name + "=" + LinkEncoding.queryComponent(value)
        case .pattern(let pattern):
            return name + "=" + LinkEncoding.queryComponent(try fill(pattern, path, label: label))
        }
    }
}

extension LinkCreator {
    /// A pattern's segment text, filled with the values (decoded; the caller encodes it). A value
    /// that would make the segment split otherwise (one that holds the text after it, such as
    /// `1.2` for `{major}` in `v{major}.{minor}`) is refused, so that the link matches its own values.
    func fill(_ pattern: SegmentPattern, _ path: [String: [String]], label: String) throws(RoutingError) -> String {
        var text = ""
        var values: [String] = []
        for piece in pattern.pieces {
            switch piece {
            case .text(let literal):
                text += literal
            case .capture(let name, let type):
                let value = path[name]?.first ?? ""
                guard !value.isEmpty else {
                    throw RoutingError(
                        code: .linkUnavailable,
                        message: "\(label): '\(name)' is empty, and a parameter in a segment cannot be")
                }
                if let type, let builtIn = [ParameterType.int, .float, .uuid].first(where: { $0.name == type }),
                    !builtIn.accepts(value)
                {
                    throw RoutingError(
                        code: .invalidParameter,
                        message: "\(label): '\(name)' is \"\(value)\", which is not a valid \(type)")
                }
                text += value
                values.append(value)
            }
        }
        let bytes = Array(text.utf8)
        var split: [String] = []
        let matches = bytes.withUnsafeBufferPointer { buffer in
            pattern.scan(buffer) { _, range in
                split.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self))
                return true
            }
        }
        guard matches, split == values else {
            let names = pattern.captures.map { "'\($0.name)'" }.joined(separator: ", ")
            throw RoutingError(
                code: .linkUnavailable,
                message: "\(label): the values of \(names) make \"\(text)\", which '\(pattern)' splits otherwise; "
                    + "a value cannot hold the text that follows it in the template")
        }
        return text
    }
}
