/// Something in a path-configuration document that was skipped or not understood.
///
/// `description` names the place as a path into the document, with 0-based indexes as in JSON
/// Pointer and in ``PathConfiguration/Match/matchedRules``:
/// `rules[3].patterns[1]: skipped: "(?=x)" column 1: lookahead '(?=)' is not supported`,
/// `rules[4]: skipped: the rule has no "patterns" array`, `document: skipped: …`.
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
    /// The pattern's 0-based index in the rule's `patterns`, when the diagnostic is about one
    /// pattern: a skipped pattern leaves the rule's other patterns in use (as in Hotwire Native).
    public let patternIndex: Int?
    /// How serious it is.
    public let severity: Severity
    /// What is wrong, naming the offending pattern or value.
    public let message: String

    /// Creates a diagnostic.
    public init(ruleIndex: Int?, patternIndex: Int? = nil, severity: Severity, message: String) {
        self.ruleIndex = ruleIndex
        self.patternIndex = patternIndex
        self.severity = severity
        self.message = message
    }

    /// Where in the document: `rules[N]`, `rules[N].patterns[M]` or `document`.
    public var location: String {
        guard let ruleIndex else { return "document" }
        return "rules[\(ruleIndex)]" + (patternIndex.map { ".patterns[\($0)]" } ?? "")
    }

    /// `location: severity: message`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
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
