/// Whether one generated path pattern matches every path another does, so that the other adds
/// nothing to a file whose excludes all come first.
///
/// The test is symbolic and sound, not complete: `outer` covers `inner` when `outer` matches the
/// text of `inner` with its own `?` standing for one character or `?` of `inner`, and its own `*`
/// for any run of `inner`'s characters, `?`s and `*`s. Each string `inner` matches is then matched
/// by `outer`. Apple's parent rule (`/docs/*` also matches `/docs`) is applied to both sides: each
/// form of `inner` must be covered by a form of `outer`. Only patterns the generator writes are
/// compared (no `$(…)` variables), all with the same `caseSensitive`.
enum PatternContainment {
    static func covers(_ outer: String, _ inner: String, caseSensitive: Bool) -> Bool {
        let outerForms = forms(outer, caseSensitive: caseSensitive)
        return forms(inner, caseSensitive: caseSensitive).allSatisfy { innerForm in
            outerForms.contains { symbolicallyMatches($0, innerForm) }
        }
    }

    /// The literal text before the first wildcard: a pattern can only cover one whose literal
    /// prefix starts with this.
    static func literalPrefix(_ pattern: String) -> Substring {
        pattern.prefix { $0 != "*" && $0 != "?" }
    }

    /// The pattern, and without its final `/*` when it has one (folded to lowercase when letters
    /// compare without case).
    private static func forms(_ pattern: String, caseSensitive: Bool) -> [[Unicode.Scalar]] {
        var scalars = Array(pattern.unicodeScalars)
        if !caseSensitive { scalars = scalars.map(ScalarCase.folded) }
        guard scalars.count >= 2, scalars.suffix(2) == ["/", "*"] else { return [scalars] }
        let parent = Array(scalars.dropLast(2))
        return [scalars, parent.isEmpty ? ["/"] : parent]
    }

    /// Glob matching of `pattern` against `text`, where `text` may hold `?` and `*` too, which only
    /// a `*` (or for `?`, a `?`) of `pattern` matches. Greedy with one backtrack point, as for
    /// plain globs: linear in practice, at most the product of the lengths.
    private static func symbolicallyMatches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var patternIndex = 0
        var textIndex = 0
        var star: Int?
        var resume = 0
        while textIndex < text.count {
            if patternIndex < pattern.count, pattern[patternIndex] != "*",
                pattern[patternIndex] == text[textIndex] || (pattern[patternIndex] == "?" && text[textIndex] != "*")
            {
                patternIndex += 1
                textIndex += 1
            } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                star = patternIndex
                resume = textIndex
                patternIndex += 1
            } else if let star {
                patternIndex = star + 1
                resume += 1
                textIndex = resume
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
