import Foundation
import Testing

@testable import WaymarkAssociatedDomains

/// Apple's documented examples, and the behaviour Apple's `swcutil` was observed to have, as a
/// table of (components, URL, opens?). Each row names its source: the `applinks.Details.Components`
/// reference (C), its Query page (Q), `applinks.Details` (D), Substitution Variables (SV),
/// "Supporting associated domains" (SAD), TN3155 "Debugging universal links" (TN), the archived App
/// Search Programming Guide (ARCH), the WWDC 2019 session 717 (W19), WWDC 2020 session 10098 (W20),
/// and published `swcutil` output (ORA: observed, not documented).
@Suite struct AppleExamplesTests {
    static let app = "ABCDE12345.com.example.app"

    struct Row: CustomTestStringConvertible, Sendable {
        let source: String
        let file: String
        let url: String
        let opens: Bool
        var testDescription: String { "\(source): \(url) → \(opens ? "opens" : "stays in the browser")" }
    }

    /// `{"applinks": {"details": [{"appIDs": [app], "components": COMPONENTS}]}}` plus extra applinks keys.
    static func file(_ components: String, applinks extra: String = "", defaults: String? = nil) -> String {
        let detailDefaults = defaults.map { ", \"defaults\": \($0)" } ?? ""
        return """
            {"applinks": {\(extra)"details": [{"appIDs": ["\(app)"], "components": \(components)\(detailDefaults)}]}}
            """
    }

