extension TypedRouteTable {
    /// The same table, with observers: every ``resolve(_:origin:)-(String,_)`` (and so
    /// ``route(for:origin:)-(String,_)``) gives them one ``RoutingEvent`` of source
    /// ``RoutingEvent/Source/typedTable``.
    ///
    /// The outcome is ``RoutingStatus/handled`` when a case opened, ``RoutingStatus/invalid`` when
    /// the values fit no case, ``RoutingStatus/declined`` when cases matched but none opens by
    /// matching alone (internal-only or confirmation from outside, filters, features), and
    /// otherwise the lookup's: ``RoutingStatus/unmatched``, ``RoutingStatus/refused``,
    /// ``RoutingStatus/invalid`` or ``RoutingStatus/limitExceeded``. The route is the case's full
    /// name (`ShopRoute.product`); its values are loggable as the case's ``RouteOption/loggable``
    /// says.
    ///
    /// - Parameters:
    ///   - observers: Given every event, in order, on a task of their own (``ObservationChannel``).
    ///   - capacity: How many events may wait before new ones are dropped and counted.
    ///   - includesURLs: Whether events carry the link (``RoutingEvent/url``): see
    ///     ``RouteResolverBuilder/eventsIncludeURLs``.
    public func observed(by observers: [any RoutingObserver], capacity: Int = 4096, includesURLs: Bool = false)
        -> TypedRouteTable
    {
        var copy = self
        copy.observer =
            observers.isEmpty
            ? nil
            : ResolverObservation(
                channel: ObservationChannel(observers: observers, capacity: capacity), includesURLs: includesURLs,
                routes: map.entries.map { ($0.label, $0.settings.loggable) })
        return copy
    }

    /// The channel that hands this table's events to its observers, or `nil` when it has none.
    public var observation: ObservationChannel<RoutingEvent>? { observer?.channel }

    func event(
        of reading: Reading, origin: RouteOrigin, link: String, since start: ContinuousClock.Instant,
        observer: ResolverObservation
    ) -> RoutingEvent {
        let lookup = reading.lookup
        let status: RoutingStatus =
            switch (reading.value, lookup.outcome) {
            case (.success, _): .handled
            case (.failure, _): .invalid
            case (nil, .matched): .declined
            case (nil, .unmatched): .unmatched
            case (nil, .refused): .refused
            case (nil, .invalid): .invalid
            case (nil, .limitExceeded): .limitExceeded
            }
        let label = reading.match.map { map.entries[$0.value].label }
        return RoutingEvent(
            source: .typedTable, outcome: RoutingEvent.Outcome(status), routeName: label,
            template: reading.match?.template.pattern, origin: lookup.url == nil ? nil : origin,
            linkKind: lookup.url?.kind, exceededLimit: lookup.exceededLimit, duration: ContinuousClock.now - start,
            loggableValues: observer.values(route: label, reading.match?.parameters, lookup.url?.query),
            url: observer.includesURLs ? link : nil)
    }
}
