extension JSONValue {
    /// The value as JSON text on one line, object keys sorted: what the CLI's `--json` output and a
    /// generated `apple-app-site-association` file write for a value from a file. The work is
    /// linear in the size whatever the depth (a route file's properties may be 512 levels deep).
    ///
    /// - Parameters:
    ///   - itemSeparator: Between array items and object members (`,`; `, ` for people).
    ///   - keySeparator: Between a key and its value (`:`; `: ` for people).
    package func jsonText(itemSeparator: String = ",", keySeparator: String = ":") -> String {
        written(itemSeparator: itemSeparator, keySeparator: keySeparator, quote: Self.quoted)
    }

    /// A JSON string literal. Besides `"` and `\`, every control character (C1 too: U+0085 ends a
    /// line for Python's `splitlines()`) and the Unicode line and paragraph separators are escaped,
    /// so that one value stays one line for every line reader; and so are the bidirectional
    /// formatting characters (U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069), which would
    /// reorder what a terminal or an editor shows of the line. The value read back is the same.
    package static func quoted(_ text: String) -> String {
        // Printable ASCII without `"` or `\`, as most URLs, names and values are: nothing to escape.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029 || isBidirectionalFormatting(scalar):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// U+061C, U+200E, U+200F, U+202A…U+202E and U+2066…U+2069.
    private static func isBidirectionalFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
