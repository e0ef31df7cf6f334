/// A route pattern such as `product/:id<int>`, `user/:id(/:tab)` or `help/*topic`.
///
/// Grammar (see `docs/templates.md` for the full reference):
/// - segments are separated by `/`; a leading `/` is insignificant, so one template serves app links
///   and universal links;
/// - `literal` matches a segment exactly; `:name` matches one non-empty segment; `:name<type>` matches
///   one segment that the type accepts (`int`, `float`, `uuid` or a registered ``ParameterType``);
/// - `*` at the end matches zero or more remaining segments (`*name` names them); `*` in the middle
///   matches exactly one segment;
/// - `( … )` is an optional group, all or nothing, anywhere: `user/:id(/:tab)` is one route that
///   matches `user/7` and `user/7/posts`;
/// - `?` starts the query items a link must carry: `users?id={id<int>}` (``QueryRequirement``), and
///   `#` the fragment it must carry: `privacy#faq`, `user#/view/:id` (``FragmentRequirement``);
/// - the template `/` matches a URL with no path segments (`shop://`, `https://shop.example.com/`).
///
/// Templates written in source are string literals. A literal that does not parse does not trap: the
/// error is kept and reported by ``RouteTableBuilder/build()``, naming the template. Strings from files
/// or servers go through the throwing ``init(parsing:)``.
///
/// ```swift
/// let template: RouteTemplate = "user/:id<int>(/:tab)"
/// template.variants.count        // 2: user/:id<int> and user/:id<int>/:tab
/// try RouteTemplate(parsing: "user/:")   // throws: column 6: ':' must be followed by a parameter name
/// ```
public struct RouteTemplate: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One concrete alternative of a template: what remains once every optional group is either
    /// taken or left out.
    public struct Variant: Hashable, Sendable, CustomStringConvertible {
        /// The segments, in order.
        public let segments: [TemplateSegment]
        /// Whether the variant ends with `/`. Only significant in strict-trailing-slash tables.
        public let hasTrailingSlash: Bool
        /// The query items and the fragment, boxed: most variants have neither, and a variant (and a
        /// template, which holds one inline) is copied with every request that names its template,
        /// so it stays two words (measured: docs/performance.md, the resolution gate).
        private let requirements: Requirements?

        /// The query items a link must carry (`users?id={id}`), in name order; empty for most
        /// templates. See ``QueryRequirement``.
        public var query: [QueryRequirement] { requirements?.query ?? [] }
        /// The fragment a link must carry (`privacy#faq`, `user#/view/:id`), or `nil`. See
        /// ``FragmentRequirement``.
        public var fragment: FragmentRequirement? { requirements?.fragment }

        /// Creates a variant.
        public init(
            segments: [TemplateSegment], hasTrailingSlash: Bool, query: [QueryRequirement] = [],
            fragment: FragmentRequirement? = nil
        ) {
            self.segments = segments
            self.hasTrailingSlash = hasTrailingSlash
            self.requirements = query.isEmpty && fragment == nil ? nil : Requirements(query: query, fragment: fragment)
        }

        /// What a variant requires beyond its path. Immutable (every stored property is a `let` of
        /// a `Sendable` type), compared and hashed by value.
        private final class Requirements: Hashable, Sendable {
            let query: [QueryRequirement]
            let fragment: FragmentRequirement?

            init(query: [QueryRequirement], fragment: FragmentRequirement?) {
                self.query = query
                self.fragment = fragment
            }

            static func == (lhs: Requirements, rhs: Requirements) -> Bool {
                lhs.query == rhs.query && lhs.fragment == rhs.fragment
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(query)
                hasher.combine(fragment)
            }
        }

        /// The variant written as a template, with a leading `/`.
        public var description: String {
            "/" + segments.map(\.description).joined(separator: "/") + (hasTrailingSlash ? "/" : "")
                + (query.isEmpty ? "" : "?" + query.map(\.description).joined(separator: "&"))
                + (fragment?.description ?? "")
        }

        /// Whether the variant's only requirements beyond its path are query items with defaults: it
        /// then matches every link of its path, as a variant without requirements does.
        package var requiresOnlyDefaults: Bool {
            catchAllSuffix.isEmpty && fragment == nil && !query.isEmpty && query.allSatisfy { $0.defaultValue != nil }
        }

        /// The parameters of query items with a default (`page={page<int>=1}`), which a link may
        /// leave out.
        package var defaultedNames: Set<String> {
            Set(
                query.compactMap { requirement in
                    guard requirement.defaultValue != nil, case .parameter(let name, _) = requirement.value else {
                        return nil
                    }
                    return name
                })
        }

        /// The one-segment parameters of the path, and the captures of the query and the fragment,
        /// with their types.
        package var parameterCaptures: [(name: String, type: String?)] {
            segments.flatMap(\.parameterCaptures) + query.flatMap(\.parameterCaptures)
                + (fragment?.parameterCaptures ?? [])
        }

        /// How many requirements beyond the path the variant has: its query items, and one for a
        /// fragment. At the same path, more comes first (``Precedence``).
        package var linkRequirementCount: Int { catchAllSuffix.count + query.count + (fragment == nil ? 0 : 1) }

        /// The segments after a catch-all that does not end the path (`john` in `api/*rest/john`):
        /// they must end the URL's path, and the catch-all takes what lies between. Empty for most
        /// variants. Checked after the trie matched the path up to the catch-all, as query items
        /// are, so they count as requirements in precedence.
        public var catchAllSuffix: ArraySlice<TemplateSegment> {
            guard let index = segments.firstIndex(where: \.isCatchAll) else { return [] }
            return segments[(index + 1)...]
        }

        /// Where the catch-all is, or `nil`.
        package var catchAllPosition: Int? { segments.firstIndex(where: \.isCatchAll) }
    }

    /// The template exactly as it was written.
    public let pattern: String
    /// What parsing gave: the variants, or (for a string literal) the error to report when the table
    /// is built. The failure is boxed, so that a template is a string and one word.
    private enum Parsed: Sendable {
        /// The common case, kept without an array.
        case single(Variant)
        case variants([Variant])
        indirect case failure(RoutingError)
    }

    private let parsed: Parsed

    /// The alternatives the optional groups produce, shortest first. Empty when the template did
    /// not parse.
    public var variants: [Variant] {
        switch parsed {
        case .single(let variant): [variant]
        case .variants(let variants): variants
        case .failure: []
        }
    }

    /// Calls `body` with each variant and its index, without building an array.
    func forEachVariant(_ body: (Int, Variant) throws -> Void) rethrows {
        switch parsed {
        case .single(let variant): try body(0, variant)
        case .variants(let variants): for (index, variant) in variants.enumerated() { try body(index, variant) }
        case .failure: break
        }
    }

    /// The parse error of a template written as a string literal, reported when the table is built.
    var parseError: RoutingError? {
        if case .failure(let error) = parsed { return error }
        return nil
    }

    /// Parses a template from a string that comes from outside the source code.
    ///
    /// - Parameter pattern: The template text, for example `product/:id<int>`.
    /// - Throws: ``RoutingError/Code/invalidTemplate`` naming the template, the 1-based column and
    ///   what is wrong.
    public init(parsing pattern: String) throws(RoutingError) {
        self.pattern = pattern
        self.parsed = Self.parsed(try TemplateParser(pattern: pattern).parse())
    }

    private static func parsed(_ result: TemplateParser.Parsed) -> Parsed {
        switch result {
        case .single(let variant): .single(variant)
        case .several(let variants): variants.count == 1 ? .single(variants[0]) : .variants(variants)
        }
    }

    /// Creates a template from a string literal in source code.
    ///
    /// A literal that does not parse produces a template with no variants whose error is reported
    /// by ``RouteTableBuilder/build()``; it never traps.
    public init(stringLiteral value: String) {
        self.pattern = value
        do {
            self.parsed = Self.parsed(try TemplateParser(pattern: value).parse())
        } catch {
            self.parsed = .failure(error)
        }
    }

    /// The names of every parameter and named catch-all, in order of first appearance.
    public var parameterNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        // The longest variant takes every optional group, so it lists the names in text order.
        for variant in variants.reversed() {
            let captured =
                variant.segments.flatMap(\.capturedNames) + variant.query.flatMap { $0.parameterCaptures.map(\.name) }
                + (variant.fragment?.parameterCaptures.map(\.name) ?? [])
            for name in captured where seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    /// The template as written.
    public var description: String { pattern }

    /// Two templates are equal when they are written the same.
    public static func == (lhs: RouteTemplate, rhs: RouteTemplate) -> Bool { lhs.pattern == rhs.pattern }
    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
