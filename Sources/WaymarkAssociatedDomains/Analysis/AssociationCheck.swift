public import Waymark

extension AppSiteAssociation {
    /// Checks the file against the routes that handle universal links of `domain`, for one app.
    ///
    /// It finds, from the components' patterns and the routes' templates (every canonical path, not
    /// samples: see <doc:UniversalLinks>):
    /// - **routes the file does not send to the app** (an error), or sends only for some queries or
    ///   fragments (a warning), each with the shortest URL that shows it and the component that
    ///   decides;
    /// - **internal-only routes it sends to the app**, and routes that need confirmation when
    ///   `options` keeps those in the browser (an error naming the component);
    /// - **URLs it sends that no route handles**: a warning where a component is broader than any
    ///   route needs, and a note where the component is the narrowest pattern a route's template
    ///   allows (AASA patterns cannot say "one segment" or "digits only"), listing each kind with
    ///   an example.
    ///
    /// Paths are canonical: no empty segment and no trailing slash, as `LinkCreator` prints them.
    ///
    /// - Parameters:
    ///   - resolver: The app's routes (internal-only and confirmation settings included).
    ///   - appID: The app, `TEAMID.bundle.identifier`.
    ///   - domain: The domain that serves the file.
    ///   - options: Confirmation routes and work bounds.
    public func check(
        against resolver: RouteResolver, appID: String, domain: String,
        options: AssociationCheckOptions = AssociationCheckOptions()
    ) -> AssociationReport {
        check(DomainRoutes(resolver: resolver, domain: domain), appID: appID, options: options, mergesNeeded: nil)
    }

    /// The check, for routes already read (the generator checks each file it tries against the
    /// same routes). `mergesNeeded` is ``mergesNeeded(routes:rules:appID:options:)`` when the
    /// caller knows it already; `nil` works it out.
    func check(
        _ routes: DomainRoutes, appID: String, options: AssociationCheckOptions, mergesNeeded: Bool?
    ) -> AssociationReport {
        let resolver = routes.resolver
        let domain = routes.domain
        let rules = applinks.map { Self.rules($0, appID: appID) } ?? []
        var mergeWork = 0
        var findings = CoverageFindings(
            routes: routes, rules: rules, options: options,
            mergesNeeded: mergesNeeded
                ?? Self.mergesNeeded(routes: routes, rules: rules, appID: appID, options: options, work: &mergeWork))
        if !routes.acceptsDomain {
            findings.add(
                .error, .routeNotSent, "",
                "the routes do not accept the domain \(domain) (they accept \(resolver.table.domains.joined(separator: ", "))): no universal link of it opens a route"
            )
        }
        if rules.isEmpty {
            findings.add(
                .error, .routeNotSent, "",
                "no entry of applinks.details lists \(appID): the file opens no URL in that app")
        }
        for refused in Self.refusedPatterns(rules) {
            findings.add(
                .error, .incompleteAnalysis, refused.location,
                "\(refused.part) \(refused.reason), so Waymark takes it to match nothing and cannot say what Apple sends with it: the check fails rather than pass a file it could not read",
                component: refused.component)
        }
        let analysis = CoverageAnalysis(
            routes: routes, rules: rules,
            limits: .init(
                maximumStates: options.maximumStates, maximumWork: max(0, options.maximumWork - mergeWork),
                reduces: options.reduces))
        let summary = analysis.run { findings.record($0) }
        for type in routes.opaqueTypes.sorted() {
            findings.add(
                .note, .incompleteAnalysis, "",
                "the parameter type <\(type)> is the app's own: the check takes it to accept every segment")
        }
        for segment in routes.patternSegments.sorted() {
            findings.add(
                .note, .incompleteAnalysis, "",
                "the segment '\(segment)' has typed parameters inside it: the check accepts any split of its text, where the app splits each parameter at the first occurrence of the text after it, so it may take a segment to be the route's that the app refuses"
            )
        }
        let found = findings.diagnostics(workLimit: max(0, options.maximumWork - mergeWork - summary.work))
        let work = mergeWork + summary.work + found.work
        let isComplete = summary.isComplete && found.isComplete
        var incomplete: [AssociationDiagnostic] = []
        if !isComplete {
            incomplete.append(Self.incompleteAnalysis(states: summary.states, work: work, options: options))
        }
        return AssociationReport(
            diagnostics: incomplete + diagnostics + found.diagnostics, isComplete: isComplete,
            statesVisited: summary.states, work: work)
    }
}

