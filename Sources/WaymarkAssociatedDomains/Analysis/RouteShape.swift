import Waymark

/// One template variant of a route, as the analysis reads it: a sequence of segment shapes over the
/// characters of a canonical path.
struct VariantShape: Sendable {
    enum Segment: Hashable, Sendable {
        /// The literal as a canonical link spells it (percent-encoded), compared without ASCII case
        /// when the table's literals are.
        case literal([Unicode.Scalar])
        /// One non-empty segment whose value has this shape.
        case value(ValueShape)
        /// A segment with parameters inside it (`{name}.json`): its text pieces as a canonical link
        /// spells them, and its captures' shapes, each one character or more (reading it as any
        /// value would hide the internal `{name}.json` URLs a `/*` sends, and the public ones a
        /// `/?*` exclude keeps in the browser).
        case pattern([PatternPiece])
        /// A catch-all: zero or more non-empty segments.
        case rest
    }

    /// One piece of a ``Segment/pattern(_:)`` segment.
    enum PatternPiece: Hashable, Sendable {
        case text([Unicode.Scalar])
        case capture(ValueShape)
    }

    /// The table registration it comes from.
    var registration: Int
    var segments: [Segment]
    /// The types the app registered that the variant uses, which the analysis takes to accept
    /// every segment.
    var opaqueTypes: Set<String>
    /// The variant's segments with parameters inside them (`{name}.json`), by index, which the
    /// analysis takes to be any value (see ``DomainRoutes/shapes(of:in:)``).
    var patterns: [Int: PatternSegment] = [:]

    /// What the variant requires beyond its path, as a note names it: its query items
    /// (``QueryRequirement``) and its fragment (``FragmentRequirement``). The file's components carry
    /// no `?` or `#` for them: a path alone sends such a link, and the app checks the rest, so the
    /// file is wider than the route, never narrower.
    var requirementsBeyondPath: [String] = []
    /// The `#` pattern of the fragment the variant requires (``FragmentRequirement``), which its
    /// include component carries: Apple's components match on the fragment, so the file sends the
    /// app only links that have it. Literals as a link spells them, a value `?*`, a catch-all `*`.
    var fragmentPattern: String?

    /// A segment with parameters inside it, and the shapes of its captures' types.
    struct PatternSegment: Sendable {
        let pattern: SegmentPattern
        let captureShapes: [ValueShape]

        /// Whether `segment` (as a canonical link spells it) fits the pattern and each capture's
        /// type, as the table's search decides.
        func accepts(_ segment: String) -> Bool {
            let raw = Array(segment.utf8)
            guard let decoded = raw.withUnsafeBufferPointer({ PercentDecoding.decode($0) }) else { return false }
            let bytes = Array(decoded.utf8)
            guard let ranges = bytes.withUnsafeBufferPointer({ pattern.captureRanges(in: $0) }) else { return false }
            return zip(ranges, captureShapes).allSatisfy { range, shape in
                var state: Int32? = ValueShape.start
                for scalar in String(decoding: bytes[range], as: UTF8.self).unicodeScalars {
                    state = state.flatMap { shape.step($0, scalar) }
                }
                return state.map(shape.accepts) ?? false
            }
        }
    }

    /// Whether the segments from `index` on can match nothing: none left, or only a catch-all.
    func isComplete(at index: Int) -> Bool {
        index == segments.count || (index == segments.count - 1 && segments[index] == .rest)
    }
}

