import Foundation
import Testing

@testable import WaymarkAssociatedDomains

/// Bad input: every structural problem is a diagnostic that names its place, never a crash; only a
/// file that is not a JSON object throws.
@Suite struct ReadingTests {
    static func read(_ text: String) throws -> AppSiteAssociation {
        try AppSiteAssociation(data: Data(text.utf8))
    }

    static func messages(_ text: String) throws -> [String] {
        try read(text).diagnostics.map(\.description)
    }

    @Test(arguments: ["", "{", "[1, 2]", "\"applinks\"", "{\"applinks\": {},}", "{\"a\": 1, \"a\": 2}", "\u{FEFF}nul"])
    func malformedJSONThrowsWithAPlace(_ text: String) {
        #expect(throws: AssociationReadError.self) { try Self.read(text) }
    }

    @Test func bothAppIDAndAppIDsAreTakenAndReported() throws {
        let file = try Self.read(
            #"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "appIDs": ["ABCDE12345.c.d"], "components": []}]}}"#
        )
        #expect(file.applinks?.details.first?.appIDs == ["ABCDE12345.c.d", "ABCDE12345.a.b"])
        #expect(
            file.diagnostics.map(\.description) == [
                "applinks.details[0]: has both appIDs and the legacy appID; Apple does not say how it reads that, and Waymark takes both; keep appIDs only"
            ])
    }

    @Test func unknownKeysAreNamedAtEveryLevel() throws {
        let messages = try Self.messages(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"path": "/x", "Exclude": true}], "extra": 1}], "bonus": 2},
             "webcredentials": {"apps": ["ABCDE12345.a.b"], "more": 1}, "appclip": {}}
            """#)
        #expect(messages.contains { $0.hasPrefix("applinks.bonus: Apple ignores this key") })
        #expect(messages.contains { $0.hasPrefix("applinks.details[0].extra: Apple ignores this key") })
        #expect(messages.contains("applinks.details[0].components[0].path: Apple ignores this key; the key is \"/\""))
        #expect(
            messages.contains(
                "applinks.details[0].components[0].Exclude: Apple ignores this key; did you mean \"exclude\"? (keys are case-sensitive)"
            ))
        #expect(messages.contains("webcredentials.more: Apple ignores this key (the section takes only apps)"))
        #expect(messages.contains { $0.hasPrefix("appclip: Apple ignores this top-level key") })
    }

    @Test func pathsAndComponentsMixedIsReported() throws {
        let file = try Self.read(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/a"}], "paths": ["/b"]}]}}"#
        )
        #expect(
            file.diagnostics.map(\.description).contains(
                "applinks.details[0]: has both components and the legacy paths: iOS 13 and later read only components, older systems only paths"
            ))
        // iOS 13 and later: the components decide, the paths are ignored.
        let matcher = file.matcher(appID: "ABCDE12345.a.b")
        #expect(matcher.decision(for: "https://example.com/a").opens)
        #expect(!matcher.decision(for: "https://example.com/b").opens)
    }

    @Test func valuesOfTheWrongTypeAreLeftOutAndNamed() throws {
        let file = try Self.read(
            #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [
              {"/": 7, "exclude": "yes"}, "not an object", {"?": {"q": 1}}, {"/": "/ok"}
            ]}]}}
            """#)
        let messages = file.diagnostics.map(\.description)
        #expect(
            messages.contains(
                "applinks.details[0].components[0]./: must be a string pattern, not a number; Apple ignores the key"))
        #expect(
            messages.contains(
                "applinks.details[0].components[0].exclude: must be true or false, not a string; Apple ignores the key")
        )
        #expect(
            messages.contains("applinks.details[0].components[1]: must be an object, not a string; Apple ignores it"))
        #expect(
            messages.contains(
                "applinks.details[0].components[2].?.q: must be a string pattern, not a number; Apple then ignores the whole query dictionary, so every query matches"
            ))
        // Indexes stay those of the file: the fourth component is still components[3].
        let decision = file.matcher(appID: "ABCDE12345.a.b").decision(for: "https://example.com/ok?x=1")
        #expect(decision.location == "applinks.details[0].components[0]")
        #expect(file.diagnostics.allSatisfy { $0.location.hasPrefix("applinks.details[0].components[") })
    }

    @Test func aFileOverApplesLimitIsReported() throws {
        let padding = String(repeating: " ", count: AppSiteAssociation.maximumAppleFileSize)
        let file = try Self.read(#"{"applinks": {"details": []}}"# + padding)
        #expect(file.diagnostics.first?.severity == .error)
        #expect(file.diagnostics.first?.message.hasSuffix("Apple uses no file over 131072 bytes (128 KB)") == true)
    }

    /// Generated hostile files: deep nesting, long patterns, many stars. Reading never throws for a
    /// JSON object, and matching stays bounded by the pattern's size times the URL's.
    @Test func hostilePatternsStayBounded() throws {
        let stars = String(repeating: "*a", count: 500)
        let long = String(repeating: "x", count: WildcardPattern.maximumLength + 1)
        let nested = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
        let file = try Self.read(
            """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [
              {"/": "\(long)"}, {"/": "/\(stars)b"}, {"#": "\(stars)"}
            ]}]}, "other": \(nested)}
            """)
        #expect(file.diagnostics.contains { $0.message.contains("Waymark matches patterns of at most 1024 bytes") })
        let url = "https://example.com/" + String(repeating: "a", count: 4_000)
        #expect(!file.matcher(appID: "ABCDE12345.a.b").decision(for: url).opens)
    }
}
