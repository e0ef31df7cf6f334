import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// The typed accessors against what each platform's Hotwire Native source gives for a key that is
/// present, missing, or of the wrong type (iOS: `PathPropertiesExtensions.swift`, `Navigation.swift`;
/// Android: `PathConfiguration.kt`, `Presentation.kt`).
@Suite struct PathPropertiesPlatformTests {
    typealias Platform = PathConfiguration.Platform

    @Test(arguments: Platform.allCases)
    func missingKeysReadAsThePlatformsDefaults(platform: Platform) {
        let none = PathProperties([:], platform: platform)
        #expect(none.context == .default)
        #expect(none.presentation == .default)
        #expect(none.modalStyle == .large)
        #expect(none.pullToRefreshEnabled == (platform == .iOS))
        #expect(none.modalDismissGestureEnabled)
        #expect(none.queryStringPresentation == .default)
        #expect(none.animated)
        #expect(!none.isHistoricalLocation)
        #expect(none.viewController == nil && none.title == nil && none.uri == nil && none.fallbackURI == nil)
    }

    @Test(arguments: Platform.allCases)
    func wronglyTypedValuesReadAsTheDefaults(platform: Platform) {
        let wrong = PathProperties(
            [
                "context": 1, "presentation": true, "modal_style": ["large"], "pull_to_refresh_enabled": "false",
                "modal_dismiss_gesture_enabled": 0, "animated": "no", "historical_location": "true",
                "query_string_presentation": 2, "title": 3,
            ], platform: platform)
        #expect(wrong.context == .default && wrong.presentation == .default && wrong.modalStyle == .large)
        #expect(wrong.pullToRefreshEnabled == (platform == .iOS))
        #expect(wrong.modalDismissGestureEnabled && wrong.animated && !wrong.isHistoricalLocation)
        #expect(wrong.queryStringPresentation == .default && wrong.title == nil)
    }

    /// iOS reads enum values exactly and has no `push`; Android reads them in any case and has it.
    @Test func enumValuesAsEachPlatformReadsThem() {
        let cases: [(raw: [String: JSONValue], iOS: PathPresentation, android: PathPresentation)] = [
            (["presentation": "pop"], .pop, .pop), (["presentation": "POP"], .default, .pop),
            (["presentation": "push"], .default, .push), (["presentation": "Replace_Root"], .default, .replaceRoot),
            (["presentation": "replaceRoot"], .default, .default),
            (["presentation": "clear_all"], .clearAll, .clearAll),
        ]
        for (raw, iOS, android) in cases {
            #expect(PathProperties(raw, platform: .iOS).presentation == iOS, "\(raw)")
            #expect(PathProperties(raw, platform: .android).presentation == android, "\(raw)")
        }
        #expect(PathProperties(["context": "MODAL"], platform: .android).context == .modal)
        #expect(PathProperties(["context": "MODAL"], platform: .iOS).context == .default)
        #expect(PathProperties(["query_string_presentation": "replace"]).queryStringPresentation == .replace)
        #expect(PathProperties(["view-controller": "numbers"]).viewController == "numbers")
        #expect(PathProperties(["view_controller": "a", "view-controller": "b"]).viewController == "a")
        #expect(PathProperties(["fallback_uri": "hotwire://fragment/web"]).fallbackURI == "hotwire://fragment/web")
        #expect(PathProperties(["pull_to_refresh_enabled": false]).pullToRefreshEnabled == false)
        #expect(PathProperties(["pull_to_refresh_enabled": true], platform: .android).pullToRefreshEnabled)
    }

    /// Keys that nearly spell one Hotwire reads are reported; keys of the app's own are not.
    @Test func nearMissKeysAreReported() throws {
        let keys = [
            ("pull-to-refresh-enabled", "pull_to_refresh_enabled"), ("pull_refresh_enabled", "pull_to_refresh_enabled"),
            ("pullToRefreshEnabled", "pull_to_refresh_enabled"), ("modalStyle", "modal_style"),
            ("Presentation", "presentation"), ("view_controler", "view_controller"), ("fallbackUri", "fallback_uri"),
        ]
        for (key, known) in keys {
            let document = try PathConfiguration(
                data: Data(#"{"rules": [{"patterns": [".*"], "properties": {"\#(key)": true}}]}"#.utf8))
            #expect(
                document.diagnostics.map(\.description) == [
                    #"rules[0]: warning: "\#(key)" is not a key Hotwire Native reads; did you mean "\#(known)"?"#
                ], "\(key)")
        }
        for key in ["tabs", "visitable", "view-controller", "x", "refresh", "custom_app_feature_enabled"] {
            let document = try PathConfiguration(
                data: Data(#"{"rules": [{"patterns": [".*"], "properties": {"\#(key)": 1}}]}"#.utf8))
            #expect(document.diagnostics.isEmpty, "\(key)")
        }
    }

    /// Android matches patterns case-insensitively (`RegexOption.IGNORE_CASE`), iOS does not.
    @Test func androidPatternsIgnoreCase() throws {
        let json =
            #"{"rules": [{"patterns": ["/Posts/[a-c]+/EDIT$", "[^x]Y$", "/caf\u00e9$"], "properties": {"m": 1}}]}"#
        let iOS = try PathConfiguration(data: Data(json.utf8))
        let android = try PathConfiguration(data: Data(json.utf8), options: .init(platform: .android))
        let cases: [(path: String, iOS: Bool, android: Bool)] = [
            ("/posts/ABC/edit", false, true), ("/Posts/abc/EDIT", true, true), ("/ay", false, true),
            ("/aY", true, true), ("/XY", true, false), ("/CAFÉ", false, true), ("/café", true, true),
        ]
        for (path, matchesOnIOS, matchesOnAndroid) in cases {
            #expect(!iOS.match(path: path).matchedRules.isEmpty == matchesOnIOS, "iOS \(path)")
            #expect(!android.match(path: path).matchedRules.isEmpty == matchesOnAndroid, "Android \(path)")
        }
        // The built-in rules answer in Android's spelling.
        #expect(android.properties(forPath: "/RECEDE_HISTORICAL_LOCATION").raw["presentation"] == "POP")
        #expect(android.properties(forPath: "/recede_historical_location").presentation == .pop)
    }
}
