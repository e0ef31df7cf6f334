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
        var findings = CoverageFindings(
            routes: routes, rules: rules, options: options,
            mergesNeeded: mergesNeeded
                ?? Self.mergesNeeded(routes: routes, rules: rules, appID: appID, options: options))
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
        let analysis = CoverageAnalysis(
            routes: routes, rules: rules,
            limits: .init(maximumStates: options.maximumStates, maximumWork: options.maximumWork))
        let summary = analysis.run { findings.record($0) }
        if !summary.isComplete {
            findings.add(
                .warning, .incompleteAnalysis, "",
                "the check stopped after \(summary.states) states and \(summary.work) steps; what it reports is true, but there may be more"
            )
        }
        for type in routes.opaqueTypes.sorted() {
            findings.add(
                .note, .incompleteAnalysis, "",
                "the parameter type <\(type)> is the app's own: the check takes it to accept every segment")
        }
        for segment in routes.patternSegments.sorted() {
            findings.add(
                .note, .incompleteAnalysis, "",
                "the segment '\(segment)' has parameters inside it: the check takes it to accept every segment, so a component for it matches more than the route"
            )
        }
        return AssociationReport(
            diagnostics: diagnostics + findings.diagnostics(), isComplete: summary.isComplete,
            statesVisited: summary.states, work: summary.work)
    }
}

extension AppSiteAssociation {
    /// Whether a file for these routes must merge components to fit Apple's size limit: when one
    /// component per route (what the generator writes first) is over 128 KB. Only then is a
    /// `PREFIX/*` component over several routes read as a needed merge; otherwise it is broader than
    /// the routes need. Computed only when the file has such a component.
    static func mergesNeeded(
        routes: DomainRoutes, rules: [AssociationMatcher.Rule], appID: String, options: AssociationCheckOptions
    ) -> Bool {
        let hasPrefixComponent = rules.contains { rule in
            guard let source = rule.path?.source, source.hasSuffix("/*") else { return false }
            return !source.dropLast(2).contains { $0 == "*" || $0 == "?" }
        }
        guard hasPrefixComponent else { return false }
        let generator = AssociationGenerator(routes: routes, options: options)
        let narrowest = generator.file(generator.initialComponents(), appID: appID)
        return narrowest.jsonData.count > maximumAppleFileSize
    }
}
