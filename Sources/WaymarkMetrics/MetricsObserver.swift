public import CoreMetrics
public import Waymark
public import WaymarkPathConfiguration

/// Counts routing events and path-configuration reports with swift-metrics: register it where
/// `LoggingObserver`-style observers go (`RouteResolverBuilder.addObserver(_:)`, a `Router`'s
/// `observation`, a typed table's `observed(by:capacity:includesURLs:)`, a loader's `observers`).
///
/// | metric | kind | dimensions |
/// |---|---|---|
/// | `waymark_links` | counter | `source`, `outcome`, `route`, `origin` |
/// | `waymark_link_duration` | timer (nanoseconds) | `source`, `route` |
/// | `waymark_events_dropped` | counter (routing events and loader reports alike) | none |
/// | `waymark_path_configuration_reports` | counter | `kind` |
///
/// The number of label values is bounded by construction (`RoutingEvent.routeLabel`): `source`,
/// `outcome` and `origin` are small closed sets; `route` is the name of a route of the app's own
/// table, `unnamed`, `default` when the link fell to the default route, or `none` when no route
/// took it. No URL, template text or value is ever a label, so a flood of made-up links cannot grow
/// the set.
public struct MetricsObserver: RoutingObserver, PathConfigurationObserver {
    /// The factory the metrics are made with.
    public let factory: any MetricsFactory

    /// An observer recording with `factory` (by default, the one the app bootstrapped with
    /// `MetricsSystem.bootstrap`).
    public init(factory: any MetricsFactory = MetricsSystem.factory) { self.factory = factory }

    /// Counts the event and records its duration.
    public func observe(_ event: RoutingEvent) async {
        let route = event.routeLabel
        Counter(
            label: "waymark_links",
            dimensions: [
                ("source", event.source.description), ("outcome", event.outcome.name), ("route", route),
                ("origin", event.origin?.rawValue ?? "none"),
            ], factory: factory
        ).increment()
        CoreMetrics.Timer(
            label: "waymark_link_duration", dimensions: [("source", event.source.description), ("route", route)],
            factory: factory
        ).recordNanoseconds(Self.nanoseconds(event.duration))
    }

    /// Adds `count` to `waymark_events_dropped`.
    public func eventsDropped(_ count: Int) async {
        Counter(label: "waymark_events_dropped", factory: factory).increment(by: Int64(count))
    }

    /// Counts the report under its kind.
    public func observe(_ report: PathConfigurationReport) async {
        Counter(
            label: "waymark_path_configuration_reports", dimensions: [("kind", report.kind.rawValue)], factory: factory
        ).increment()
    }

    /// Adds `count` to `waymark_events_dropped`.
    public func reportsDropped(_ count: Int) async {
        Counter(label: "waymark_events_dropped", factory: factory).increment(by: Int64(count))
    }

    /// Whole nanoseconds, saturating.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? 0 : .max }
        return max(0, scaled &+ attoseconds / 1_000_000_000)
    }
}
