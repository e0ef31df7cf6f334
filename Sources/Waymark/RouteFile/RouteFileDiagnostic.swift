/// A problem in a route file, located by route and field.
///
/// ```
/// route 3 (product): template: "product/:" column 9: ':' must be followed by a parameter name, as in ':id'
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

    /// Where the problem is: `route 3 (product)` (1-based, as a person counts), or empty for the file.
    public var location: String {
        guard let routeIndex else { return "" }
        return "route \(routeIndex + 1)" + (routeName.map { " (\($0))" } ?? "")
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
