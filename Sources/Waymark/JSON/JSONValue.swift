/// A JSON value: the type of route properties and of anything a route file or path configuration
/// carries that Waymark does not interpret.
public enum JSONValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Key order is not kept.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    ///
    /// - Throws: For a value that cannot be read, at any depth, an error that names it and where it
    ///   is (a number out of range, a string that is not UTF-8), not a type mismatch about the
    ///   outermost container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each kind is tried in turn. A try that fails because the value is of another kind moves on
        // to the next; any other failure is the real cause and is thrown, instead of the last try's
        // type mismatch ("expected a dictionary but found an array").
        let path = decoder.codingPath
        if container.decodeNil() {
            self = .null
        } else if let value = try Self.attempt(Bool.self, in: container, at: path, cause: "a value that cannot be read")
        {
            self = .bool(value)
        } else if let value = try Self.attempt(
            Double.self, in: container, at: path,
            cause: "a number out of range (beyond ±1.8e308, the limit of a 64-bit floating-point number) or malformed")
        {
            self = .number(value)
        } else if let value = try Self.attempt(
            String.self, in: container, at: path, cause: "a string that is not valid UTF-8 or malformed")
        {
            self = .string(value)
        } else if let value = try Self.attempt(
            [JSONValue].self, in: container, at: path, cause: "an array that cannot be read")
        {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as `type`; `nil` when it is of another type; otherwise the error, as a
    /// `DecodingError` that keeps the coding path.
    private static func attempt<T: Decodable>(
        _ type: T.Type, in container: any SingleValueDecodingContainer, at path: [any CodingKey], cause: String
    ) throws -> T? {
        do {
            return try container.decode(type)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == path.count {
            return nil
        } catch let error as DecodingError {
            throw error
        } catch {
            // A decoder's own error (Foundation's JSONDecoder reads numbers and strings lazily and
            // throws its internal JSONError for 1e400 or invalid UTF-8), which the decoder would
            // otherwise turn into "The given data was not valid JSON." with neither cause nor place.
            throw DecodingError.dataCorrupted(
                .init(codingPath: path, debugDescription: "\(cause): \(error)", underlyingError: error))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Int64, not Int: Int is 32 bits on Apple Watch, and a whole number up to 1e15 must
            // print as one there too.
            if value.rounded() == value, abs(value) < 1e15, let whole = Int64(exactly: value) {
                try container.encode(whole)
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, when this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A short JSON-like rendering for messages.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15, let whole = Int64(exactly: value) {
                String(whole)
            } else {
                String(value)
            }
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let values):
            "{" + values.keys.sorted().map { "\"\($0)\": \(values[$0]?.description ?? "null")" }.joined(separator: ", ")
                + "}"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// `"text"` as a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `true` / `false` as a JSON Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal as a JSON number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A floating-point literal as a JSON number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// An array literal as a JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal as a JSON object.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `nil` as JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}
