import Waymark

/// Swift source for values the generator writes: strings and JSON values as literals.
enum SwiftLiteral {
    /// The deepest properties value written: nesting is the file's to choose, so the writer
    /// refuses what it would not write in bounded depth.
    static let maximumDepth = 32

    /// A string literal: every character that is not printable ASCII is written as `\u{…}`, so
    /// that no text of a route file can end the literal, interpolate, or reorder what a reviewer sees.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + "\""
    }

    /// A `JSONValue` literal (objects with their keys sorted), or `nil` when the value nests deeper
    /// than ``maximumDepth``.
    static func json(_ value: JSONValue, depth: Int = 0) -> String? {
        guard depth <= maximumDepth else { return nil }
        switch value {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return string(text)
        case .number(let number): return self.number(number)
        case .array(let items):
            var written: [String] = []
            for item in items {
                guard let text = json(item, depth: depth + 1) else { return nil }
                written.append(text)
            }
            return "[" + written.joined(separator: ", ") + "]"
        case .object(let members):
            guard !members.isEmpty else { return "[:]" }
            var written: [String] = []
            for key in members.keys.sorted() {
                guard let member = members[key], let text = json(member, depth: depth + 1) else { return nil }
                written.append(string(key) + ": " + text)
            }
            return "[" + written.joined(separator: ", ") + "]"
        }
    }

    /// A whole number as an integer literal (exact up to 2⁵³), a subnormal one by its bits (Swift
    /// refuses a float literal that underflows, `5e-324`), any other as Swift writes the `Double`,
    /// which reads back the same.
    static func number(_ value: Double) -> String {
        if value != 0, abs(value) < Double.leastNormalMagnitude {
            return ".number(Double(bitPattern: 0x\(String(value.bitPattern, radix: 16))))"
        }
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            // narrowing: a whole number under 2⁵³ in magnitude (the condition), exact in Int64
            return String(Int64(value))
        }
        return "\(value)"
    }
}
