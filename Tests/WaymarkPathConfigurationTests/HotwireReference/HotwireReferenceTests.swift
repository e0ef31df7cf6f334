import Foundation
import Testing
import Waymark

/// The references themselves: each pins one claim of the research notes
/// (hotwire-semantics.md) or of the project's issue, so that the corpus comparison
/// rests on checked behaviour.
@Suite struct HotwireReferenceTests {
    static func iOS(_ json: String) throws -> HotwireIOSReference {
        try HotwireIOSReference(data: Data(json.utf8))
    }

    static func android(_ json: String) throws -> HotwireAndroidReference {
        try HotwireAndroidReference(data: Data(json.utf8))
    }

    static func values(_ properties: [String: Any]?) -> [String: JSONValue]? {
        properties.flatMap(HotwireReferenceJSON.jsonValues)
    }

    // MARK: - Match strings

    static let empty = Data(#"{"rules": []}"#.utf8)

    static func iOSMatch(_ url: String, _ library: HotwireIOSReference.Library, query: Bool? = nil) throws -> String? {
        try HotwireIOSReference(data: empty, library: library, matchQueryStrings: query).matchString(for: url)
    }

    static func androidMatch(_ url: String, _ library: HotwireAndroidReference.Library = .hotwire) throws -> String? {
        try HotwireAndroidReference(data: Data(#"{"rules": [], "settings": {}}"#.utf8), library: library)
            .matchString(for: url)
    }

    /// hotwire-native-ios `main`: `url.path()`, encoded, trailing slash kept.
    @Test(arguments: [
        ("https://example.com", ""),
        ("https://example.com/", "/"),
        ("https://example.com/?", "/?"),
        ("https://example.com/posts/new?", "/posts/new?"),
        ("https://example.com/posts/new?x=1", "/posts/new?x=1"),
        ("https://example.com/task/add/", "/task/add/"),
        ("https://example.com/a%2Fb/", "/a%2Fb/"),
        ("https://example.com/a?q=%20#frag", "/a?q=%20"),
        ("https://example.com/A/B", "/A/B"),
    ])
    func iOSMainMatchString(url: String, expected: String) throws {
        #expect(try Self.iOSMatch(url, .main) == expected)
    }

    /// The releases and Turbo iOS: `url.path`, decoded, trailing slashes dropped; the query as written.
    @Test(arguments: [
        ("https://example.com", ""),
        ("https://example.com/", "/"),
        ("https://example.com//", "/"),
        ("https://example.com/numbers/", "/numbers"),
        ("https://example.com/a%2Fb/", "/a/b"),
        ("https://example.com/task/add/?x=%20", "/task/add?x=%20"),
        ("https://example.com/%E9", ""),
    ])
    func iOSReleasedMatchString(url: String, expected: String) throws {
        #expect(try Self.iOSMatch(url, .released) == expected)
        // Turbo iOS reads the path the same way, and leaves the query out by default.
        #expect(
            try Self.iOSMatch(url, .turbo)
                == expected.split(separator: "?", omittingEmptySubsequences: false).first.map(String.init))
    }

    @Test func iOSMatchStringWithoutQueryMatching() throws {
        #expect(try Self.iOSMatch("https://example.com/a/?x=1", .main, query: false) == "/a/")
        #expect(try Self.iOSMatch("https://example.com/a?", .main, query: false) == "/a")
        #expect(try Self.iOSMatch("https://example.com/new?draft=1", .turbo) == "/new")
        #expect(try Self.iOSMatch("https://example.com/new?draft=1", .turbo, query: true) == "/new?draft=1")
    }

    @Test(arguments: [
        ("https://example.com", ""),
        ("https://example.com/", "/"),
        ("https://example.com/?", "/?"),
        ("https://example.com/posts/new?", "/posts/new?"),
        ("https://example.com?x=1", "?x=1"),
        ("https://example.com/task/add/", "/task/add/"),
        ("https://example.com/a%2Fb/", "/a%2Fb/"),
        ("https://example.com/a?q=%20#frag", "/a?q=%20"),
        ("https://example.com/a#x?y", "/a"),
        ("  https://example.com/A/B ", "/A/B"),
        // Android's URL removes dot segments from every path (libcore's "if (true)").
        ("https://example.com/./a/../b", "/b"),
        ("https://example.com/x/../profile", "/profile"),
        ("https://example.com/x/..", "/"),
        ("https://example.com/..", "/.."),
        ("https://example.com/../a", "/a"),
        ("https://example.com/x/.", "/x/"),
        ("https://example.com/..a/b/..", "/..a/b/.."),
        // The authority ends at a backslash too; four slashes are not a UNC name.
        ("https://example.com\\evil/x", "\\evil/x"),
        ("https:////x/y", "//x/y"),
        // Schemes without a handler on Android: "" in Hotwire 1.3.1.
        ("tel:+15551234567", ""),
        ("mailto:test@example.com", ""),
        ("shop://product/42", ""),
        ("https://example.com:http/x", ""),
    ])
    func androidMatchString(url: String, expected: String) throws {
        #expect(try Self.androidMatch(url) == expected)
    }

    @Test func turboAndroidHasNoAnswerWhereAndroidsURLThrows() throws {
        #expect(try Self.androidMatch("tel:+15551234567", .turbo) == nil)
        #expect(try Self.androidMatch("https://example.com/a?", .turbo) == "/a?")
    }

    // MARK: - Loading

    @Test(arguments: [
        ("[]", HotwireIOSReference.Rejection.notAnObject),
        ("{\"rules\": [", .notAnObject),
        ("{}", .rulesNotAnArrayOfObjects),
        ("{\"rules\": null}", .rulesNotAnArrayOfObjects),
        ("{\"rules\": {}}", .rulesNotAnArrayOfObjects),
        ("{\"rules\": [1]}", .rulesNotAnArrayOfObjects),
        ("{\"rules\": [{\"patterns\": [\"a\"]}]}", .badRule(0)),
        (
            "{\"rules\": [{\"patterns\": [\"a\"], \"properties\": {}}, {\"patterns\": \"b\", \"properties\": {}}]}",
            .badRule(1)
        ),
        ("{\"rules\": [{\"patterns\": [\"a\", 1], \"properties\": {}}]}", .badRule(0)),
        ("{\"rules\": [{\"patterns\": [\"a\"], \"properties\": []}]}", .badRule(0)),
    ])
    func iOSRefuses(json: String, rejection: HotwireIOSReference.Rejection) {
        #expect(throws: rejection) { try Self.iOS(json) }
    }

    @Test func iOSAcceptsEmptyRulesAndAnySettings() throws {
        #expect(try Self.iOS("{\"rules\": []}").documentRules.isEmpty)
        #expect(try Self.iOS("{\"rules\": [], \"settings\": []}").settings.isEmpty)
        let reference = try Self.iOS(
            #"{"settings": "x", "comment": 1, "rules": [{"patterns": [], "properties": {}, "comment": "c"}]}"#)
        #expect(reference.documentRules.count == 1)
        // Properties holding arrays and objects are objects too (on Linux they are not AnyHashable).
        let nested = try Self.iOS("{\"rules\": [{\"patterns\": [\"a\"], \"properties\": {\"tabs\": [{\"t\": 1}]}}]}")
        #expect(Self.values(nested.properties(forPath: "/a")) == ["tabs": [["t": 1]]])
    }

    @Test(arguments: [
        ("[]", HotwireAndroidReference.Rejection.notAnObject),
        ("{\"rules\": {}}", .rulesNotAnArrayOfObjects),
        ("{\"rules\": [1]}", .rulesNotAnArrayOfObjects),
        ("{\"rules\": [], \"settings\": []}", .settingsNotAnObject),
        ("{\"rules\": [{\"patterns\": [\"a\"]}]}", .badRule(0)),
        ("{\"rules\": [{\"properties\": {}}]}", .badRule(0)),
    ])
    func androidRefuses(json: String, rejection: HotwireAndroidReference.Rejection) {
        #expect(throws: rejection) { try Self.android(json) }
    }

    @Test func androidAcceptsAnEmptyObject() throws {
        #expect(try Self.android("{}").documentRules.isEmpty)
        #expect(try Self.android("{\"rules\": null, \"settings\": null}").documentRules.isEmpty)
    }

    // MARK: - Matching

    @Test func laterRulesWinAndBadPatternsAreSkippedAlone() throws {
        let json = """
            {"rules": [
                {"patterns": [".*"], "properties": {"context": "default", "n": 1, "b": true}},
                {"patterns": ["(", "/new$"], "properties": {"context": "modal", "b": false}},
                {"patterns": ["^/NEW$"], "properties": {"upper": true}}
            ]}
            """
        let iOS = try Self.iOS(json)
        #expect(Self.values(iOS.properties(forPath: "/posts/new")) == ["context": "modal", "n": 1, "b": false])
        #expect(
            Self.values(iOS.properties(forPath: "/NEW")) == ["context": "default", "n": 1, "b": true, "upper": true])
        let android = try Self.android(json)
        #expect(
            Self.values(android.properties(forPath: "/NEW")) == ["context": "modal", "n": 1, "b": false, "upper": true])
    }

    @Test func numbersAndBooleansStayApart() {
        let values = HotwireReferenceJSON.jsonValues(["t": true, "f": false, "one": 1, "zero": 0, "half": 0.5])
        #expect(values == ["t": .bool(true), "f": .bool(false), "one": .number(1), "zero": .number(0), "half": 0.5])
    }

    /// The built-ins come after the document's rules, so a document cannot change their
    /// presentation, context or historical_location; its other keys survive (per-key merge).
    @Test func builtInsWinOverTheDocument() throws {
        let json = """
            {"rules": [{"patterns": ["/recede_historical_location", "/resume_historical_location"],
                        "properties": {"context": "modal", "presentation": "refresh", "visitable": false}}]}
            """
        let iOS = try Self.iOS(json)
        #expect(
            Self.values(iOS.properties(for: "https://example.com/recede_historical_location")) == [
                "context": "default", "presentation": "pop", "historical_location": true, "visitable": false,
            ])
        #expect(
            Self.values(iOS.properties(for: "https://example.com/x/resume_historical_location/y")) == [
                "context": "default", "presentation": "none", "historical_location": true, "visitable": false,
            ])
        #expect(
            Self.values(iOS.properties(for: "https://example.com/refresh_historical_location")) == [
                "context": "default", "presentation": "refresh", "historical_location": true,
            ])
        #expect(Self.values(iOS.properties(for: "https://example.com/RECEDE_HISTORICAL_LOCATION")) == [:])
        let android = try Self.android(json)
        #expect(
            Self.values(android.properties(for: "https://example.com/Recede_Historical_Location")) == [
                "context": "DEFAULT", "presentation": "POP", "historical_location": true, "visitable": false,
            ])
    }

    @Test func emptyQueryStopsAnAnchoredPattern() throws {
        let json = #"{"rules": [{"patterns": ["/new$"], "properties": {"context": "modal"}}]}"#
        #expect(Self.values(try Self.iOS(json).properties(for: "https://example.com/posts/new?")) == [:])
        #expect(Self.values(try Self.android(json).properties(for: "https://example.com/posts/new?")) == [:])
        #expect(
            Self.values(try Self.iOS(json).properties(for: "https://example.com/posts/new")) == ["context": "modal"])
    }

    // MARK: - The sampler

    @Test(arguments: [
        ("^/posts/\\d+/edit$", ["/posts/1/edit"]),
        ("/new$", ["/new"]),
        (".*", ["/x"]),
        ("^/$", ["/"]),
        ("/users/[^/]+/profile/?$", ["/users/abc/profile/"]),
        ("/(sign_in|sign_up)$", ["/sign_in"]),
        ("^/a$|^/b$", ["/a", "/b"]),
        ("/[0-9a-fA-F]{8}-[0-9a-f]{4}", ["/11111111-1111"]),
        ("/[0-9a-f]{12}", ["/111111111111"]),
        ("\\/items\\/[0-9]+\\.json", ["/items/1.json"]),
        ("/\\d+/notes\\?note_deleted=1$", ["/1/notes?note_deleted=1"]),
        ("refresh_historical_location", ["/refresh_historical_location"]),
        ("/new?", ["/new"]),
        ("^/(?:a|b)(?=c)x", ["/ax"]),
    ])
    func sampler(pattern: String, expected: [String]) {
        #expect(HotwirePatternSampler.paths(for: pattern) == expected)
    }
}
