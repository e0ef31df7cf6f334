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
        let routes = DomainRoutes(resolver: resolver, domain: domain)
        let rules = applinks.map { Self.rules($0, appID: appID) } ?? []
        var findings = CoverageFindings(routes: routes, rules: rules, options: options)
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
        return AssociationReport(
            diagnostics: diagnostics + findings.diagnostics(), isComplete: summary.isComplete,
            statesVisited: summary.states, work: summary.work)
    }
}

/// Turns what ``CoverageAnalysis`` meets at each kind of path into diagnostics: one per route or
/// component, with the shortest example.
struct CoverageFindings {
    let routes: DomainRoutes
    let rules: [AssociationMatcher.Rule]
    let options: AssociationCheckOptions
    /// The narrowest pattern of each variant, and the variants that have it.
    let narrowest: [String: [Int]]
    private var ordered: [String] = []
    private var byKey: [String: AssociationDiagnostic] = [:]
    /// Over-approximation examples per component: kind → example text.
    private var inherent: [Int: [(kind: String, text: String)]] = [:]

    init(routes: DomainRoutes, rules: [AssociationMatcher.Rule], options: AssociationCheckOptions) {
        self.routes = routes
        self.rules = rules
        self.options = options
        var narrowest: [String: [Int]] = [:]
        for (index, variant) in routes.variants.enumerated() {
            narrowest[variant.narrowestPattern, default: []].append(index)
        }
        self.narrowest = narrowest
    }

    mutating func add(
        _ severity: AssociationDiagnostic.Severity, _ kind: AssociationDiagnostic.Kind, _ location: String,
        _ message: String, key: String? = nil, component: Int? = nil, route: String? = nil, example: String? = nil
    ) {
        let key = key ?? "\(kind.rawValue) \(location) \(message)"
        guard byKey[key] == nil else { return }
        ordered.append(key)
        byKey[key] = AssociationDiagnostic(
            severity: severity, kind: kind, location: location, componentIndex: component, routeName: route,
            message: message, example: example)
    }

    /// What the app does with a path from outside.
    enum Handling {
        case opens(String)
        case restricted(String, String)
        case unhandled
    }

    func handling(_ ending: CoverageAnalysis.Ending) -> Handling {
        guard !ending.variants.isEmpty else { return .unhandled }
        let preview = routes.resolver.preview("https://\(routes.domain)\(ending.path)", origin: .external)
        let name = preview.request?.routeName ?? "(unnamed)"
        switch preview.outcome {
        case .opens: return .opens(name)
        case .needsConfirmation:
            return options.confirmationRoutes == .sendToApp
                ? .opens(name)
                : .restricted(name, "needs the user's confirmation, and the options keep such routes in the browser")
        case .internalOnly: return .restricted(name, "is internal-only: the app refuses it from a link")
        case .opensDefault, .unmatched, .refused, .invalid, .limitExceeded: return .unhandled
        }
    }

    mutating func record(_ ending: CoverageAnalysis.Ending) {
        // The first component with no query or fragment condition decides for every URL of the
        // path; conditional ones before it decide for some.
        var conditional: [Int] = []
        var decisive: Int?
        for rule in ending.rules {
            if rules[rule].constrainsQueryOrFragment {
                conditional.append(rule)
            } else {
                decisive = rule
                break
            }
        }
        let sends = decisive.map { !rules[$0].exclude } ?? false
        let sometimesSends = conditional.first { !rules[$0].exclude }
        let sometimesKeeps = conditional.first { rules[$0].exclude }
        let url = "https://\(routes.domain)\(ending.path)"
        switch handling(ending) {
        case .opens(let name):
            if !sends {
                if let rule = sometimesSends {
                    add(
                        .warning, .routeNotSent, "route \(name)",
                        "the file sends \(url) to the app only when its query or fragment matches \(location(rule))",
                        key: "partial \(name)", route: name, example: url)
                } else {
                    let why = decisive.map { "\(location($0)) excludes it" } ?? "no component matches it"
                    add(
                        .error, .routeNotSent, "route \(name)", "the file does not send \(url) to the app: \(why)",
                        key: "never \(name)", route: name, example: url)
                }
            } else if let rule = sometimesKeeps {
                add(
                    .warning, .routeNotSent, "route \(name)",
                    "the file keeps \(url) in the browser when its query or fragment matches \(location(rule))",
                    key: "partial \(name)", route: name, example: url)
            }
        case .restricted(let name, let why):
            guard let rule = sends ? decisive : sometimesSends else { return }
            add(
                .error, .restrictedRouteSent, location(rule),
                "sends \(url) to the app, but route \(name) \(why); put an exclude component for it before this one",
                key: "restricted \(name)", component: rules[rule].componentIndex, route: name, example: url)
        case .unhandled:
            guard let rule = sends ? decisive : sometimesSends else { return }
            recordUnhandled(ending.path, rule: rule)
        }
    }

