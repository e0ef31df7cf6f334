extension TypedRouteTable {
    /// What ``resolve(_:origin:)-(String,_)`` does with `url`, as the contract check compares it:
    /// the case it opens (by its full name) with the parameters its template captured, or why no
    /// matching case opened (the first candidate's reason, in precedence order).
    func observe(_ url: String, origin: RouteOrigin?) -> LinkContract.Observation {
        let lookup = table.candidates(url)
        let origin = origin ?? RouteResolver.inferredOrigin(of: url)
        var firstError: RouteInputError?
        var firstStopped: LinkContract.Observation?
        for match in lookup.matches {
            let entry = map.entries[match.value]
            let settings = entry.settings
            if !settings.filters.isEmpty || !settings.features.isEmpty {
                firstStopped =
                    firstStopped
                    ?? .init(
                        outcome: .notOpened, route: entry.label,
                        reason: "its filters or feature are asked asynchronously; check it through a RouteResolver")
                continue
            }
            if origin == .external && settings.internalOnly {
                firstStopped =
                    firstStopped
                    ?? .init(
                        outcome: .internalOnly, route: entry.label,
                        reason: "\(entry.label) is internal-only; external links cannot open it")
                continue
            }
            do throws(RouteInputError) {
                _ = try route(from: match, rawQuery: lookup.url?.rawQuery)
            } catch {
                firstError = firstError ?? error
                continue
            }
            var opened = LinkContract.Observation(outcome: .opens, route: entry.label, parameters: match.parameters)
            // A case that asks to confirm opens as if the user confirmed, as a resolver's check does.
            if origin == .external && settings.requiresConfirmation {
                opened.askedToConfirm = true
                firstStopped = firstStopped ?? opened
                continue
            }
            return opened
        }
        if let firstStopped { return firstStopped }
        if let firstError {
            var invalid = LinkContract.Observation(
                outcome: .invalid, reason: "its values make no case: \(firstError.message)")
            invalid.redactedReason =
                "its values make no case: parameter '\(firstError.parameter)' is not a \(firstError.expectedType)"
            return invalid
        }
        switch lookup.outcome {
        case .refused: return .init(outcome: .refused, reason: lookup.reason ?? "the scheme or domain is not accepted")
        case .invalid, .limitExceeded: return .init(outcome: .invalid, reason: lookup.reason ?? "it cannot be routed")
        default: return .init(outcome: .unmatched, reason: lookup.reason ?? "no route matches")
        }
    }
}
