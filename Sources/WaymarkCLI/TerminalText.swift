import Foundation

/// Text for a person's terminal, or a log a line reader splits: every value from a URL, a route file
/// or a path configuration is shown, never obeyed.
///
/// A decoded URL can carry escape sequences (`%1B%5D0;…%07` retitles the terminal, `%1B%5B2J` clears
/// it), line breaks that forge report lines (`%0A`, and U+0085, U+2028, U+2029, which line readers
/// such as Python's `splitlines()` also split on) and bidirectional controls that reorder what is
/// displayed. Each output line is written through ``line(_:)``, which spells every such character
/// as an escape: `\n`, `\r`, `\t`, `\\` for a backslash (so an escape and the text it stands for
/// never look alike), and `\u{…}` for the rest. Structure (the report's own line breaks) is never
/// inside a line, so it survives; nothing in a value can add to it.
enum TerminalText {
    /// `text` with every control, line-separator and bidirectional-control character escaped.
    static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\\": output += "\\\\"
            case _ where needsEscape(scalar): output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// C0 and C1 controls, DEL, the backslash, U+2028 and U+2029, and the bidirectional formatting
    /// characters (U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x5C, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            true
        default:
            false
        }
    }
}

/// Prints each line to standard output, escaped (``TerminalText/line(_:)``).
func printLines(_ lines: [String]) {
    print(lines.map(TerminalText.line).joined(separator: "\n"))
}

/// Prints one line to standard output, escaped.
func printLine(_ line: String) {
    print(TerminalText.line(line))
}
