// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// One rule for `resolve`, `explain` and `navigate`: 0 when every URL was handled (matched, or by
    /// the default route), 1 when any was not, 2 for a usage error (issue 19, item 8).
    @Suite struct ExitStatusTests {
        static let withDefault = """
            { "schemes": ["app"], "domains": ["app.example.com"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "item", "template": "item/:id<int>" },
                { "name": "admin", "template": "admin", "internal": true }
              ],
              "default": "home" }
            """
        static let withoutDefault = withDefault.replacingOccurrences(
            of: #""default": "home""#, with: #""description": "no default""#)

        /// Each URL with the status it gives alone, with and without a default route.
        static let cases: [(url: String, withDefault: Int32, withoutDefault: Int32)] = [
            ("app://item/1", 0, 0),  // matched
            ("item/2", 0, 0),  // matched, in-app
            ("app://nowhere", 0, 1),  // unmatched
            ("https://evil.example/item/1", 0, 1),  // refused domain
            ("app://item/x", 0, 1),  // a value the type refuses
            ("app://admin", 1, 1),  // internal-only, from outside
            ("app://item/1\u{1}", 1, 1),  // invalid: a control character
            ("app://item/" + String(repeating: "1", count: 17_000), 1, 1),  // over the URL length limit
        ]

        @Test(arguments: ["resolve", "explain", "navigate"])
        func everyURLKindGivesTheDocumentedStatus(command: String) throws {
            let files = [
                (try CommandRunner.temporaryFile(Self.withDefault), true),
                (try CommandRunner.temporaryFile(Self.withoutDefault), false),
            ]
            for (path, hasDefault) in files {
                for (url, withDefault, withoutDefault) in Self.cases {
                    let output = try CommandRunner.run([command, "--routes", path, url])
                    #expect(
                        output.status == (hasDefault ? withDefault : withoutDefault),
                        "\(command) \(url) (default: \(hasDefault)): \(output.standardError)")
                    // Every URL is reported, whatever its status.
                    #expect(!output.standardOutput.isEmpty)
                }
                // Any URL not handled makes the whole run 1, wherever it is; all handled is 0.
                let handled = Self.cases.filter { (hasDefault ? $0.withDefault : $0.withoutDefault) == 0 }.map(\.url)
                #expect(try CommandRunner.run([command, "--routes", path] + handled).status == 0)
                for bad in Self.cases.map(\.url) where !handled.contains(bad) {
                    let output = try CommandRunner.run(
                        [command, "--routes", path, "--json"] + handled + [bad] + handled)
                    #expect(output.status == 1, "\(command) \(bad)")
                    #expect(output.standardOutput.split(separator: "\n").count == handled.count * 2 + 1)
                }
            }
        }

        /// A usage error is 2 for every command: no URL, an unknown option, a value an option refuses.
        @Test(arguments: ["resolve", "explain", "navigate", "link", "links", "check", "properties"])
        func usageErrorsExitWithTwo(command: String) throws {
            var attempts = [[command, "--no-such-option"], [command, "--target", "web", "app://x"]]
            if ["resolve", "explain", "navigate", "link"].contains(command) { attempts.append([command]) }
            for arguments in attempts {
                let output = try CommandRunner.run(arguments)
                #expect(output.status == 2, "\(arguments): \(output.standardError)")
                #expect(output.standardError.contains("Error:"), "\(arguments)")
            }
        }
    }
#endif
