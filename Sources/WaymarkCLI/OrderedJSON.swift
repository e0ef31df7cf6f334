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

    /// Writes a value from a stack of what is left to write, so that the work is linear in its size
    /// whatever its depth (a route file's properties may be 512 levels deep).
    private static func render(_ value: JSONValue) -> String {
        enum Pending {
            case text(String)
            case value(JSONValue)
        }
        var output = ""
        var pending: [Pending] = [.value(value)]
        while let next = pending.popLast() {
            switch next {
            case .text(let text): output += text
            case .value(.null): output += "null"
            case .value(.bool(let flag)): output += flag ? "true" : "false"
            case .value(.number(let number)): output += JSONValue.number(number).description
            case .value(.string(let text)): output += quote(text)
            case .value(.array(let items)):
                output += "["
                pending.append(.text("]"))
                for (position, item) in items.enumerated().reversed() {
                    pending.append(.value(item))
                    if position > 0 { pending.append(.text(",")) }
                }
            case .value(.object(let object)):
                output += "{"
                pending.append(.text("}"))
                for (position, key) in object.keys.sorted().enumerated().reversed() {
                    pending.append(.value(object[key] ?? .null))
                    pending.append(.text((position > 0 ? "," : "") + quote(key) + ":"))
                }
            }
        }
        return output
    }

    static func quote(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _
            // Controls (C1 too: U+0085 ends a line for Python's splitlines()) and the Unicode line and
            // paragraph separators: one object stays one line for every line reader.
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