    private mutating func recordUnhandled(_ path: String, rule: Int) {
        let pattern = rules[rule].path.map(\.source)
        guard let pattern, let variants = narrowest[pattern], let variant = variants.first else {
            add(
                .warning, .unhandledURLsSent, location(rule),
                "sends URLs to the app that no route handles: the app opens its default route instead of the web page",
                key: "broad \(rule)", component: rules[rule].componentIndex, example: "https://\(routes.domain)\(path)")
            return
        }
        let (kind, text) = Self.kind(of: path, against: routes.variants[variant])
        var examples = inherent[rule, default: []]
        guard !examples.contains(where: { $0.kind == kind }) else { return }
        examples.append((kind, "\(path) (\(text))"))
        inherent[rule] = examples
    }

    /// Why a path the narrowest pattern of `variant` matches is not one of its paths.
    static func kind(of path: String, against variant: VariantShape) -> (String, String) {
        let segments = path.split(separator: "/").map(String.init)
        let hasRest = variant.segments.last == .rest
        if !hasRest && segments.count > variant.segments.count {
            return ("spans", "a ?* wildcard spans several segments")
        }
        for (index, segment) in zip(variant.segments, segments).enumerated() {
            guard case .value(let shape) = segment.0 else { continue }
            var state: Int32? = ValueShape.start
            for scalar in segment.1.unicodeScalars { state = state.flatMap { shape.step($0, scalar) } }
            if !(state.map(shape.accepts) ?? false) {
                return ("type \(index)", "segment \(index + 1) is not \(shape.article)")
            }
        }
        return ("other", "another route takes it first")
    }

    private func location(_ rule: Int) -> String {
        let compiled = rules[rule]
        return
            "applinks.details[\(compiled.detailsIndex)].\(compiled.isLegacyPath ? "paths" : "components")[\(compiled.componentIndex)]"
    }

    /// The kinds of URL the narrowest pattern of `variant` covers beyond the variant, each with an
    /// example path: several segments where a value takes one, a value its type refuses.
    static func structuralKinds(of variant: VariantShape) -> [(kind: String, path: String, text: String)] {
        var kinds: [(String, String, String)] = []
        let examples = variant.exampleSegments
        func path(replacing index: Int, with text: String) -> String {
            var segments = examples
            segments[index] = text
            return "/" + segments.joined(separator: "/")
        }
        if let first = variant.segments.firstIndex(where: { if case .value = $0 { true } else { false } }),
            variant.segments.last != .rest
        {
            kinds.append(
                (
                    "spans", path(replacing: first, with: examples[first] + "/" + examples[first]),
                    "a ?* wildcard spans several segments"
                ))
        }
        for (index, segment) in variant.segments.enumerated() {
            guard case .value(let shape) = segment, let refused = shape.refusedExample else { continue }
            kinds.append(
                ("type \(index)", path(replacing: index, with: refused), "segment \(index + 1) is not \(shape.article)")
            )
        }
        return kinds
    }

    /// The diagnostics, errors first, each kind in the order found.
    func diagnostics() -> [AssociationDiagnostic] {
        var result = ordered.compactMap { byKey[$0] }
        let matcher = AssociationMatcher(appID: "", rules: rules)
        for rule in inherent.keys.sorted() {
            guard var examples = inherent[rule] else { continue }
            // The walk meets each kind of path once, and paths of several kinds can share a state:
            // the kinds the pattern's shape allows are each tried with an example of their own.
            if let pattern = rules[rule].path?.source, let variant = narrowest[pattern]?.first {
                for kind in Self.structuralKinds(of: routes.variants[variant])
                where !examples.contains(where: { $0.kind == kind.kind }) {
                    let url = "https://\(routes.domain)\(kind.path)"
                    let decision = matcher.decision(for: url)
                    guard decision.opens, decision.detailsIndex == rules[rule].detailsIndex,
                        decision.componentIndex == rules[rule].componentIndex,
                        !routes.resolver.preview(url, origin: .external).opensRoute
                    else { continue }
                    examples.append((kind.kind, "\(kind.path) (\(kind.text))"))
                }
            }
            let route = narrowest[rules[rule].path?.source ?? ""].flatMap(\.first).flatMap {
                routes.resolver.routeName(at: routes.variants[$0].registration)
            }
            result.append(
                AssociationDiagnostic(
                    severity: .note, kind: .unhandledURLsSent, location: location(rule),
                    componentIndex: rules[rule].componentIndex, routeName: route,
                    message:
                        "sends URLs no route handles, as any pattern for \(route.map { "route \($0)" } ?? "this template") must (AASA patterns cannot say \"one segment\" or \"digits only\"): "
                        + examples.map(\.text).joined(separator: "; ")))
        }
        return result.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(
            \.element)
    }
}

extension ValueShape {
    /// A segment of the narrowest pattern's shape that the type refuses; `nil` for ``any``.
    var refusedExample: String? {
        switch self {
        case .any: nil
        case .int, .float: "a"
        case .uuid: "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"
        }
    }

    /// `an int`, `a UUID`, …: for messages.
    var article: String {
        switch self {
        case .any: "a segment"
        case .int: "an int"
        case .float: "a float"
        case .uuid: "a UUID"
        }
    }
}
