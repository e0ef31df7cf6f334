/// What happened to one link, as observers see it: the outcome, the route and template, where it
/// came from, what stopped or redirected it, and how long it took. Never a value the link carried,
/// unless the app marked it loggable (``RouteOption/loggable(_:)``), and never the link itself,
/// unless the app asked (``RouteResolverBuilder/eventsIncludeURLs``).
///
/// Every way of opening a link gives one event: ``RouteResolver/resolve(_:origin:)-(String,_)``,
/// ``RouteResolver/resolveConfirmed(_:)``, ``RouteResolver/preview(_:origin:)-(String,_)``, a
/// ``TypedRouteTable`` made ``TypedRouteTable/observed(by:capacity:includesURLs:)``, and a `Router`'s open (and
/// its deferred routes when they finally show). ``source`` says which.
///
/// ``fields`` is the event as documented key–value pairs, the one form that logs, metrics and
/// ``description`` are made from.
public struct RoutingEvent: Sendable, CustomStringConvertible {
    /// Which call produced an event.
    public struct Source: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// ``RouteResolver/resolve(_:origin:)-(String,_)``.
        public static let resolve = Source("resolve")
        /// ``RouteResolver/resolveConfirmed(_:)``: the user confirmed a link that asked.
        public static let confirmedResolve = Source("confirmedResolve")
        /// ``RouteResolver/preview(_:origin:)-(String,_)``: what resolving would do, at once.
        public static let preview = Source("preview")
        /// A ``TypedRouteTable``'s ``TypedRouteTable/resolve(_:origin:)-(String,_)``.
        public static let typedTable = Source("typedTable")
        /// A `Router`'s open: the presentation policy's answer for a route.
        public static let router = Source("router")
        /// A route a `Router` deferred, shown now that the UI is ready; the duration is the wait.
        public static let deferred = Source("deferred")

