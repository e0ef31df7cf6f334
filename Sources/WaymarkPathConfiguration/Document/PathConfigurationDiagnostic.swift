/// Something in a path-configuration document that was skipped or not understood.
///
/// `description`: `rule 3: skipped: pattern "(?=x)" column 1: lookahead '(?=' is not supported`.
public struct PathConfigurationDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious it is.
    public enum Severity: String, Hashable, Sendable {
        /// The rule (or document part) was skipped.
        case skipped
        /// The rule applies, but a value is not one Waymark knows.
        case warning
    }

    /// The rule's 0-based index in the document's `rules`, or `nil` for the document as a whole.
    public let ruleIndex: Int?
    /// How serious it is.
    public let severity: Severity
    /// What is wrong, naming the offending pattern or value.
    public let message: String

    /// Creates a diagnostic.
    public init(ruleIndex: Int?, severity: Severity, message: String) {
        self.ruleIndex = ruleIndex
        self.severity = severity
        self.message = message
    }

    /// `rule N: severity: message`, or `document: severity: message`.
    public var description: String {
        "\(ruleIndex.map { "rule \($0)" } ?? "document"): \(severity.rawValue): \(message)"
    }
}

/// A document that cannot be used at all: not JSON, or not a JSON object.
public struct PathConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, with the source's name.
    public let message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
