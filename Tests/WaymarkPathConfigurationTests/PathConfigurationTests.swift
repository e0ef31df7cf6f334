import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// The document semantics: cascade, query-string matching, percent-encoded input, trailing slash,
/// settings-only documents, trailing commas, skipped rules, built-in rules.
@Suite struct PathConfigurationTests {
    func configuration(
        _ json: String, target: PathConfiguration.Target = .hotwireNativeIOS, queryStringMatching: Bool = true
    ) throws -> PathConfiguration {
        try PathConfiguration(
            data: Data(json.utf8), options: .init(target: target, queryStringMatching: queryStringMatching))
    }

    static let cascade = """
        {
          "settings": { "tabs": ["home", "search"] },
          "rules": [
            { "patterns": [".*"], "properties": { "context": "default", "pull_to_refresh_enabled": true } },
            { "patterns": ["/new$", "/edit$"], "properties": { "context": "modal", "pull_to_refresh_enabled": false } },
            { "patterns": ["/photos/new$"], "properties": { "modal_style": "full", "title": "Add photo" } },
          ],
        }
        """

    @Test func laterRulesWinPerKey() throws {
        let document = try configuration(Self.cascade)
        let match = document.match(path: "/photos/new")
        #expect(match.matchedRules == [0, 1, 2])
        #expect(match.properties.context == .modal)
        #expect(match.properties.modalStyle == .full)
        #expect(match.properties.title == "Add photo")
        #expect(match.properties.pullToRefreshEnabled == false)
        #expect(match.properties.routingType == .cover)
        #expect(document.properties(forPath: "/photos").raw == ["context": "default", "pull_to_refresh_enabled": true])
    }