/// The routes that handle universal links of one domain, with what the analysis needs of each.
struct DomainRoutes: Sendable {
    let resolver: RouteResolver
    let domain: String
    let variants: [VariantShape]
    let caseInsensitiveLiterals: Bool
    /// Whether the table accepts the domain at all.
    let acceptsDomain: Bool
    /// Names of the parameter types the app registered that the routes use.
    let opaqueTypes: Set<String>
    /// The routes' segments with typed parameters inside them (`v{major<int>}.{minor<int>}`), whose
    /// splits the analysis does not fix as the table's scan does (``PatternPlace``).
    let patternSegments: Set<String>
    /// Which variant's route wins where several match (``RouteOrder``).
    let order: RouteOrder
    /// The domain's base path (``UniversalLinkBase/pathPrefix``) as literal segments, which every
    /// variant's shape starts with: the file's components, the analysis's paths and the example
    /// URLs all live under it, as the table's universal links do.
    let basePath: [VariantShape.Segment]

    init(resolver: RouteResolver, domain: String) {
        let table = resolver.table
        let domain = domain.lowercased()
        self.resolver = resolver
        self.domain = domain
        caseInsensitiveLiterals = table.options.caseInsensitivePaths
        acceptsDomain = table.acceptsEverything || DomainWildcard.accepts(domain, domains: table.domains)
        let basePath = Self.basePath(of: domain, in: table)
        self.basePath = basePath
        // The wildcard scopes that cover the domain, the most specific first: a host's file (or a
        // wildcard's, served on each of its subdomains) carries their routes, below the domain's own.
        let wildcardScopes = Set(
            table.registrations.flatMap(\.scopes).compactMap { scope -> String? in
                guard case .universal(let name) = scope, DomainWildcard.base(of: name) != nil else { return nil }
                return name
            })
        let covering = DomainWildcard.covering(domain, in: Array(wildcardScopes))
        func scopeRank(_ scopes: [RouteScope]) -> Int {
            if scopes.contains(.universal(domain: domain)) { return covering.count + 2 }
            if let position = covering.firstIndex(where: { scopes.contains(.universal(domain: $0)) }) {
                return covering.count + 1 - position
            }
            return scopes.contains(.universalAny) ? 1 : 0
        }
        var variants: [VariantShape] = []
        var opaque: Set<String> = []
        var patterns: Set<String> = []
        var ranked: [(scopeRank: Int, priority: Int, registration: Int, isExact: Bool, ranks: [Specificity.Rank])] = []
        if acceptsDomain {
            for registration in table.registrations {
                let scopeRank = scopeRank(registration.scopes)
                guard scopeRank > 0 else { continue }
                let shapes = Self.shapes(of: registration, in: table, under: basePath)
                for (shape, variant) in zip(shapes, registration.template.variants) {
                    opaque.formUnion(shape.opaqueTypes)
                    let typed = shape.patterns.values.filter { $0.captureShapes.contains { $0 != .any } }
                    patterns.formUnion(typed.map(\.pattern.description))
                    ranked.append(
                        (
                            scopeRank, registration.priority, registration.index,
                            shape.opaqueTypes.isEmpty && typed.isEmpty,
                            // The base path's literals rank alike in every variant, and keep each
                            // rank beside the segment it ranks.
                            [Specificity.Rank](repeating: Self.literalRank, count: basePath.count)
                                + Specificity(variant).ranks
                        ))
                }
                variants += shapes
            }
        }
        self.variants = variants
        order = RouteOrder(ranked)
        opaqueTypes = opaque
        patternSegments = patterns
    }

    /// The rank of a literal segment (every base-path segment's).
    private static let literalRank = Specificity.Rank(.literal("x"))

    /// The base path of `domain`'s links, as literal segments (compared as the table's literals are).
    static func basePath(of domain: String, in table: RouteTable<Int>) -> [VariantShape.Segment] {
        let prefix = UniversalLinkBase.entry(for: domain, in: table.domainBases)?.pathPrefix ?? []
        return prefix.map { .literal(Array($0.unicodeScalars)) }
    }

