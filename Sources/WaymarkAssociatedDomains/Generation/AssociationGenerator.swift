import Foundation
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
    /// another domain becomes one where an include would otherwise send its URLs.
    ///
    /// Every exclude comes before every include, so that no include can send an internal-only
    /// route's URLs (an exclude's pattern covers all of its route's). Among each, components with
    /// more segments come first (a pattern with `k` segments matches only paths of `k` or more, so
    /// each path meets the patterns of its own length before the shorter ones that could take it by
    /// spanning), then those with more literal segments. Where an exclude's wildcards also cover a
    /// public route's URLs (an internal `product/:slug` and a public `product/:id<int>` have the same
    /// pattern), security wins: the report names the route left out. An include that another
    /// include covers is left out, its route named in the comment of the one that stays: `/store/?*` already sends every URL of
    /// `/store/sale`.
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
        // One budget for the whole generation: the components, the check, and each check of a
        // candidate exclude for another domain's route.
        var spent = 0
        var components = generator.initialComponents(work: &spent)
        let size = generator.file(components, appID: appID).jsonData.count
        let merging: AssociationGenerator.Merging
        (components, merging) = generator.fittingSizeLimit(
            components, fileSize: size, budget: AppSiteAssociation.maximumAppleFileSize)
        // The check's question, "would one component per route be over the limit?", is the
        // generator's first measurement.
        let mergesNeeded = merging.sizeBefore > AppSiteAssociation.maximumAppleFileSize
        var report = generator.file(components, appID: appID).check(
            routes, appID: appID, options: options.withRemainingWork(after: spent), mergesNeeded: mergesNeeded)
        spent += report.work
        components = generator.withOtherDomainExclusions(
            components, appID: appID, mergesNeeded: mergesNeeded, report: &report, spent: &spent)
        report.work = spent
        let file = generator.file(components, appID: appID)
        report.diagnostics += generator.sizeDiagnostics(merging, finalSize: file.jsonData.count)
        return GeneratedAssociation(file: file, report: report)
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
        /// The routes it sends: its own, and those of the includes it covers or merges.
        var routeCount = 1
    }

    let routes: DomainRoutes
    let options: AssociationCheckOptions
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
        // An include carries the fragment its route requires; an exclude stays as wide as its path,
        // so that no spelling of an internal route's link reaches the app.
        let component = AppLinksComponent(
            path: variant.narrowestPattern, fragment: role == .include ? variant.fragmentPattern : nil,
            exclude: role == .exclude ? true : nil,
            caseSensitive: routes.caseInsensitiveLiterals ? false : nil,
            comment: "route \(name)" + (note.map { " (\($0))" } ?? ""))
        let fixed = variant.segments.filter { $0 != .rest }
        return Entry(
            component: component, role: role, fixedSegments: fixed.count,
            literalSegments: fixed.filter { if case .literal = $0 { true } else { false } }.count,
            endsWithRest: variant.segments.last == .rest, registration: variant.registration)
    }

    func initialComponents() -> [Entry] {
        var work = 0
        return initialComponents(work: &work)
    }

    /// ``initialComponents()``, charging `work` for leaving out covered includes, which stops at a
    /// quarter of the options' work bound.
    func initialComponents(work: inout Int) -> [Entry] {
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
            // One component per pattern (an include's with its `#` pattern); when an include and an
            // exclude have the same pattern, the exclude is kept (the check then names the public
            // route it leaves out).
            let key = pattern + (role == .include ? variant.fragmentPattern.map { "#" + $0 } ?? "" : "")
            if let existing = seen[key] {
                guard existing == .include && role == .exclude else { continue }
                entries.removeAll { $0.component.path == pattern && $0.component.fragment == nil }
            }
            seen[key] = role
            entries.append(entry(variant, role: role, note: note))
        }
        work += entries.count
        return Self.ordered(
            Self.withOtherSpellings(withoutCoveredIncludes(entries, work: &work, limit: options.maximumWork / 4)))
    }

    /// `entries` with, after each exclude, the same exclude for the other spellings of its URLs that
    /// Apple can send and the app refuses as the route: `percentEncoded: false` makes
    /// Apple decode the URL before comparing, so `/%64ebug/menu` and `/debug/%6Denu` (either case
    /// of hex) meet `/debug/menu`; a literal outside ASCII gets one more in NFD (`cafe%CC%81` for
    /// `caf%C3%A9`), since the app compares text by canonical equivalence and the matcher by
    /// scalars. A decoded pattern that would gain a wildcard or a `/` (a literal `%2A` or `%2F`)
    /// is not written: it would keep other routes' URLs in the browser. Spellings with empty
    /// segments (`//debug/menu`) have no pattern that does not also match other paths, and are
    /// left to the app, which refuses them (docs/security.md).
    static func withOtherSpellings(_ entries: [Entry]) -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            result.append(entry)
            guard entry.role == .exclude, let path = entry.component.path else { continue }
            let decoded = LinkParts.decoded(Substring(path))
            func count(_ text: String, _ scalars: Set<Unicode.Scalar>) -> Int {
                text.unicodeScalars.filter { scalars.contains($0) }.count
            }
            let special: Set<Unicode.Scalar> = ["*", "?", "/", "$"]
            guard count(decoded, special) == count(path, special) else { continue }
            var spellings = [decoded]
            let decomposed = decoded.decomposedStringWithCanonicalMapping
            if Array(decomposed.unicodeScalars) != Array(decoded.unicodeScalars) { spellings.append(decomposed) }
            for (index, spelling) in spellings.enumerated() {
                var twin = entry
                twin.component.path = spelling
                twin.component.percentEncoded = false
                twin.component.comment =
                    (entry.component.comment ?? "")
                    + (index == 0 ? "; its percent-encoded spellings" : "; its spellings in NFD")
                result.append(twin)
            }
        }
        return result
    }

    /// `entries` without the includes another include covers (``PatternContainment``): every exclude
    /// comes first, so the includes' order does not change what the file sends, and one that adds
    /// nothing can go. `/store/?*` covers `/store/sale` and `/store/?*/reviews` (Apple's `*` spans
    /// `/`). The comment of the include that stays counts the routes it also stands for.
    ///
    /// Each comparison is charged to `work` (the patterns' lengths), and past `limit` no more
    /// includes are left out: the file is then larger than it could be, never wrong
    /// (`:a/:b/x{i}` puts every include under the prefix `/`, and comparing each with each is
    /// quadratic).
    func withoutCoveredIncludes(_ entries: [Entry], work: inout Int, limit: Int) -> [Entry] {
        let caseSensitive = !routes.caseInsensitiveLiterals
        func key(_ text: Substring) -> String { caseSensitive ? String(text) : text.lowercased() }
        var byPrefix: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() where entry.role == .include {
            byPrefix[key(PatternContainment.literalPrefix(entry.component.path ?? "")), default: []].append(index)
        }
        var removed = Set<Int>()
        var counts = entries.map(\.routeCount)
        var coveredNames: [Int: [String]] = [:]
        for (index, entry) in entries.enumerated() where entry.role == .include && work < limit {
            let pattern = entry.component.path ?? ""
            let prefix = PatternContainment.literalPrefix(pattern)
            var coverer: Int?
            var end = prefix.startIndex
            while coverer == nil && work < limit {
                work += prefix.utf8.count
                // A component with a `#` pattern sends only links with that fragment: it covers
                // no other fragment, and no link without one.
                for candidate in byPrefix[key(prefix[..<end])] ?? []
                where candidate != index && !removed.contains(candidate)
                    && (entries[candidate].component.fragment == nil
                        || entries[candidate].component.fragment == entry.component.fragment)
                {
                    let outer = entries[candidate].component.path ?? ""
                    // Matching one pattern's text against another's: at most the product of
                    // their lengths, and the greedy scan's usual cost is their sum.
                    work += 2 * (outer.utf8.count + pattern.utf8.count)
                    if PatternContainment.covers(outer, pattern, caseSensitive: caseSensitive) {
                        coverer = candidate
                        break
                    }
                    guard work < limit else { break }
                }
                guard end < prefix.endIndex else { break }
                end = prefix.index(after: end)
            }
            guard let coverer else { continue }
            removed.insert(index)
            counts[coverer] += counts[index]
            let name = routes.resolver.routeName(at: entry.registration) ?? "registration \(entry.registration)"
            coveredNames[coverer, default: []].append(name)
            coveredNames[coverer, default: []] += coveredNames.removeValue(forKey: index) ?? []
        }
        return entries.enumerated().compactMap { index, entry in
            guard !removed.contains(index) else { return nil }
            guard let names = coveredNames[index] else { return entry }
            var entry = entry
            entry.routeCount = counts[index]
            let shown = names.prefix(3).joined(separator: ", ")
            let more = names.count > 3 ? " and \(names.count - 3) more" : ""
            entry.component.comment = (entry.component.comment ?? "") + "; also covers \(shown)\(more)"
            return entry
        }
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

    /// Adds an exclude for each route of another domain whose example URL the file sends to the
    /// app although no route of this domain handles it, where that leaves out no route.
    ///
    /// Each candidate's check spends from the generation's budget (`spent`); when it is spent, no
    /// more are tried and the report says the generation is incomplete (an error).
    func withOtherDomainExclusions(
        _ start: [Entry], appID: String, mergesNeeded: Bool, report: inout AssociationReport, spent: inout Int
    ) -> [Entry] {
        var entries = start
        let table = routes.resolver.table
        // Stopping at the work bound: the report says so, first, as an error.
        func markIncomplete(states: Int) {
            report.isComplete = false
            report.diagnostics.insert(
                AppSiteAssociation.incompleteAnalysis(states: states, work: spent, options: options), at: 0)
        }
        for registration in table.registrations {
            let scopes = registration.scopes
            guard !scopes.contains(.universalAny), !scopes.contains(.universal(domain: routes.domain)),
                scopes.contains(where: { if case .universal = $0 { true } else { false } })
            else { continue }
            for variant in DomainRoutes.shapes(of: registration, in: table, under: routes.basePath) {
                guard report.isComplete else { return entries }
                guard spent < options.maximumWork else {
                    markIncomplete(states: report.statesVisited)
                    return entries
                }
                let url = "https://\(routes.domain)\(variant.examplePath)"
                let matcher = file(entries, appID: appID).matcher(appID: appID)
                spent += entries.count
                guard let sender = matcher.decision(for: url, work: &spent).componentIndex,
                    entries[sender].role == .include,
                    !routes.resolver.preview(url, origin: .external).opensRoute
                else { continue }
                var candidate = entries
                candidate.insert(entry(variant, role: .exclude, note: "another domain's route"), at: sender)
                let checked = file(candidate, appID: appID).check(
                    routes, appID: appID, options: options.withRemainingWork(after: spent), mergesNeeded: mergesNeeded)
                spent += checked.work
                // A candidate whose check stopped at the bound is not taken: what it would send is
                // not known. The file stays as it was, and the report says it is incomplete.
                guard checked.isComplete else {
                    markIncomplete(states: checked.statesVisited)
                    return entries
                }
                // An exclude that would take the file over Apple's limit is not worth it.
                let fits = file(candidate, appID: appID).jsonData.count <= AppSiteAssociation.maximumAppleFileSize
                if checked.problems.count <= report.problems.count && fits {
                    entries = candidate
                    report = checked
                }
            }
        }
        return entries
    }
}
