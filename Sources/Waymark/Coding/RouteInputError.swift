/// Why a typed input could not be decoded from a URL's parameters, or encoded into them.
///
/// Every message names the parameter and the type that was expected, never the value: a URL can
/// carry a secret, and a message is on its way to a log (``ValueRedaction``). The value is in
/// ``value``, for code that checks it.
///
/// ```swift
/// // parameter 'page' is not a valid Int
/// // parameter 'id' is missing (expected UUID)
/// ```
public struct RouteInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable {
        /// A required parameter is absent.
        case missing
        /// A parameter is present but does not convert to the expected type.
        case invalid
        /// The input type has a shape parameters cannot carry (for example, an array of arrays).
        case unsupported
    }

    /// What went wrong.
    public var kind: Kind
    /// The parameter, as written in the URL: `page`, or `filter[color]` for a nested value.
    public var parameter: String
    /// The value as it arrived (percent-decoded), or `nil` when it was missing.
    public var value: String?
    /// The type that was expected, as Swift writes it: `Int`, `UUID`, `SortOrder`.
    public var expectedType: String
    /// A sentence for a person.
    public var message: String

    /// Creates an error; the message is made from the other fields unless one is given.
    public init(kind: Kind, parameter: String, value: String?, expectedType: String, message: String? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.value = value
        self.expectedType = expectedType
        self.message = message ?? Self.message(kind, parameter, value, expectedType)
    }

    /// The message.
    public var description: String { message }

    private static func message(_ kind: Kind, _ parameter: String, _ value: String?, _ type: String) -> String {
        let name = parameter.isEmpty ? "the input" : "parameter '\(parameter)'"
        switch kind {
        case .missing:
            return "\(name) is missing (expected \(type))"
        case .invalid:
            return "\(name) is not a valid \(type)"
        case .unsupported:
            return "\(name) has the type \(type), which URL parameters cannot carry"
        }
    }
}
