extension LinkContract {
    /// Checks every link against a resolver: each is resolved (``RouteResolver/resolve(_:origin:)-(String,_)``,
    /// filters, features and destinations included, from the link's origin) and compared with what
    /// the contract says.
    ///
    /// A link breaks when it now opens another route (directly or through a redirect), its route
    /// with other parameters, the default route; when it is refused, internal-only for its origin,
    /// invalid, or stopped by a filter, a feature or its destination; when it starts or stops asking
    /// the user to confirm; or when a property the contract lists has another value. Each break says
    /// what the link does now and, when no route of its own opened it, `explain`'s nearest templates.
    ///
    /// Filters see the app's state: check a contract with the resolver in the state its links are
    /// for (signed in, say), and with destinations that do nothing but answer, as a test's are.
    /// The work is one resolution per link, plus one explanation per broken link.
    public func check(_ resolver: RouteResolver) async -> Report {
        var breaks: [Break] = []
        for (index, link) in links.enumerated() {
            let observation = await Self.observe(link.url, origin: link.origin, with: resolver)
            guard let found = Self.compare(link, observation) else { continue }
            let nearest = Self.nearest(
                link, found, in: resolver.table, name: resolver.routeName,
                registrations: { route in
                    resolver.table.registrations.map(\.index).filter { resolver.routeName(at: $0) == route }
                })
            breaks.append(Break(index: index, link: link, found: found, nearest: nearest))
        }
        return Report(checked: links.count, breaks: breaks)
    }

    /// What `resolver` does with a link: resolved from its origin and, when it asks the user to
    /// confirm, confirmed, so that the route's filters, features, destination and declared query
    /// are checked past the question.
    static func observe(_ url: String, origin: RouteOrigin?, with resolver: RouteResolver) async -> Observation {
        let result = await resolver.resolve(url, origin: origin)
        guard result.status == .needsConfirmation else {
            return Observation(result, defaultRoute: resolver.defaultRouteName)
        }
        var observation = Observation(
            await resolver.resolveConfirmed(result), defaultRoute: resolver.defaultRouteName)
        observation.askedToConfirm = true
        return observation
    }

    /// Checks every link against a typed table: each must open, by matching alone, the case the
    /// contract names (its full name, `ShopRoute.product`, or its case chain, `product`), with the
    /// parameters it names, and its values must still make that case (a type tightened from
    /// `String` to `Int` breaks a link whose value is not a number).
    ///
    /// A typed table opens what matching alone decides (``TypedRouteTable/resolve(_:origin:)-(String,_)``),
    /// and a case that requires confirmation as if the user confirmed; a case with filters or a
    /// feature breaks here: check such cases through a ``RouteResolver``. A table has no
    /// properties and no default route.
    public func check<R: URLRoute>(_ table: TypedRouteTable<R>) -> Report {
        var breaks: [Break] = []
        let entries = table.map.entries
        // Each registration's case, and each case chain's full name: looked up once per link.
        let labels = table.registrationLabels
        var fullNames: [String: String] = [:]
        for entry in entries { fullNames[entry.chain.joined(separator: ".")] = entry.label }
        // A full name is itself, whatever chain might spell it.
        for entry in entries { fullNames[entry.label] = entry.label }
        for (index, link) in links.enumerated() {
            let observation = table.observe(link.url, origin: link.origin)
            var expected = link
            // The contract may name the case by its chain (`product`) or by its full name.
            expected.route = fullNames[link.route] ?? link.route
            guard let found = Self.compare(expected, observation) else { continue }
            let nearest = Self.nearest(
                expected, found, in: table.table, name: { labels.indices.contains($0) ? labels[$0] : nil },
                registrations: { route in labels.indices.filter { labels[$0] == route } })
            breaks.append(Break(index: index, link: link, found: found, nearest: nearest))
        }
        return Report(checked: links.count, breaks: breaks)
    }

    /// Checks every link against a route file's own resolver (``RouteFile/makeResolver(destination:)``:
    /// every route handles its links, the path configuration it names is not loaded).
    ///
    /// - Throws: ``RoutingError`` when the file's routes do not build.
    public func check(_ file: RouteFile) async throws(RoutingError) -> Report {
        await check(try file.makeResolver())
    }

    /// What a link opens now, gathered from a resolution or a typed lookup.
    struct Observation {
        enum Outcome {
            case opens, defaultRoute, unmatched, refused, internalOnly, invalid, notOpened
        }

        var outcome: Outcome
        var route: String?
        var parameters: RouteParameters?
        var properties: [String: JSONValue] = [:]
        /// The pattern of the template that opened it.
        var template: String?
        var reason: String?
        /// The reason without the values a link carries, when ``reason`` may quote one.
        var redactedReason: String?
        /// Whether the link asked the user to confirm before this.
        var askedToConfirm = false
        /// The filter of the last redirect, when there was one.
        var redirectedBy: String?
        /// The resolver's default route's name.
        var defaultRoute: String?
        /// The status, for a link a filter, feature or destination stopped.
        var status: String?

        init(
            outcome: Outcome, route: String? = nil, parameters: RouteParameters? = nil, reason: String? = nil,
            status: String? = nil
        ) {
            self.outcome = outcome
            self.route = route
            self.parameters = parameters
            self.reason = reason
            self.status = status
        }

