// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark generate` writes a route file as a `URLRoute` enum, after the checks of `waymark
    /// check`; what cannot become a case is an error on its line. (The enum compiled and compared
    /// with the route file's resolver: Examples/LinkTestingApp, `GeneratedEnumAgreementTests`.)
    @Suite struct GenerateCommandTests {
        /// The embedded example: one case per route, typed values, its options, its table.
        @Test func theExampleBecomesAnEnum() throws {
            let output = try CommandRunner.run(["generate"])
            #expect(output.status == 0, "\(output.standardError)")
            let code = output.standardOutput
            for line in [
                "enum ShopRoute: URLRoute, Hashable, Sendable {",
                "    /// `product/:id<int>`\n    case product(id: Int)",
                "    case profile(user_id: String, tab: String?)",
                "    case help(topic: [String])",
                "    /// Internal only: external links do not open it.\n    case debug",
                #"        "product": .template("product/:id<int>", .properties(["presentation": "modal"])),"#,
                #"        "profile": "user/:user_id/profile(/:tab)","#,
                #"        "help": .template("help/*topic", .scopes(.appAny, .universal(domain: "shop.example.com"))),"#,
                #"        "debug": .template("debug/menu", .internalOnly),"#,
                #"        static let defaultRouteName: String? = "home""#,
            ] {
                #expect(code.contains(line), "missing: \(line)")
            }
            // Internal by default: no access modifier, and a plain import.
            #expect(code.contains("\nimport Waymark\n"))
            #expect(!code.contains("public "))
        }

        /// `--enum-name` and `--access`, or `waymark-plugin.json` beside the route file.
        @Test func theNameAndAccessComeFromOptionsOrTheConfiguration() throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "item", "template": "items/:id<uuid>", "query": {"page": "int?"}}]}"#,
                name: "catalog.routes.json")
            let byDefault = try CommandRunner.run(["generate", "--routes", routes])
            #expect(byDefault.standardOutput.contains("enum CatalogRoute: URLRoute"))
            #expect(byDefault.standardOutput.contains("case item(id: UUID, page: Int?)"))
            #expect(byDefault.standardOutput.contains(#""item": "items/:id<uuid>?page","#))
            #expect(byDefault.standardOutput.contains("\nimport Foundation\nimport Waymark\n"))
            let config = URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent(
                "waymark-plugin.json")
            try Data(#"{"access": "package", "routeFiles": {"catalog.routes.json": {"enumName": "Shelf"}}}"#.utf8)
                .write(to: config)
            let configured = try CommandRunner.run(["generate", "--routes", routes])
            #expect(configured.standardOutput.contains("package enum Shelf: URLRoute"))
            #expect(configured.standardOutput.contains("\npackage import Foundation\npackage import Waymark\n"))
            let overridden = try CommandRunner.run([
                "generate", "--routes", routes, "--enum-name", "Aisle", "--access", "public",
            ])
            #expect(overridden.standardOutput.contains("public enum Aisle: URLRoute"))
        }

        /// A configuration that is not one: an error naming the key, and nothing generated.
        @Test(arguments: [
            (
                #"{"enumName": "not a name"}"#,
                #"enumName: must be a Swift type name such as "ShopRoute", not "not a name""#
            ),
            (#"{"access": "open"}"#, #"access: must be one of internal, package, public, not "open""#),
            (#"{"colour": 1}"#, "unknown key \"colour\"; the keys are enumName, access, routeFiles"),
            (#"{"routeFiles": {"r.routes.json": {"enum": "X"}}}"#, "routeFiles.r.routes.json.enum: unknown key"),
        ])
        func aBrokenConfigurationIsNamed(config: String, message: String) throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "a", "template": "a"}]}"#, name: "r.routes.json")
            let path = URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent(
                "waymark-plugin.json")
            try Data(config.utf8).write(to: path)
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(output.status == 1)
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.contains(message), "\(output.standardError)")
        }

        /// What a typed case cannot carry is an error on the route's line, in the compiler's form.
        @Test func whatCannotBecomeACaseIsAnErrorOnItsLine() throws {
            let routes = try CommandRunner.temporaryFile(
                """
                {"routes": [
                  {"name": "product-detail", "template": "p/:id"},
                  {"name": "files", "template": "files/*"},
                  {"name": "item", "template": ["items/:id<int>", "old/items/:slug"]}
                ]}
                """, name: "bad.routes.json")
            let output = try CommandRunner.run(["generate", "--routes", routes, "--compiler-style"])
            #expect(output.status == 1)
            #expect(output.standardOutput.isEmpty)
            let lines = output.standardError.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    "\(routes):2:12: error: routes[0] (product-detail): name: 'product-detail' is not a Swift identifier, "
                        + "so it cannot name a case of BadRoute; rename the route with letters, digits and '_' (for example 'productDetail')",
                    "\(routes):3:33: error: routes[1] (files): template: 'files/*' has an anonymous '*'; a case names every value, so name it ('*rest')",
                    "\(routes):4:51: error: routes[2] (item): template[1]: 'old/items/:slug' carries the values slug (text), "
                        + "but 'items/:id<int>' carries the values id (int); every template of a case must carry the same values, with the same types",
                ])
        }

        /// The route file's own errors come first, and nothing is written.
        @Test func aRouteFileWithErrorsWritesNothing() throws {
            let routes = try CommandRunner.temporaryFile(#"{"routes": [{"name": "a", "template": "a/:"}]}"#)
            let swift = URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent("Out.swift")
            let output = try CommandRunner.run([
                "generate", "--routes", routes, "--output", swift.path, "--compiler-style",
            ])
            #expect(output.status == 1)
            #expect(output.standardError.hasPrefix("\(routes):1:42: error: routes[0] (a): template: "))
            #expect(!FileManager.default.fileExists(atPath: swift.path))
        }

        /// `check --compiler-style` prints every problem as a compiler does; `--marker` writes its
        /// file only after a check without errors.
        @Test func checkPrintsCompilerStyleAndWritesItsMarker() throws {
            let routes = try CommandRunner.temporaryFile(
                """
                {"routes": [
                  {"name": "page", "template": "pages/:slug", "priority": 1},
                  {"name": "numbered", "template": "pages/:n<int>"}
                ]}
                """)
            let marker = URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent("m.swift")
            let output = try CommandRunner.run(
                ["check", "--routes", routes, "--compiler-style", "--marker", marker.path])
            #expect(output.status == 0)
            #expect(
                output.standardOutput.hasPrefix(
                    "\(routes):3:36: warning: routes[1] (numbered): template: \"pages/:n<int>\" can never win"))
            let text = try String(contentsOf: marker, encoding: .utf8)
            #expect(text == "// Checked by `waymark check`: routes.json has no errors.\n")
            let broken = try CommandRunner.temporaryFile(#"{"routes": [{"name": "a"}]}"#)
            let brokenMarker = URL(fileURLWithPath: broken).deletingLastPathComponent().appendingPathComponent(
                "m.swift")
            let failed = try CommandRunner.run([
                "check", "--routes", broken, "--compiler-style", "--marker", brokenMarker.path,
            ])
            #expect(failed.status == 1)
            #expect(failed.standardOutput.hasPrefix("\(broken):1:13: error: routes[0] (a): template: is missing"))
            #expect(!FileManager.default.fileExists(atPath: brokenMarker.path))
        }

        /// A path configuration's problems, on the line of their rule or pattern.
        @Test func aPathConfigurationsProblemsAreOnTheirLines() throws {
            let document = try CommandRunner.temporaryFile(
                """
                {"settings": {},
                 "rules": [
                   {"patterns": ["/a", "(?<=x)b"], "properties": {}}
                 ]}
                """, name: "shop.path-configuration.json")
            let output = try CommandRunner.run(["check", "--config", document, "--compiler-style"])
            #expect(
                output.standardOutput.hasPrefix("\(document):3:24: warning: rules[0].patterns[1]: "),
                "\(output.standardOutput)")
            let broken = try CommandRunner.temporaryFile("[1]", name: "b.path-configuration.json")
            let failed = try CommandRunner.run(["check", "--config", broken, "--compiler-style"])
            #expect(failed.status == 1)
            #expect(
                failed.standardError.hasPrefix("\(broken): error: must be a JSON object"), "\(failed.standardError)")
        }

        /// `aasa --output FILE` writes the association file there (what the command plugin runs).
        @Test func aasaWritesItsFileWithOutput() throws {
            let folder = URL(fileURLWithPath: try CommandRunner.temporaryFile("{}")).deletingLastPathComponent()
            let file = folder.appendingPathComponent("apple-app-site-association")
            let output = try CommandRunner.run(
                [
                    "aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "shop.example.com", "--output",
                    file.path,
                ])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput.isEmpty)
            let printed = try CommandRunner.run(
                ["aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "shop.example.com"])
            #expect(try String(contentsOf: file, encoding: .utf8) == printed.standardOutput)
            let missing = folder.appendingPathComponent("no-such-folder/apple-app-site-association").path
            let unwritable = try CommandRunner.run(
                [
                    "aasa", "--app-id", "ABCDE12345.com.example.shop", "--domain", "shop.example.com", "--output",
                    missing,
                ])
            #expect(unwritable.status == 1)
            #expect(
                unwritable.standardError.contains(
                    "\(missing): cannot write the file: the folder \(folder.path)/no-such-folder does not exist"),
                "\(unwritable.standardError)")
            let refused = try CommandRunner.run(
                ["aasa", "--app-id", "ABCDE12345.com.example.shop", "--json", "--output", file.path])
            #expect(refused.status == 2)
        }
    }
#endif
