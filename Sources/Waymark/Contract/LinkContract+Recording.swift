extension LinkContract {
    /// A contract written from what a resolver does today, and the links it left out.
    public struct Recording: Sendable {
        /// A link that opens no route today, so cannot be contracted, and what it does instead.
        public struct Skipped: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
            /// The link's position among the links given (0-based).
            public let position: Int
            /// The link.
            public let url: String
            /// What it does now (`the default route (home): no route matches the path (2 segments)`).
            public let now: String
            /// ``now`` with each value written `<private>`.
            let redactedNow: String

            /// `SCHEME://HOST/…: NOW`, without the path, query and fragment the link carries, each
            /// value `<private>`: fit for a log line (a list of links to contract is often exported
            /// from logs, and may hold a sign-in link).
            public var description: String { "\(LinkContract.redacted(url)): \(redactedNow)" }

            /// The same as ``description``: Swift prints a value inside a collection with this.
            public var debugDescription: String { description }

            /// `URL: NOW`, with the values.
            public var unredactedDescription: String { "\(url): \(now)" }
        }

        /// One link for each given link that opens a route (once confirmed, for one that asks).
        public let contract: LinkContract
        /// The given links that open no route, in their order.
        public let skipped: [Skipped]
    }

    /// Freezes what `resolver` does today with each link: its route, its parameters (sorted by
    /// name), whether it asks to confirm, the template that opened it, and the properties named
    /// in `propertyKeys` that it has. A link that asks the user to confirm is confirmed, as the
    /// check does, and recorded only when it then opens its route. A link that opens no route is
    /// left out and listed in ``Recording/skipped``: a contract lists links that must keep working.
    /// A link given twice from the same origin is recorded once.
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
        for (position, (url, origin)) in links.enumerated() {
            guard seen.insert((origin?.rawValue ?? "") + " " + url).inserted else { continue }
            let observation = await observe(url, origin: origin, with: resolver)
            guard observation.outcome == .opens, let route = observation.route else {
                // Compared with a route no resolver names, any outcome is a break that says what it is.
                let found = compare(Link(url: url, route: "\u{0}"), observation)
                skipped.append(
                    Recording.Skipped(
                        position: position, url: url, now: found?.now ?? "opens no route",
                        redactedNow: found?.redactedNow ?? "opens no route"))
                continue
            }
            let parameters = (observation.parameters ?? RouteParameters()).sorted { $0.name < $1.name }
            var properties: [String: JSONValue] = [:]
            for key in propertyKeys { properties[key] = observation.properties[key] }
            recorded.append(
                Link(
                    url: url, origin: origin ?? RouteResolver.inferredOrigin(of: url), route: route,
                    parameters: RouteParameters(parameters.map { ($0.name, $0.value) }),
                    confirmation: observation.askedToConfirm, properties: properties,
                    template: observation.template))
        }
        return Recording(contract: LinkContract(links: recorded), skipped: skipped)
    }

    /// `https://host/…` for a web link (no user info, path, query or fragment), `scheme://…` for a
    /// custom-scheme link (whose "host" is the route's first segment, which may be a value), `/…`
    /// for a route string: what a log may say of a link whose values it must not show.
    static func redacted(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else {
            return url.hasPrefix("/") ? "/…" : "…"
        }
        let schemeEnd = url.index(colon, offsetBy: 3)
        let scheme = url[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return url[..<schemeEnd] + "…" }
        let rest = url[schemeEnd...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        return url[..<schemeEnd] + host + (rest.count > authority.count ? "/…" : "")
    }
}
