/// The kinds of template segment in order of precedence: where two templates that match one URL
/// first differ, the one whose segment's class comes earlier is more specific and wins.
///
/// This order is defined here and nowhere else. The trie's search visits a node's children in this
/// order (``TrieSearch``), shadow analysis, `explain`, the table's conflict check and the naive
/// matcher of the tests compare ``Specificity`` values made of it. A new kind of segment gets its
/// place in this enum, and ``TemplateSegment/segmentClass`` (an exhaustive `switch`) says which
/// segments belong to it.
package enum SegmentClass: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// Literal text: `product`.
    case literal
    /// Literal text with parameters inside: `{id}.json`. Between two patterns, the one with more
    /// literal text is more specific (``Specificity``).
    case pattern
    /// A typed parameter, whatever its type: `:id<int>`. Types share one class, so a typed segment
    /// is checked at the end of the path, where the leaf says which type it needs.
    case typed
    /// An untyped parameter or an anonymous `*` in the middle of a template.
    case parameter
    /// A catch-all at the end of a template: `*rest`.
    case catchAll

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension TemplateSegment {
    /// The segment's class in the order of precedence (see ``SegmentClass``).
    package var segmentClass: SegmentClass {
        switch self {
        case .literal: .literal
        case .pattern: .pattern
        case .parameter(_, let type): type == nil ? .parameter : .typed
        case .anonymous: .parameter
        case .catchAll: .catchAll
        }
    }
}

/// How specific a template variant is: its segments compared one by one, by class
/// (``SegmentClass``) and, between two patterns, by their literal text (more is more specific).
/// Where one variant's segments begin the other's, the shorter is more specific: a template that
/// ends at a segment beats a catch-all that starts there.
package struct Specificity: Comparable, Hashable, Sendable {
    /// One segment's place in the order: its class; for patterns, then their literal length (more
    /// first), then their typed captures (more first), then their shape's text (byte order), so
    /// that two different patterns never tie and their order does not depend on registration.
    package struct Rank: Comparable, Hashable, Sendable {
        package let segmentClass: SegmentClass
        /// The literal characters of a pattern; 0 for every other class.
        package let literalLength: Int
        /// A pattern's typed captures: with the same literal text, more typed captures is more
        /// specific (as a typed parameter is before a plain one); 0 for every other class.
        package let typedCaptures: Int
        /// A pattern's shape as text (``SegmentPattern/shape``); empty for every other class.
        package let shapeText: String

        package init(_ segment: TemplateSegment) {
            segmentClass = segment.segmentClass
            switch segment {
            case .pattern(let pattern):
                literalLength = pattern.literalLength
                typedCaptures = pattern.captures.filter { $0.type != nil }.count
                shapeText = pattern.shape.description
            case .literal, .parameter, .anonymous, .catchAll:
                literalLength = 0
                typedCaptures = 0
                shapeText = ""
            }
        }

        /// Whether `lhs` is more specific than `rhs`.
        package static func < (lhs: Self, rhs: Self) -> Bool {
            if lhs.segmentClass != rhs.segmentClass { return lhs.segmentClass < rhs.segmentClass }
            if lhs.literalLength != rhs.literalLength { return lhs.literalLength > rhs.literalLength }
            if lhs.typedCaptures != rhs.typedCaptures { return lhs.typedCaptures > rhs.typedCaptures }
            return Array(lhs.shapeText.utf8).lexicographicallyPrecedes(Array(rhs.shapeText.utf8))
        }
    }

    package let ranks: [Rank]

    /// A catch-all ends what the path's specificity compares: the segments after one
    /// (``RouteTemplate/Variant/catchAllSuffix``) are requirements, counted after specificity.
    package init(_ variant: RouteTemplate.Variant) {
        let end = variant.catchAllPosition.map { $0 + 1 } ?? variant.segments.count
        ranks = variant.segments[..<end].map(Rank.init)
    }

    /// Whether `lhs` is more specific than `rhs`.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.ranks.lexicographicallyPrecedes(rhs.ranks)
    }
}

/// Which of two matches of one URL wins, defined once: the route registered for the URL's exact
/// scheme or domain over one registered for any; then the higher priority; then the more specific
/// template (``Specificity``); then the earlier registration.
///
/// `a < b` means that `a` wins. The trie's leaf runs are sorted by it, `candidates` orders its
/// matches by it, shadow analysis asks which route beats which by it, and the naive matcher of the
/// tests ranks its matches by it. The search does not compare values of this type on the hot path:
/// it meets matches in this order (children by ``SegmentClass``, leaves sorted by this), and keeps a
/// later match only for a strictly higher priority.
package struct Precedence: Comparable, Sendable {
    /// 2 when the route is registered for the URL's exact scheme or domain, 1 when for any scheme
    /// or any domain (0: the route does not apply).
    package var scopeRank: Int
    package var priority: Int
    package var specificity: Specificity
    /// How many query items the variant requires (``QueryRequirement``): with the same path, a
    /// variant that requires more is tried first (`users?id={id}` before `users`).
    package var linkRequirements: Int
    /// The registration's index in its table.
    package var registration: Int

    package init(
        scopeRank: Int = 0, priority: Int, specificity: Specificity, linkRequirements: Int = 0, registration: Int
    ) {
        self.scopeRank = scopeRank
        self.priority = priority
        self.specificity = specificity
        self.linkRequirements = linkRequirements
        self.registration = registration
    }

    /// Whether `lhs` wins over `rhs`.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.scopeRank != rhs.scopeRank { return lhs.scopeRank > rhs.scopeRank }
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        if lhs.specificity != rhs.specificity { return lhs.specificity < rhs.specificity }
        if lhs.linkRequirements != rhs.linkRequirements { return lhs.linkRequirements > rhs.linkRequirements }
        return lhs.registration < rhs.registration
    }

    /// ``wins(priority:registration:overPriority:registration:)`` for the leaves of one trie node,
    /// whose paths are equally specific: priority, then query requirements (more first), then
    /// registration.
    @inline(__always)
    package static func wins(
        priority: Int32, linkRequirements: Int32, registration: Int32, overPriority otherPriority: Int32,
        linkRequirements otherRequirements: Int32, registration otherRegistration: Int32
    ) -> Bool {
        if priority != otherPriority { return priority > otherPriority }
        if linkRequirements != otherRequirements { return linkRequirements > otherRequirements }
        return registration < otherRegistration
    }

    /// `<` for two matches known to be in the same scope pass and equally specific (the leaves of
    /// one trie node, or matches whose search order stands for their specificity): priority, then
    /// registration. Without a ``Specificity`` to retain, for the table's sorts.
    @inline(__always)
    package static func wins(
        priority: Int32, registration: Int32, overPriority otherPriority: Int32, registration otherRegistration: Int32
    ) -> Bool {
        priority != otherPriority ? priority > otherPriority : registration < otherRegistration
    }
}