    /// The shapes of a registration's variants, each starting with `basePath`.
    ///
    /// A segment with parameters inside it (`{name}.json`) is read piece by piece (its text, and
    /// each capture's shape), so its component is `?*.json` and the analysis tells `/a.json` from
    /// `/a` (reading it as any value would hide the URLs that tell them apart).
    static func shapes(
        of registration: RouteTable<Int>.Registration, in table: RouteTable<Int>,
        under basePath: [VariantShape.Segment] = []
    ) -> [VariantShape] {
        registration.template.variants.map { variant in
            var opaque: Set<String> = []
            var patterns: [Int: VariantShape.PatternSegment] = [:]
            let segments = variant.segments.enumerated().map { index, segment -> VariantShape.Segment in
                switch segment {
                case .literal(let text):
                    return .literal(Array(LinkEncoding.pathSegment(text).unicodeScalars))
                case .parameter(_, let typeName):
                    let (shape, isOpaque) = ValueShape.of(typeName.flatMap { table.parameterType(named: $0) })
                    if isOpaque, let typeName { opaque.insert(typeName) }
                    return .value(shape)
                case .pattern(let pattern):
                    let shapes = pattern.captures.map { capture in
                        let (shape, isOpaque) = ValueShape.of(capture.type.flatMap { table.parameterType(named: $0) })
                        if isOpaque, let type = capture.type { opaque.insert(type) }
                        return shape
                    }
                    patterns[index] = VariantShape.PatternSegment(pattern: pattern, captureShapes: shapes)
                    var captures = shapes.makeIterator()
                    return .pattern(
                        pattern.pieces.map { piece in
                            switch piece {
                            // Encoded inside a segment, not as one: a piece `.` alone is no
                            // dot-segment.
                            case .text(let text):
                                .text(
                                    Array(
                                        LinkEncoding.pathSegment("x" + text + "x").unicodeScalars.dropFirst().dropLast()
                                    ))
                            case .capture: .capture(captures.next() ?? .any)
                            }
                        })
                case .anonymous:
                    return .value(.any)
                case .catchAll:
                    return .rest
                }
            }
            // A catch-all followed by segments (`api/*rest/john`) is read as a catch-all that ends
            // the path: its component is `/api/*`, wider than the route, and the note names what the
            // component does not check.
            let suffix = variant.catchAllSuffix
            let cut = suffix.isEmpty ? segments : Array(segments.prefix(segments.count - suffix.count))
            let afterCatchAll =
                suffix.isEmpty
                ? [] : ["the segments after the catch-all ('\(suffix.map(\.description).joined(separator: "/"))')"]
            return VariantShape(
                registration: registration.index, segments: basePath + cut, opaqueTypes: opaque,
                patterns: Dictionary(
                    uniqueKeysWithValues: patterns.filter { $0.key < cut.count }.map {
                        ($0.key + basePath.count, $0.value)
                    }
                ),
                requirementsBeyondPath: afterCatchAll
                    + variant.query.filter { $0.defaultValue == nil }.map { "the query item '\($0.name)'" },
                fragmentPattern: variant.fragment.map(Self.fragmentPattern))
        }
    }

    /// The component pattern of a required fragment (``VariantShape/fragmentPattern``): `*faq*`,
    /// `*view/?*`, `*docs/*`. The route reads a fragment as a path, with or without a leading `/`
    /// and with empty pieces dropped, so the pattern starts with `*`, and ends with one unless its
    /// last piece already spans: never narrower than the route.
    static func fragmentPattern(_ fragment: FragmentRequirement) -> String {
        let pieces = fragment.segments.map { segment in
            switch segment {
            // `*` and `?` are the pattern's wildcards: a literal one is written percent-encoded.
            case .literal(let text):
                LinkEncoding.fragment(text).map { $0 == "*" ? "%2A" : $0 == "?" ? "%3F" : String($0) }.joined()
            case .catchAll: "*"
            case .parameter, .pattern, .anonymous: "?*"
            }
        }
        let spans = pieces.last.map { $0.hasSuffix("*") } ?? true
        return "*" + pieces.joined(separator: "/") + (spans ? "" : "*")
    }

