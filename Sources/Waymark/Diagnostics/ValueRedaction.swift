// How Waymark's values print, in one place.
//
// A URL can carry a secret (a sign-in token in a path parameter or a query value), and a value that
// a developer prints is on its way to a log. So, as `os_log` does with `<private>`, the text a value
// gives to `print`, string interpolation and every logger (`description`) shows what routing decided
// — the route, its template, the scope, the origin, the status and its reason, the parameter and
// query *names* — and writes each parameter or query value as `<private>`. `debugDescription` is the
// same text: Swift prints a value inside an `Optional`, an array or a dictionary with it
// (`print(result.request)`, `"\(parameters as Any)"`, `String(describing: [request])`), and those are
// the commonest log lines of all. The values themselves are only in `unredactedDescription`, which
// code must ask for by name: for a breakpoint or a test failure, never for a log line.

/// The text that stands for a parameter or query value in a ``RouteRequest``'s, a
/// ``RouteParameters``' or a ``QueryParameters``' `description`.
public enum ValueRedaction {
    /// What a value prints as: `<private>`, as `os_log` prints a dynamic value by default.
    public static let placeholder = "<private>"

    static func pairs(_ pairs: some Sequence<(name: String, value: String?)>, separator: String, redacted: Bool)
        -> String
    {
        pairs.map { pair in
            guard let value = pair.value else { return pair.name }
            return "\(pair.name)=\(redacted ? placeholder : value)"
        }.joined(separator: separator)
    }
}

extension RouteParameters: CustomStringConvertible, CustomDebugStringConvertible {
    /// The parameters as `name=<private>`, comma-separated: names only, never values
    /// (``ValueRedaction``).
    public var description: String { text(redacted: true) }

    /// The same as ``description``: Swift prints a value inside an `Optional` or a collection with
    /// this (``ValueRedaction``).
    public var debugDescription: String { text(redacted: true) }

    /// The parameters as `name=value`, comma-separated, decoded: for a breakpoint or a test
    /// failure, never for a log line.
    public var unredactedDescription: String { text(redacted: false) }

    private func text(redacted: Bool) -> String {
        ValueRedaction.pairs(
            lazy.map { (name: $0.name, value: Optional($0.value)) }, separator: ", ", redacted: redacted)
    }
}

extension QueryParameters: CustomStringConvertible, CustomDebugStringConvertible {
    /// The items as `name=<private>` (or `name` alone), joined by `&`: names only, never values
    /// (``ValueRedaction``).
    public var description: String { text(redacted: true) }

    /// The same as ``description``: Swift prints a value inside an `Optional` or a collection with
    /// this (``ValueRedaction``).
    public var debugDescription: String { text(redacted: true) }

    /// The items as `name=value` (or `name`), joined by `&`, decoded: for a breakpoint or a test
    /// failure, never for a log line.
    public var unredactedDescription: String { text(redacted: false) }

    private func text(redacted: Bool) -> String {
        ValueRedaction.pairs(lazy.map { (name: $0.name, value: $0.value) }, separator: "&", redacted: redacted)
    }
}

extension RouteRequest: CustomStringConvertible, CustomDebugStringConvertible {
    /// What routing made of the URL, values redacted (``ValueRedaction``):
    /// `RouteRequest(route: product, template: product/:id<int>, scope: appAny, parameters: id=<private>,
    /// query: ref=<private>, origin: external)`. The URL itself is not shown: its path holds the
    /// values.
    public var description: String { text(redacted: true) }

    /// The same as ``description``: Swift prints a value inside an `Optional` or a collection with
    /// this (``ValueRedaction``).
    public var debugDescription: String { text(redacted: true) }

    /// The same with the URL and every value: for a breakpoint or a test failure, never for a log
    /// line.
    public var unredactedDescription: String { text(redacted: false) }

