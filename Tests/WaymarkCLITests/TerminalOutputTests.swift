// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// What a link carries is shown, never obeyed: no escape sequence reaches the terminal, no line break
    /// forges a report line, no bidirectional control reorders the text, in any command's text output;
    /// and every JSON object stays one line for every line reader. Generated over every character that
    /// can do harm, in the path, the query and the fragment.
    @Suite struct TerminalOutputTests {
        /// Every C0 and C1 control, DEL, the Unicode line and paragraph separators, and the bidirectional
        /// formatting characters.
        static let hostile: [Unicode.Scalar] =
            (Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029, 0x061C, 0x200E, 0x200F]
            + Array(0x202A...0x202E) + Array(0x2066...0x2069)).compactMap(Unicode.Scalar.init)

        static func encoded(_ scalar: Unicode.Scalar) -> String {
            String(scalar).utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        }

        /// One URL per hostile character, with it in a path segment, a query value and the fragment, plus
        /// the two from the report (a terminal title and screen clear; a forged line).
        static let urls: [String] =
            hostile.map { scalar in
                let e = encoded(scalar)
                return "shop://category/a\(e)b?ref=x\(e)y#f\(e)g"
            } + ["shop://category/%1B%5D0;pwned%07%1B%5B2J", "shop://category/x%0A  route:      admin (forged)"]

        /// Whether `text` holds a hostile character other than the line feeds that separate lines.
        static func hasHostile(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
                line.unicodeScalars.first { hostile.contains($0) }.map {
                    "line \(index + 1): U+\(String($0.value, radix: 16))"
                }
            }
        }

        @Test(arguments: [["resolve"], ["explain"], ["navigate"]])
        func textOutputEscapesEverythingAValueCarries(command: [String]) throws {
            let output = try CommandRunner.run(command + Self.urls)
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                Self.hasHostile(output.standardOutput).isEmpty,
                "\(Self.hasHostile(output.standardOutput).prefix(3))")
            #expect(Self.hasHostile(output.standardError).isEmpty)
            #expect(!output.standardOutput.contains("\n  route:      admin (forged)"))
        }

        @Test func resolveTextShowsTheEscapes() throws {
            let output = try CommandRunner.run(["resolve", "shop://category/%1B%5D0;pwned%07%1B%5B2J"])
            #expect(
                output.standardOutput.contains(#"parameters: slug=\u{1B}]0;pwned\u{7}\u{1B}[2J"#),
                "\(output.standardOutput)")
            // Seven lines a URL, and a blank one: the value added none.
            #expect(output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count == 8)
        }

        /// A backslash is doubled only where it would read as one of the escapes (`\n`, `\r`, `\t`,
        /// `\u{…}`, `\\`), so that a template's `\(` is shown as written and a value's text `\n`
        /// never looks like a line break.
        @Test func aBackslashIsDoubledOnlyWhereItWouldReadAsAnEscape() throws {
            let output = try CommandRunner.run(["resolve", "shop://category/a%5Cnb%5C(c%5C%5Cd%0A"])
            #expect(
                output.standardOutput.contains(#"parameters: slug=a\\nb\(c\\\d\n"#), "\(output.standardOutput)")
        }

        /// Split as Python's str.splitlines() does: on every line boundary Unicode and ASCII know.
        static func pythonLines(_ text: String) -> [Substring] {
            let boundaries: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029]
            return text.unicodeScalars.split(omittingEmptySubsequences: true) { boundaries.contains($0.value) }
                .map { Substring(String($0)) }
        }

        @Test func jsonIsOneLinePerObjectForEveryLineReader() throws {
            let output = try CommandRunner.run(["resolve", "--json"] + Self.urls)
            let lines = Self.pythonLines(output.standardOutput)
            #expect(lines.count == Self.urls.count)
            for (line, url) in zip(lines, Self.urls) {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["url"] as? String == url)
            }
        }

        /// The JSON output escapes them too (as `\u…`): no raw control, line separator or
        /// bidirectional control in any command's `--json` lines, and the values read back intact.
        @Test(arguments: [["resolve", "--json"], ["explain", "--json"], ["navigate", "--json"], ["properties"]])
        func jsonOutputEscapesEverythingAValueCarries(command: [String]) throws {
            let output = try CommandRunner.run(command + Self.urls)
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                Self.hasHostile(output.standardOutput).isEmpty, "\(Self.hasHostile(output.standardOutput).prefix(3))")
            #expect(Self.hasHostile(output.standardError).isEmpty)
            for (line, url) in zip(output.standardOutput.split(separator: "\n"), Self.urls) {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect((object?["url"] ?? object?["input"]) as? String == url)
            }
        }

        @Test func checkEscapesWhatTheRouteFileSays() throws {
            let path = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "x\u001b[2J\nfake: ok", "template": "a/:\u001b"}]}"#)
            let output = try CommandRunner.run(["check", "--routes", path])
            #expect(output.status == 1)
            #expect(Self.hasHostile(output.standardOutput).isEmpty, "\(output.standardOutput)")
            #expect(output.standardOutput.contains(#"x\u{1B}[2J\nfake: ok"#), "\(output.standardOutput)")
        }
    }
#endif
