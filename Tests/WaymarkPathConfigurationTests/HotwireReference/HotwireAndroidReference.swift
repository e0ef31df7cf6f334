import Foundation

/// An independent model of Hotwire Native Android's path configuration, written from its source
/// (hotwired/hotwire-native-android `core/…/turbo/config/PathConfiguration.kt`,
/// `PathConfigurationRule.kt`, `PathConfigurationHistoricalLocations.kt`, as read for the research
/// notes on Hotwire semantics, §2), to compare Waymark against.
///
/// * Loading, standing in for Gson's `toObject(TypeToken<PathConfiguration>)`: the data must be a
///   JSON object; `rules` may be missing or `null` (an empty configuration: `{}` loads, which the
///   notes infer from Kotlin's default constructor arguments, unverified); otherwise it must be an
///   array of rule objects. Each rule must have `patterns` (strings) and `properties` (an object):
///   a rule without them deserializes with `null` fields and throws a `NullPointerException` on
///   the first lookup, which is treated here as a rejection. `settings` must be an object when
///   present. Gson's lenient syntax (comments, single quotes, …) is not modelled:
///   `JSONSerialization` reads the text.
/// * Rules: the document's, then the three built-in historical-location rules
///   (`PathConfigurationHistoricalLocations.kt`: `presentation` `"POP"` / `"NONE"` / `"REFRESH"`,
///   upper case, `context` `"DEFAULT"`, `historical_location` `true`), appended after.
/// * Matching: `Regex(pattern, RegexOption.IGNORE_CASE).find(path) != null`, modelled with
///   `NSRegularExpression` and `.caseInsensitive`. java.util.regex (with Kotlin's added
///   `UNICODE_CASE`) is not ICU: they differ in edge cases (possessive and nested classes, `\h`,
///   Unicode properties, what `$` accepts before a final line break), none of which the corpus
///   patterns were seen to use. A pattern that does not compile is skipped alone.
/// * The match string is `java.net.URL`'s: the path as written (no decoding, trailing slash kept,
///   `""` for a bare domain), then `"?" + query` whenever a query is present, even an empty one.
///   Always: Android has no switch for query matching. The fragment never takes part.
struct HotwireAndroidReference {
    /// Why Hotwire Native Android would refuse a document (or fail on its first lookup).
    enum Rejection: Error, Equatable, CustomStringConvertible {
        /// Not JSON, or the top level is not an object.
        case notAnObject
        /// `rules` is not an array, or one of its items is not an object.
        case rulesNotAnArrayOfObjects
        /// `settings` is present and not an object.
        case settingsNotAnObject
        /// The rule at this index lacks `patterns` or `properties`, or has the wrong type for them.
        case badRule(Int)

        var description: String {
            switch self {
            case .notAnObject: "not JSON, or not a JSON object"
            case .rulesNotAnArrayOfObjects: "\"rules\" is not an array of objects"
            case .settingsNotAnObject: "\"settings\" is not an object"
            case .badRule(let index):
                "rules[\(index)] lacks a \"patterns\" array of strings or a \"properties\" object"
            }
        }
    }

    /// The document's rules, in order.
    let documentRules: [HotwireReferenceRule]
    /// The document's `settings` (`[:]` when missing).
    let settings: [String: Any]

    /// Every rule in the order Hotwire Native applies them: the document's, then the built-ins.
    var rules: [HotwireReferenceRule] { documentRules + Self.builtInRules }

    /// `historicalLocationRules`, in the order recede, resume, refresh.
    static var builtInRules: [HotwireReferenceRule] {
        [("recede", "POP"), ("resume", "NONE"), ("refresh", "REFRESH")].map { name, presentation in
            HotwireReferenceRule(
                patterns: ["/\(name)_historical_location"],
                properties: ["presentation": presentation, "context": "DEFAULT", "historical_location": true],
                regexOptions: [.caseInsensitive])
        }
    }

    /// Loads a document as Hotwire Native Android does (see the type's notes).
    init(data: Data) throws(Rejection) {
        guard let json = HotwireReferenceJSON.object(from: data) else { throw .notAnObject }
        var rules: [HotwireReferenceRule] = []
        if let value = json["rules"], !(value is NSNull) {
            guard let items = value as? [Any] else { throw .rulesNotAnArrayOfObjects }
            for (index, item) in items.enumerated() {
                guard let rule = item as? [String: Any] else { throw .rulesNotAnArrayOfObjects }
                // Gson would read a number or a Boolean in `patterns` as its text; that is not
                // modelled (no corpus document has one): such a rule is refused.
                guard let patterns = rule["patterns"] as? [String],
                    let properties = rule["properties"] as? [String: Any]
                else { throw .badRule(index) }
                rules.append(
                    HotwireReferenceRule(patterns: patterns, properties: properties, regexOptions: [.caseInsensitive]))
            }
        }
        var settings: [String: Any] = [:]
        if let value = json["settings"], !(value is NSNull) {
            guard let object = value as? [String: Any] else { throw .settingsNotAnObject }
            settings = object
        }
        self.documentRules = rules
        self.settings = settings
    }

    /// `java.net.URL(location)`'s `path`, then `"?" + query` when `query` is not null; `nil` when
    /// `java.net.URL` would throw (no scheme).
    ///
    /// Follows OpenJDK's `URL(String)` and `URLStreamHandler.parseURL` for an absolute URL: the text
    /// is trimmed of whitespace and control characters at both ends; the fragment is cut at the
    /// first `#`; the query is everything after the first `?`; the authority follows `//`, up to the
    /// next `/`; the path is the rest, unchanged (dot segments are only removed for relative
    /// references).
    static func matchString(for url: String) -> String? {
        var text = Substring(url)
        while let first = text.unicodeScalars.first, first.value <= 0x20 { text = text.dropFirst() }
        while let last = text.unicodeScalars.last, last.value <= 0x20 { text = text.dropLast() }
        guard let colon = text.firstIndex(of: ":"), text.startIndex < colon,
            text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
            text[text.startIndex].isLetter
        else { return nil }
        var rest = text[text.index(after: colon)...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") && !rest.hasPrefix("////") {
            rest = rest.dropFirst(2)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        let path = String(rest)
        return query.map { path + "?" + $0 } ?? path
    }

    /// `properties(location)`; `nil` when `java.net.URL` would throw.
    func properties(for url: String) -> [String: Any]? {
        Self.matchString(for: url).map(properties(forPath:))
    }

    /// The merged properties for a match string, matched exactly as given.
    func properties(forPath path: String) -> [String: Any] {
        HotwireReferenceRule.merge(rules, for: path)
    }
}
