/// Which links get the same explanation once values are redacted, so that a report explains one
/// link of each shape instead of every link (a campaign's broken links differ by an id).
///
/// Two links have the same shape when they have the same kind, scheme, host, trailing slash and
/// path segments, except that a segment of one to nine ASCII digits stands for every segment of
/// that many digits; the query and the fragment count too when a template requires any. That is
/// exact, not a heuristic, when no template can tell two such segments apart:
///
/// - no literal segment contains a digit (a digit string is then equally far from every literal:
///   the edit distance between strings with no character in common is the longer one's length);
/// - every typed parameter is the built-in `int`, `float` or `uuid`, which accept all (or none)
///   of them (nine digits fit a 32-bit `Int`); a custom type, even one registered under a built-in
///   name, may tell them apart;
/// - no segment is a pattern (`:id<[0-9]{3}>` would tell `123` from `1234`… and `123` from `999`).
///
/// Otherwise ``key(of:)`` is `nil` and every link is explained on its own. Explanations with their
/// values shown (the report's `showValues`) never share: they quote the link's own text.
struct LinkShape: Sendable {
    /// Whether shapes may stand for their links in this table.
    let isExact: Bool
    let includesQuery: Bool
    let includesFragment: Bool

    /// - Parameters:
    ///   - templates: Every registration's template.
    ///   - types: The table's parameter types by name, as the table resolves them.
    init(templates: [RouteTemplate], types: [String: ParameterType]) {
        var exact = true
        var query = false
        var fragment = false
        for variant in templates.lazy.flatMap(\.variants) {
            query = query || !variant.query.isEmpty
            fragment = fragment || variant.fragment != nil
            for segment in variant.segments {
                switch segment {
                case .literal(let text): if text.utf8.contains(where: Self.isDigit) { exact = false }
                case .parameter(_, let type?): if !Self.isBuiltIn(types[type]) { exact = false }
                case .pattern: exact = false
                case .parameter, .anonymous, .catchAll: break
                }
            }
        }
        isExact = exact
        includesQuery = query
        includesFragment = fragment
    }

    /// The shape of `url`, or `nil` when shapes are not exact for this table.
    func key(of url: RouteURL) -> String? {
        guard isExact else { return nil }
        // U+001E and U+001F never occur in a routable link: control characters make it invalid.
        var key = url.kind.rawValue + "\u{1F}" + (url.scheme ?? "") + "\u{1F}" + (url.host ?? "")
        key += url.hasTrailingSlash ? "\u{1F}/" : "\u{1F}"
        for segment in url.pathSegments {
            key += "\u{1F}"
            let digits = segment.utf8.count
            if (1...9).contains(digits) && segment.utf8.allSatisfy(Self.isDigit) {
                key += "\u{1E}" + String(digits)
            } else {
                key += segment
            }
        }
        if includesQuery { key += "\u{1F}?" + (url.rawQuery.map(String.init) ?? "") }
        if includesFragment { key += "\u{1F}#" + (url.fragment ?? "") }
        return key
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isBuiltIn(_ type: ParameterType?) -> Bool {
        switch type?.kind {
        case .int?, .float?, .uuid?: true
        case .custom?, nil: false
        }
    }
}