        init(_ result: RoutingResult, defaultRoute: String?) {
            let request = result.request
            let outcome: Outcome
            switch result.status {
            case .handled where request?.matchedTemplate != nil: outcome = .opens
            case .handled, .handledByDefault: outcome = .defaultRoute
            // Confirmed once, a redirect to another route that asks again: not opened.
            case .needsConfirmation: outcome = .notOpened
            case .unmatched: outcome = .unmatched
            case .refused: outcome = .refused
            case .internalOnly: outcome = .internalOnly
            case .invalid, .limitExceeded: outcome = .invalid
            default: outcome = .notOpened
            }
            self.init(
                outcome: outcome, route: request?.routeName, parameters: request?.routeParameters,
                reason: result.reason, status: result.status.description)
            self.properties = request?.properties ?? [:]
            self.template = request?.matchedTemplate?.pattern
            self.redirectedBy = result.redirects.last?.filter
            self.defaultRoute = defaultRoute
        }
    }

    /// How a link broke, and what it does now.
    struct Found {
        var kind: Break.Kind
        /// What it does now, with the values the link carries.
        var now: String
        /// The same, each value written `<private>`.
        var redactedNow: String
        /// Which nearest templates say something: `explain`'s, when no route opened the link; the
        /// contracted route's own failures, when another route opened it without a redirect.
        var explanation: Explanation

        enum Explanation { case none, nearest, contractedRoute }
    }

    /// `route(name=value, …)`, each value `<private>` when `redacted`.
    static func describe(route: String, parameters: RouteParameters?, redacted: Bool) -> String {
        guard let parameters, !parameters.isEmpty else { return route }
        return route + "(" + (redacted ? parameters.description : parameters.unredactedDescription) + ")"
    }

    /// The first way `observation` differs from what `link` says, or `nil` when it holds. The
    /// route is compared first, then confirmation, parameters and properties.
    static func compare(_ link: Link, _ observation: Observation) -> Found? {
        func found(_ kind: Break.Kind, _ now: (Bool) -> String, _ explanation: Found.Explanation = .none) -> Found {
            Found(kind: kind, now: now(false), redactedNow: now(true), explanation: explanation)
        }
        let asked = observation.askedToConfirm
        // A link that asked first and then went elsewhere says so: the question came before.
        let confirmed = asked ? "once confirmed, " : ""
        func reason(_ redacted: Bool) -> String {
            (redacted ? observation.redactedReason ?? observation.reason : observation.reason).map { ": \($0)" } ?? ""
        }
        switch observation.outcome {
        case .opens:
            let route = observation.route ?? "an unnamed route"
            func opened(_ redacted: Bool) -> String {
                describe(route: route, parameters: observation.parameters, redacted: redacted)
                    + (asked ? " asking to confirm" : "")
            }
            guard route == link.route else {
                let redirect = observation.redirectedBy.map { " (redirected by filter '\($0)')" } ?? ""
                return found(
                    .otherRoute, { opened($0) + redirect }, observation.redirectedBy == nil ? .contractedRoute : .none)
            }
            if asked != link.confirmation {
                return found(.confirmation, { opened($0) + (asked ? "" : " without asking to confirm") })
            }
            if let expected = link.parameters, !sameParameters(expected, observation.parameters) {
                return found(.otherParameters, opened)
            }
            for key in link.properties.keys.sorted() where observation.properties[key] != link.properties[key] {
                let value = observation.properties[key].map { "\(key) \($0.quoted())" } ?? "no \(key)"
                let was = link.properties[key].map { $0.quoted() } ?? ""
                return found(.otherProperty, { "\(opened($0)) with \(value) (was \(was))" })
            }
            return nil
        case .defaultRoute:
            let name = observation.defaultRoute.map { " (\($0))" } ?? ""
            return found(.defaultRoute, { "\(confirmed)the default route\(name)\(reason($0))" }, .nearest)
        case .unmatched: return found(.unmatched, { "\(confirmed)unmatched\(reason($0))" }, .nearest)
        case .refused: return found(.refused, { "\(confirmed)refused\(reason($0))" }, .nearest)
        case .internalOnly: return found(.internalOnly, { "\(confirmed)internal-only\(reason($0))" })
        case .invalid: return found(.invalid, { "\(confirmed)invalid\(reason($0))" })
        case .notOpened:
            let route = observation.route.map { " at \($0)" } ?? ""
            let status = observation.status ?? "not opened"
            return found(.notOpened, { "\(confirmed)\(status)\(route)\(reason($0))" })
        }
    }

    /// Whether the captured parameters are the contracted ones: the same names, each with the same
    /// text (order aside: a JSON object has none).
    static func sameParameters(_ expected: RouteParameters, _ actual: RouteParameters?) -> Bool {
        let actual = actual ?? RouteParameters()
        guard expected.count == actual.count else { return false }
        return expected.allSatisfy { actual[$0.name] == $0.value }
    }

    /// The templates that say why a broken link did not open its route: `explain`'s nearest,
    /// the contracted route's first when it is among them, when no route opened it; the contracted
    /// route's own templates, each with where the link fails it (or "it matches, but another route
    /// won"), when another route opened it. At most three.
    static func nearest(
        _ link: Link, _ found: Found, in table: RouteTable<Int>, name: (Int) -> String?,
        registrations: (String) -> [Int]
    ) -> [Break.Nearest] {
        func near(_ attempt: RouteExplanation.Attempt) -> Break.Nearest {
            Break.Nearest(
                route: name(attempt.registrationIndex) ?? "route \(attempt.registrationIndex + 1)",
                template: attempt.template.pattern, failure: attempt.failure ?? "")
        }
        switch found.explanation {
        case .none:
            return []
        case .contractedRoute:
            return Array(table.failures(link.url, registrations: registrations(link.route)).prefix(3).map(near))
        case .nearest:
            var nearest = table.explain(link.url).attempts.filter { !$0.matched }.map(near)
            if let own = nearest.firstIndex(where: { $0.route == link.route }), own > 0 {
                nearest.insert(nearest.remove(at: own), at: 0)
            }
            return Array(nearest.prefix(3))
        }
    }
}
