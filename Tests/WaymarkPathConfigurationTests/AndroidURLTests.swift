import Foundation
import Testing
import Waymark
import WaymarkTestSupport

@testable import WaymarkPathConfiguration

/// Android's `java.net.URL`, as Hotwire Native Android reads a location: the schemes it refuses
/// (matched as `""`), and its path rules, compared with the literal transcription of libcore in
/// ``HotwireAndroidReference/androidURL(_:)`` on generated locations.
@Suite struct AndroidURLTests {
    static let android = PathConfiguration.Options(target: .hotwireNativeAndroid)

    /// The issue's repro, with the first two rules of hotwire-native-android's own
    /// `test-configuration.json`: `tel:` is refused by Android's `URL`, so Hotwire matches `""`,
    /// which `^$` matches: rules 0 and 1, `presentation: clear_all`.
    @Test func aTelLinkMatchesTheEmptyString() throws {
        let document = try PathConfiguration(
            data: Data(
                #"""
                {"rules": [
                  {"patterns": [".*"], "properties": {"context": "default", "uri": "hotwire://fragment/web", "pull_to_refresh_enabled": true}},
                  {"patterns": ["^$", "/home"], "properties": {"uri": "hotwire://fragment/web/home", "presentation": "clear_all"}}
                ]}
                """#.utf8), options: Self.android)
        let match = document.match(url: "tel:+15551234567")
        #expect(match.input == "")
        #expect(match.matchedRules == [0, 1])
        #expect(match.properties.presentation == .clearAll)
        #expect(match.properties.uri == "hotwire://fragment/web/home")
        #expect(document.match(url: "https://example.com/posts").matchedRules == [0])
    }

    /// Every scheme Android's `URL` has no handler for is refused, whatever its spelling or shape;
    /// the five it has are read, in any case.
    @Test func everySchemeWithoutAHandlerMatchesTheEmptyString() throws {
        var random = SplitMix64(seed: 0xA11D)
        let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let rest = first + Array("0123456789+-.")
        let document = try PathConfiguration(data: Data(#"{"rules": []}"#.utf8), options: Self.android)
        var checked = 0
        for _ in 0..<2_000 {
            let length = 1 + Int(random.next() % 12)
            var scheme = String(first[Int(random.next() % UInt64(first.count))])
            for _ in 1..<length { scheme.append(rest[Int(random.next() % UInt64(rest.count))]) }
            if AndroidURL.protocols.contains(scheme.lowercased()) { continue }
            for location in ["\(scheme)://host/posts/new?x=1", "\(scheme):posts/new", "\(scheme):+15551234567"] {
                let input = document.input(for: location)
                #expect(input == "", "\(location) → \(input)")
                checked += 1
            }
        }
        #expect(checked > 5_000)
        for scheme in ["tel", "sms", "mailto", "shop", "myapp", "intent", "data", "javascript", "content", "about"] {
            #expect(document.input(for: "\(scheme):x/new") == "", "\(scheme)")
        }
        for scheme in ["http", "HTTPS", "Ftp", "file"] {
            #expect(document.input(for: "\(scheme)://example.com/Posts/New?x") == "/Posts/New?x", "\(scheme)")
        }
    }

    /// The one-pass path rules give what libcore's rescans give, on every location of a generated
    /// family: segments of `.`, `..`, `...`, `..a`, `a`, empty ones and backslashes, with and without
    /// an authority, a query, a fragment, a port and user information.
    @Test func thePathRulesMatchLibcoresOnGeneratedLocations() {
        var random = SplitMix64(seed: 0xD075)
        let pieces = ["/", "/", "/", ".", "..", "...", "..a", "a", "b", "\\", "?", "#", "./", "/..", "/./"]
        let heads = [
            "https://example.com", "https://example.com:8080", "https://u@example.com", "http:", "https:",
            "https://", "ftp://h", "file:", " https://example.com", "https://example.com:x", "https://[::1]:80",
        ]
        for _ in 0..<20_000 {
            var location = heads[Int(random.next() % UInt64(heads.count))]
            for _ in 0..<Int(random.next() % 10) { location += pieces[Int(random.next() % UInt64(pieces.count))] }
            let ours = AndroidURL.pathAndQuery(location)
            let libcore = HotwireAndroidReference.androidURL(location)
            #expect(ours?.path == libcore?.path && ours?.query == libcore?.query, "\(String(reflecting: location))")
        }
    }

    /// The rules are one pass: a megabyte of `/x/..` pairs (libcore's rescans would take minutes)
    /// gives `/`, and the same of `/../` gives `/`.
    @Test func thePathRulesAreOnePass() {
        let pairs = "https://example.com" + String(repeating: "/x/..", count: 200_000) + "/end"
        #expect(AndroidURL.pathAndQuery(pairs)?.path == "/end")
        let ups = "https://example.com" + String(repeating: "/..", count: 300_000) + "/end"
        #expect(AndroidURL.pathAndQuery(ups)?.path == "/end")
    }
}