    static let abc = file(##"[{"/": "abc", "?": "def", "#": "*"}]"##)
    static let supporting = file(
        ##"""
        [{"#": "no_universal_links", "exclude": true},
         {"/": "/buy/*"},
         {"/": "/help/website/*", "exclude": true},
         {"/": "/help/*", "?": {"articleNumber": "????"}}]
        """##)
    static let caseInsensitive = file(
        ##"[{"/": "/buy/*", "#": "my_great_product_123"}]"##, defaults: ##"{"caseSensitive": false}"##)
    static let variables = file(
        ##"[{"/": "/$(lang)_$(region)/$(food)/"}]"##,
        applinks: ##""substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}, "##)
    static let canadian = file(
        ##"""
        [{"/": "/$(lang)_CA/$(Canadian food)/"},
         {"/": "/$(lang)_CA/$(food)/", "exclude": true},
         {"/": "/$(lang)_$(region)/$(food)/"}]
        """##,
        applinks: ##""substitutionVariables": {"food": ["burrito", "sushi"], "Canadian food": ["poutine"]}, "##)
    static let technote = file(##"[{"/": "/path/1/*", "exclude": true}, {"/": "/test/*"}, {"/": "/path/*"}]"##)
    static let legacy = ##"""
        {"applinks": {"apps": [], "details": [
          {"appID": "ABCDE12345.com.example.app", "paths": ["/wwdc/news/", "NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*"]}
        ]}}
        """##
    static let legacyWildcards = ##"""
        {"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/foo/*/bar/201?/mypage"]}]}}
        """##
    static let articleQuery = file(##"[{"/": "/help/*", "?": {"articleNumber": "????", "articleName": "?*"}}]"##)

    static let rows: [Row] = [
        Row(source: "C", file: abc, url: "https://www.example.com/abc?def", opens: true),
        Row(source: "C", file: abc, url: "https://www.example.com/abc", opens: false),
        Row(source: "C", file: abc, url: "https://www.example.com/?def", opens: false),
        Row(source: "SAD", file: supporting, url: "https://example.com/buy/42", opens: true),
        Row(source: "SAD", file: supporting, url: "https://example.com/buy/42#no_universal_links", opens: false),
        Row(
            source: "SAD", file: supporting, url: "https://example.com/help/website/faq?articleNumber=4815",
            opens: false),
        Row(source: "SAD", file: supporting, url: "https://example.com/help/123?articleNumber=4815", opens: true),
        Row(source: "SAD", file: supporting, url: "https://example.com/help/123?articleNumber=481", opens: false),
        Row(source: "SAD", file: supporting, url: "https://example.com/help/123?articleNumber=48159", opens: false),
        Row(source: "SAD", file: supporting, url: "https://example.com/help/123", opens: false),
        Row(source: "ORA", file: supporting, url: "https://example.com/elsewhere", opens: false),
        Row(source: "D", file: caseInsensitive, url: "https://example.com/BUY/x#MY_GREAT_PRODUCT_123", opens: true),
        Row(source: "D", file: caseInsensitive, url: "https://example.com/buy/x#other", opens: false),
        Row(
            source: "Q", file: file(##"[{"?": {"productID": "12345"}}]"##),
            url: "https://example.com/any?productID=12345&x=1", opens: true),
        Row(
            source: "Q", file: file(##"[{"?": {"productID": "12345"}}]"##),
            url: "https://example.com/any?productID=54321", opens: false),
        Row(source: "SV", file: variables, url: "https://example.com/en_US/pizza/", opens: true),
        Row(source: "SV", file: variables, url: "https://example.com/en_US/tacos/", opens: false),
        Row(source: "SV", file: variables, url: "https://example.com/qq_ZZ/pizza/", opens: false),
        Row(source: "ORA", file: variables, url: "https://example.com/en_UK/pizza/", opens: false),
        Row(source: "SV", file: variables, url: "https://example.com/en-US/pizza/", opens: false),
        Row(source: "W20", file: canadian, url: "https://example.com/fr_CA/poutine/", opens: true),
        Row(source: "W20", file: canadian, url: "https://example.com/fr_CA/sushi/", opens: false),
        Row(source: "W20", file: canadian, url: "https://example.com/fr_FR/sushi/", opens: true),
        Row(source: "TN", file: technote, url: "https://example.com/test", opens: true),
        Row(source: "TN", file: technote, url: "https://example.com/path/1", opens: false),
        Row(source: "TN", file: technote, url: "https://example.com/path/2", opens: true),
        Row(source: "ARCH", file: legacy, url: "https://example.com/videos/wwdc/2010/x", opens: false),
        Row(source: "ARCH", file: legacy, url: "https://example.com/videos/wwdc/2014/x", opens: true),
        Row(source: "ARCH", file: legacy, url: "https://example.com/wwdc/news/?q=1#f", opens: true),
        Row(source: "ARCH", file: legacy, url: "https://example.com/videos/wwdc/20100/x", opens: false),
        Row(source: "ARCH", file: legacyWildcards, url: "https://example.com/foo/a/b/bar/2015/mypage", opens: true),
        Row(source: "ARCH", file: legacyWildcards, url: "https://example.com/foo/a/bar/2015/yourpage", opens: false),
        Row(
            source: "W19", file: articleQuery, url: "https://example.com/help/x?articleName=Foo&articleNumber=1234",
            opens: true),
        Row(source: "W19", file: articleQuery, url: "https://example.com/help/x?articleNumber=1234", opens: false),
        Row(
            source: "W19", file: file(##"[{"?": {"id": "42"}}]"##), url: "https://example.com/x?id=7&id=42",
            opens: false),
        Row(source: "W19", file: file(##"[{"?": {"id": "7"}}]"##), url: "https://example.com/x?id=7&id=7", opens: true),
        Row(
            source: "W20", file: file(##"[{"/": "/sourdough/?*", "caseSensitive": false}]"##),
            url: "https://example.com/SourDough/rye", opens: true),
        Row(
            source: "W20", file: file(##"[{"/": "/sourdough/?*"}]"##), url: "https://example.com/SourDough/rye",
            opens: false),
        Row(
            source: "W20", file: file(##"[{"/": "/哈哈/?*", "percentEncoded": false}]"##),
            url: "https://example.com/%E5%93%88%E5%93%88/x", opens: true),
        Row(
            source: "ORA", file: file(##"[{"/": "/哈哈/?*"}]"##), url: "https://example.com/%E5%93%88%E5%93%88/x",
            opens: false),
        Row(source: "ORA", file: file(##"[{"/": "/a/b"}]"##), url: "https://example.com/a%2Fb", opens: false),
        Row(
            source: "ORA", file: file(##"[{"/": "/a/b", "percentEncoded": false}]"##),
            url: "https://example.com/a%2Fb", opens: true),
        Row(source: "ORA", file: file(##"[{"/": "/buy/*"}]"##), url: "https://example.com/buy", opens: true),
        Row(source: "ORA", file: file(##"[{"/": "/buy/*"}]"##), url: "https://example.com/buy/", opens: true),
        Row(source: "ORA", file: file(##"[{"/": "/buy/*"}]"##), url: "https://example.com/buy//", opens: true),
        Row(source: "ORA", file: file(##"[{"/": "/buy/*"}]"##), url: "https://example.com/buy/42/x", opens: true),
        Row(source: "ORA", file: file(##"[{"/": "/buy/*"}]"##), url: "https://example.com/buyer", opens: false),
        Row(source: "ORA", file: file(##"[{"/": "/buy/*"}]"##), url: "https://example.com/bu", opens: false),
        Row(source: "ORA", file: file(##"[{"/": "/a/*/c"}]"##), url: "https://example.com/a/c", opens: false),
        Row(source: "ORA", file: file(##"[{"/": "/id/????"}]"##), url: "https://example.com/id/481", opens: false),
        Row(source: "ORA", file: file(##"[{"/": "//abc"}]"##), url: "https://example.com/abc", opens: true),
        Row(source: "ORA", file: file(##"[{"/": "/"}]"##), url: "https://example.com", opens: true),
        Row(source: "ORA", file: file(##"[{"?": {"b": "*"}}]"##), url: "https://example.com/x?a=1", opens: true),
        Row(source: "ORA", file: file(##"[{"#": "?*"}]"##), url: "https://example.com/x", opens: false),
        Row(source: "ORA", file: file(##"[{"#": "*"}]"##), url: "https://example.com/x", opens: true),
        Row(source: "ORA", file: file(##"[{"?": "a=1"}]"##), url: "https://example.com/x?a=1&b=2", opens: false),
        Row(source: "ORA", file: file(##"[{}]"##), url: "https://example.com/anything?at=all#really", opens: true),
        Row(
            source: "ORA", file: file(##"[{"?": {"a": 1}}]"##), url: "https://example.com/x?a=2",
            opens: true),
        Row(
            source: "ORA", file: file(##"[{"#": "*"}]"##, defaults: ##"{"/": "/foo/*"}"##),
            url: "https://example.com/bar",
            opens: false),
        Row(
            source: "ORA", file: file(##"[{"/": "*"}]"##, defaults: ##"{"exclude": true}"##),
            url: "https://example.com/x",
            opens: false),
    ]

    @Test(arguments: rows)
    func appleDecides(_ row: Row) throws {
        let file = try AppSiteAssociation(data: Data(row.file.utf8))
        #expect(file.matcher(appID: Self.app).decision(for: row.url).opens == row.opens)
        // The `URL` form reads the same text.
        let url = try #require(URL(string: row.url))
        #expect(
            file.matcher(appID: Self.app).decision(for: url) == file.matcher(appID: Self.app).decision(for: row.url))
    }

    @Test func anotherAppIsNotOpened() throws {
        let file = try AppSiteAssociation(data: Data(Self.supporting.utf8))
        #expect(!file.matcher(appID: "ZZZZZ99999.com.other").decision(for: "https://example.com/buy/42").opens)
    }

    /// ARCH: entries are searched in order, so one app takes part of a site and another the rest.
    @Test func detailsAreSearchedInOrder() throws {
        let text = ##"""
            {"applinks": {"apps": [], "details": [
              {"appID": "9JA89QQLNQ.com.apple.wwdc", "paths": ["/wwdc/news/", "/videos/wwdc/2015/*"]},
              {"appID": "ABCD1234.com.apple.wwdc", "paths": ["*"]}
            ]}}
            """##
        let file = try AppSiteAssociation(data: Data(text.utf8))
        let first = file.matcher(appID: "9JA89QQLNQ.com.apple.wwdc")
        let second = file.matcher(appID: "ABCD1234.com.apple.wwdc")
        #expect(first.decision(for: "https://example.com/videos/wwdc/2015/x").opens)
        #expect(!first.decision(for: "https://example.com/anything/else").opens)
        #expect(second.decision(for: "https://example.com/anything/else").opens)
        #expect(first.decision(for: "https://example.com/wwdc/news/").location == "applinks.details[0].paths[0]")
    }
}
