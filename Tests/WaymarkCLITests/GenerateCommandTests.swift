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

        /// A configuration that is not one: an error on the key's line, and nothing generated.
        @Test(arguments: [
            (#"{"enumName": "not a name"}"#, "1:14", #"enumName: must be a Swift type name such as "ShopRoute""#),
            (#"{"enumName": "Route"}"#, "1:14", #"other than Array, Bool, Codable,"#),
            (#"{"access": "open"}"#, "1:12", #"access: must be one of internal, package, public, not "open""#),
            (
                "{\n  \"colour\": 1}", "2:13",
                "unknown key \"colour\"; the keys are enumName, access, caseNames, routeFiles"
            ),
            (
                #"{"routeFiles": {"r.routes.json": {"enum": "X"}}}"#, "1:43",
                "routeFiles.r.routes.json.enum: unknown key; a route file's entry has enumName, access and caseNames"
            ),
            (
                #"{"caseNames": {"a": "not-a-case"}}"#, "1:21",
                #"caseNames.a: must be a Swift identifier for the case, such as "a", not "not-a-case""#
            ),
            ("{\n\"access\": }", "2:11", "not valid JSON: "),
            (
                #"{"routeFiles": {"r.route.json": {}}}"#, "1:33",
                "routeFiles.r.route.json: no route file of that name is beside waymark-plugin.json; the route files are r.routes.json"
            ),
        ])
        func aBrokenConfigurationIsNamed(config: String, place: String, message: String) throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "a", "template": "a"}]}"#, name: "r.routes.json")
            let path = URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent(
                "waymark-plugin.json")
            try Data(config.utf8).write(to: path)
            let output = try CommandRunner.run(["generate", "--routes", routes, "--compiler-style"])
            #expect(output.status == 1)
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.hasPrefix("\(path.path):\(place): error: "), "\(output.standardError)")
            #expect(output.standardError.contains(message), "\(output.standardError)")
        }

        /// `caseNames` gives a route whose name is not an identifier a case; the route keeps its name
        /// in the file, and the case's documentation says it.
        @Test func caseNamesNameTheCasesOfOtherRoutes() throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "product-detail", "template": "p/:id"}, {"name": "home", "template": "/"}]}"#,
                name: "route.routes.json")
            let config = URL(fileURLWithPath: routes).deletingLastPathComponent().appendingPathComponent(
                "waymark-plugin.json")
            try Data(#"{"caseNames": {"product-detail": "productDetail"}}"#.utf8).write(to: config)
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(output.status == 0, "\(output.standardError)")
            // `route.routes.json` would name the enum `Route`, Waymark's protocol: it is `AppRoute`.
            #expect(output.standardOutput.contains("enum AppRoute: URLRoute"))
            #expect(
                output.standardOutput.contains(
                    "    /// `p/:id`\n    /// The route file's `product-detail`.\n    case productDetail(id: String)"))
            #expect(output.standardOutput.contains(#"        "productDetail": "p/:id","#))
            // Two routes given one case.
            try Data(#"{"caseNames": {"product-detail": "home"}}"#.utf8).write(to: config)
            let clash = try CommandRunner.run(["generate", "--routes", routes])
            #expect(clash.status == 1)
            #expect(
                clash.standardError.contains(
                    "routes[1] (home): error: name: the case 'home' is already the route 'product-detail''s"),
                "\(clash.standardError)")
        }

        /// A name Swift, or the enum itself, keeps is an error naming the fix.
        @Test(arguments: ["Table", "routeMap", "routingType", "name", "self", "Type", "init", "_"])
        func aReservedNameIsAnError(name: String) throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "\#(name)", "template": "x"}]}"#, name: "r.routes.json")
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(output.status == 1)
            #expect(
                output.standardError.contains("name: '\(name)' cannot name a case of RRoute: "),
                "\(output.standardError)")
            #expect(output.standardError.contains("give its case a name in waymark-plugin.json: \"caseNames\""))
        }

        /// Text of the file that Swift cannot take as a label, or a case cannot say, is an error on
        /// its value; it never reaches the generated source.
        @Test(arguments: [
            (#"{"name": "s", "template": "s", "query": {"q\n    static let injected = 1 //": "string"}}"#, "query.q"),
            (#"{"name": "s", "template": "s", "query": {"my-page": "int?"}}"#, "'my-page' is not a Swift identifier"),
            (#"{"name": "s", "template": "s/:_0"}"#, "the parameter '_0' cannot label a value"),
            (#"{"name": "s", "template": "search?q"}"#, "requires the query item 'q' by name alone"),
            (#"{"name": "homeCodingKeys", "template": "x"}"#, "Codable names its own types '…CodingKeys'"),
        ])
        func whatSwiftCannotTakeIsAnError(route: String, message: String) throws {
            let routes = try CommandRunner.temporaryFile(#"{"routes": [\#(route)]}"#, name: "r.routes.json")
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(output.status == 1)
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.contains(message), "\(output.standardError)")
        }

        /// `home` and `Home` would both have Codable's `HomeCodingKeys`.
        @Test func casesThatDifferOnlyInTheirFirstLetterAreAnError() throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "home", "template": "a"}, {"name": "Home", "template": "b"}]}"#)
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(output.status == 1)
            #expect(
                output.standardError.contains(
                    "routes[1] (Home): error: name: the case 'Home' differs from the route 'home''s only in its first letter"
                ),
                "\(output.standardError)")
        }

        /// Two route files of one target whose enums would have one name: an error on the file.
        @Test func twoEnumsOfOneNameInATargetAreAnError() throws {
            let first = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "a", "template": "a"}]}"#, name: "shop-links.routes.json")
            let folder = URL(fileURLWithPath: first).deletingLastPathComponent()
            let second = folder.appendingPathComponent("shop_links.routes.json")
            try Data(#"{"routes": [{"name": "b", "template": "b"}]}"#.utf8).write(to: second)
            let output = try CommandRunner.run(
                ["generate", "--routes", first, "--sibling", second.path, "--sibling", first, "--compiler-style"])
            #expect(output.status == 1)
            #expect(
                output.standardError.hasPrefix(
                    "\(first):1:1: error: the enum ShopLinksRoute would also be the one written from \(second.path)"),
                "\(output.standardError)")
            // Named apart in the configuration, both generate.
            try Data(#"{"routeFiles": {"shop_links.routes.json": {"enumName": "LegacyLinks"}}}"#.utf8).write(
                to: folder.appendingPathComponent("waymark-plugin.json"))
            let named = try CommandRunner.run(["generate", "--routes", first, "--sibling", second.path])
            #expect(named.status == 0, "\(named.standardError)")
        }

        /// `--enum-name` refuses a name the generated code uses for a type of its own.
        @Test func anEnumNameTheCodeUsesIsRefused() throws {
            let output = try CommandRunner.run(["generate", "--enum-name", "String"])
            #expect(output.status == 2)
            #expect(
                output.standardError.contains("--enum-name must be a Swift type name such as ShopRoute, other than"))
        }

        /// The generated code keeps to 120 columns where it can choose: a case of many values, a
        /// long list of options and a long properties literal are broken one item a line.
        @Test func longDeclarationsAreBrokenIntoLines() throws {
            let query = (0..<30).map { #""value\#($0)": "int?""# }.joined(separator: ", ")
            let properties = (0..<20).map { #""key\#($0)": "a property value of some length""# }.joined(separator: ", ")
            let domains = (0..<8).map { #""shop\#($0).example.com""# }.joined(separator: ", ")
            let routes = try CommandRunner.temporaryFile(
                #"{"domains": [\#(domains)], "routes": [{"name": "search", "#
                    + #""query": {\#(query)}, "properties": {\#(properties)}, "internal": true, "priority": 3, "#
                    + #""template": ["search/:term", "find/:term", "lookup/:term"]}]}"#)
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(output.status == 0, "\(output.standardError)")
            // A single value longer than a line (the mapping's query names here) stays whole.
            let long = output.standardOutput.split(separator: "\n").map(String.init).filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let isOneString = trimmed.hasPrefix("\"") && trimmed.hasSuffix("\",") && !trimmed.contains("\": ")
                return line.count > 120 && !isOneString
            }
            #expect(long.isEmpty, "\(long)")
            #expect(output.standardOutput.contains("    case search(\n        term: String,\n        value0: Int?,\n"))
            #expect(output.standardOutput.contains("            .properties([\n                \"key0\": "))
        }

        /// Numbers are written so that Swift reads back the same `Double`: a subnormal one by its
        /// bits, since Swift refuses a float literal that underflows (the sample app compiles one).
        @Test func everyNumberIsWrittenSoSwiftReadsItBack() throws {
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "a", "template": "a", "properties": {"n": [5e-324, 1e300, 42, -0.5, 9007199254740993]}}]}"#
            )
            let output = try CommandRunner.run(["generate", "--routes", routes])
            #expect(
                output.standardOutput.contains(
                    #".properties(["n": [.number(Double(bitPattern: 0x1)), 1e+300, 42, -0.5, 9007199254740992.0]])"#),
                "\(output.standardOutput)")
        }

        /// The file's default route is a value of the enum when its case carries none.
        @Test func theDefaultRouteIsAValue() throws {
            let output = try CommandRunner.run(["generate"])
            #expect(output.standardOutput.contains("        static let defaultRoute: ShopRoute? = .home"))
            let routes = try CommandRunner.temporaryFile(
                #"{"routes": [{"name": "item", "template": "items/:id"}], "default": "item"}"#)
            let valued = try CommandRunner.run(["generate", "--routes", routes])
            #expect(valued.standardOutput.contains("        static let defaultRoute: RoutesRoute? = nil"))
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
                    "\(routes):2:12: error: routes[0] (product-detail): name: 'product-detail' is not a Swift identifier "
                        + "(letters, digits and '_', not starting with a digit), so it cannot name a case of BadRoute; "
                        + #"rename the route, or give its case a name in waymark-plugin.json: "caseNames": {"product-detail": "productDetail"}"#,
                    "\(routes):3:33: error: routes[1] (files): template: 'files/*' has an anonymous '*'; a case names every value, so name it ('*rest')",
                    "\(routes):4:51: error: routes[2] (item): template[1]: 'old/items/:slug' carries the values slug (string), "
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
            // A file with problems is not written: the committed one stays.
            let risky = try CommandRunner.temporaryFile(
                #"{"domains": ["x.example.com"], "routes": [{"name": "item", "template": "items/:id<int>"}, "#
                    + #"{"name": "admin", "template": "items/:slug", "internal": true}]}"#)
            let kept = folder.appendingPathComponent("kept-association")
            let withProblems = try CommandRunner.run(
                ["aasa", "--routes", risky, "--app-id", "ABCDE12345.com.example.shop", "--output", kept.path])
            #expect(withProblems.status == 1)
            #expect(!FileManager.default.fileExists(atPath: kept.path))
            #expect(withProblems.standardError.contains("\(kept.path): not written: the file has "))
            let refused = try CommandRunner.run(
                ["aasa", "--app-id", "ABCDE12345.com.example.shop", "--json", "--output", file.path])
            #expect(refused.status == 2)
        }
    }
#endif