        /// The source's name, as in ``RoutingEvent/fields``.
        public var description: String { name }
    }

    /// What happened, in one word: a ``RoutingStatus`` for a resolution, a router or a typed table,
    /// a ``RoutePreview/Outcome`` for a preview. A small, closed set of names, fit for a metric label.
    public struct Outcome: Hashable, Sendable, CustomStringConvertible {
        /// The status's or the preview outcome's name (`handled`, `handledByDefault`, `opens`, …).
        public let name: String
        /// Whether a route of the app took the link (or will, once the UI is ready or the user
        /// confirms).
        public let opensRoute: Bool
        /// Whether the link fell to the default route.
        public let tookDefaultRoute: Bool
        /// Whether the app's presentation policy or the user cancelled it: the app working as designed.
        public let isCancelled: Bool

        /// The outcome of a resolution.
        public init(_ status: RoutingStatus) {
            name = status.description
            opensRoute = status == .handled || status == .deferred || status == .needsConfirmation
            tookDefaultRoute = status == .handledByDefault
            isCancelled = status == .presentationCancelled || status == .userCancelled
        }

        /// The outcome of a preview.
        public init(_ preview: RoutePreview.Outcome) {
            name = preview.rawValue
            opensRoute = preview == .opens || preview == .needsConfirmation
            tookDefaultRoute = preview == .opensDefault
            isCancelled = false
        }

        /// Whether the link neither opened a route, nor fell to the default route, nor was cancelled:
        /// it was refused, rejected, invalid, unmatched, over a limit, or a destination failed.
        public var isFailure: Bool { !opensRoute && !tookDefaultRoute && !isCancelled }

        /// ``name``.
        public var description: String { name }
    }

    /// Which call produced the event.
    public let source: Source
    /// What happened.
    public let outcome: Outcome
    /// The route that took the link (the default route's name when it fell there), if named.
    public let routeName: String?
    /// The template that matched, as written in the route's registration; `nil` when none did.
    public let template: String?
    /// Where the link came from; `nil` for a string that could not be read at all.
    public let origin: RouteOrigin?
    /// Whether it was an app link, a universal link or in-app navigation; `nil` for a string that
    /// could not be read at all.
    public let linkKind: RouteURL.Kind?
    /// The filter that rejected the link, or that redirected it last (`feature 'pro'` for a
    /// feature's fallback).
    public let filter: String?
    /// How many redirects the link took.
    public let redirectCount: Int
    /// The feature that was unavailable.
    public let feature: String?
    /// The limit the link was over.
    public let exceededLimit: RouteLimits.Limit?
    /// How long the call took (for ``Source/deferred``, how long the route waited).
    public let duration: Duration
    /// The values of the parameters and query items the route marked loggable, by name, sorted by
    /// name: empty unless the app asked (``RouteOption/loggable(_:)``).
    public let loggableValues: [LoggableValue]
    /// The link as given, only when the app asked for it (``RouteResolverBuilder/eventsIncludeURLs``):
    /// it may carry secrets.
    public let url: String?

    /// A value the app marked loggable.
    public struct LoggableValue: Hashable, Sendable {
        /// The parameter's or query item's name.
        public let name: String
        /// Its value, decoded.
        public let value: String

        /// Creates a loggable value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates an event; the library makes them, and a module of the package (a router) too.
    public init(
        source: Source, outcome: Outcome, routeName: String?, template: String?, origin: RouteOrigin?,
        linkKind: RouteURL.Kind?, filter: String? = nil, redirectCount: Int = 0, feature: String? = nil,
        exceededLimit: RouteLimits.Limit? = nil, duration: Duration, loggableValues: [LoggableValue] = [],
        url: String? = nil
    ) {
        self.source = source
        self.outcome = outcome
        self.routeName = routeName
        self.template = template
        self.origin = origin
        self.linkKind = linkKind
        self.filter = filter
        self.redirectCount = redirectCount
        self.feature = feature
        self.exceededLimit = exceededLimit
        self.duration = duration
        self.loggableValues = loggableValues
        self.url = url
    }

    /// The event as key–value pairs, in this order, each present only when it has a value:
    ///
    /// | key | value |
    /// |---|---|
    /// | `source` | ``source`` |
    /// | `outcome` | ``outcome`` |
    /// | `route` | ``routeName`` |
    /// | `template` | ``template`` |
    /// | `origin` | ``origin`` |
    /// | `link` | ``linkKind``: `app`, `universal` or `internal` |
    /// | `filter` | ``filter`` |
    /// | `redirects` | ``redirectCount``, when not 0 |
    /// | `feature` | ``feature`` |
    /// | `limit` | ``exceededLimit`` |
    /// | `duration_us` | ``duration`` in whole microseconds |
    /// | `value.NAME` | each of ``loggableValues`` |
    /// | `url` | ``url`` |
    public var fields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [("source", source.description), ("outcome", outcome.name)]
        if let routeName { fields.append(("route", routeName)) }
        if let template { fields.append(("template", template)) }
        if let origin { fields.append(("origin", origin.rawValue)) }
        if let linkKind { fields.append(("link", linkKind.rawValue)) }
        if let filter { fields.append(("filter", filter)) }
        if redirectCount > 0 { fields.append(("redirects", String(redirectCount))) }
        if let feature { fields.append(("feature", feature)) }
        if let exceededLimit { fields.append(("limit", exceededLimit.rawValue)) }
        fields.append(("duration_us", String(Self.microseconds(duration))))
        for value in loggableValues { fields.append(("value." + value.name, value.value)) }
        if let url { fields.append(("url", url)) }
        return fields
    }

    /// `resolve handledByDefault route=home origin=external link=app duration_us=3`: ``fields``
    /// after the source and outcome, as `key=value`.
    public var description: String {
        let rest = fields.dropFirst(2).map { "\($0.key)=\($0.value)" }
        return ([source.description, outcome.name] + rest).joined(separator: " ")
    }

    /// Whole microseconds, never negative.
    static func microseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(0, seconds &* 1_000_000 &+ attoseconds / 1_000_000_000_000)
    }
}

extension RoutingEvent {
    /// A route's case chain without its values, for events, logs and labels: `product(42)` →
    /// `product`, `account.order(7)` → `account.order`, `home` → `home`. Read from the route's
    /// encoding (or its reflection), never from ``Route/name``, which prints the associated values
    /// (a value from a link may be a secret) and which an app may write itself.
    public static func caseName(of route: some Route) -> String { RouteName.caseChain(of: route).chain }
}

extension RoutingEvent {
    /// The route an event counts under in a metric or a report, from a small set bounded by the
    /// app's own table: the route's name when a route took the link (`unnamed` for a route without
    /// one), `default` when it fell to the default route, `none` when no route took it. Never a
    /// URL, a template's text or a value, so a flood of made-up links cannot grow the set.
    public var routeLabel: String {
        let matched = template != nil || source == .router || source == .deferred
        return Self.routeLabel(outcome: outcome, routeName: matched ? routeName : nil, matched: matched)
    }

    /// The rule of ``routeLabel``, for what is not an event yet (a report's preview).
    static func routeLabel(outcome: Outcome, routeName: String?, matched: Bool) -> String {
        if outcome.tookDefaultRoute { return "default" }
        guard matched else { return "none" }
        return routeName ?? "unnamed"
    }
}
