extension PathConfiguration {
    /// The library, and the version of it, whose answers a document reproduces: the string patterns
    /// run on, the built-in rules, the query-string default, case, and how the typed properties are
    /// read. Chosen once per document, in ``Options``.
    ///
    /// docs/path-configuration.md, "Compatibility targets", lists every point of every target with
    /// the source file and tag it follows; the test target holds an independent reference of each,
    /// compared on every real document of `../shared/realworld/`.
    ///
    /// The default is ``hotwireNativeIOS``, the newest *released* Hotwire Native iOS: an app adds
    /// the package with a version requirement, which resolves to a tag, never to `main`.
    public enum Target: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Hotwire Native iOS as released, 1.2.0 to 1.3.0-beta (and 1.0.0 to 1.1.3 with
        /// `historicalLocationRules: .off`, which had no built-in rules): patterns run on
        /// `url.path` — percent-decoded, trailing slashes dropped, `""` when the decoded bytes are
        /// not UTF-8 — then `"?" + url.query` (as written) when query-string matching is on (the
        /// default). Enum values exact; `presentation: "modal"` is not modal and
        /// `view-controller` is not read.
        case hotwireNativeIOS = "hotwire-native-ios"
        /// Hotwire Native iOS `main` after 1.3.0-beta (commit 38631e2, PR #211): as the release,
        /// but patterns run on `url.path()`, percent-encoded with its trailing slash.
        case hotwireNativeIOSMain = "hotwire-native-ios-main"
        /// Hotwire Native Android 1.3.1 (1.2.x differs only where it throws): case-insensitive
        /// patterns on `java.net.URL`'s path and query, as Android's own `URL` reads them; `""` for
        /// a location Android's `URL` refuses (`tel:`, `sms:`, `myapp://…`; before 1.3.1 the
        /// library threw there). Enum values in any case; built-in rules in upper case.
        case hotwireNativeAndroid = "hotwire-native-android"
        /// Turbo iOS 7.1.0: `url.path` as in the Hotwire release, query-string matching **off** by
        /// default, no built-in rules, and no typed properties in the library: the typed layer
        /// reads the conventions of Turbo's guide and demo (`presentation: "modal"` is modal,
        /// `view-controller` names the native screen).
        case turboIOS = "turbo-ios"
        /// Turbo Android 7.1.5: Android's matching without the built-in rules; properties are
        /// strings to it, so `"pull_to_refresh_enabled": "true"` reads as true. Where Android's
        /// `URL` refuses a location the library throws (its navigator drops such locations first):
        /// Waymark matches `""`, as Hotwire Native Android does.
        case turboAndroid = "turbo-android"

        /// The platform: which typed defaults and spellings apply.
        public var platform: Platform {
            switch self {
            case .hotwireNativeIOS, .hotwireNativeIOSMain, .turboIOS: .iOS
            case .hotwireNativeAndroid, .turboAndroid: .android
            }
        }

        /// The library and the versions reproduced, as shown by `waymark properties` and `check`.
        public var version: String {
            switch self {
            case .hotwireNativeIOS: "hotwire-native-ios 1.2.0–1.3.0-beta"
            case .hotwireNativeIOSMain: "hotwire-native-ios main (38631e2)"
            case .hotwireNativeAndroid: "hotwire-native-android 1.3.1"
            case .turboIOS: "turbo-ios 7.1.0"
            case .turboAndroid: "turbo-android 7.1.5"
            }
        }

        /// Whether the library appends `?query` by default (Turbo iOS: off; Android: always).
        public var queryStringMatchingByDefault: Bool { self != .turboIOS }

        /// Whether the library has the built-in historical-location rules (Hotwire Native only).
        public var hasHistoricalLocationRules: Bool {
            switch self {
            case .hotwireNativeIOS, .hotwireNativeIOSMain, .hotwireNativeAndroid: true
            case .turboIOS, .turboAndroid: false
            }
        }

        /// Whether the library is Turbo, whose typed conventions (`presentation: "modal"`,
        /// `view-controller`, string booleans on Android) the typed layer reads.
        var isTurbo: Bool { self == .turboIOS || self == .turboAndroid }

        /// The raw value: `hotwire-native-ios`, ….
        public var description: String { rawValue }
    }
}