extension AppSiteAssociation {
    /// Whether a file for these routes must merge components to fit Apple's size limit: when one
    /// component per route (what the generator writes first) is over 128 KB. Only then is a
    /// `PREFIX/*` component over several routes read as a needed merge; otherwise it is broader than
    /// the routes need. Computed only when the file has such a component.
    static func mergesNeeded(
        routes: DomainRoutes, rules: [AssociationMatcher.Rule], appID: String, options: AssociationCheckOptions,
        work: inout Int
    ) -> Bool {
        let hasPrefixComponent = rules.contains { rule in
            guard let source = rule.path?.source, source.hasSuffix("/*") else { return false }
            return !source.dropLast(2).contains { $0 == "*" || $0 == "?" }
        }
        guard hasPrefixComponent else { return false }
        let generator = AssociationGenerator(routes: routes, options: options)
        let narrowest = generator.file(generator.initialComponents(work: &work), appID: appID)
        return narrowest.jsonData.count > maximumAppleFileSize
    }
}

extension AppSiteAssociation {
    /// A pattern the matcher refused (``WildcardPattern/refusal``), with where it is.
    struct RefusedPattern {
        var location: String
        var component: Int
        /// `the path pattern`, `the fragment pattern`, `the query item 'q' pattern`.
        var part: String
        var reason: String
    }

    /// Every pattern of `rules` the matcher refused and so matches nothing, except those over
    /// ``WildcardPattern/maximumLength`` (reading the file already reports each as an error).
    static func refusedPatterns(_ rules: [AssociationMatcher.Rule]) -> [RefusedPattern] {
        var refused: [RefusedPattern] = []
        for rule in rules where !rule.isUnusable {
            var parts: [(String, WildcardPattern)] = []
            if let path = rule.path { parts.append(("the path pattern", path)) }
            switch rule.query {
            case .any: break
            case .string(let pattern): parts.append(("the query pattern", pattern))
            case .items(let items): parts += items.map { ("the query item '\($0.name)' pattern", $0.pattern) }
            }
            if let fragment = rule.fragment { parts.append(("the fragment pattern", fragment)) }
            let location = LinkDecision.location(
                details: rule.detailsIndex, component: rule.componentIndex, legacyPath: rule.isLegacyPath)
            for (part, pattern) in parts {
                guard let reason = pattern.refusal, pattern.source.utf8.count <= WildcardPattern.maximumLength
                else { continue }
                refused.append(
                    RefusedPattern(location: location, component: rule.componentIndex, part: part, reason: reason))
            }
        }
        return refused
    }
}

extension AppSiteAssociation {
    /// The error a check or a generation reports when it stopped at a bound: what it found is true,
    /// but a URL it did not reach may be sent or kept wrongly, so it must not pass.
    static func incompleteAnalysis(states: Int, work: Int, options: AssociationCheckOptions) -> AssociationDiagnostic {
        let bound =
            states >= options.maximumStates
            ? "its bound of \(options.maximumStates) states" : "its bound of \(options.maximumWork) work units"
        return AssociationDiagnostic(
            severity: .error, kind: .incompleteAnalysis, location: "",
            message:
                "incomplete: the analysis stopped at \(bound) (\(states) states, \(work) units); what it reports is true, but URLs it did not reach may be sent or kept wrongly, so the check fails: fewer routes or components sharing wildcards make it finish"
        )
    }
}
