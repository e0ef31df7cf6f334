import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// The typed accessors against what each platform's Hotwire Native source gives for a key that is
/// present, missing, or of the wrong type (iOS: `PathPropertiesExtensions.swift`, `Navigation.swift`;
/// Android: `PathConfiguration.kt`, `Presentation.kt`).
@Suite struct PathPropertiesPlatformTests {
    typealias Target = PathConfiguration.Target

    @Test(arguments: Target.allCases)
    func missingKeysReadAsTheTargetsDefaults(target: Target) {
        let none = PathProperties([:], target: target)
        #expect(none.context == .default)
        #expect(none.presentation == .default)
        #expect(none.modalStyle == .large)
        #expect(none.pullToRefreshEnabled == (target.platform == .iOS))
        #expect(none.modalDismissGestureEnabled)
        #expect(none.queryStringPresentation == .default)
        #expect(none.animated)
        #expect(!none.isHistoricalLocation)
        #expect(none.viewController == nil && none.title == nil && none.uri == nil && none.fallbackURI == nil)
    }

    @Test(arguments: Target.allCases)
    func wronglyTypedValuesReadAsTheDefaults(target: Target) {
        let wrong = PathProperties(
            [
                "context": 1, "presentation": true, "modal_style": ["large"], "pull_to_refresh_enabled": "false",
                "modal_dismiss_gesture_enabled": 0, "animated": "no", "historical_location": "true",
                "query_string_presentation": 2, "title": 3,
            ], target: target)
        #expect(wrong.context == .default && wrong.presentation == .default && wrong.modalStyle == .large)
        #expect(wrong.pullToRefreshEnabled == (target.platform == .iOS))
        #expect(wrong.modalDismissGestureEnabled)
        // Turbo Android reads every property as text (`toBoolean()`): "true" is true, "no" false.
        #expect(wrong.animated == (target != .turboAndroid))
        #expect(wrong.isHistoricalLocation == (target == .turboAndroid))
        #expect(wrong.queryStringPresentation == .default && wrong.title == nil)
    }

    /// Turbo Android's `toBoolean()` on Gson's text: `"true"` in any case is true, any other text false.
    @Test func turboAndroidReadsBooleansFromText() {
        for (value, expected) in [("true", true), ("TRUE", true), ("True", true), ("yes", false), ("1", false)] {
            let properties = PathProperties(["pull_to_refresh_enabled": .string(value)], target: .turboAndroid)
            #expect(properties.pullToRefreshEnabled == expected, "\(value)")
            let hotwire = PathProperties(["pull_to_refresh_enabled": .string(value)], target: .hotwireNativeAndroid)
            #expect(!hotwire.pullToRefreshEnabled, "\(value)")
        }
    }

    /// iOS reads enum values exactly and has no `push`; Android reads them in any case (as Kotlin's
    /// `uppercase()` does) and has it.
    @Test func enumValuesAsEachPlatformReadsThem() {
        let cases: [(raw: [String: JSONValue], iOS: PathPresentation, android: PathPresentation)] = [
            (["presentation": "pop"], .pop, .pop), (["presentation": "POP"], .default, .pop),
            (["presentation": "push"], .default, .push), (["presentation": "Replace_Root"], .default, .replaceRoot),
            (["presentation": "replaceRoot"], .default, .default),
            (["presentation": "clear_all"], .clearAll, .clearAll), (["presentation": "pu\u{17F}h"], .default, .push),
        ]
        for (raw, iOS, android) in cases {
            for target in Target.allCases {
                let expected = target.platform == .iOS ? iOS : android
                #expect(PathProperties(raw, target: target).presentation == expected, "\(target) \(raw)")
            }
        }
        #expect(PathProperties(["context": "MODAL"], target: .hotwireNativeAndroid).context == .modal)
        #expect(PathProperties(["context": "MODAL"], target: .hotwireNativeIOS).context == .default)
        #expect(PathProperties(["query_string_presentation": "replace"]).queryStringPresentation == .replace)
        #expect(PathProperties(["fallback_uri": "hotwire://fragment/web"]).fallbackURI == "hotwire://fragment/web")
        #expect(PathProperties(["pull_to_refresh_enabled": false]).pullToRefreshEnabled == false)
        #expect(PathProperties(["pull_to_refresh_enabled": true], target: .hotwireNativeAndroid).pullToRefreshEnabled)
    }

    /// Turbo iOS's guide and demo conventions hold under Turbo iOS only: `presentation: "modal"` is
    /// modal (when no `context` is set) and `view-controller` names the screen. Hotwire Native iOS
    /// reads neither (`PathPropertiesExtensions.swift` reads `context` and `view_controller`).
    @Test(arguments: Target.allCases)
    func turboConventionsHoldUnderTurboIOSOnly(target: Target) {
        let turbo = target == .turboIOS
        #expect(PathProperties(["presentation": "modal"], target: target).context == (turbo ? .modal : .default))
        #expect(PathProperties(["presentation": "Modal"], target: target).context == .default)
        #expect(PathProperties(["presentation": "modal", "context": "default"], target: target).context == .default)
        #expect(
            PathProperties(["view-controller": "numbers"], target: target).viewController == (turbo ? "numbers" : nil))
        #expect(
            PathProperties(["view_controller": "a", "view-controller": "b"], target: target).viewController
                == (turbo ? "b" : "a"))
    }

    /// Loading warns, per target, about what that target's library does with a Turbo-era spelling
    /// or a wrongly typed value: the key, the value, and what happens.
    @Test func loadingWarnsAsTheTargetReads() throws {
        let document = Data(
            #"{"rules": [{"patterns": [".*"], "properties": {"presentation": "modal", "view-controller": "numbers", "pull_to_refresh_enabled": "true"}}]}"#
                .utf8)
        func warnings(_ target: Target) throws -> [String] {
            try PathConfiguration(data: document, options: .init(target: target)).diagnostics.map(\.message)
        }
        #expect(
            try warnings(.hotwireNativeIOS) == [
                #"presentation: "modal" is not a presentation hotwire-native-ios knows: it reads it as default and pushes; for a modal write "context": "modal""#,
                #"pull_to_refresh_enabled: "true" is not true or false; hotwire-native-ios reads it as true; write true or false"#,
                #""view-controller" is Turbo iOS's demo spelling; hotwire-native-ios does not read it: write "view_controller""#,
            ])
        #expect(
            try warnings(.turboIOS) == [
                #"presentation: "modal" is Turbo iOS's convention and reads as context modal; Hotwire Native reads "context": "modal""#,
                #"pull_to_refresh_enabled: "true" is not true or false; turbo-ios reads it as true; write true or false"#,
            ])
        #expect(
            try warnings(.hotwireNativeAndroid).contains(
                #"pull_to_refresh_enabled: "true" is not true or false; hotwire-native-android throws ClassCastException when it reads it (the accessor reads false); write true or false"#
            ))
        #expect(
            try warnings(.turboAndroid).contains(
                #"the document has no "settings": turbo-android leaves it null and throws on first use; read as empty"#)
        )
        #expect(
            try warnings(.turboAndroid).contains(
                #"pull_to_refresh_enabled: "true" is not true or false; turbo-android reads its text, true here; write true or false"#
            ))
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
        for key in ["tabs", "visitable", "x", "refresh", "custom_app_feature_enabled"] {
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
        let android = try PathConfiguration(data: Data(json.utf8), options: .init(target: .hotwireNativeAndroid))
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
