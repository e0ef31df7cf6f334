/// A route's options, merged: what every registration form turns its ``RouteOption`` list into.
/// The one place that says how options combine (see ``RouteOption``).
struct RouteSettings: Sendable {
    /// `nil`: not given, so the default scopes (or, for a nested route, the parent's).
    var scopes: [RouteScope]?
    /// `nil`: not given, so 0 (or the parent's).
    var priority: Int?
    var internalOnly = false
    var reachableThroughRedirects = false
    var properties: [String: JSONValue] = [:]
    var filters: [any RouteFilter] = []
    var features: [FeatureRequirement] = []
    var requiresConfirmation = false
    /// Templates besides the route's first, as given.
    var alsoMatches: [RouteTemplate] = []
    /// Which values may appear in routing events.
    var loggable = LoggableValues.none

    init() {}

    /// `options` applied in order onto `base`.
    init(_ options: [RouteOption], over base: RouteSettings = RouteSettings()) {
        self = base
        for option in options { apply(option) }
    }

    /// The scopes in force.
    var effectiveScopes: [RouteScope] { scopes ?? RouteScope.defaultScopes }
    /// The priority in force.
    var effectivePriority: Int { priority ?? 0 }

    /// The settings of a nested route: the parent's, then the child's own options on top. The
    /// child's other templates are its own (a parent's are joined with the child's by the caller).
    func nested(_ own: [RouteOption]) -> RouteSettings {
        var child = self
        child.alsoMatches = []
        for option in own { child.apply(option) }
        return child
    }

    private mutating func apply(_ option: RouteOption) {
        switch option.kind {
        case .scopes(let given): scopes = given
        case .priority(let given): priority = given
        case .internalOnly(let throughRedirects):
            internalOnly = true
            reachableThroughRedirects = reachableThroughRedirects || throughRedirects
        case .properties(let given): properties.merge(given) { _, later in later }
        case .filters(let given): filters += given
        case .feature(let requirement): features.append(requirement)
        case .requiresConfirmation: requiresConfirmation = true
        case .alsoMatches(let templates): alsoMatches += templates
        case .loggable(let given): loggable = loggable.adding(given)
        }
    }

    /// What a default route cannot have: it runs when nothing matches, so it has no templates or
    /// scopes, and it must open for any link. `nil` when the options suit a default route.
    static func defaultRouteProblem(_ options: [RouteOption]) -> String? {
        for option in options {
            switch option.kind {
            case .properties, .filters, .loggable: continue
            case .scopes: return "scopes"
            case .priority: return "a priority"
            case .internalOnly: return "internal-only"
            case .feature: return "a feature"
            case .requiresConfirmation: return "confirmation"
            case .alsoMatches: return "other templates"
            }
        }
        return nil
    }
}

/// Which of a route's values may appear in routing events (``RouteOption/loggable``).
enum LoggableValues: Sendable, Equatable {
    case none
    case all
    case names(Set<String>)

    /// Both markings: everything when either says so, else the union of the names.
    func adding(_ other: LoggableValues) -> LoggableValues {
        switch (self, other) {
        case (.all, _), (_, .all): .all
        case (.none, let given), (let given, .none): given
        case (.names(let mine), .names(let theirs)): .names(mine.union(theirs))
        }
    }

    func allows(_ name: String) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .names(let names): names.contains(name)
        }
    }
}
