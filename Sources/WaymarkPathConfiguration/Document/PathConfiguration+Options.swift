import Waymark

extension PathConfiguration {
    /// The two platforms: which typed defaults and spellings apply (each ``Target`` has one).
    public enum Platform: String, Hashable, Sendable, CaseIterable {
        /// iOS: enum values exact; `pull_to_refresh_enabled` defaults to `true`.
        case iOS = "ios"
        /// Android: enum values in any case; `pull_to_refresh_enabled` defaults to `false`.
        case android
    }

    /// Where the built-in historical-location rules (`/recede_historical_location`,
    /// `/resume_historical_location`, `/refresh_historical_location`) go.
    public enum HistoricalLocationRules: String, Hashable, Sendable, CaseIterable {
        /// After the document's rules, so that they always win, as in Hotwire Native (iOS PR #76,
        /// Android PR #119): a catch-all `.*` rule cannot turn a recede into a push.
        case afterDocument
        /// Before the document's rules, so that a document can override them (what
        /// hotwire-native-ios issue #130 asks for). A deliberate difference from Hotwire: opt in.
        case beforeDocument
        /// Not at all, as in Turbo and in Hotwire Native iOS before 1.2.0.
        case off
    }

    /// How a document is read and how lookups read URLs: a ``Target`` and what it lets an app set.
    /// The defaults reproduce the newest released Hotwire Native iOS.
    public struct Options: Hashable, Sendable {
        /// The library whose answers the document gives (default ``Target/hotwireNativeIOS``).
        public var target: Target
        /// On iOS targets, whether `?query` is appended to the path before matching (the library's
        /// `matchQueryStrings`: on for Hotwire Native iOS, off for Turbo iOS, unless set). Android
        /// appends it whenever there is one, and has no switch.
        public var queryStringMatching: Bool
        /// Where the built-in historical-location rules go (default: after the document's for
        /// Hotwire Native, `.off` for Turbo, which has none).
        public var historicalLocationRules: HistoricalLocationRules

        /// The target's platform.
        public var platform: Platform { target.platform }

        /// Creates options; a setting left `nil` takes the target's own default.
        ///
        /// `queryStringMatching` is kept as given on an Android target, where it changes nothing
        /// (Android always appends the query); `historicalLocationRules` is kept as given on a
        /// Turbo target, which has no such rules, so that a Turbo app can add them on purpose. The
        /// CLI refuses both, as they print what no such app gets.
        public init(
            target: Target = .hotwireNativeIOS, queryStringMatching: Bool? = nil,
            historicalLocationRules: HistoricalLocationRules? = nil
        ) {
            self.target = target
            self.queryStringMatching = queryStringMatching ?? target.queryStringMatchingByDefault
            self.historicalLocationRules =
                historicalLocationRules ?? (target.hasHistoricalLocationRules ? .afterDocument : .off)
        }

        /// Whether lookups append the query: always on Android, as set on iOS.
        var appendsQuery: Bool { platform == .android || queryStringMatching }
    }

    /// The built-in historical-location rules of a platform: the same three paths (unanchored, as
    /// Hotwire's), with `context` default and `historical_location` true; Android writes the enum
    /// values in upper case (`PathConfigurationHistoricalLocations.kt`), iOS in lower case
    /// (`PathRule+ServerRoutes.swift`).
    static func historicalLocationRules(for platform: Platform) -> [(
        name: String, path: String, properties: [String: JSONValue]
    )] {
        platform == .android ? androidHistoricalLocationRules : iOSHistoricalLocationRules
    }

    private static let iOSHistoricalLocationRules = makeHistoricalLocationRules(for: .iOS)
    private static let androidHistoricalLocationRules = makeHistoricalLocationRules(for: .android)

    private static func makeHistoricalLocationRules(for platform: Platform) -> [(
        name: String, path: String, properties: [String: JSONValue]
    )] {
        func value(_ text: String) -> JSONValue { .string(platform == .android ? text.uppercased() : text) }
        return [
            ("recede_historical_location", "/recede_historical_location", "pop"),
            ("resume_historical_location", "/resume_historical_location", "none"),
            ("refresh_historical_location", "/refresh_historical_location", "refresh"),
        ].map { name, path, presentation in
            (
                name, path,
                ["presentation": value(presentation), "context": value("default"), "historical_location": .bool(true)]
            )
        }
    }
}
