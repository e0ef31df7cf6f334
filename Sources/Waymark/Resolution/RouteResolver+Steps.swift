/// The steps of one hop after matching: the default route, the outcome of a destination, features
/// and filters. Apart from `RouteResolver.swift` so that each file reads as one part of the lifecycle.
extension RouteResolver {
    func runDefault(_ url: RouteURL, origin: RouteOrigin, reason: String, otherwise: RoutingStatus) async
        -> Step
    {
        guard let route = defaultRoute else {
            let request = RouteRequest(
                url: url, origin: origin, routeName: nil, matchedTemplate: nil, scope: nil, routeParameters: nil,
                wildcard: nil, properties: properties([:], url))
            return .finished(RoutingResult(status: otherwise, reason: reason, request: request))
        }
        let request = RouteRequest(
            url: url, origin: origin, routeName: route.name, matchedTemplate: nil, scope: nil, routeParameters: nil,
            wildcard: nil, properties: properties(route.properties, url))
        if let stop = await runFilters(filters + route.filters, on: request) { return stop }
        do {
            let outcome = try await route.destination(request)
            if outcome == .handled {
                return .finished(RoutingResult(status: .handledByDefault, reason: reason, request: request))
            }
            if outcome != .declined { return .finished(finish(outcome, route, request)) }
            let why = reason + "; the default route declined too"
            return .finished(
                RoutingResult(status: otherwise == .refused ? .refused : .unmatched, reason: why, request: request))
        } catch {
            return .finished(
                RoutingResult(status: .failed, reason: "the default route threw: \(error)", request: request))
        }
    }

    /// The result of a destination's outcome other than `declined`.
    func finish(_ outcome: DestinationOutcome, _ route: Route, _ request: RouteRequest) -> RoutingResult {
        switch outcome {
        case .handled, .declined:
            return RoutingResult(status: .handled, reason: nil, request: request)
        case .deferred:
            return RoutingResult(
                status: .deferred, reason: "\(describe(route)) will be shown when the UI is ready", request: request)
        case .cancelled(let reason):
            return RoutingResult(
                status: .presentationCancelled, reason: "\(describe(route)) was cancelled: \(reason)", request: request)
        case .userCancelled:
            return RoutingResult(
                status: .userCancelled, reason: "the user cancelled \(describe(route))", request: request)
        case .unsupported(let reason):
            return RoutingResult(
                status: .unsupported, reason: "\(describe(route)) cannot be shown: \(reason)", request: request)
        }
    }

    /// Asks the route's features in order; returns the step that stops the request at the first
    /// that is unavailable.
    func checkFeature(_ route: Route, _ request: RouteRequest) async -> Step? {
        for requirement in route.features {
            if !(await requirement.feature.isAvailable()) { return stop(requirement, route, request) }
        }
        return nil
    }

    func stop(_ requirement: FeatureRequirement, _ route: Route, _ request: RouteRequest) -> Step {
        let feature = requirement.feature
        switch requirement.fallback {
        case .reject:
            return .finished(
                RoutingResult(
                    status: .featureUnavailable,
                    reason: "\(describe(route)) needs the feature '\(feature.name)', which is unavailable",
                    request: request, feature: feature.name))
        case .redirect(let target):
            return .redirect(to: target, filter: "feature '\(feature.name)'", request: request)
        }
    }

    /// Runs filters in order; returns the step that stops the request, or `nil` to go on.
    func runFilters(_ filters: [any RouteFilter], on request: RouteRequest) async -> Step? {
        for filter in filters {
            do {
                switch try await filter.evaluate(request) {
                case .proceed:
                    continue
                case .redirect(let target):
                    return .redirect(to: target, filter: filter.name, request: request)
                case .reject(let reason):
                    return .finished(
                        RoutingResult(
                            status: .rejected, reason: "filter '\(filter.name)' rejected the request: \(reason)",
                            request: request, filter: filter.name))
                }
            } catch {
                return .finished(
                    RoutingResult(
                        status: .rejected, reason: "filter '\(filter.name)' threw: \(error)", request: request,
                        filter: filter.name))
            }
        }
        return nil
    }
}
