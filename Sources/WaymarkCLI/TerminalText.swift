import Foundation

/// Text for a person's terminal, or a log a line reader splits: every value from a URL, a route file
/// or a path configuration is shown, never obeyed.
///
/// A decoded URL can carry escape sequences (`%1B%5D0;…%07` retitles the terminal, `%1B%5B2J` clears
/// it), line breaks that forge report lines (`%0A`, and U+0085, U+2028, U+2029, which line readers
/// such as Python's `splitlines()` also split on) and bidirectional controls that reorder what is
/// displayed. Each output line is written through ``line(_:)``, which spells every such character
/// as an escape: `\n`, `\r`, `\t` and `\u{…}`. A backslash that comes before `n`, `r`, `t`, `u`
/// or another backslash is written `\\`, so an escape and the text it stands for never look alike;
/// any other backslash is shown as it is, so that a template's escapes (`Swift_\(…\)`) read as
/// written. Structure (the report's own line breaks) is never inside a line, so it survives; nothing
/// in a value can add to it.
enum TerminalText {
    /// `text` with every control, line-separator and bidirectional-control character escaped.
    static func line(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { needsEscape($0) || $0 == "\\" }) else { return text }
        var output = ""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\\":
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                output += next.map { "nrtu\\".unicodeScalars.contains($0) } == true ? "\\\\" : "\\"
            case _ where needsEscape(scalar): output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// C0 and C1 controls, DEL, U+2028 and U+2029, and the bidirectional formatting characters
    /// (U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069). The backslash is decided by what
    /// follows it, in ``line(_:)``.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
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

extension TerminalText {
    /// How many terminal columns `text` takes: a character whose scalars are all combining marks or
    /// format characters takes none, an East Asian wide or full-width character, or an emoji shown
    /// as one, takes two, any other takes one. `count` (characters) is not this: `商品` is two
    /// characters and four columns, and a table padded by `count` goes out of line.
    ///
    /// Measure escaped text (``line(_:)``): a control character is never measured, only its escape.
    static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }

    /// The columns of one character (a grapheme cluster, so a base letter and its combining accents
    /// are measured once).
    private static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        // U+FE0F asks for the emoji presentation, which terminals draw two columns wide.
        if scalars.contains(where: { isWide($0) || $0.value == 0xFE0F }) { return 2 }
        return 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: false
        }
    }

    /// East Asian Wide and Fullwidth (UAX #11) blocks, and emoji with the emoji presentation.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            scalar.properties.isEmojiPresentation
        }
    }

    /// Rows of cells as aligned lines: every cell escaped (``line(_:)``), then padded with spaces to
    /// the display width of its column's widest cell, columns two spaces apart; the last column is
    /// not padded. The lines are already escaped: print them as they are, not through
    /// ``printLines(_:)``, which would escape the escapes' backslashes again.
    static func table(_ rows: [[String]]) -> [String] {
        let escaped = rows.map { $0.map(line) }
        var widths: [Int] = []
        for row in escaped {
            for (column, cell) in row.enumerated().dropLast() {
                let width = displayWidth(cell)
                if column < widths.count {
                    widths[column] = max(widths[column], width)
                } else {
                    widths.append(width)
                }
            }
        }
        return escaped.map { row in
            row.enumerated().map { column, cell in
                guard column < row.count - 1 else { return cell }
                return cell + String(repeating: " ", count: widths[column] - displayWidth(cell) + 2)
            }.joined()
        }
    }
}
