public import Foundation

/// A value that URL parameters carry as one string: the leaves of a typed input.
///
/// `String`, every integer and floating-point type, `Bool`, `UUID`, `URL` and `Date` conform.
/// Raw-value enums need nothing: they decode through their raw value.
public protocol ParameterScalar {
    /// Converts parameter text, or returns `nil` when the text is not a valid value.
    init?(parameterText: String)
    /// The text this value is written as in a URL (before percent-encoding).
    var parameterText: String { get }
}

extension String: ParameterScalar {
    /// The text itself.
    public init?(parameterText: String) { self = parameterText }
    /// The string itself.
    public var parameterText: String { self }
}

extension ParameterScalar where Self: FixedWidthInteger {
    /// Decimal digits with an optional `+` or `-`; anything else (spaces, hex, separators) is refused.
    public init?(parameterText: String) {
        guard let value = Self(parameterText, radix: 10) else { return nil }
        self = value
    }
    /// The decimal digits.
    public var parameterText: String { String(self) }
}

extension Int: ParameterScalar {}
extension Int8: ParameterScalar {}
extension Int16: ParameterScalar {}
extension Int32: ParameterScalar {}
extension Int64: ParameterScalar {}
extension UInt: ParameterScalar {}
extension UInt8: ParameterScalar {}
extension UInt16: ParameterScalar {}
extension UInt32: ParameterScalar {}
extension UInt64: ParameterScalar {}

extension ParameterScalar where Self: BinaryFloatingPoint & LosslessStringConvertible {
    /// A decimal or scientific number; `nan` and `inf` are refused, since no link should carry them.
    public init?(parameterText: String) {
        guard let value = Self(parameterText), value.isFinite else { return nil }
        self = value
    }
    /// The shortest text that reads back as the same value.
    public var parameterText: String { description }
}

extension Double: ParameterScalar {}
extension Float: ParameterScalar {}

extension Bool: ParameterScalar {
    /// `true`, `false`, `1`, `0`, `yes`, `no`, in any letter case.
    public init?(parameterText: String) {
        switch parameterText.lowercased() {
        case "true", "1", "yes": self = true
        case "false", "0", "no": self = false
        default: return nil
        }
    }
    /// `true` or `false`.
    public var parameterText: String { self ? "true" : "false" }
}

extension UUID: ParameterScalar {
    /// The 36-character form, in any letter case.
    public init?(parameterText: String) {
        guard let value = UUID(uuidString: parameterText) else { return nil }
        self = value
    }
    /// The lowercase 36-character form.
    public var parameterText: String { uuidString.lowercased() }
}

extension URL: ParameterScalar {
    /// An absolute URL (one with a scheme); relative references are refused.
    public init?(parameterText: String) {
        guard let value = URL(string: parameterText), value.scheme != nil else { return nil }
        self = value
    }
    /// The URL as written.
    public var parameterText: String { absoluteString }
}

extension Date: ParameterScalar {
    /// An ISO-8601 date and time with a time zone (`2026-11-23T10:30:00Z`, fractional seconds
    /// allowed), or a full date alone (`2026-11-23`, read as midnight UTC).
    public init?(parameterText: String) {
        let styles: [Date.ISO8601FormatStyle] = [
            .iso8601, Date.ISO8601FormatStyle(includingFractionalSeconds: true),
            Date.ISO8601FormatStyle().year().month().day(),
        ]
        for style in styles {
            if let value = try? style.parse(parameterText) {
                self = value
                return
            }
        }
        return nil
    }
    /// ISO-8601 in UTC, with fractional seconds only when the date has them.
    public var parameterText: String {
        let whole = timeIntervalSinceReferenceDate.rounded(.down) == timeIntervalSinceReferenceDate
        return whole ? formatted(.iso8601) : formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
