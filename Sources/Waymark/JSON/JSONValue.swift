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

    /// Decodes any JSON value, through any `Decoder`.
    ///
    /// The value is read without recursion: nested arrays and objects are opened one after another
    /// from a stack of containers, so a document cannot exhaust the thread's stack, and it may nest
    /// at most ``maximumDecodingDepth`` levels (deeper is a `DecodingError.dataCorrupted` that says
    /// so). A decoder has no way to tell what kind of value comes next except by trying, and each
    /// failed try costs it an error whose coding path is as long as the value is deep; so each
    /// value is first tried as the kind its previous sibling was (the kind of its container, for a
    /// first member), and a document whose values are mostly of their siblings' kind decodes in
    /// time linear in its size. Trying every kind in a fixed order at each level would cost a deep
    /// document a failed try per kind per level, each as costly as its depth (measured:
    /// docs/security.md, "Worst cases", `json-decode-depth`). A decoder that could read one
    /// value as several kinds reads it as the first that works in that order; no JSON decoder can.
    /// A document whose kinds change from value to value still pays one failed try per change,
    /// each as costly as its depth.
    ///
    /// Object keys stay as written whatever the decoder's key strategy (`convertFromSnakeCase`
    /// leaves `modal_style` alone), as for any `[String: …]` dictionary.
    ///
    /// For JSON bytes, route files and path configurations use Waymark's own reader, which is
    /// linear whatever the document and reports line and column.
    public init(from decoder: any Decoder) throws {
        var work = 0
        self = try Self.decode(from: decoder, work: &work)
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

    /// A short JSON-like rendering for messages: strings in double quotes (not escaped), object
    /// keys sorted, whole numbers without a fraction.
    ///
    /// Written without recursion, in time linear in the value's size whatever its depth.
    public var description: String { rendered(limit: nil) }

    /// The ``description``, cut after `limit` characters with "…" when longer: what messages quote
    /// of a value from a file, which may be megabytes.
    package func quoted(limit: Int = 80) -> String { rendered(limit: limit) }

    /// A number as ``description`` writes it.
    static func describe(number value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15, let whole = Int64(exactly: value) {
            return String(whole)
        }
        return String(value)
    }

    /// The short rendering: strings in plain double quotes, `, ` and `: ` between parts.
    private func rendered(limit: Int?) -> String {
        written(itemSeparator: ", ", keySeparator: ": ", quote: { "\"" + $0 + "\"" }, limit: limit)
    }

    /// The one writer behind ``description`` and the JSON text the CLI and generated files print.
    /// It writes from a stack of what is left to write (text, or a value to open): each value is
    /// pushed and popped once, so the work is linear in the size (plus sorting each object's keys)
    /// whatever the depth; `limit` stops the writing once that many characters are out.
    func written(
        itemSeparator: String, keySeparator: String, quote: (String) -> String, limit: Int? = nil
    ) -> String {
        enum Pending {
            case text(String)
            case value(JSONValue)
        }
        var output = ""
        var characters = 0
        var pending: [Pending] = [.value(self)]
        while let next = pending.popLast() {
            if let limit, characters > limit { break }
            let text: String
            switch next {
            case .text(let piece): text = piece
            case .value(.null): text = "null"
            case .value(.bool(let flag)): text = String(flag)
            case .value(.number(let number)): text = Self.describe(number: number)
            case .value(.string(let string)): text = quote(string)
            case .value(.array(let items)):
                pending.append(.text("]"))
                for (position, item) in items.enumerated().reversed() {
                    pending.append(.value(item))
                    if position > 0 { pending.append(.text(itemSeparator)) }
                }
                text = "["
            case .value(.object(let members)):
                pending.append(.text("}"))
                for (position, key) in members.keys.sorted().enumerated().reversed() {
                    pending.append(.value(members[key] ?? .null))
                    pending.append(.text((position > 0 ? itemSeparator : "") + quote(key) + keySeparator))
                }
                text = "{"
            }
            output += text
            if limit != nil { characters += text.count }
        }
        if let limit, characters > limit { return String(output.prefix(limit)) + "…" }
        return output
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
