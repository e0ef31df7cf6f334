/// A problem found in a route table before it is built: an error that stops ``RouteTableBuilder/build()``,
/// or a warning (such as a route that another route always beats).
public struct RouteDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable {
        /// The table cannot be built.
        case error
        /// The table builds, but something is probably not what was meant.
        case warning
    }

    /// How serious it is.
    public let severity: Severity
    /// The registration it is about (0-based, in the order routes were added), or `nil` for a problem
    /// with the table as a whole (a scheme or domain).
    public let registrationIndex: Int?
    /// Other registrations the problem involves (the route duplicated, the routes that shadow it).
    public let relatedRegistrationIndices: [Int]
    /// What kind of problem it is.
    public let code: RoutingError.Code
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    public init(
        severity: Severity, registrationIndex: Int?, relatedRegistrationIndices: [Int] = [], code: RoutingError.Code,
        message: String
    ) {
        self.severity = severity
        self.registrationIndex = registrationIndex
        self.relatedRegistrationIndices = relatedRegistrationIndices
        self.code = code
        self.message = message
    }

    /// `severity: message`.
    public var description: String { "\(severity.rawValue): \(message)" }

    /// The diagnostic as a ``RoutingError``.
    public var error: RoutingError { RoutingError(code: code, message: message) }
}
