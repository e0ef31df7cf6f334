import Waymark

/// Turns what ``CoverageAnalysis`` meets at each kind of path into diagnostics: one per route or
/// component, with the shortest example.
struct CoverageFindings {
    let routes: DomainRoutes
    let rules: [AssociationMatcher.Rule]
    let options: AssociationCheckOptions
    /// The narrowest pattern of each variant, and the variants that have it.
    let narrowest: [String: [Int]]
    /// For each `PREFIX/*` pattern, how many variants' narrowest patterns it covers as a merge
    /// (`AssociationGenerator.mergePrefixes`); with two or more, and when the routes need merges, a
    /// component with that pattern is a merge the generator writes to stay under Apple's size limit.
    let mergedRoutes: [String: Int]
    private var ordered: [String] = []
    private var byKey: [String: AssociationDiagnostic] = [:]
    /// Over-approximation examples per component: kind → example text.
    private var inherent: [Int: [(kind: String, text: String)]] = [:]

    /// Whether `PREFIX/*` merges are needed to fit the size limit
    /// (`AppSiteAssociation.mergesNeeded`).
    let mergesNeeded: Bool

    init(
        routes: DomainRoutes, rules: [AssociationMatcher.Rule], options: AssociationCheckOptions, mergesNeeded: Bool
    ) {
        self.mergesNeeded = mergesNeeded
        self.routes = routes
        self.rules = rules
        self.options = options
        var narrowest: [String: [Int]] = [:]
        for (index, variant) in routes.variants.enumerated() {
            narrowest[variant.narrowestPattern, default: []].append(index)
        }
        self.narrowest = narrowest
        var merged: [String: Int] = [:]
        for variant in routes.variants {
            for prefix in AssociationGenerator.mergePrefixes(of: variant.narrowestPattern) {
                merged[Self.folded(prefix.text + "/*", routes), default: 0] += 1
            }
        }
        mergedRoutes = merged
    }

    private static func folded(_ pattern: String, _ routes: DomainRoutes) -> String {
        routes.caseInsensitiveLiterals ? pattern.lowercased() : pattern
    }

