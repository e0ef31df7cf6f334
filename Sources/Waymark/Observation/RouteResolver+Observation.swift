/// A resolver's observers and what its events may carry: one box, so that a resolver without
/// observers pays one `nil` test per call and nothing else.
final class ResolverObservation: Sendable {
    let channel: ObservationChannel<RoutingEvent>
    let includesURLs: Bool
    /// The values each named route lets events carry; only routes that mark any.
    let loggable: [String: LoggableValues]

    /// - Parameter routes: Each route's name and the values it lets events carry.
    init(
        channel: ObservationChannel<RoutingEvent>, includesURLs: Bool,
        routes: some Sequence<(name: String?, loggable: LoggableValues)>
    ) {
        self.channel = channel
        self.includesURLs = includesURLs
        var loggable: [String: LoggableValues] = [:]
        for route in routes where route.loggable != .none {
            if let name = route.name { loggable[name] = route.loggable }
        }
        self.loggable = loggable
    }

    /// The event of a resolution.
    func send(_ result: RoutingResult, source: RoutingEvent.Source, link: String, since start: ContinuousClock.Instant)
    {
        let request = result.request
        channel.send(
            RoutingEvent(
                source: source, outcome: RoutingEvent.Outcome(result.status), routeName: request?.routeName,
                template: request?.matchedTemplate?.pattern, origin: request?.origin, linkKind: request?.url.kind,
                filter: result.filter ?? result.redirects.last?.filter, redirectCount: result.redirects.count,
                feature: result.feature, exceededLimit: result.exceededLimit, duration: ContinuousClock.now - start,
                loggableValues: values(of: request), url: includesURLs ? link : nil))
    }

    /// The event of a preview.
    func send(_ preview: RoutePreview, link: String, since start: ContinuousClock.Instant) {
        let request = preview.request
        channel.send(
            RoutingEvent(
                source: .preview, outcome: RoutingEvent.Outcome(preview.outcome), routeName: request?.routeName,
                template: request?.matchedTemplate?.pattern, origin: request?.origin, linkKind: request?.url.kind,
                exceededLimit: preview.exceededLimit, duration: ContinuousClock.now - start,
                loggableValues: values(of: preview.request),
                url: includesURLs ? link : nil))
    }

    /// The values of `request` its route marked loggable, sorted by name: its parameters, then its
    /// query items (a name in both gives both). Empty for a route that marked none.
    func values(of request: RouteRequest?) -> [RoutingEvent.LoggableValue] {
        guard let request else { return [] }
        return values(route: request.routeName, request.routeParameters, request.queryParameters)
    }

    /// The values of a route's parameters and query its route marked loggable, sorted by name.
    func values(route name: String?, _ parameters: RouteParameters?, _ query: QueryParameters?)
        -> [RoutingEvent.LoggableValue]
    {
        guard let name, let marking = loggable[name] else { return [] }
        var values: [RoutingEvent.LoggableValue] = []
        for parameter in parameters ?? RouteParameters() where marking.allows(parameter.name) {
            values.append(RoutingEvent.LoggableValue(name: parameter.name, value: parameter.value))
        }
        for item in query ?? QueryParameters() where marking.allows(item.name) {
            if let value = item.value { values.append(RoutingEvent.LoggableValue(name: item.name, value: value)) }
        }
        return values.sorted { $0.name < $1.name }
    }
}

extension RouteResolver {
    /// The channel that hands this resolver's events to its observers, or `nil` when it has none:
    /// its ``ObservationChannel/statistics`` say how many were dropped, and
    /// ``ObservationChannel/drain()`` waits for them to be delivered.
    public var observation: ObservationChannel<RoutingEvent>? { observer?.channel }
}
