public import Waymark

/// A generated `apple-app-site-association` file and the check of it against the routes it came from.
public struct GeneratedAssociation: Sendable {
    /// The file, ready to serve at `/.well-known/apple-app-site-association`.
    public let file: AppSiteAssociation
    /// ``AppSiteAssociation/check(against:appID:domain:options:)`` of ``file``: its notes list
    /// every kind of URL the file sends to the app that no route handles (``AssociationReport/overApproximation``);
    /// its problems are what the format cannot express (an internal-only route whose URLs have the
    /// same shape as a public route's), each naming the routes.
    public let report: AssociationReport
}

extension AppSiteAssociation {
    /// Generates the file for one app and one domain from the routes that handle its universal links.
    ///
    /// Each route variant (each template, each optional group taken or left out) becomes one
    /// component with its narrowest pattern: literals as themselves, a UUID as `?` runs, any other
    /// parameter as `?*`, a catch-all as `/*`. Internal-only routes (and, when `options` keeps them
    /// in the browser, routes that need confirmation) become `exclude` components; a route of
    /// another domain becomes one where an include would otherwise send its URLs. Components with
    /// Every exclude comes before every include, so that no include can send an internal-only
    /// route's URLs (an exclude's pattern covers all of its route's). Among each, components with
    /// more segments come first (a pattern with `k` segments matches only paths of `k` or more, so
    /// each path meets the patterns of its own length before the shorter ones that could take it by
    /// spanning), then those with more literal segments. Where an exclude's wildcards also cover a
    /// public route's URLs (an internal `product/:slug` and a public `product/:id<int>` have the same
    /// pattern), security wins: the report names the route left out. Then the file is checked, and an
    /// exclude moves before any include the check finds sending its route's URLs.
    ///
    /// - Parameters:
    ///   - resolver: The app's routes.
    ///   - appID: The app, `TEAMID.bundle.identifier`.
    ///   - domain: The domain that will serve the file.
    ///   - options: Confirmation routes and the analysis's work bounds.
    public static func generate(
        from resolver: RouteResolver, appID: String, domain: String,
        options: AssociationCheckOptions = AssociationCheckOptions()
    ) -> GeneratedAssociation {
        let routes = DomainRoutes(resolver: resolver, domain: domain)
        let generator = AssociationGenerator(routes: routes, options: options)
        var components = generator.initialComponents()
        var report = generator.file(components, appID: appID).check(
            against: resolver, appID: appID, domain: domain, options: options)
        components = generator.repaired(components, appID: appID, report: &report)
        components = generator.withOtherDomainExclusions(components, appID: appID, report: &report)
        return GeneratedAssociation(file: generator.file(components, appID: appID), report: report)
    }
}

/// Builds and repairs the components of a generated file.
struct AssociationGenerator {
    enum Role: Int {
        case exclude = 0
        case include = 1
    }

    /// One component with what ordered it.
    struct Entry: Equatable {
        var component: AppLinksComponent
        var role: Role
        var fixedSegments: Int
        var literalSegments: Int
        var endsWithRest: Bool
        var registration: Int
    }

    let routes: DomainRoutes
    let options: AssociationCheckOptions
    /// The most moves the repair makes (each puts one component earlier).
    var maximumMoves: Int { 4 * max(routes.variants.count, 1) + 16 }

    init(routes: DomainRoutes, options: AssociationCheckOptions) {
        self.routes = routes
        self.options = options
    }

    func file(_ entries: [Entry], appID: String) -> AppSiteAssociation {
        AppSiteAssociation(
            applinks: AppLinks(details: [AppLinks.Details(appIDs: [appID], components: entries.map(\.component))]))
    }

    /// Whether a route's URLs must stay in the browser.
    func keepsInBrowser(_ registration: Int) -> Bool {
        routes.resolver.isInternalOnly(at: registration)
            || (options.confirmationRoutes == .keepInBrowser && routes.resolver.requiresConfirmation(at: registration))
    }

    func entry(_ variant: VariantShape, role: Role, note: String?) -> Entry {
        let name = routes.resolver.routeName(at: variant.registration) ?? "registration \(variant.registration)"
        let component = AppLinksComponent(
            path: variant.narrowestPattern, exclude: role == .exclude ? true : nil,
            caseSensitive: routes.caseInsensitiveLiterals ? false : nil,
            comment: "route \(name)" + (note.map { " (\($0))" } ?? ""))
        let fixed = variant.segments.filter { $0 != .rest }
        return Entry(
            component: component, role: role, fixedSegments: fixed.count,
            literalSegments: fixed.filter { if case .literal = $0 { true } else { false } }.count,
            endsWithRest: variant.segments.last == .rest, registration: variant.registration)
    }

