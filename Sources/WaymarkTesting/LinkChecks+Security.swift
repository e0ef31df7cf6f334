public import Waymark

extension LinkChecks {
    /// Whether no link from outside the app opens any of `routes` — internal-only routes, and
    /// routes that must ask the user to confirm — directly or through the app's filters' redirects.
    ///
    /// The links tried are `urls`, then an example link of every template of the resolver: the
    /// route string, an app link for each scheme the table accepts (`app` when it accepts any), and
    /// a universal link for each domain (`www.` under a wildcard). Each is resolved as from outside
    /// (`RouteOrigin.external`). It fails when one reaches a listed route: one of the route's
    /// templates matched and nothing that guards it (internal-only, a filter's rejection, a refused
    /// redirect, a feature, a confirmation) stopped it, even if the destination then declined or
    /// the link's values did not decode. Asking the user
    /// to confirm is not reaching: the user decides. But once confirmed, the link must open the
    /// route that asked, never a listed one it redirects to.
    ///
    /// A name in `routes` that is no route of the resolver is a failure too, and so is an empty
    /// list: either would otherwise make a check that cannot fail.
    ///
    /// - Parameters:
    ///   - routes: The names of the routes no outside link may open.
    ///   - resolver: The app's resolver, with its filters, in the state the test sets up.
    ///   - urls: More links to try: the app's published links, links a partner sends.
    public static func notReachableFromOutside(
        _ routes: [String], in resolver: RouteResolver, through urls: [String] = []
    ) async -> [String] {
        let table = resolver.table
        let names = Set(table.registrations.compactMap { resolver.routeName(at: $0.index) })
        guard !routes.isEmpty else {
            return ["no routes to protect: name the routes no outside link may open"]
        }
        var failures = routes.filter { !names.contains($0) }.map {
            "no route is named '\($0)'; the resolver's routes are \(names.sorted().joined(separator: ", "))"
        }
        let protected = Set(routes)
        var tried: Set<String> = []
        for url in urls + exampleLinks(of: table) where tried.insert(url).inserted {
            var result = await resolver.resolve(url, origin: .external)
            if result.status == .needsConfirmation {
                let asking = result.request?.routeName
                result = await resolver.resolveConfirmed(result)
                // Confirmed, the route that asked opens: that is what the user agreed to.
                if result.request?.routeName == asking { continue }
            }
            guard reaches(result), let route = result.request?.routeName, protected.contains(route) else { continue }
            let chain = result.redirects.map { "\($0.from) → \($0.to) by filter '\($0.filter)'" }
            failures.append(
                "\(url) opens \(route) from outside the app"
                    + (chain.isEmpty ? "" : ", redirected: " + chain.joined(separator: ", ")))
        }
        return failures
    }

    /// Whether a result reached its route: one of the route's templates matched, and nothing that
    /// guards the route stopped it. A result that ends `invalid` (a required query value missing
    /// from the example link), declined or failed in the destination, reached it: with other
    /// values the link opens it.
    static func reaches(_ result: RoutingResult) -> Bool {
        guard result.request?.matchedTemplate != nil else { return false }
        let stopped: [RoutingStatus] = [
            .internalOnly, .rejected, .redirectRefused, .redirectLoop, .featureUnavailable, .needsConfirmation,
            .refused, .limitExceeded, .unmatched,
        ]
        return !stopped.contains(result.status)
    }

    /// An example link of every template, in every form the table accepts.
    static func exampleLinks(of table: RouteTable<Int>) -> [String] {
        let creator = LinkCreator(schemes: table.schemes, domains: table.domains)
        let schemes = table.schemes.isEmpty ? ["app"] : table.schemes
        let hosts = table.domainBases.map { base in
            DomainWildcard.base(of: base.host).map { "www." + $0 } ?? base.host
        }
        var links: [String] = []
        for registration in table.registrations {
            guard let parameters = LinkCatalogue.exampleParameterSets(registration.template).first,
                let path = try? creator.path(for: registration.template, parameters: parameters)
            else { continue }
            links.append(path)
            let rest = path.dropFirst()
            links += schemes.map { "\($0)://\(rest)" }
            // Through the creator, so that a domain's base path is there.
            links += hosts.map { host in
                (try? creator.universalLink(
                    for: registration.template, parameters: parameters, scopes: [.universalAny], domain: host))
                    ?? "https://\(host)/\(rest)"
            }
        }
        return links
    }
}
