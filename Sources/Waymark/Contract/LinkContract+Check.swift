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
            let result = await resolver.resolve(link.url, origin: link.origin)
            let observation = Observation(result, defaultRoute: resolver.defaultRouteName)
            if let found = Self.compare(link, observation) {
                let nearest =
                    found.wantsExplanation ? Self.nearest(link, in: resolver.table, name: resolver.routeName) : []
                breaks.append(Break(index: index, link: link, kind: found.kind, now: found.now, nearest: nearest))
            }
        }
        return Report(checked: links.count, breaks: breaks)
    }

    /// Checks every link against a typed table: each must open, by matching alone, the case the
    /// contract names (its full name, `ShopRoute.product`, or its case chain, `product`), with the
    /// parameters it names, and its values must still make that case (a type tightened from
    /// `String` to `Int` breaks a link whose value is not a number).
    ///
    /// A typed table opens what matching alone decides (``TypedRouteTable/resolve(_:origin:)-(String,_)``):
    /// a case with filters or a feature breaks here; check such cases through a ``RouteResolver``.
    /// A table has no properties and no default route.
    public func check<R: URLRoute>(_ table: TypedRouteTable<R>) -> Report {
        var breaks: [Break] = []
        let entries = table.map.entries
        for (index, link) in links.enumerated() {
            let observation = Observation(table.observe(link.url, origin: link.origin))
            var expected = link
            // The contract may name the case by its chain (`product`) or by its full name.
            if let opened = observation.route, let entry = entries.first(where: { $0.label == opened }),
                entry.chain.joined(separator: ".") == link.route
            {
                expected.route = opened
            }
            if let found = Self.compare(expected, observation) {
                let nearest =
                    found.wantsExplanation
                    ? Self.nearest(
                        expected, in: table.table, name: { entries.indices.contains($0) ? entries[$0].label : nil })
                    : []
                breaks.append(Break(index: index, link: link, kind: found.kind, now: found.now, nearest: nearest))
            }
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
            case opens, asksToConfirm, defaultRoute, unmatched, refused, internalOnly, invalid, notOpened
        }

        var outcome: Outcome
        var route: String?
        var parameters: RouteParameters?
        var properties: [String: JSONValue] = [:]
        var reason: String?
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
            case .needsConfirmation: outcome = .asksToConfirm
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
            self.redirectedBy = result.redirects.last?.filter
            self.defaultRoute = defaultRoute
        }

        init(_ typed: TypedObservation) {
            switch typed {
            case .opens(let route, let parameters): self.init(outcome: .opens, route: route, parameters: parameters)
            case .asksToConfirm(let route, let parameters):
                self.init(outcome: .asksToConfirm, route: route, parameters: parameters)
            case .internalOnly(let route, let reason): self.init(outcome: .internalOnly, route: route, reason: reason)
            case .needsResolver(let route, let reason): self.init(outcome: .notOpened, route: route, reason: reason)
            case .invalid(let reason): self.init(outcome: .invalid, reason: reason)
            case .refused(let reason): self.init(outcome: .refused, reason: reason)
            case .unmatched(let reason): self.init(outcome: .unmatched, reason: reason)
            }
        }
    }

    /// How a link broke, and what it does now.
    struct Found {
        var kind: Break.Kind
        var now: String
        /// Whether `explain`'s nearest templates say something: no route of the link's own opened it.
        var wantsExplanation: Bool
    }

    /// The first way `observation` differs from what `link` says, or `nil` when it holds. The
    /// route is compared first, then confirmation, parameters and properties.
    static func compare(_ link: Link, _ observation: Observation) -> Found? {
        let reason = observation.reason.map { ": \($0)" } ?? ""
        switch observation.outcome {
        case .opens, .asksToConfirm:
            let route = observation.route ?? "an unnamed route"
            let asks = observation.outcome == .asksToConfirm
            let opened = describe(route: route, parameters: observation.parameters) + (asks ? " asking to confirm" : "")
            guard route == link.route else {
                let redirect = observation.redirectedBy.map { " (redirected by filter '\($0)')" } ?? ""
                return Found(kind: .otherRoute, now: opened + redirect, wantsExplanation: false)
            }
            if asks != link.confirmation {
                return Found(
                    kind: .confirmation, now: opened + (asks ? "" : " without asking to confirm"),
                    wantsExplanation: false)
            }
            if let expected = link.parameters, !sameParameters(expected, observation.parameters) {
                return Found(kind: .otherParameters, now: opened, wantsExplanation: false)
            }
            for key in link.properties.keys.sorted() where observation.properties[key] != link.properties[key] {
                let value = observation.properties[key].map { "\(key) \($0.quoted())" } ?? "no \(key)"
                let was = link.properties[key].map { $0.quoted() } ?? ""
                return Found(kind: .otherProperty, now: "\(opened) with \(value) (was \(was))", wantsExplanation: false)
            }
            return nil
        case .defaultRoute:
            let name = observation.defaultRoute.map { " (\($0))" } ?? ""
            return Found(kind: .defaultRoute, now: "the default route\(name)\(reason)", wantsExplanation: true)
        case .unmatched: return Found(kind: .unmatched, now: "unmatched\(reason)", wantsExplanation: true)
        case .refused: return Found(kind: .refused, now: "refused\(reason)", wantsExplanation: true)
        case .internalOnly: return Found(kind: .internalOnly, now: "internal-only\(reason)", wantsExplanation: false)
        case .invalid: return Found(kind: .invalid, now: "invalid\(reason)", wantsExplanation: false)
        case .notOpened:
            let route = observation.route.map { " at \($0)" } ?? ""
            return Found(
                kind: .notOpened, now: "\(observation.status ?? "not opened")\(route)\(reason)", wantsExplanation: false
            )
        }
    }

    /// Whether the captured parameters are the contracted ones: the same names, each with the same
    /// text (order aside: a JSON object has none).
    static func sameParameters(_ expected: RouteParameters, _ actual: RouteParameters?) -> Bool {
        let actual = actual ?? RouteParameters()
        guard expected.count == actual.count else { return false }
        return expected.allSatisfy { actual[$0.name] == $0.value }
    }

    /// `explain`'s nearest templates for a broken link: the contracted route's first when it is
    /// among them, then the others, at most three.
    static func nearest(_ link: Link, in table: RouteTable<Int>, name: (Int) -> String?) -> [Break.Nearest] {
        let explanation = table.explain(link.url)
        var nearest = explanation.attempts.filter { !$0.matched }.map { attempt in
            Break.Nearest(
                route: name(attempt.registrationIndex) ?? "route \(attempt.registrationIndex + 1)",
                template: attempt.template.pattern, failure: attempt.failure ?? "")
        }
        if let own = nearest.firstIndex(where: { $0.route == link.route }), own > 0 {
            nearest.insert(nearest.remove(at: own), at: 0)
        }
        return Array(nearest.prefix(3))
    }
}