    /// A Foundation `URL` is read as its `absoluteString`, as everywhere in Waymark, and the merged
    /// properties print with their platform.
    @Test func aURLMatchesAsItsAbsoluteString() throws {
        let document = try configuration(Self.cascade)
        let base = try #require(URL(string: "https://example.com/photos/1"))
        for url in [URL(string: "https://example.com/photos/new?"), URL(string: "new", relativeTo: base)] {
            let url = try #require(url)
            #expect(document.match(url: url).matchedRules == document.match(url: url.absoluteString).matchedRules)
            #expect(document.input(for: url) == document.input(for: url.absoluteString))
            #expect(document.properties(for: url) == document.properties(for: url.absoluteString))
        }
        #expect(
            "\(document.properties(forPath: "/photos/new"))"
                == #"PathProperties(hotwire-native-ios: {"context": "modal", "modal_style": "full", "pull_to_refresh_enabled": false, "title": "Add photo"})"#
        )
    }

    @Test func queryStringMatchingIsOnByDefaultAndCanBeTurnedOff() throws {
        let json =
            #"{"rules": [{"patterns": ["/search\\?q=shoes$"], "properties": {"title": "Shoes"}}, {"patterns": ["/search$"], "properties": {"title": "Search"}}]}"#
        let on = try configuration(json)
        #expect(on.input(for: "https://shop.example.com/search?q=shoes#top") == "/search?q=shoes")
        #expect(on.properties(for: "https://shop.example.com/search?q=shoes").title == "Shoes")
        #expect(on.properties(for: "https://shop.example.com/search").title == "Search")
        let off = try configuration(json, queryStringMatching: false)
        #expect(off.input(for: "https://shop.example.com/search?q=shoes") == "/search")
        #expect(off.properties(for: "https://shop.example.com/search?q=shoes").title == "Search")
        #expect(off.properties(forPath: "/search?q=shoes").title == "Search")
    }

    /// hotwire-native-ios `main` matches `url.path()`: percent-encoded, trailing slash kept.
    @Test func theMainInputIsThePercentEncodedPathWithItsTrailingSlash() throws {
        let document = try configuration(
            #"{"rules": [{"patterns": ["/caf%C3%A9$"], "properties": {"title": "encoded"}}, {"patterns": ["/a/$"], "properties": {"title": "slash"}}]}"#,
            target: .hotwireNativeIOSMain)
        #expect(document.properties(for: "https://x.example/caf%C3%A9").title == "encoded")
        #expect(document.properties(for: "https://x.example/a/").title == "slash")
        #expect(document.properties(for: "https://x.example/a").title == nil)
    }

    /// Every released Hotwire Native iOS (1.0.0 to 1.3.0-beta) matches `url.path`: decoded, trailing
    /// slashes dropped, so `/numbers$` matches `https://example.com/numbers/` (the issue's repro),
    /// where `main` does not.
    @Test func theReleasedInputIsTheDecodedPathWithoutTrailingSlash() throws {
        let json = #"{"rules": [{"patterns": ["/numbers$"], "properties": {"view_controller": "numbers"}}]}"#
        let released = try configuration(json)
        let main = try configuration(json, target: .hotwireNativeIOSMain)
        #expect(released.properties(for: "https://example.com/numbers/").viewController == "numbers")
        #expect(main.properties(for: "https://example.com/numbers/").viewController == nil)
        #expect(released.properties(for: "https://example.com/numbers").viewController == "numbers")
    }

    @Test(arguments: [
        ("https://example.com", ""), ("https://example.com/", "/"), ("https://example.com//", "/"),
        ("https://example.com/a/", "/a"), ("https://example.com/a//", "/a"), ("https://example.com/a%2F", "/a"),
        ("https://example.com/caf%C3%A9/", "/caf\u{E9}"), ("https://example.com/%E9/x", ""),
        ("https://example.com/a%3Fb?q=%20", "/a?b?q=%20"), ("https://example.com/a%20b?", "/a b?"),
        ("https://example.com/caf\u{E9} x", "/caf\u{E9} x"), ("https://example.com/100%", "/100%"),
        ("tel:+15551234567", "+15551234567"), ("mailto:test@example.com", "test@example.com"),
    ])
    func theReleasedInputIsFoundationsURLPath(url: String, input: String) throws {
        let document = try configuration(#"{"rules": []}"#)
        #expect(document.input(for: url) == input)
        #expect(document.input(for: url) == URL(string: url).map { $0.path + ($0.query.map { "?" + $0 } ?? "") })
    }

    /// The string patterns see under hotwire-native-ios `main`: `URL.path()` (a bare domain gives `""`), and
    /// `?` + the query whenever the URL has one, an empty one included; a string without a scheme
    /// is taken as it is; raw characters `URL(string:)` would encode are encoded.
    @Test(arguments: [
        ("https://example.com", ""), ("https://example.com/", "/"), ("https://example.com?", "?"),
        ("https://example.com/posts/new?", "/posts/new?"), ("https://example.com/posts/new?x=1#top", "/posts/new?x=1"),
        ("https://example.com/a/", "/a/"), ("https://example.com:8080/a%2Fb", "/a%2Fb"),
        ("https://user@example.com/a", "/a"), ("https://example.com/caf\u{E9} x", "/caf%C3%A9%20x"),
        ("https://example.com/100%", "/100%25"), ("https://example.com/a?q=a b", "/a?q=a%20b"),
        ("shop://product/42?x=1", "/42?x=1"), ("shop:product/42", "product/42"), ("/posts/new", "/posts/new"),
        ("product/42", "product/42"), ("", ""),
    ])
    func theMainInputIsHotwireIOSMains(url: String, input: String) throws {
        let document = try configuration(#"{"rules": []}"#, target: .hotwireNativeIOSMain)
        #expect(document.input(for: url) == input)
    }

    /// Android: the path and query as written, the query always appended.
    @Test func theAndroidInputIsThePathAndQueryAsWritten() throws {
        let android = try PathConfiguration(
            data: Data(#"{"rules": []}"#.utf8),
            options: .init(target: .hotwireNativeAndroid, queryStringMatching: false))
        #expect(android.input(for: "https://example.com/caf\u{E9}?q=a b#x") == "/caf\u{E9}?q=a b")
        #expect(android.input(for: "https://example.com") == "")
        #expect(android.input(for: "https://example.com/a/?") == "/a/?")
    }

    /// Documents Hotwire Native iOS rejects are read leniently, each leniency reported.
    @Test func aDocumentWithSettingsAndNoRulesIsReadWithAWarning() throws {
        let document = try configuration(#"{"settings": {"feature": true}}"#)
        #expect(document.settings == ["feature": true])
        #expect(document.rules.isEmpty)
        #expect(
            document.diagnostics.map(\.description) == [
                #"document: warning: the document has no "rules" array: Hotwire Native iOS rejects it; read as no rules"#
            ])
        #expect(document.properties(forPath: "/anything").raw.isEmpty)
        let empty = try configuration("{}")
        #expect(empty.diagnostics.count == 1)
        let settings = try configuration(#"{"settings": [], "rules": [{"patterns": ["/a"]}]}"#)
        #expect(
            settings.diagnostics.map(\.description) == [
                #"document: warning: "settings" must be an object, not []; read as empty, as Hotwire Native iOS reads it"#,
                #"rules[0]: warning: the rule has no "properties": Hotwire Native iOS rejects the whole document; it applies with none"#,
            ])
        #expect(settings.match(path: "/a").matchedRules == [0])
    }

    /// `settings.tabs` in both shapes real documents use: an array (iOS) or its JSON as a string (Android).
    @Test func tabsAreReadInBothShapes() throws {
        let array = try configuration(
            #"{"settings": {"tabs": [{"title": "Home", "path": "/", "ios_system_image_name": "house"}]}, "rules": []}"#)
        let string = try configuration(
            #"{"settings": {"tabs": "[{\"title\":\"Home\",\"path\":\"/\",\"image_url\":\"/home.svg\"}]"}, "rules": []}"#
        )
        #expect(array.tabs.map(\.title) == ["Home"] && array.tabs.first?.systemImageName == "house")
        #expect(string.tabs.map(\.path) == ["/"] && string.tabs.first?.imageURL == "/home.svg")
        #expect(array.diagnostics.isEmpty && string.diagnostics.isEmpty)
        let broken = try configuration(#"{"settings": {"tabs": "not json"}, "rules": []}"#)
        #expect(broken.tabs.isEmpty)
        #expect(broken.diagnostics.first?.description.hasPrefix("document: warning: settings.tabs") == true)
    }

    @Test func badRulesAreSkippedAndReportedByIndex() throws {
        let document = try configuration(
            """
            {"rules": [
              {"patterns": ["(a"], "properties": {"title": "broken"}},
              {"properties": {"title": "no patterns"}},
              {"patterns": ["/ok"], "properties": {"title": "ok", "context": "sideways"}},
              {"patterns": ["a(?=b)"], "properties": {}},
              {"patterns": [], "properties": {}},
              "not a rule"
            ]}
            """)
        #expect(
            document.diagnostics.map(\.description) == [
                "rules[0]: skipped: none of its patterns can be used",
                "rules[0].patterns[0]: skipped: \"(a\" column 1: the group opened here is not closed",
                "rules[1]: skipped: the rule has no \"patterns\" array",
                "rules[2]: warning: context: \"sideways\" is not one of default, modal; hotwire-native-ios reads it as default",
                "rules[3]: skipped: none of its patterns can be used",
                "rules[3].patterns[0]: skipped: \"a(?=b)\" column 2: lookahead '(?=)' is not supported",
                "rules[4]: skipped: the rule's \"patterns\" is empty",
                "rules[5]: skipped: a rule must be an object, not \"not a rule\"",
            ])
        let match = document.match(path: "/ok")
        #expect(match.matchedRules == [2])
        #expect(match.properties.context == .default)
    }

    @Test func documentsThatAreNotJSONObjectsAreErrors() {
        #expect(throws: PathConfigurationError.self) { try configuration("[1, 2]") }
        #expect(throws: PathConfigurationError.self) { try configuration("{\"rules\": [") }
    }

    /// A document that says two things (a rule's properties written twice) is refused with the key and
    /// both places: the first or the last would each surprise someone who reviewed it.
    @Test func aKeyWrittenTwiceIsAnErrorNamingItAndWhereItStands() {
        let json = """
            {"rules": [
              {"patterns": ["/admin"], "properties": {"presentation": "none"}, "properties": {}}
            ]}
            """
        #expect(
            throws: PathConfigurationError(
                message:
                    #"path configuration: not valid JSON (duplicate key "properties" (first at line 2, column 28); each key may appear once at line 2, column 68)"#
            )
        ) {
            try configuration(json)
        }
    }

    /// As in Hotwire Native, the built-in rules come after the document's and win: a catch-all
    /// rule cannot make a recede a push. `.beforeDocument` lets a document override them.
    @Test func historicalLocationRulesAreBuiltInAndWin() throws {
        let plain = try configuration(#"{"rules": []}"#)
        let recede = plain.match(path: "/recede_historical_location")
        #expect(recede.properties.presentation == .pop)
        #expect(recede.matchedBuiltInRules == ["recede_historical_location"])
        #expect(plain.properties(forPath: "/resume_historical_location").presentation == PathPresentation.none)
        #expect(plain.properties(forPath: "/refresh_historical_location").presentation == .refresh)
        let overridden = try configuration(
            #"{"rules": [{"patterns": ["/recede_historical_location"], "properties": {"presentation": "clear_all"}}]}"#)
        #expect(overridden.properties(forPath: "/recede_historical_location").presentation == .pop)
        let catchAll = try configuration(
            #"{"rules": [{"patterns": [".*"], "properties": {"presentation": "push", "context": "modal", "x": 1}}]}"#)
        let receded = catchAll.match(path: "/recede_historical_location")
        #expect(
            receded.properties.raw == [
                "presentation": "pop", "context": "default", "historical_location": true, "x": 1,
            ])
        let overridable = try PathConfiguration(
            data: Data(
                #"{"rules": [{"patterns": ["/recede_historical_location"], "properties": {"presentation": "clear_all"}}]}"#
                    .utf8),
            options: .init(historicalLocationRules: .beforeDocument))
        #expect(overridable.properties(forPath: "/recede_historical_location").presentation == .clearAll)
        let without = try PathConfiguration(
            data: Data(#"{"rules": []}"#.utf8), options: .init(historicalLocationRules: .off))
        #expect(without.properties(forPath: "/recede_historical_location").raw.isEmpty)
    }

    @Test func aHostilePatternFromAServerCannotFreezeALookup() throws {
        let document = try configuration(#"{"rules": [{"patterns": ["^(a+)+$"], "properties": {"title": "never"}}]}"#)
        let path = "/" + String(repeating: "a", count: 10_000) + "!"
        #expect(document.properties(forPath: path).title == nil)
    }
}

/// Path properties in the resolver: route properties merge under the path configuration's.
@Suite struct PathPropertiesIntegrationTests {
    @Test func requestsCarryPathPropertiesOverTheirRoutes() async throws {
        let configuration = try PathConfiguration(
            data: Data(
                #"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal", "title": "From path"}}]}"#.utf8)
        )
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("posts/new", name: "new", .properties(["title": "From route", "tab": "posts"])) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        let holder = PathConfigurationHolder()
        builder.pathProperties = holder
        let resolver = try builder.build()
        #expect(
            await resolver.resolve("shop://posts/new").request?.properties == ["title": "From route", "tab": "posts"])
        holder.configuration = configuration
        let request = try #require(await resolver.resolve("shop://posts/new").request)
        #expect(request.properties == ["title": "From path", "tab": "posts", "context": "modal"])
        #expect(
            await resolver.resolve("shop://other/new").request?.properties == [
                "context": "modal", "title": "From path",
            ])
    }

    /// "Migrating from Turbo": an app link is matched by its URL path in a direct lookup (Hotwire
    /// Native iOS's reading: `hey://messages/42` is host `messages`, path `/42`), and by its route
    /// path in the resolver (`/messages/42`), so the rule for the route applies only there.
    @Test func appLinksMatchByTheirURLPathAloneAndByTheirRoutePathInTheResolver() async throws {
        let configuration = try PathConfiguration(
            data: Data(#"{"rules": [{"patterns": ["/messages/\\d+$"], "properties": {"title": "Message"}}]}"#.utf8))
        #expect(configuration.match(url: "hey://messages/42").input == "/42")
        #expect(configuration.properties(for: "hey://messages/42").title == nil)
        #expect(configuration.properties(forPath: "/messages/42").title == "Message")
        var builder = RouteResolverBuilder(schemes: ["hey"])
        builder.add("messages/:id<int>", name: "message") { _ in .handled }
        builder.pathProperties = configuration
        let resolver = try builder.build()
        #expect(await resolver.resolve("hey://messages/42").request?.properties["title"] == "Message")
    }

    @Test func aLoaderKeepsItsHolderCurrent() async throws {
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let loader = PathConfigurationLoader(
            sources: [.data(Data(#"{"rules": [{"patterns": [".*"], "properties": {"title": "bundled"}}]}"#.utf8))],
            cache: PathConfigurationCache(directory: cacheFolder))
        #expect(loader.holder.configuration == nil)
        await loader.load()
        #expect(loader.holder.configuration?.properties(forPath: "/").title == "bundled")
    }
}

/// The README's "Path configuration" example, run as written.
@Suite struct PathConfigurationReadmeTests {
    @Test func theReadmeExample() async throws {
        let configuration = try PathConfiguration(
            data: Data(
                """
                {"settings": {}, "rules": [
                    {"patterns": [".*"], "properties": {"context": "default", "pull_to_refresh_enabled": true}},
                    {"patterns": ["/new$", "/edit$"], "properties": {"context": "modal", "pull_to_refresh_enabled": false}},
                ]}
                """.utf8))
        let properties = configuration.properties(for: "https://shop.example.com/posts/new")
        #expect(properties.context == .modal)
        #expect(properties.pullToRefreshEnabled == false)
        #expect(properties.routingType == .sheet(withStack: true))
        #expect(configuration.diagnostics.isEmpty)

        let bundled = Data(#"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#.utf8)
        let serverURL = URL(string: "http://127.0.0.1:9/unreachable.json")!
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: cacheFolder) }
        let loader = PathConfigurationLoader(
            sources: [.data(bundled), .server(serverURL)], cache: PathConfigurationCache(directory: cacheFolder),
            timeout: .seconds(2))
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("posts/new", name: "new") { _ in .handled }
        builder.pathProperties = loader.holder
        await loader.load()
        let resolver = try builder.build()
        #expect(
            await resolver.resolve("https://shop.example.com/posts/new").request?.properties == ["context": "modal"])
        #expect(await loader.reports.last?.kind == .failed)
    }
}

extension PathConfigurationTests {
    /// As in Hotwire Native, a pattern that cannot be used is skipped alone: the rule's other
    /// patterns apply, and the diagnostic names the pattern by its place and quotes it as the
    /// regex it is (`\p{L}`, not an escaped spelling).
    @Test(arguments: ["(?<=x)b", "(a", "a{2,1}", "\\p{L}", "(?P<g>x)"])
    func aBadPatternIsSkippedAloneAndTheRuleKeepsItsOthers(bad: String) throws {
        let json = #"{"rules": [{"patterns": ["/a", \#(String(reflecting: bad)), "/c$"], "properties": {"x": 1}}]}"#
        let document = try PathConfiguration(data: Data(json.utf8))
        #expect(document.match(path: "/a").matchedRules == [0])
        #expect(document.match(path: "/b/c").matchedRules == [0])
        #expect(document.match(path: "/b").matchedRules == [])
        #expect(document.diagnostics.count == 1)
        #expect(document.diagnostics.first?.location == "rules[0].patterns[1]")
        #expect(
            document.diagnostics.first?.description.hasPrefix(
                "rules[0].patterns[1]: skipped: \"\(bad)\" column ") == true)
    }
}
