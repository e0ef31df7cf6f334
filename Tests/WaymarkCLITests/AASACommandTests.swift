// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark aasa`, run as a user runs it: generate the file for the embedded example, check that
    /// output (clean), and check a hand-broken copy (each problem reported, exit status 1).
    @Suite struct AASACommandTests {
        static let app = "ABCDE12345.com.example.shop"

        static func generated() throws -> CommandRunner.Output {
            try CommandRunner.run(["aasa", "--app-id", app, "--domain", "shop.example.com"])
        }

        @Test func generatesAFileForTheEmbeddedExample() throws {
            let output = try Self.generated()
            #expect(output.status == 0, "\(output.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
            let applinks = object?["applinks"] as? [String: Any]
            let details = applinks?["details"] as? [[String: Any]]
            #expect(details?.first?["appIDs"] as? [String] == [Self.app])
            let components = details?.first?["components"] as? [[String: Any]] ?? []
            #expect(components.contains { $0["/"] as? String == "/debug/menu" && $0["exclude"] as? Bool == true })
            #expect(components.contains { $0["/"] as? String == "/product/?*" })
            // What it sends that no route handles is said, as notes, on standard error.
            #expect(output.standardError.contains("generated: component 4 (applinks.details[0].components[3]): note:"))
        }

        @Test func theGeneratedFileChecksClean() throws {
            let file = try CommandRunner.temporaryFile(try Self.generated().standardOutput, name: "aasa.json")
            let output = try CommandRunner.run([
                "aasa", "--check", file, "--app-id", Self.app, "--domain", "shop.example.com",
            ])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(!output.standardError.contains("error:") && !output.standardError.contains("warning:"))
        }

        @Test func aHandBrokenCopyReportsEachProblem() throws {
            // The debug exclusion removed, the product route left out, a catch-all that sends
            // everything else, and a key Apple ignores.
            let broken = """
                {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [
                  {"/": "/search"},
                  {"/": "/help/*"},
                  {"/": "/"},
                  {"/": "/category/?*", "casesensitive": false},
                  {"/": "/user/*"},
                  {"/": "/promo/*"},
                  {"/": "/debug/*"}
                ]}]}}
                """
            let file = try CommandRunner.temporaryFile(broken, name: "broken.json")
            let output = try CommandRunner.run([
                "aasa", "--check", file, "--app-id", Self.app, "--domain", "shop.example.com",
            ])
            #expect(output.status == 1)
            let lines = output.standardError.split(separator: "\n").map(String.init)
            #expect(
                lines.contains {
                    $0.hasPrefix("route product: error: the file does not send https://shop.example.com/product/")
                })
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "\(file): component 7 (applinks.details[0].components[6]): error: sends https://shop.example.com/debug/menu"
                    )
                })
            #expect(
                lines.contains {
                    $0.contains(
                        "component 4 (applinks.details[0].components[3].casesensitive): warning: Apple ignores this key; did you mean \"caseSensitive\"?"
                    )
                })
            #expect(
                lines.contains {
                    $0.contains(
                        "component 5 (applinks.details[0].components[4]): warning: sends URLs to the app that no route handles"
                    )
                })
        }

        @Test func jsonIsOneObject() throws {
            let output = try CommandRunner.run(["aasa", "--app-id", Self.app, "--json"])
            #expect(output.status == 0)
            let lines = output.standardOutput.split(separator: "\n")
            #expect(lines.count == 1)
            let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
            #expect(object?["file"] is [String: Any])
            #expect(object?["complete"] as? Bool == true)
            let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
            #expect(
                diagnostics.contains {
                    $0["kind"] as? String == "unhandledURLsSent" && $0["route"] as? String == "product"
                })
        }

        @Test func aFileThatIsNotJSONIsAnError() throws {
            let file = try CommandRunner.temporaryFile("{\"applinks\": ", name: "bad.json")
            let output = try CommandRunner.run(["aasa", "--check", file, "--app-id", Self.app])
            #expect(output.status == 1)
            #expect(output.standardError.hasPrefix("\(file): not valid JSON:"))
        }

        @Test func theLinksPageSaysWhichUniversalLinksOpenTheApp() throws {
            let aasa = try CommandRunner.temporaryFile(
                #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/product/*"}]}]}}"#,
                name: "aasa.json")
            let page = try CommandRunner.temporaryFile("", name: "links.html")
            let output = try CommandRunner.run(["links", "--html", page, "--aasa", aasa, "--app-id", Self.app])
            #expect(output.status == 0, "\(output.standardError)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(
                html.contains(
                    "https://shop.example.com/<wbr>product/<wbr>42</a> <span class=\"aasa opens\">opens the app (applinks.details[0].components[0])</span>"
                ))
            #expect(
                html.contains(
                    "https://shop.example.com/<wbr>search</a> <span class=\"aasa browser\">stays in the browser (no component matches)</span>"
                ))
            #expect(!html.contains("shop://product/<wbr>42</a> <span class=\"aasa"))
            let usage = try CommandRunner.run(["links", "--aasa", aasa])
            #expect(usage.status == 2)
        }

        @Test func noDomainIsAUsageError() throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"schemes": ["x"], "routes": [{"name": "a", "template": "a"}]}"#)
            let output = try CommandRunner.run(["aasa", "--routes", routes, "--app-id", Self.app])
            #expect(output.status == 2)
            #expect(output.standardError.contains("--domain DOMAIN"))
        }

        /// Without --domain, a file with one domain uses it and says so in one line on standard
        /// error; one with several is a usage error naming them, not a silent pick of the first
        /// (issue 30).
        @Test func withoutDomainTheOnlyDomainIsUsedAndSeveralAreAUsageError() throws {
            let one = try CommandRunner.run(["aasa", "--app-id", Self.app])
            #expect(one.status == 0, "\(one.standardError)")
            #expect(one.standardOutput == (try Self.generated().standardOutput))
            let notes = one.standardError.split(separator: "\n").filter { $0.contains("--domain") }
            #expect(notes == ["<example>: no --domain given; using the file's only domain, shop.example.com"])

            let routes = try CommandRunner.temporaryFile(
                #"{"domains": ["a.example", "b.example"], "routes": [{"name": "a", "template": "a"}]}"#)
            let several = try CommandRunner.run(["aasa", "--routes", routes, "--app-id", Self.app])
            #expect(several.status == 2)
            #expect(several.standardOutput.isEmpty)
            #expect(
                several.standardError
                    == "\(routes): --domain is required: the file has several domains (a.example, b.example)\n")
            let chosen = try CommandRunner.run([
                "aasa", "--routes", routes, "--app-id", Self.app, "--domain", "b.example",
            ])
            #expect(chosen.status == 0, "\(chosen.standardError)")
            #expect(!chosen.standardError.contains("--domain"))
            #expect(chosen.standardOutput.contains("\"/a\""))
        }
    }
#endif