    /// Every character some literal spells, in both cases where literals ignore case.
    var literalScalars: Set<Unicode.Scalar> {
        var scalars: Set<Unicode.Scalar> = []
        for variant in variants {
            for segment in variant.segments {
                var texts: [[Unicode.Scalar]] = []
                if case .literal(let text) = segment { texts.append(text) }
                if case .pattern(let pieces) = segment {
                    for case .text(let text) in pieces { texts.append(text) }
                }
                for scalar in texts.joined() {
                    scalars.insert(scalar)
                    if caseInsensitiveLiterals { scalars.formUnion(ScalarCase.both(scalar)) }
                }
            }
        }
        return scalars
    }
}

/// ASCII case helpers.
enum ScalarCase {
    /// The scalar in both ASCII cases (itself alone when it is not a letter).
    static func both(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let value = scalar.value
        if value >= 65 && value <= 90, let lower = Unicode.Scalar(value + 32) { return [scalar, lower] }
        if value >= 97 && value <= 122, let upper = Unicode.Scalar(value - 32) { return [scalar, upper] }
        return [scalar]
    }

    static func equal(_ lhs: Unicode.Scalar, _ rhs: Unicode.Scalar, ignoringCase: Bool) -> Bool {
        lhs == rhs || (ignoringCase && folded(lhs) == folded(rhs))
    }

    /// ASCII lowercase.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.value >= 65 && scalar.value <= 90, let lower = Unicode.Scalar(scalar.value + 32) else {
            return scalar
        }
        return lower
    }
}

extension VariantShape {
    /// The narrowest `/` pattern that covers every canonical path of the variant: literals as
    /// themselves, a UUID as `????????-????-????-????-????????????`, any other value as `?*` (one
    /// character or more), a catch-all as a final `/*` (which Apple also matches without its
    /// slash, as zero segments).
    ///
    /// AASA patterns cannot say "one segment", so `?*` also covers several segments and values the
    /// type refuses: that is the over-approximation the check reports as inherent to the format.
    var narrowestPattern: String {
        guard !segments.isEmpty else { return "/" }
        return "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text):
                    return VariantShape.text(text)
                case .value(let shape): return VariantShape.component(of: shape)
                case .pattern(let pieces):
                    return pieces.map { piece in
                        switch piece {
                        case .text(let text):
                            return VariantShape.text(text)
                        case .capture(let shape): return VariantShape.component(of: shape)
                        }
                    }.joined()
                case .rest: return "*"
                }
            }.joined(separator: "/")
    }
}

extension VariantShape {
    /// A canonical path of the variant: each literal, `1` for an int, `1.5` for a float, a UUID of
    /// zeros, `x` for any other value, one segment `x` for a catch-all.
    var examplePath: String { "/" + exampleSegments.joined(separator: "/") }

    /// A value of the shape.
    static func example(of shape: ValueShape) -> String {
        switch shape {
        case .int: "1"
        case .float: "1.5"
        case .uuid: "00000000-0000-0000-0000-000000000000"
        case .any: "x"
        }
    }

    /// Literal text, kept as scalars, as a string.
    static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// The component pattern of a value: the 36 single-character wildcards of a UUID's layout, `?*`
    /// for any other shape (a pattern cannot say "digits only").
    static func component(of shape: ValueShape) -> String {
        shape == .uuid ? "????????-????-????-????-????????????" : "?*"
    }

    /// The segments of ``examplePath``.
    var exampleSegments: [String] {
        segments.map { segment in
            switch segment {
            case .literal(let text):
                return Self.text(text)
            case .value(let shape): return Self.example(of: shape)
            case .rest: return "x"
            case .pattern(let pieces):
                return pieces.map { piece in
                    switch piece {
                    case .text(let text):
                        return Self.text(text)
                    case .capture(let shape): return Self.example(of: shape)
                    }
                }.joined()
            }
        }
    }
}