    private func text(redacted: Bool) -> String {
        var fields: [String] = []
        if !redacted { fields.append("url: \(url.string)") }
        let route = routeName ?? "unnamed"
        fields.append("route: " + (isDefaultRoute ? "\(route) (default route)" : route))
        if let matchedTemplate { fields.append("template: \(matchedTemplate.pattern)") }
        if let scope { fields.append("scope: \(scope)") }
        if let routeParameters, !routeParameters.isEmpty {
            fields.append(
                "parameters: " + (redacted ? routeParameters.description : routeParameters.unredactedDescription))
        }
        if !queryParameters.isEmpty {
            fields.append("query: " + (redacted ? queryParameters.description : queryParameters.unredactedDescription))
        }
        if let fragment { fields.append("fragment: " + (redacted ? ValueRedaction.placeholder : fragment)) }
        fields.append("origin: \(origin.rawValue)")
        if !properties.isEmpty { fields.append("properties: \(JSONValue.object(properties))") }
        return "RouteRequest(" + fields.joined(separator: ", ") + ")"
    }
}

extension RoutingResult: CustomStringConvertible, CustomDebugStringConvertible {
    /// The status, why (when a route did not handle the request), and the request, values redacted
    /// (``ValueRedaction``): `handled: RouteRequest(route: product, …)`,
    /// `handledByDefault (the domain 'evil.example' is not accepted; …): RouteRequest(route: home (default route), …)`.
    public var description: String { text(redacted: true) }

    /// The same as ``description``: Swift prints a value inside an `Optional` or a collection with
    /// this (``ValueRedaction``).
    public var debugDescription: String { text(redacted: true) }

    /// The same with the request's URL and values: for a breakpoint or a test failure, never for a
    /// log line.
    public var unredactedDescription: String { text(redacted: false) }

    private func text(redacted: Bool) -> String {
        var text = status.description
        if let reason { text += " (\(reason))" }
        if let request { text += ": " + (redacted ? request.description : request.unredactedDescription) }
        return text
    }
}

extension RouteMatch: CustomStringConvertible, CustomDebugStringConvertible {
    /// The template, scope and registration that matched, parameters redacted (``ValueRedaction``):
    /// `RouteMatch(template: product/:id<int>, scope: appAny, registration: 3, parameters: id=<private>)`.
    public var description: String { text(redacted: true) }

    /// The same as ``description``: Swift prints a value inside an `Optional` or a collection with
    /// this (``ValueRedaction``).
    public var debugDescription: String { text(redacted: true) }

    /// The same with the parameters' values: for a breakpoint or a test failure, never for a log
    /// line.
    public var unredactedDescription: String { text(redacted: false) }

    private func text(redacted: Bool) -> String {
        var fields = ["template: \(template.pattern)", "scope: \(scope)", "registration: \(registrationIndex)"]
        if !parameters.isEmpty {
            fields.append("parameters: " + (redacted ? parameters.description : parameters.unredactedDescription))
        }
        return "RouteMatch(" + fields.joined(separator: ", ") + ")"
    }
}

extension ValueRedaction {
    /// A routing reason with the text a link carried replaced by ``placeholder``: everything from
    /// the first quote mark to the last (a value may hold quote marks itself, so no pair is
    /// trusted; a lone one redacts to the end), where Waymark's reasons quote what came from the link. Double quotes always
    /// (`segment 1 is "p"`); single quotes too when `singleQuotes` is `true`, for the reasons of
    /// invalid links, which quote a segment that way (explain's reasons quote the *template* in
    /// single quotes, which stays).
    public static func redactingQuotedText(in reason: String, singleQuotes: Bool = false) -> String {
        func isQuote(_ character: Character) -> Bool { character == "\"" || (singleQuotes && character == "'") }
        guard let first = reason.firstIndex(where: isQuote), let last = reason.lastIndex(where: isQuote) else {
            return reason
        }
        // A lone quote mark opens a value that runs to the end.
        let end = last == first ? reason.endIndex : reason.index(after: last)
        return String(reason[..<first]) + placeholder + String(reason[end...])
    }
}

extension ValueRedaction {
    /// A route as a log line names it: its case chain, and ``placeholder`` for its values when it
    /// has any: `product(42)` → `product(<private>)`, `account.order(7)` → `account.order(<private>)`,
    /// `home` → `home`. A route opened from a link carries the link's values. Read from the route's
    /// encoding (``RoutingEvent/caseName(of:)``), never from ``Route/name``.
    public static func loggableName(of route: some Route) -> String {
        let found = RouteName.caseChain(of: route)
        return found.hasValues ? found.chain + "(" + placeholder + ")" : found.chain
    }
}
