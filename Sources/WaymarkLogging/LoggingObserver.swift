public import Logging
public import Waymark
public import WaymarkPathConfiguration

/// Writes one structured swift-log line for every routing event and every path-configuration
/// report: register it with `RouteResolverBuilder.addObserver(_:)`, a `Router`'s `observation`
/// channel, a typed table's `observed(by:capacity:includesURLs:)` and a loader's `observers`.
///
/// A line's message is the source, the outcome and the route (`resolve handled product`); its
/// metadata is the event's `fields`, each key prefixed with `waymark.`:
///
/// | key | value |
/// |---|---|
/// | `waymark.source` | `resolve`, `confirmedResolve`, `preview`, `typedTable`, `router` or `deferred` |
/// | `waymark.outcome` | the routing status (`handled`, `handledByDefault`, `rejected`, …) or the preview's outcome |
/// | `waymark.route` | the route's name (the default route's when it took the link) |
/// | `waymark.template` | the template that matched |
/// | `waymark.origin` | `external` or `internal` |
/// | `waymark.link` | `app`, `universal` or `internal` |
/// | `waymark.filter`, `waymark.redirects` | the filter that rejected or last redirected; how many redirects |
/// | `waymark.feature`, `waymark.limit` | the unavailable feature; the limit the link was over |
/// | `waymark.duration_us` | how long it took, in microseconds |
/// | `waymark.value.NAME` | a value the route marked loggable (`RouteOption.loggable`) |
/// | `waymark.url` | the link, only when the app asked for it (`eventsIncludeURLs`) |
///
/// No line carries a parameter, query or fragment value, or the link, unless the app marked or
/// asked for it: the event has none to give.
///
/// Levels (``level(of:)-(RoutingEvent)``): a link a route opened (or will, after confirmation or
/// once the UI is ready), a cancelled one and every preview at `debug`; a link that fell to the
/// default route at `notice`; a destination that threw at `error`; every other outcome (refused,
/// rejected, internal-only, invalid, unmatched, declined, a redirect loop or a refused redirect, an
/// unavailable feature, over a limit, a route the app cannot show) at `warning`. Dropped events are
/// a `warning`.
public struct LoggingObserver: RoutingObserver, PathConfigurationObserver {
    /// Where the lines go.
    public let logger: Logger

    /// An observer writing to `logger` (by default labelled `waymark.routing`).
    public init(logger: Logger = Logger(label: "waymark.routing")) { self.logger = logger }

    /// The level of an event's line.
    public static func level(of event: RoutingEvent) -> Logger.Level {
        if event.source == .preview || event.outcome.opensRoute || event.outcome.isCancelled { return .debug }
        if event.outcome.tookDefaultRoute { return .notice }
        return event.outcome == RoutingEvent.Outcome(.failed) ? .error : .warning
    }

    /// Writes the event's line.
    public func observe(_ event: RoutingEvent) async {
        let level = Self.level(of: event)
        // Checked first: an app logging at `info` pays nothing for the routine lines.
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [:]
        for field in event.fields { metadata["waymark." + field.key] = .string(field.value) }
        let route = event.routeName.map { " " + $0 } ?? ""
        logger.log(level: level, "\(event.source) \(event.outcome)\(route)", metadata: metadata)
    }

    /// Writes a `warning` saying how many events were lost (`waymark.dropped`).
    public func eventsDropped(_ count: Int) async {
        logger.warning(
            "routing events dropped: the observers fell behind",
            metadata: ["waymark.dropped": .stringConvertible(count)])
    }

    /// The level of a report's line: a document applied at `info`; not modified and superseded at
    /// `debug`; a cache file ignored at `notice`; a failure, or a cache not written, at `warning`.
    public static func level(of report: PathConfigurationReport) -> Logger.Level {
        switch report.kind {
        case .applied: .info
        case .notModified, .superseded: .debug
        case .cacheIgnored: .notice
        case .failed, .cacheNotWritten: .warning
        }
    }

    /// Writes the report's line: `path configuration KIND: MESSAGE`, with `waymark.kind` and
    /// `waymark.source`.
    public func observe(_ report: PathConfigurationReport) async {
        let level = Self.level(of: report)
        guard logger.logLevel <= level else { return }
        logger.log(
            level: level, "path configuration \(report.kind.rawValue): \(report.message)",
            metadata: ["waymark.kind": .string(report.kind.rawValue), "waymark.source": .string("\(report.source)")])
    }

    /// Writes a `warning` saying how many reports were lost.
    public func reportsDropped(_ count: Int) async {
        logger.warning(
            "path configuration reports dropped: the observers fell behind",
            metadata: ["waymark.dropped": .stringConvertible(count)])
    }
}
