// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark properties`, and path properties in `waymark resolve`, run as a user runs them.
    @Suite struct PropertiesCommandTests {
        static let document = """
            {"settings": {}, "rules": [
              {"patterns": [".*"], "properties": {"context": "default"}},
              {"patterns": ["/new$"], "properties": {"context": "modal", "title": "New"}},
              {"patterns": ["(?=x)"], "properties": {}},
              {"patterns": ["/search\\\\?q="], "properties": {"title": "Results"}},
            ]}
            """

        @Test func printsMergedPropertiesAsJSONLinesAndDiagnosticsOnStandardError() throws {
            let config = try CommandRunner.temporaryFile(Self.document, name: "path-configuration.json")
            let output = try CommandRunner.run([
                "properties", "--config", config, "/posts/new", "https://x.example/search?q=a#top",
            ])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    {"input":"/posts/new","target":"hotwire-native-ios","matched":"/posts/new","properties":{"context":"modal","title":"New"},"matchedRules":[0,1]}
                    {"input":"https://x.example/search?q=a#top","target":"hotwire-native-ios","matched":"/search?q=a","properties":{"context":"default","title":"Results"},"matchedRules":[0,3]}

                    """)
            #expect(
                output.standardError
                    == "\(config): rules[2]: skipped: none of its patterns can be used\n"
                    + "\(config): rules[2].patterns[0]: skipped: \"(?=x)\" column 1: lookahead '(?=)' is not supported\n"
            )
            let withoutQuery = try CommandRunner.run([
                "properties", "--config", config, "--no-query-matching", "/search?q=a",
            ])
            #expect(withoutQuery.standardOutput.contains(#""matched":"/search","properties":{"context":"default"}"#))
        }

        /// A lookup that reaches its work bound is marked in its line and explained on standard error;
        /// the same document answers a short path completely, with the usual line.
        @Test func aLookupStoppedAtItsWorkBoundSaysSo() throws {
            let rules = (0..<199).map { #"{"patterns":["[ab]*a[ab]{999}"],"properties":{"rule":\#($0)}}"# }
            let config = try CommandRunner.temporaryFile(
                #"{"rules":[\#(rules.joined(separator: ","))]}"#, name: "hostile-path-configuration.json")
            let long = "/" + String(repeating: "ab", count: 4_000)
            let output = try CommandRunner.run(["properties", "--config", config, long, "/ab"])
            #expect(output.status == 0)
            let lines = output.standardOutput.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.hasSuffix(#""complete":false}"#) == true)
            #expect(
                lines.last
                    == #"{"input":"/ab","target":"hotwire-native-ios","matched":"/ab","properties":{},"matchedRules":[]}"#
            )
            #expect(output.standardError.contains("stopped at its work bound"))
        }

        /// `--target hotwire-native-android` reads the document as Hotwire Native Android does.
        @Test func thePlatformOptionChoosesTheSemantics() throws {
            let config = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["/NEW$"], "properties": {"context": "MODAL"}}]}"#, name: "android.json")
            let iOS = try CommandRunner.run(["properties", "--config", config, "/posts/new"])
            #expect(iOS.standardOutput.contains(#""properties":{},"matchedRules":[]"#))
            let android = try CommandRunner.run([
                "properties", "--config", config, "--target", "hotwire-native-android", "/posts/new",
            ])
            #expect(android.standardOutput.contains(#""properties":{"context":"MODAL"},"matchedRules":[0]"#))
            let wrong = try CommandRunner.run(["properties", "--config", config, "--target", "web", "/"])
            #expect(wrong.status != 0)
            #expect(
                wrong.standardError.contains(
                    "--target must be one of hotwire-native-ios, hotwire-native-ios-main, hotwire-native-android, turbo-ios, turbo-android, not 'web'"
                ))
            let noQuery = try CommandRunner.run([
                "properties", "--config", config, "--target", "hotwire-native-android", "--no-query-matching", "/",
            ])
            #expect(noQuery.status != 0)
            #expect(noQuery.standardError.contains("--no-query-matching applies to iOS targets only"))
        }

        @Test func aRouteFileCarriesItsPathConfigurationAndPathPropertiesWin() throws {
            let config = try CommandRunner.temporaryFile(Self.document, name: "path-configuration.json")
            let folder = URL(fileURLWithPath: config).deletingLastPathComponent()
            let routes = folder.appendingPathComponent("routes.json")
            try Data(
                """
                {"schemes": ["app"], "pathConfiguration": "path-configuration.json",
                 "routes": [{"name": "new", "template": "posts/new", "properties": {"title": "Route title", "tab": "posts"}}]}
                """.utf8
            ).write(to: routes)
            let output = try CommandRunner.run(["resolve", "--routes", routes.path, "--json", "app://posts/new"])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                output.standardOutput.contains(#""properties":{"context":"modal","tab":"posts","title":"New"}"#),
                "\(output.standardOutput)")
            let properties = try CommandRunner.run(["properties", "--routes", routes.path, "/posts/new"])
            #expect(
                properties.standardOutput.hasPrefix(
                    #"{"input":"/posts/new","target":"hotwire-native-ios","matched":"/posts/new""#))
        }

        /// `resolve`, `explain` and `navigate` read the route file's document with the same
        /// `--target` option as `properties`.
        @Test func resolveReadsThePathConfigurationForThePlatform() throws {
            let config = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["/NEW$"], "properties": {"context": "modal"}}]}"#, name: "pc.json")
            let routes = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("r.json")
            try Data(
                #"{"schemes": ["app"], "pathConfiguration": "pc.json", "routes": [{"name": "new", "template": "posts/new"}]}"#
                    .utf8
            ).write(to: routes)
            let iOS = try CommandRunner.run(["resolve", "--routes", routes.path, "--json", "app://posts/new"])
            #expect(iOS.standardOutput.contains(#""properties":{}"#), "\(iOS.standardOutput)")
            let android = try CommandRunner.run([
                "resolve", "--routes", routes.path, "--target", "hotwire-native-android", "--json", "app://posts/new",
            ])
            #expect(android.standardOutput.contains(#""properties":{"context":"modal"}"#), "\(android.standardOutput)")
        }

        /// A built-in historical-location rule that matched is named, since `matchedRules` indexes
        /// the document's own rules only.
        /// One rule decides "URL or path" (RFC 3986's scheme): `mailto:` and `tel:` are URLs, read as
        /// the target reads URLs (Foundation's path: `test@example.com`), not matched whole; a string
        /// without a scheme is a path, matched as given.
        @Test func everyInputWithASchemeIsAURL() throws {
            let config = try CommandRunner.temporaryFile(
                #"{"rules": [{"patterns": ["^mailto"], "properties": {"whole": true}}, {"patterns": ["^test@"], "properties": {"path": true}}]}"#,
                name: "schemes.json")
            let output = try CommandRunner.run([
                "properties", "--config", config, "mailto:test@example.com", "tel:+15551234567", "a+b.c-d:test@x",
                "test@example.com", "1tel:x",
            ])
            let lines = output.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.count == 5)
            #expect(lines[0].contains(#""matched":"test@example.com","properties":{"path":true}"#), "\(lines[0])")
            #expect(lines[1].contains(#""matched":"+15551234567""#), "\(lines[1])")
            #expect(lines[2].contains(#""matched":"test@x","properties":{"path":true}"#), "\(lines[2])")
            // No scheme (a digit cannot start one): a path, matched as written.
            #expect(lines[3].contains(#""matched":"test@example.com","properties":{"path":true}"#), "\(lines[3])")
            #expect(lines[4].contains(#""matched":"1tel:x","properties":{}"#), "\(lines[4])")
            let android = try CommandRunner.run([
                "properties", "--config", config, "--target", "hotwire-native-android", "mailto:test@example.com",
            ])
            #expect(android.standardOutput.contains(#""target":"hotwire-native-android","matched":"""#))
        }

        @Test func builtInRulesAreNamed() throws {
            let config = try CommandRunner.temporaryFile(#"{"rules": []}"#, name: "empty.json")
            let output = try CommandRunner.run(["properties", "--config", config, "/recede_historical_location"])
            #expect(
                output.standardOutput.contains(#""matchedRules":[],"matchedBuiltInRules":["#),
                "\(output.standardOutput)")
            let plain = try CommandRunner.run(["properties", "--config", config, "/posts"])
            #expect(!plain.standardOutput.contains("matchedBuiltInRules"))
        }

        @Test func problemsExitWithOne() throws {
            let missing = try CommandRunner.run(["properties", "--config", "/nonexistent/pc.json", "/"])
            #expect(missing.status == 1)
            #expect(missing.standardError == "/nonexistent/pc.json: cannot read the file: it does not exist\n")
            let routes = try CommandRunner.temporaryFile(#"{"routes": [{"name": "a", "template": "a"}]}"#)
            let none = try CommandRunner.run(["properties", "--routes", routes, "/"])
            #expect(none.status == 1)
            #expect(none.standardError == "\(routes) has no pathConfiguration; pass --config FILE\n")
        }
    }
#endif
