/// Example links for every route of a route file, each checked by resolving it: a link is listed
/// under a route only when the resolver opens that route with it (after the user's confirmation, for
/// a route that asks for it). A link that a route cannot be reached by (another route wins it) is
/// reported as shadowed, never listed as the route's link.
///
/// What `waymark links` prints and its `--html` page shows, for a Swift caller:
///
/// ```swift
/// let file = try RouteFile(data: Data(json.utf8))
/// let catalogue = await LinkCatalogue(file: file, resolver: try file.makeResolver())
/// for entry in catalogue.entries {
///     for link in entry.links { print(entry.route.name, link.scope, link.url ?? link.shadow?.note ?? "") }
/// }
/// ```
///
/// The example values are made up from each parameter's name and type (``examples(name:type:)``),
/// never taken from a real link, so a catalogue carries no user's data.
public struct LinkCatalogue: Sendable {
    /// One link of a route in one scope (and scheme or domain).
    public struct Link: Hashable, Sendable {
        /// The scope it was made for, as the table prints it (`appAny shop`, `internal`).
        public var scope: String
        /// A link the resolver opens the route with: for an internal-only route, a path the app
        /// opens from inside.
        public var url: String?
        /// Whether the link asks the user to confirm before it opens the route
        /// (`"requiresConfirmation": true`): the resolver ends it `needsConfirmation` for this very
        /// route, and opens the route once confirmed.
        public var confirmation = false
        /// Why no link could be made at all (the link creator's message).
        public var problem: String?
        /// Why no link is listed although links could be made: every example opens something else.
        public var shadow: Shadow?
    }

    /// Every example tried for a link opens something other than its route.
    public struct Shadow: Hashable, Sendable {
        /// The first example tried (the one with the plainest values).
        public var tried: String
        /// The route that opens it instead, when a route does.
        public var openedBy: String?
        /// What resolving `tried` does, as a phrase: `opens createLegacy`.
        public var outcome: String

        /// The note printed in place of a link.
        public var note: String { "shadowed: \(tried) \(outcome)" }
    }

    /// The note beside a link that asks the user to confirm.
    public static let confirmationNote = "asks the user to confirm"

    /// A route and its links.
    public struct Entry: Sendable {
        /// The route, as the file declares it.
        public var route: RouteFile.Route
        /// One link per scope the route has (and per scheme or domain, for `appAny` and
        /// `universalAny`); one internal path for an internal-only route.
        public var links: [Link]
    }

    /// At most this many examples are tried for one link (each is a resolution): enough for every
    /// value of every parameter and for every optional group, without letting a template with many
    /// optional groups multiply the work.
    public static let maximumExamples = 12

    /// The route file.
    public let file: RouteFile
    /// Every route of the file, in its order, with its links.
    public let entries: [Entry]

    /// The catalogue of `file`, every link checked against `resolver`: the file's own
    /// (``RouteFile/makeResolver(destination:)``), or one with the app's filters, whose refusals then
    /// show as shadowed links.
    public init(file: RouteFile, resolver: RouteResolver) async {
        self.file = file
        self.entries = await Self.entries(of: file, resolver: resolver)
    }

    private static func entries(of file: RouteFile, resolver: RouteResolver) async -> [Entry] {
        let links = LinkCreator(schemes: file.schemes, domains: file.domains)
        let hosts = links.domains
        var entries: [Entry] = []
        for route in file.routes {
            let examples = exampleParameterSets(route.template)
            let query = exampleQuery(route.query)
            if route.isInternal {
                let link = await checkedLink(route, "internal", examples, resolver, origin: .internal) {
                    parameters throws(RoutingError) in
                    try links.path(for: route.template, parameters: parameters, query: query)
                }
                entries.append(Entry(route: route, links: [link]))
                continue
            }
            var made: [Link] = []
            for scope in route.scopes {
                // The scheme or domain the scope names; for appAny and universalAny, each the file
                // accepts (or none, for a file that accepts any).
                let named: String?
                let accepted: [String]
                switch scope {
                case .app(let scheme): (named, accepted) = (scheme, file.schemes)
                case .appAny: (named, accepted) = (nil, file.schemes)
                case .universal(let domain): (named, accepted) = (domain, hosts)
                case .universalAny: (named, accepted) = (nil, hosts)
                }
                // A wildcard domain names no host: its example link uses the subdomain `www`.
                let choices: [String?] = (named.map { [$0] } ?? (accepted.isEmpty ? [nil] : accepted.map { $0 })).map {
                    choice in choice.map { DomainWildcard.base(of: $0).map { "www." + $0 } ?? $0 }
                }
                for choice in choices {
                    let label = named == nil ? choice.map { "\(scope.description) \($0)" } : nil
                    made.append(
                        await checkedLink(route, label ?? scope.description, examples, resolver, origin: nil) {
                            parameters throws(RoutingError) in
                            switch scope {
                            case .app, .appAny:
                                try links.appLink(
                                    for: route.template, parameters: parameters, query: query, scopes: [scope],
                                    scheme: choice)
                            case .universal, .universalAny:
                                try links.universalLink(
                                    for: route.template, parameters: parameters, query: query, scopes: [scope],
                                    domain: choice)
                            }
                        })
                }
            }
            entries.append(Entry(route: route, links: made))
        }
        return entries
    }

