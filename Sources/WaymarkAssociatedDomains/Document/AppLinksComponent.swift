/// One entry of `components`: patterns for a URL's path, query and fragment, and whether a match
/// opens the app or keeps the URL in the browser.
///
/// A key left out takes the value of `defaults` (the entry's, then the section's), and failing that
/// matches everything: `*`. Patterns use `*` for any run of characters (`/` included, none at all
/// included) and `?` for exactly one; there is no escape. See <doc:UniversalLinks> for every rule
/// and its source.
///
/// ```swift
/// let help = AppLinksComponent(path: "/help/*", query: .named([("articleNumber", "????")]))
/// let noApp = AppLinksComponent(fragment: "no_universal_links", exclude: true)
/// ```
public struct AppLinksComponent: Hashable, Sendable {
    /// The `?` key: a pattern for the whole query (without the `?`), or patterns for named query items.
    public enum QueryPattern: Hashable, Sendable {
        /// One pattern for the query string as written.
        case string(String)
        /// Each named item must match its pattern; items not named are ignored, and an item that is
        /// missing (or has no value) counts as the empty string. Every occurrence of a repeated name
        /// must match.
        case items([Item])

        /// A named query item and its pattern.
        public struct Item: Hashable, Sendable {
            /// The item's name, as `URLQueryItem` names it.
            public var name: String
            /// The pattern its value must match.
            public var pattern: String

            /// Creates an item pattern.
            public init(name: String, pattern: String) {
                self.name = name
                self.pattern = pattern
            }
        }

        /// Items given as `(name, pattern)` pairs, in the order they are written.
        public static func named(_ pairs: [(String, String)]) -> QueryPattern {
            .items(pairs.map { Item(name: $0.0, pattern: $0.1) })
        }
    }

    /// The `/` key: a pattern for the URL's path.
    public var path: String?
    /// The `?` key.
    public var query: QueryPattern?
    /// The `#` key: a pattern for the fragment (without the `#`).
    public var fragment: String?
    /// The `exclude` key: a URL this component matches does not open the app, and no later
    /// component is tried.
    public var exclude: Bool?
    /// The `caseSensitive` key (Apple's default: `true`).
    public var caseSensitive: Bool?
    /// The `percentEncoded` key (Apple's default: `true`): whether the patterns are compared with
    /// the URL as percent-encoded (`true`) or with the URL decoded first (`false`).
    public var percentEncoded: Bool?
    /// The `comment` key: ignored by the system; the generator names the route here.
    public var comment: String?

    /// Creates a component. A `nil` key is left out of the file.
    public init(
        path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
        caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }

    /// Stands in for an entry of `components` that is not an object: Apple ignores it, so it matches
    /// nothing; it keeps its place so that indexes stay those of the file, and is not written.
    static var unusable: AppLinksComponent {
        var component = AppLinksComponent()
        component.isUnusable = true
        return component
    }

    /// Whether this is ``unusable``.
    var isUnusable = false

    /// The component with every key it leaves out taken from `defaults`.
    func filled(from defaults: AppLinksComponent?) -> AppLinksComponent {
        guard let defaults else { return self }
        var filled = self
        filled.path = path ?? defaults.path
        filled.query = query ?? defaults.query
        filled.fragment = fragment ?? defaults.fragment
        filled.exclude = exclude ?? defaults.exclude
        filled.caseSensitive = caseSensitive ?? defaults.caseSensitive
        filled.percentEncoded = percentEncoded ?? defaults.percentEncoded
        return filled
    }
}
