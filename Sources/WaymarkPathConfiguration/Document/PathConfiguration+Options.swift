import Waymark

extension PathConfiguration {
    /// Which Hotwire Native a document is read as: each platform's matching and typed defaults
    /// differ, and a server team may validate one document for both (docs/path-configuration.md,
    /// "Compatibility", says what each reproduces and from which source file).
    public enum Platform: String, Hashable, Sendable, CaseIterable {
        /// Hotwire Native iOS: case-sensitive patterns on `URL.path()` (percent-encoded, trailing
        /// slash kept) plus `?query` when query-string matching is on; `pull_to_refresh_enabled`
        /// defaults to `true`.
        case iOS = "ios"
        /// Hotwire Native Android: case-insensitive patterns on `java.net.URL`'s path (as written)
        /// plus `?query` whenever there is a query; enum values read case-insensitively;
        /// `pull_to_refresh_enabled` defaults to `false`.
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
        /// Not at all.
        case off
    }

    /// How a document is read and how lookups read URLs. The defaults reproduce Hotwire Native iOS.
    public struct Options: Hashable, Sendable {
        /// The platform whose semantics apply (default `.iOS`).
        public var platform: Platform
        /// On iOS, whether `?query` is appended to the path before matching (Hotwire Native iOS's
        /// `matchQueryStrings`, default on). Android always appends it.
        public var queryStringMatching: Bool
        /// Where the built-in historical-location rules go (default: after the document's, as in
        /// Hotwire Native).
        public var historicalLocationRules: HistoricalLocationRules

        /// Creates options.
        public init(
            platform: Platform = .iOS, queryStringMatching: Bool = true,
            historicalLocationRules: HistoricalLocationRules = .afterDocument
        ) {
            self.platform = platform
            self.queryStringMatching = queryStringMatching
            self.historicalLocationRules = historicalLocationRules
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
