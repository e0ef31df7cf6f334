/// What a typed table does with a link, as the contract check compares it: the case it opens (by
/// its full name) with the parameters its template captured, or why none opens.
enum TypedObservation {
    case opens(route: String, parameters: RouteParameters)
    case asksToConfirm(route: String, parameters: RouteParameters)
    case internalOnly(route: String, reason: String)
    case needsResolver(route: String, reason: String)
    /// Why, with the value that did not convert, and without it.
    case invalid(String, redacted: String)
    case refused(String)
    case unmatched(String)
}

extension TypedRouteTable {
    /// What ``resolve(_:origin:)-(String,_)`` does with `url`, with the match that decided it and
    /// why a matching case did not open.
    func observe(_ url: String, origin: RouteOrigin?) -> TypedObservation {
        let lookup = table.candidates(url)
        let origin = origin ?? RouteResolver.inferredOrigin(of: url)
        var firstError: RouteInputError?
        var firstStopped: TypedObservation?
        for match in lookup.matches {
            let entry = map.entries[match.value]
            let settings = entry.settings
            if !settings.filters.isEmpty || !settings.features.isEmpty {
                firstStopped =
                    firstStopped
                    ?? .needsResolver(
                        route: entry.label,
                        reason: "its filters or feature are asked asynchronously; check it through a RouteResolver")
                continue
            }
            if origin == .external && settings.internalOnly {
                firstStopped =
                    firstStopped
                    ?? .internalOnly(
                        route: entry.label, reason: "\(entry.label) is internal-only; external links cannot open it")
                continue
            }
            do throws(RouteInputError) {
                _ = try route(from: match, rawQuery: lookup.url?.rawQuery)
            } catch {
                firstError = firstError ?? error
                continue
            }
            if origin == .external && settings.requiresConfirmation {
                firstStopped = firstStopped ?? .asksToConfirm(route: entry.label, parameters: match.parameters)
                continue
            }
            return .opens(route: entry.label, parameters: match.parameters)
        }
        if let firstStopped { return firstStopped }
        if let firstError {
            return .invalid(
                "its values make no case: \(firstError.message)",
                redacted:
                    "its values make no case: parameter '\(firstError.parameter)' is not a \(firstError.expectedType)")
        }
        switch lookup.outcome {
        case .refused: return .refused(lookup.reason ?? "the scheme or domain is not accepted")
        case .invalid, .limitExceeded:
            let reason = lookup.reason ?? "it cannot be routed"
            return .invalid(reason, redacted: reason)
        default: return .unmatched(lookup.reason ?? "no route matches")
        }
    }
}