    /// The first example link that opens `route`, or why there is none: the first error when no
    /// example makes a link, the first link's outcome when every link opens something else.
    private static func checkedLink(
        _ route: RouteFile.Route, _ scope: String, _ examples: [RouteParameters], _ resolver: RouteResolver,
        origin: RouteOrigin?, make: (RouteParameters) throws(RoutingError) -> String
    ) async -> Link {
        var firstError: RoutingError?
        var firstShadow: Shadow?
        var tried: Set<String> = []
        for parameters in examples {
            let url: String
            do {
                url = try make(parameters)
            } catch {
                if firstError == nil { firstError = error }
                continue
            }
            // Two parameter sets can print one link (a variant the creator does not pick): resolve it once.
            guard tried.insert(url).inserted else { continue }
            var result = await resolver.resolve(url, origin: origin)
            let confirmation = asksToConfirm(result, route)
            // Confirmed, the link must open the route as any other: the query is checked past the question.
            if confirmation { result = await resolver.resolveConfirmed(result) }
            if opens(result, route) { return Link(scope: scope, url: url, confirmation: confirmation) }
            if firstShadow == nil { firstShadow = shadow(url, result) }
        }
        if let firstShadow { return Link(scope: scope, shadow: firstShadow) }
        return Link(scope: scope, problem: firstError?.message ?? "no example link")
    }

    /// Whether `result` is `route` handling the link: matched by one of its templates, not the
    /// default route standing in (which may be `route` itself).
    public static func opens(_ result: RoutingResult, _ route: RouteFile.Route) -> Bool {
        result.status == .handled && result.request?.routeName == route.name
            && result.request?.matchedTemplate != nil
    }

    /// Whether `result` is `route` asking the user to confirm a link matched by one of its templates:
    /// the link is the route's, once the user says yes.
    public static func asksToConfirm(_ result: RoutingResult, _ route: RouteFile.Route) -> Bool {
        result.status == .needsConfirmation && result.request?.routeName == route.name
            && result.request?.matchedTemplate != nil
    }

    /// The query of every example link of a route: each required value the first example of its
    /// type (``examples(name:type:)``), the optional ones left out.
    public static func exampleQuery(_ declared: [RouteFile.QueryValue]) -> QueryParameters {
        QueryParameters(
            declared.filter(\.isRequired).map { value in
                let type: String? = value.type == .string ? nil : value.type.rawValue
                return QueryParameters.Item(name: value.name, value: examples(name: value.name, type: type).first ?? "")
            })
    }

    /// What a link that does not open its route does instead.
    private static func shadow(_ url: String, _ result: RoutingResult) -> Shadow {
        let name = result.request?.routeName
        switch result.status {
        case .handled:
            return Shadow(tried: url, openedBy: name, outcome: "opens \(name ?? "an unnamed route")")
        case .handledByDefault:
            return Shadow(
                tried: url, openedBy: nil,
                outcome: "goes to the default route \(name ?? "")" + (result.reason.map { " (\($0))" } ?? ""))
        default:
            return Shadow(
                tried: url, openedBy: nil, outcome: "is \(result.status)" + (result.reason.map { ": \($0)" } ?? ""))
        }
    }

    /// Sets of example values for a template, plainest first, at most ``maximumExamples``.
    ///
    /// Each variant is tried from the fullest (optional groups filled) to the shortest; within one,
    /// round `k` gives every parameter its `k`-th example (its last one once it has no more), so the
    /// sets grow with the longest list of examples, not with their product. Every example satisfies
    /// the parameter's type: route files know only the built-in types (`int`, `float`, `uuid`).
    public static func exampleParameterSets(_ template: RouteTemplate) -> [RouteParameters] {
        var sets: [RouteParameters] = []
        for variant in template.variants.reversed() {
            var slots: [(name: String, choices: [[String]])] = []
            for segment in variant.segments {
                for (name, type) in segment.parameterCaptures {
                    slots.append((name, examples(name: name, type: type).map { [$0] }))
                }
                if let name = segment.catchAllName { slots.append((name, [["a", "b"], ["example"], ["1"]])) }
            }
            for (name, type) in variant.query.flatMap(\.parameterCaptures) + (variant.fragment?.parameterCaptures ?? [])
            {
                slots.append((name, examples(name: name, type: type).map { [$0] }))
            }
            let rounds = slots.map(\.choices.count).max() ?? 1
            for round in 0..<rounds {
                var pairs: [(name: String, value: String)] = []
                for slot in slots {
                    for value in slot.choices[min(round, slot.choices.count - 1)] { pairs.append((slot.name, value)) }
                }
                sets.append(RouteParameters(pairs))
                if sets.count == maximumExamples { return sets }
            }
        }
        return sets
    }

    /// Distinct values for one parameter, plainest first; each one valid for `type`. Several, so
    /// that a value a literal or a typed sibling takes (`item/new` beside `item/:name`, `item/:n<int>`
    /// ranked above `item/:name`) has another to fall back on.
    public static func examples(name: String, type: String?) -> [String] {
        switch type {
        case "int": ["42", "1", "7"]
        case "float": ["1.5", "0.5", "2.25"]
        case "uuid":
            [
                "00000000-0000-4000-8000-000000000042", "00000000-0000-4000-8000-000000000001",
                "00000000-0000-4000-8000-000000000007",
            ]
        default:
            // The name reads best in a link; the others differ from it and from each other in kind
            // (a word, a number), and a name that is one of them is not repeated.
            [name] + ["example", "1", "x"].filter { $0 != name }.prefix(2)
        }
    }
}
