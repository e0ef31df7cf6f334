// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// What a usage error quotes from the command line is escaped too (issue 31, finding 9): an
    /// unknown option, a value an option refuses or an unexpected argument is echoed by the argument
    /// parser's message, and `waymark resolve shop://a $'-\e]0;pwned\a'` retitled the terminal. Every
    /// command, every usage-error path (unknown option, bad option value, unexpected or missing
    /// argument), every character that can do harm: the message is on standard error, escaped, and
    /// the exit status is 2.
    @Suite struct UsageErrorTests {
        /// Every C1 control, U+0080…U+009F.
        static let c1Controls = (0x80...0x9F).compactMap(Unicode.Scalar.init).map { String($0) }

        /// Each hostile piece: ESC, BEL, a CSI and an OSC sequence, DEL, a line break that would
        /// forge a line of the message, CR, TAB, the C1 controls (all in one piece; each alone in
        /// ``eachC1ControlIsEscaped()``), and the bidirectional and line separator characters. No
        /// NUL: an argument cannot hold one.
        static let hostile: [String] = [
            "\u{1B}", "\u{07}", "\u{1B}[2J", "\u{1B}]0;pwned\u{07}", "\u{7F}", "x\nError: forged", "a\rb", "a\tb",
            "c1" + c1Controls.joined(), "\u{202E}evil", "\u{2066}a\u{2069}\u{200E}\u{200F}\u{061C}\u{202A}\u{202D}",
            "a\u{2028}b\u{2029}c",
        ]

        /// The scalars that must never reach the terminal raw (TerminalOutputTests' list).
        static let harmful = Set(TerminalOutputTests.hostile)

        static let commands = ["resolve", "explain", "navigate", "properties", "check", "link", "links", "aasa"]

        /// A flag of each command, to give a value it does not take.
        static let flags = [
            "resolve": "--json", "explain": "--json", "navigate": "--json", "properties": "--no-query-matching",
            "check": "--json", "link": "--universal", "links": "--json", "aasa": "--json",
        ]

        /// What each command needs besides, so that the error is the one the attempt makes (a
        /// missing argument is reported before an unknown option).
        static let required = [
            "resolve": ["shop://a"], "explain": ["shop://a"], "navigate": ["shop://a"], "properties": ["/a"],
            "link": ["home"], "aasa": ["--app-id", "A.b"],
        ]

        /// The usage errors of `command` with `piece` in them, each saying whether the message quotes
        /// the piece (escaped).
        static func attempts(_ command: String, _ piece: String) -> [(arguments: [String], quotes: Bool)] {
            let needed = required[command] ?? []
            var attempts: [(arguments: [String], quotes: Bool)] = [
                // An unknown option, long and short.
                ([command] + needed + ["--" + piece], true),
                // (a short option is reported alone: `-x` of `-xy`)
                ([command] + needed + ["-" + piece], false),
                // A value a flag does not take.
                ([command] + needed + [(flags[command] ?? "--json") + "=" + piece], true),
            ]
            switch command {
            case "resolve", "explain", "navigate", "properties":
                attempts += [
                    // A value --target refuses (checked by the command, quoted by its message).
                    ([command, "--target", piece, "app://x"], true),
                    // No URL: the message quotes nothing, the route file's name is there.
                    ([command, "--routes", piece], false),
                    // An option with no value.
                    ([command, "app://" + piece, "--input"], false),
                    // Arguments and --input together.
                    ([command, "--input", piece, "app://" + piece], false),
                ]
                if command == "resolve" { attempts.append(([command, "--origin", piece, "app://x"], true)) }
            case "check":
                attempts += [
                    ([command, "a.json", piece], true),
                    ([command, "--routes", piece, "--config"], false),
                ]
            case "link":
                attempts += [
                    ([command, "home", "--param", piece], true),
                    ([command, "--param", "a=" + piece], false),
                ]
            case "links":
                attempts += [([command, "--routes", piece, "--html"], false), ([command, "--aasa", piece], false)]
            default:
                attempts += [([command, "--routes", piece], false), ([command, "--app-id", "A.b", piece], true)]
            }
            return attempts
        }

        /// The harmful scalars in `text`, by line, other than the line feeds between lines.
        static func harmfulScalars(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
                line.unicodeScalars.filter { harmful.contains($0) }.map {
                    "line \(index + 1): U+\(String($0.value, radix: 16, uppercase: true))"
                }
            }
        }

        @Test(arguments: commands)
        func everyUsageErrorEscapesWhatItQuotes(command: String) throws {
            for piece in Self.hostile {
                for (arguments, quotes) in Self.attempts(command, piece) {
                    let output = try CommandRunner.run(arguments)
                    let shown = arguments.map { $0.debugDescription }.joined(separator: " ")
                    #expect(output.status == 2, "\(shown): \(output.standardError)")
                    #expect(output.standardOutput.isEmpty, "\(shown)")
                    #expect(output.standardError.hasPrefix("Error: "), "\(shown): \(output.standardError)")
                    #expect(Self.harmfulScalars(output.standardError).isEmpty, "\(shown): \(output.standardError)")
                    // Nothing typed adds a line: the message is one line, then the help and usage.
                    #expect(
                        !output.standardError.contains("\nError: forged"), "\(shown): \(output.standardError)")
                    if quotes {
                        #expect(
                            output.standardError.contains(Self.escaped(piece)),
                            "\(shown) must quote the escaped piece: \(output.standardError)")
                    }
                }
            }
        }

        @Test func eachC1ControlIsEscaped() throws {
            for control in Self.c1Controls {
                let output = try CommandRunner.run(["resolve", "--" + control, "shop://a"])
                #expect(output.status == 2)
                #expect(Self.harmfulScalars(output.standardError).isEmpty, "\(output.standardError)")
                #expect(output.standardError.contains("'--\(Self.escaped(control))'"), "\(output.standardError)")
            }
        }

        /// `piece` as ``TerminalText/line(_:)`` writes it.
        static func escaped(_ piece: String) -> String {
            var output = ""
            for scalar in piece.unicodeScalars {
                switch scalar {
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\\": output += "\\\\"
                case _ where harmful.contains(scalar):
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output
        }

        /// The report's case, exactly: one line of message, escaped, then the usage.
        @Test func theReportedArgumentIsShownEscaped() throws {
            let output = try CommandRunner.run(["resolve", "shop://a", "-\u{1B}]0;pwned\u{07}"])
            #expect(output.status == 2)
            let lines = output.standardError.split(separator: "\n")
            #expect(lines.first == #"Error: Unknown option '-\u{1B}]0;pwned\u{7}'"#, "\(output.standardError)")
            #expect(lines.dropFirst().first?.hasPrefix("Usage: waymark resolve ") == true)
        }

        /// Text without anything to escape is printed as the argument parser writes it.
        @Test func aPlainUsageErrorIsUnchanged() throws {
            let output = try CommandRunner.run(["resolve", "--no-such-option", "shop://a"])
            #expect(output.status == 2)
            #expect(output.standardError.hasPrefix("Error: Unknown option '--no-such-option'\nUsage: waymark resolve "))
            #expect(output.standardError.hasSuffix("  See 'waymark resolve --help' for more information.\n"))
        }

        /// Help is not an error: standard output, status 0.
        @Test func helpStillGoesToStandardOutput() throws {
            let output = try CommandRunner.run(["resolve", "--help"])
            #expect(output.status == 0)
            #expect(output.standardOutput.contains("--input <file>"))
            #expect(output.standardError.isEmpty)
        }
    }
#endif
