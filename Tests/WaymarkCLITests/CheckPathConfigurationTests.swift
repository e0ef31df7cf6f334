// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark check` loads the path configuration a route file names and reports it: a document
    /// that cannot be loaded is an error, its skipped rules and patterns and its warnings are
    /// warnings, and a good one adds nothing.
    @Suite struct CheckPathConfigurationTests {
        /// A route file naming `pc.json` beside it, with `document` there (none when `nil`).
        static func check(_ document: String?, _ options: [String] = []) throws -> CommandRunner.Output {
            let routes = try CommandRunner.temporaryFile(
                #"{"pathConfiguration": "pc.json", "routes": [{"name": "p", "template": "p/:id"}]}"#)
            if let document {
                try Data(document.utf8).write(
                    to: URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent("pc.json"))
            }
            return try CommandRunner.run(["check", "--routes", routes] + options)
        }

        @Test func aMissingDocumentIsAnError() throws {
            let output = try Self.check(nil)
            #expect(output.status == 1)
            #expect(output.standardOutput.contains("error: pathConfiguration: "))
            #expect(output.standardOutput.contains("pc.json: cannot be read: it does not exist"))
        }

        @Test func aDocumentThatIsNotJSONIsAnError() throws {
            let output = try Self.check(#"{"rules": [}"#)
            #expect(output.status == 1)
            #expect(output.standardOutput.contains("error: pathConfiguration: "))
            #expect(output.standardOutput.contains("not valid JSON"))
        }

        @Test func skippedPatternsAndUnknownValuesAreWarnings() throws {
            let output = try Self.check(
                #"{"rules": [{"patterns": ["/a", "(?<=x)b"], "properties": {"context": "sideways"}}]}"#)
            #expect(output.status == 0)
            let lines = output.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(
                lines[0].hasSuffix(
                    #"warning: pathConfiguration: rules[0]: context: "sideways" is not one of default, modal; hotwire-native-ios reads it as default"#
                ))
            #expect(
                lines[1].hasSuffix(
                    #"warning: pathConfiguration: rules[0].patterns[1]: skipped: "(?<=x)b" column 1: lookbehind is not supported"#
                ))
            #expect(lines[2].hasSuffix("0 error(s), 2 warning(s)"))
        }

        /// The document is read as the platform says: Hotwire Native Android reads enum values
        /// case-insensitively, iOS does not.
        @Test func thePlatformOptionChoosesHowValuesAreRead() throws {
            let document = #"{"rules": [{"patterns": ["/p/"], "properties": {"context": "MODAL"}}]}"#
            let iOS = try Self.check(document)
            #expect(iOS.standardOutput.contains(#"rules[0]: context: "MODAL" is not one of default, modal"#))
            let android = try Self.check(document, ["--target", "hotwire-native-android"])
            #expect(android.status == 0)
            #expect(android.standardOutput.hasSuffix(": ok\n"))
            let wrong = try Self.check(document, ["--target", "web"])
            #expect(wrong.status != 0)
            #expect(
                wrong.standardError.contains(
                    "--target must be one of hotwire-native-ios, hotwire-native-ios-main, hotwire-native-android, turbo-ios, turbo-android, not 'web'"
                ))
        }

        @Test func aGoodDocumentAddsNothing() throws {
            let output = try Self.check(#"{"rules": [{"patterns": ["/p/"], "properties": {"context": "modal"}}]}"#)
            #expect(output.status == 0)
            #expect(output.standardOutput.hasSuffix(": ok\n"))
        }

        /// The linter's findings follow the load diagnostics, each with its shortest URL; `--json`
        /// gives each as an object with its kind, key and example.
        @Test func theLinterReportsWithShortestURLs() throws {
            let document = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["/users/sign_in$"], "properties": {"context": "modal"}}, {"patterns": ["^feed$"], "properties": {"title": "Feed"}}, {"patterns": [".*"], "properties": {"context": "default"}}]}"#,
                name: "lint.json")
            let output = try CommandRunner.run(["check", "--config", document])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    \(document): rules[0]: warning: "context": "modal" never takes effect: every URL this rule matches is also matched by a later rule that sets "context" (rules[2] ".*" → "default" at https://example.com/users/sign_in)
                    \(document): rules[1].patterns[0]: warning: "^feed$" matches no URL as hotwire-native-ios reads them (an empty path or one starting with '/', then '?query'): the pattern never applies; paths start with '/'
                    \(document): 2 problem(s), read as hotwire-native-ios 1.2.0–1.3.0-beta; the rest of the document applies

                    """)
            let json = try CommandRunner.run(["check", "--config", document, "--json"])
            let first = try #require(json.standardOutput.split(separator: "\n").first)
            #expect(
                first.contains(
                    #""kind":"always-overridden","key":"context","example":"https://example.com/users/sign_in""#))
        }

        /// `--against` lists each key some URL gets otherwise from the other copy, and exits 1.
        @Test func twoCopiesAreComparedWithAgainst() throws {
            let bundled = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#, name: "bundled.json")
            let server = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["/new$", "/edit$"], "properties": {"context": "modal"}}]}"#,
                name: "server.json")
            let output = try CommandRunner.run(["check", "--config", bundled, "--against", server])
            #expect(output.status == 1)
            #expect(
                output.standardOutput.contains(
                    #"differs from \#(server): "context" at https://example.com/edit: not set here, "modal" (rules[0]) in the other"#
                ), "\(output.standardOutput)")
            #expect(output.standardOutput.hasSuffix("1 difference(s) from \(server)\n"))
            let same = try CommandRunner.run(["check", "--config", bundled, "--against", bundled])
            #expect(same.status == 0)
            #expect(same.standardOutput.hasSuffix("no URL gets other properties from \(bundled)\n"))
            let alone = try CommandRunner.run(["check", "--against", server])
            #expect(alone.status == 2)
        }

        /// `--config FILE` checks a document alone, in the format `waymark properties` uses.
        @Test func aDocumentAloneIsCheckedWithConfig() throws {
            let document = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["/a", "(?<=x)b"], "properties": {"context": "sideways"}}]}"#, name: "pc.json"
            )
            let output = try CommandRunner.run(["check", "--config", document])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    \(document): rules[0]: warning: context: "sideways" is not one of default, modal; hotwire-native-ios reads it as default
                    \(document): rules[0].patterns[1]: skipped: "(?<=x)b" column 1: lookbehind is not supported
                    \(document): 2 problem(s), read as hotwire-native-ios 1.2.0–1.3.0-beta; the rest of the document applies

                    """)
            let broken = try CommandRunner.temporaryFile(#"{"rules": [}"#, name: "broken.json")
            #expect(try CommandRunner.run(["check", "--config", broken]).status == 1)
            let both = try CommandRunner.run(["check", "--config", document, "--routes", document])
            #expect(both.status == 2)
            // Given as a route file, a path configuration gets a hint.
            let misplaced = try CommandRunner.run(["check", "--routes", document])
            #expect(misplaced.status == 1)
            #expect(
                misplaced.standardError.contains(
                    "this looks like a path configuration, not a route file; check it with --config"))
        }
    }
#endif