    /// How many routes a component with this pattern merges, when it is a merge of two or more
    /// and merges are needed.
    func mergeCount(_ pattern: String?) -> Int? {
        guard mergesNeeded, let pattern, narrowest[pattern] == nil,
            let count = mergedRoutes[Self.folded(pattern, routes)],
            count >= 2
        else { return nil }
        return count
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
            // The analysis's URLs have no fragment: a component whose `#` pattern needs one (a
            // generated file's, for a route that requires a fragment) sends none of them.
            if !sends, let fragment = rules[rule].fragment, !fragment.matches(EmptyCollection()) { return }
            recordUnhandled(ending.path, rule: rule)
        }
    }

    private mutating func recordUnhandled(_ path: String, rule: Int) {
        let pattern = rules[rule].path.map(\.source)
        if mergeCount(pattern) != nil {
            if inherent[rule] == nil { inherent[rule] = [("merged", "\(path) (no route handles it)")] }
            return
        }
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

    /// Why a path the narrowest pattern of `variant` matches is not one of its paths: when its
    /// segments do not line up with the template's (more of them, or a literal elsewhere), a `?*`
    /// spanned several; otherwise a value its type refuses, or a segment its pattern (`{name}.json`)
    /// does not fit; otherwise another route takes it.
    static func kind(of path: String, against variant: VariantShape) -> (String, String) {
        let segments = path.split(separator: "/").map(String.init)
        let spans = ("spans", "a ?* wildcard spans several segments")
        let hasRest = variant.segments.last == .rest
        let fixed = variant.segments.count - (hasRest ? 1 : 0)
        if segments.count < fixed || (!hasRest && segments.count > fixed) { return spans }
        for (segment, text) in zip(variant.segments, segments) {
            guard case .literal(let literal) = segment else { continue }
            let scalars = Array(text.unicodeScalars)
            guard scalars.count == literal.count,
                zip(scalars, literal).allSatisfy({ ScalarCase.equal($0, $1, ignoringCase: true) })
            else { return spans }
        }
        for (index, segment) in zip(variant.segments, segments).enumerated() {
            if case .pattern = segment.0, let pattern = variant.patterns[index], !pattern.accepts(segment.1) {
                return ("pattern \(index)", "segment \(index + 1) does not fit '\(pattern.pattern)'")
            }
            guard case .value(let shape) = segment.0 else { continue }
            var state: Int32? = ValueShape.start
            for scalar in segment.1.unicodeScalars { state = state.flatMap { shape.step($0, scalar) } }
            if !(state.map(shape.accepts) ?? false) {
                return ("type \(index)", "segment \(index + 1) is not \(shape.article)")
            }
            if let pattern = variant.patterns[index], !pattern.accepts(segment.1) {
                return ("pattern \(index)", "segment \(index + 1) does not fit '\(pattern.pattern)'")
            }
        }
        if !variant.requirementsBeyondPath.isEmpty {
            let items = variant.requirementsBeyondPath.joined(separator: " and ")
            return ("beyond path", "the route also requires \(items), which the component does not check")
        }
        return ("other", "another route takes it first")
    }

    private func location(_ rule: Int) -> String {
        let compiled = rules[rule]
        return LinkDecision.location(
            details: compiled.detailsIndex, component: compiled.componentIndex, legacyPath: compiled.isLegacyPath)
    }

    /// The kinds of URL the narrowest pattern of `variant` covers beyond the variant, with example
    /// paths (several for a kind, in order): several segments where a value takes one, a value its
    /// type refuses.
    static func structuralKinds(of variant: VariantShape) -> [(kind: String, path: String, text: String)] {
        var kinds: [(String, String, String)] = []
        let examples = variant.exampleSegments
        func path(replacing index: Int, with text: String) -> String {
            var segments = examples
            segments[index] = text
            return "/" + segments.joined(separator: "/")
        }
        // Several segments in each value's place (an earlier component may take some of them).
        for (index, segment) in variant.segments.enumerated() {
            switch segment {
            case .value, .pattern: break
            case .literal, .rest: continue
            }
            kinds.append(
                (
                    "spans", path(replacing: index, with: examples[index] + "/" + examples[index]),
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

    /// The diagnostics, errors first, each kind in the order found, with the work spent on the
    /// examples tried here (each a decision of the whole file) and whether they were all tried
    /// before `workLimit`.
    func diagnostics(workLimit: Int) -> (diagnostics: [AssociationDiagnostic], work: Int, isComplete: Bool) {
        var work = 0
        var isComplete = true
        var result = ordered.compactMap { byKey[$0] }
        let matcher = AssociationMatcher(appID: "", rules: rules)
        // Every include with a template's narrowest pattern, besides those the walk found sending:
        // where the walk stops early (no route can match what follows), the kinds are tried here.
        var candidates = Set(inherent.keys)
        for (index, rule) in rules.enumerated()
        where !rule.exclude && !rule.isUnusable && narrowest[rule.path?.source ?? ""] != nil {
            candidates.insert(index)
        }
        for rule in candidates.sorted() {
            guard work < workLimit else {
                isComplete = false
                break
            }
            var examples = inherent[rule] ?? []
            // The walk meets each kind of path once, and paths of several kinds can share a state:
            // the kinds the pattern's shape allows are each tried with an example of their own.
            if let pattern = rules[rule].path?.source, let variant = narrowest[pattern]?.first {
                for kind in Self.structuralKinds(of: routes.variants[variant])
                where !examples.contains(where: { $0.kind == kind.kind }) {
                    let url = "https://\(routes.domain)\(kind.path)"
                    let decision = matcher.decision(for: url, work: &work)
                    guard decision.opens, decision.detailsIndex == rules[rule].detailsIndex,
                        decision.componentIndex == rules[rule].componentIndex,
                        !routes.resolver.preview(url, origin: .external).opensRoute
                    else { continue }
                    examples.append((kind.kind, "\(kind.path) (\(kind.text))"))
                }
            }
            guard !examples.isEmpty else { continue }
            let route = narrowest[rules[rule].path?.source ?? ""].flatMap(\.first).flatMap {
                routes.resolver.routeName(at: routes.variants[$0].registration)
            }
            if let count = mergeCount(rules[rule].path?.source), let pattern = rules[rule].path?.source {
                result.append(
                    AssociationDiagnostic(
                        severity: .note, kind: .unhandledURLsSent, location: location(rule),
                        componentIndex: rules[rule].componentIndex,
                        message:
                            "sends every URL under \(pattern.dropLast(2)) to the app, as a merge of the \(count) routes under it must (the generator merges to keep a file under Apple's 128 KB): "
                            + examples.map(\.text).joined(separator: "; ")))
                continue
            }
            result.append(
                AssociationDiagnostic(
                    severity: .note, kind: .unhandledURLsSent, location: location(rule),
                    componentIndex: rules[rule].componentIndex, routeName: route,
                    message:
                        "sends URLs no route handles, as any pattern for \(route.map { "route \($0)" } ?? "this template") must (AASA patterns cannot say \"one segment\" or \"digits only\"): "
                        + examples.map(\.text).joined(separator: "; ")))
        }
        let sorted = result.enumerated().sorted {
            ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
        }.map(\.element)
        return (sorted, work, isComplete)
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
