extension LinkContract {
    /// A contract written from what a resolver does today, and the links it left out.
    public struct Recording: Sendable {
        /// A link that opens no route today, so cannot be contracted, and what it does instead.
        public struct Skipped: Hashable, Sendable, CustomStringConvertible {
            /// The link.
            public let url: String
            /// What it does now (`the default route (home): no route matches the path (2 segments)`).
            public let now: String

            /// `URL: NOW`.
            public var description: String { "\(url): \(now)" }
        }

        /// One link for each given link that opens a route (or asks to confirm, then opens one).
        public let contract: LinkContract
        /// The given links that open no route, in their order.
        public let skipped: [Skipped]
    }

    /// Freezes what `resolver` does today with each link: its route, its parameters (sorted by
    /// name), whether it asks to confirm, the template that opened it, and the properties named
    /// in `propertyKeys` that it has. A link that opens no route is left out and listed in
    /// ``Recording/skipped``: a contract lists links that must keep working.
    ///
    /// - Parameters:
    ///   - links: Each link and its origin (`nil`: as the resolver decides).
    ///   - resolver: Today's resolver.
    ///   - propertyKeys: The properties the app relies on.
    public static func recording(
        _ links: [(url: String, origin: RouteOrigin?)], with resolver: RouteResolver, propertyKeys: [String] = []
    ) async -> Recording {
        var recorded: [Link] = []
        var skipped: [Recording.Skipped] = []
        var seen: Set<String> = []
        for (url, origin) in links {
            // The same link from the same origin once: a contract entry per link.
            guard seen.insert((origin?.rawValue ?? "") + " " + url).inserted else { continue }
            let result = await resolver.resolve(url, origin: origin)
            let observation = Observation(result, defaultRoute: resolver.defaultRouteName)
            guard observation.outcome == .opens || observation.outcome == .asksToConfirm,
                let route = observation.route, let request = result.request
            else {
                // Compared with a route no resolver names, any outcome is a break that says what it is.
                let found = compare(Link(url: url, route: "\u{0}"), observation)
                skipped.append(Recording.Skipped(url: url, now: found?.now ?? "opens no route"))
                continue
            }
            let parameters = (request.routeParameters ?? RouteParameters()).sorted { $0.name < $1.name }
            var properties: [String: JSONValue] = [:]
            for key in propertyKeys { properties[key] = request.properties[key] }
            recorded.append(
                Link(
                    url: url, origin: origin ?? request.origin, route: route,
                    parameters: RouteParameters(parameters.map { ($0.name, $0.value) }),
                    confirmation: observation.outcome == .asksToConfirm, properties: properties,
                    template: request.matchedTemplate?.pattern))
        }
        return Recording(contract: LinkContract(links: recorded), skipped: skipped)
    }
}
