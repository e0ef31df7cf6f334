import Waymark

/// A JSON value whose object keys keep the order they were written in, for output that people and
/// scripts read line by line.
indirect enum OrderedJSON {
    case null
    case bool(Bool)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])
    case value(JSONValue)
    /// JSON text written elsewhere (a generated apple-app-site-association file), put on one line:
    /// its line breaks and indentation go, which is safe because JSON strings never hold a raw line break.
    case raw(String)

    /// The value on one line.
    var rendered: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return Self.quote(text)
        case .array(let items): return "[" + items.map(\.rendered).joined(separator: ",") + "]"
        case .object(let pairs):
            return "{" + pairs.map { Self.quote($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
        case .value(let value): return Self.render(value)
        case .raw(let text):
            return text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined()
        }
    }

    static func optional(_ text: String?) -> OrderedJSON {
        text.map { .string($0) } ?? .null
    }

    /// The value on one line (``JSONValue/jsonText(itemSeparator:keySeparator:)``).
    private static func render(_ value: JSONValue) -> String {
        value.jsonText()
    }

    static func quote(_ text: String) -> String {
        JSONValue.quoted(text)
    }
}
