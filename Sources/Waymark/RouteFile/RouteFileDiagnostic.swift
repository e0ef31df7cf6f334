/// A problem in a route file, located by route and field.
///
/// ```
/// routes[2] (product): error: template: "product/:" column 9: ':' must be followed by a parameter name, as in ':id'
/// ```
public struct RouteFileDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious it is.
    public let severity: RouteDiagnostic.Severity
    /// The 0-based index of the route in the file's `routes` array, or `nil` for the file as a whole.
    public let routeIndex: Int?
    /// The route's name, when it has one.
    public let routeName: String?
    /// The field the problem is in (`template`, `scopes[1]`, `default`, …), when there is one.
    public let field: String?
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    public init(
        severity: RouteDiagnostic.Severity, routeIndex: Int?, routeName: String?, field: String?, message: String
    ) {
        self.severity = severity
        self.routeIndex = routeIndex
        self.routeName = routeName
        self.field = field
        self.message = message
    }

    /// Where the problem is: `routes[2] (product)`, or empty for the file as a whole.
    ///
    /// The index is 0-based, as in the file's JSON (and as fields such as `scopes[1]` are, and a
    /// path configuration's `rules[3].patterns[0]`): one base everywhere, so a position in a
    /// message is the position a JSON tool (`jq '.routes[2]'`) finds.
    public var location: String {
        guard let routeIndex else { return "" }
        return Self.location(routeIndex, name: routeName)
    }

    /// `routes[N]`, followed by ` (name)` when there is a name: how every message names a route of a file.
    static func location(_ index: Int, name: String?) -> String {
        "routes[\(index)]" + (name.map { " (\($0))" } ?? "")
    }

    /// The message with its field: `template: "product/:" column 9: …`.
    public var detail: String { field.map { "\($0): \(message)" } ?? message }

    /// `location: severity: field: message`.
    public var description: String {
        (location.isEmpty ? "" : location + ": ") + "\(severity.rawValue): " + detail
    }
}

/// A route file that cannot be used; ``diagnostics`` lists every problem found.
public struct RouteFileError: Error, Sendable, CustomStringConvertible {
    /// Every problem, errors first.
    public let diagnostics: [RouteFileDiagnostic]
    /// The file's name or path, for messages.
    public let source: String

    /// One line per problem, each starting with the source.
    public var description: String {
        diagnostics.map { "\(source): \($0)" }.joined(separator: "\n")
    }
}
