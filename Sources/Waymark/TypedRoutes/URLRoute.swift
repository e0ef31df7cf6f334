/// A typed route with a URL: one declaration, ``routeMap``, both parses URLs into route values and
/// prints route values back into URLs.
///
/// The enum's `Codable` conformance (synthesized) carries the case names and associated-value
/// labels; ``routeMap`` gives each case its template. A labelled associated value fills the
/// template's `:label` parameter, or, when the template lists it after `?`, the query item of
/// that name. A case that carries another `URLRoute` nests it: the child's templates mount under
/// the case's template.
///
/// ```swift
/// enum ShopRoute: URLRoute {
///     case home
///     case product(id: Int)
///     case search(q: String?, tag: [String])
///     case account(AccountRoute)
///
///     static let routeMap: RouteMap<ShopRoute> = [
///         "home": "/",
///         "product": "product/:id<int>",
///         "search": "search?q&tag",
///         "account": "account",
///     ]
/// }
/// ```
///
/// Every mismatch between a template and its case (a parameter without an associated value, an
/// associated value in neither path nor query, an `Int` in an untyped `:id`, an optional value in a
/// required segment) is an error when the table is built, naming the case and the template.
public protocol URLRoute: Route, Codable {
    /// Each case's template, in registration order.
    static var routeMap: RouteMap<Self> { get }
}

/// The templates of a ``URLRoute``'s cases, keyed by case name, in the order written.
///
/// A mapping is a template, optionally followed by `?` and the `&`-separated names of the
/// associated values that travel in the query: `"category/:slug?page&sort"`.
public struct RouteMap<R: URLRoute>: Sendable, ExpressibleByDictionaryLiteral {
    /// One case's mapping: its template (and query names) and its options.
    ///
    /// ```swift
    /// "product": "product/:id<int>",                                   // a template
    /// "createNew": ["create", "create-document"],                      // several: the first prints links
    /// "admin": .template("admin", .internalOnly),                      // with options
    /// "open": .template("open?docRef", .scopes(.universal(domain: "yourdomain.com"))),
    /// ```
    public struct Mapping: Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
        /// The template, then optionally `?name&name` for query values.
        public var pattern: String
        /// The case's options (see ``RouteOption``); a nested route's cases start from these.
        public var options: [RouteOption]
        /// Written as an empty list: reported when the map is compiled.
        var isEmptyList = false

        /// A mapping with options.
        public init(_ pattern: String, _ options: RouteOption...) {
            self.init(pattern, options: options)
        }

        /// A mapping with options, as a list.
        public init(_ pattern: String, options: [RouteOption]) {
            self.pattern = pattern
            self.options = options
        }

        /// A mapping with options: `"admin": .template("admin", .internalOnly)`.
        public static func template(_ pattern: String, _ options: RouteOption...) -> Mapping {
            Mapping(pattern, options: options)
        }

        /// A mapping with no options.
        public init(stringLiteral value: String) {
            self.init(value, options: [])
        }

        /// Several templates for one case: the first prints links, the others only parse (legacy
        /// or alternative paths). The others may repeat the first one's `?names`, or leave them
        /// out. An empty list is an error when the map is compiled.
        public init(arrayLiteral patterns: String...) {
            let others = patterns.dropFirst().map(RouteTemplate.init(stringLiteral:))
            self.init(patterns.first ?? "", options: others.isEmpty ? [] : [.alsoMatches(others)])
            isEmptyList = patterns.isEmpty
        }
    }

    /// One entry: a case name and its mapping.
    public struct Entry: Sendable {
        /// The case name, as the enum declares it.
        public let caseName: String
        /// How the case maps to a URL.
        public let mapping: Mapping
    }

    /// The entries, in the order written.
    public let entries: [Entry]

    /// Creates a map from entries.
    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// Creates a map from `case name: mapping` pairs.
    public init(dictionaryLiteral elements: (String, Mapping)...) {
        self.entries = elements.map { Entry(caseName: $0.0, mapping: $0.1) }
    }
}
