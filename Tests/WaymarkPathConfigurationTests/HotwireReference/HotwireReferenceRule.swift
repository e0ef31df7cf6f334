import Foundation

/// One rule as Hotwire Native holds it: patterns compiled with `NSRegularExpression`, and the
/// properties as Foundation's `JSONSerialization` read them.
///
/// Shared by ``HotwireIOSReference`` and ``HotwireAndroidReference``, which differ only in the
/// regex options they compile with and in how they read URLs and documents. Hotwire Native
/// recompiles each pattern on every lookup; compiling once here gives the same answers.
struct HotwireReferenceRule {
    /// The patterns, as written.
    let patterns: [String]
    /// The properties, as `JSONSerialization` gives them (`NSNumber` for numbers and Booleans).
    let properties: [String: Any]
    /// The options every pattern is compiled with.
    let regexOptions: NSRegularExpression.Options
    /// One entry per pattern; `nil` where `NSRegularExpression` refuses the pattern, which is then
    /// skipped alone (iOS: `try?` then `continue`; Android: the exception is logged and counts as
    /// no match).
    let regexes: [NSRegularExpression?]

    init(patterns: [String], properties: [String: Any], regexOptions: NSRegularExpression.Options) {
        self.patterns = patterns
        self.properties = properties
        self.regexOptions = regexOptions
        self.regexes = patterns.map { try? NSRegularExpression(pattern: $0, options: regexOptions) }
    }

    /// Whether any pattern finds a match anywhere in `string` (iOS: `numberOfMatches(in:range:)`
    /// over the whole string is above 0; Android: `Regex.find` is not null).
    func matches(_ string: String) -> Bool {
        let range = NSRange(string.startIndex..<string.endIndex, in: string)
        return regexes.contains { regex in
            guard let regex else { return false }
            return regex.numberOfMatches(in: string, options: [], range: range) > 0
        }
    }

    /// The same rule compiled with other options (for explaining a mismatch, not for the reference).
    func compiled(with options: NSRegularExpression.Options) -> HotwireReferenceRule {
        HotwireReferenceRule(patterns: patterns, properties: properties, regexOptions: options)
    }

    /// The same rule without the patterns at `indexes` (for explaining a mismatch).
    func removingPatterns(at indexes: Set<Int>) -> HotwireReferenceRule {
        let kept = patterns.enumerated().filter { !indexes.contains($0.offset) }.map(\.element)
        return HotwireReferenceRule(patterns: kept, properties: properties, regexOptions: regexOptions)
    }

    /// Hotwire Native's merge: every matching rule in order, later rules winning per key, values
    /// replaced whole (no deep merge); no match gives `[:]`.
    static func merge(_ rules: [HotwireReferenceRule], for string: String) -> [String: Any] {
        var properties: [String: Any] = [:]
        for rule in rules where rule.matches(string) {
            properties.merge(rule.properties) { _, new in new }
        }
        return properties
    }
}