    func initialComponents() -> [Entry] {
        var entries: [Entry] = []
        var seen: [String: Role] = [:]
        for variant in routes.variants {
            let restricted = keepsInBrowser(variant.registration)
            let role: Role = restricted ? .exclude : .include
            let note =
                restricted
                ? (routes.resolver.isInternalOnly(at: variant.registration) ? "internal-only" : "needs confirmation")
                : nil
            let pattern = variant.narrowestPattern
            // One component per pattern; when an include and an exclude have the same pattern, the
            // exclude is kept (the check then names the public route it leaves out).
            if let existing = seen[pattern] {
                guard existing == .include && role == .exclude else { continue }
                entries.removeAll { $0.component.path == pattern }
            }
            seen[pattern] = role
            entries.append(entry(variant, role: role, note: note))
        }
        return Self.ordered(entries)
    }

    static func ordered(_ entries: [Entry]) -> [Entry] {
        entries.enumerated().sorted { lhs, rhs in
            let left = lhs.element
            let right = rhs.element
            // Every exclude before every include: an exclude's pattern covers its route's URLs, so
            // no include can send one of them. A public URL an exclude's wildcard also covers is left
            // out, and the check names the route.
            let leftKey = (left.role.rawValue, -left.fixedSegments, left.endsWithRest ? 1 : 0, -left.literalSegments)
            let rightKey = (
                right.role.rawValue, -right.fixedSegments, right.endsWithRest ? 1 : 0, -right.literalSegments
            )
            return leftKey < rightKey || (leftKey == rightKey && lhs.offset < rhs.offset)
        }.map(\.element)
    }

    /// Moves components until every path meets the right decision first, or until only conflicts
    /// the format cannot express are left (resolved for security).
    func repaired(_ start: [Entry], appID: String, report: inout AssociationReport) -> [Entry] {
        var entries = start
        for _ in 0..<maximumMoves {
            let matcher = file(entries, appID: appID).matcher(appID: appID)
            var moved = false
            for diagnostic in report.problems {
                guard let url = diagnostic.example else { continue }
                let decision = matcher.decision(for: url)
                switch diagnostic.kind {
                case .restrictedRouteSent:
                    // An exclude that matches the URL goes before the include that sent it.
                    guard let sender = decision.componentIndex,
                        let excluder = entries.indices.first(where: {
                            $0 > sender && entries[$0].role == .exclude && Self.matches(entries[$0], url, appID)
                        })
                    else { continue }
                    entries.insert(entries.remove(at: excluder), at: sender)
                    moved = true
                default:
                    continue
                }
                if moved { break }
            }
            guard moved else { return entries }
            report = file(entries, appID: appID).check(
                against: routes.resolver, appID: appID, domain: routes.domain, options: options)
        }
        return entries
    }

    static func matches(_ entry: Entry, _ url: String, _ appID: String) -> Bool {
        let single = AppSiteAssociation(
            applinks: AppLinks(details: [AppLinks.Details(appIDs: [appID], components: [entry.component])]))
        return single.matcher(appID: appID).decision(for: url).componentIndex != nil
    }

    /// Adds an exclude for each route of another domain whose example URL the file sends to the
    /// app although no route of this domain handles it, where that leaves out no route.
    func withOtherDomainExclusions(_ start: [Entry], appID: String, report: inout AssociationReport) -> [Entry] {
        var entries = start
        let table = routes.resolver.table
        for registration in table.registrations {
            let scopes = registration.scopes
            guard !scopes.contains(.universalAny), !scopes.contains(.universal(domain: routes.domain)),
                scopes.contains(where: { if case .universal = $0 { true } else { false } })
            else { continue }
            for variant in DomainRoutes.shapes(of: registration, in: table) {
                let url = "https://\(routes.domain)\(variant.examplePath)"
                let matcher = file(entries, appID: appID).matcher(appID: appID)
                guard let sender = matcher.decision(for: url).componentIndex, entries[sender].role == .include,
                    !routes.resolver.preview(url, origin: .external).opensRoute
                else { continue }
                var candidate = entries
                candidate.insert(entry(variant, role: .exclude, note: "another domain's route"), at: sender)
                let checked = file(candidate, appID: appID).check(
                    against: routes.resolver, appID: appID, domain: routes.domain, options: options)
                if checked.problems.count <= report.problems.count {
                    entries = candidate
                    report = checked
                }
            }
        }
        return entries
    }
}
