import Foundation

/// An independent model of Hotwire Native iOS's path configuration, written from its source
/// (hotwired/hotwire-native-ios `Source/Turbo/Path Configuration/`: `PathConfiguration.swift`,
/// `PathRule.swift`, `PathRule+ServerRoutes.swift`, `PathConfigurationLoader.swift`, and turbo-ios's
/// `PathConfigurationDecoder.swift`, as read for the research notes on Hotwire semantics, §1), to
/// compare Waymark against.
///
/// * Loading, as `PathConfigurationLoader` and `PathConfigurationDecoder` do: the data must be a JSON
///   object (`JSONSerialization`) whose `rules` is an array of objects, each with `patterns`
///   (`[String]`) and `properties` (an object); anything else rejects the whole document, one bad
///   rule included. `settings` that is not an object reads as `[:]`. Extra keys are ignored.
/// * Rules: the document's, then the three built-in historical-location rules (appended after,
///   so they win over the document's).
/// * Matching: a rule applies when any of its patterns, compiled by `NSRegularExpression` with
///   default options (case-sensitive, ICU), has `numberOfMatches` above 0 over the whole string; a
///   pattern that does not compile is skipped alone. Matching rules merge in order, later winning
///   per key.
/// * The match string of a URL follows the project's issue: `url.path()` (percent-encoded, trailing
///   slash kept, `""` for a bare domain), plus `"?" + query` when query matching is on (the default)
///   and the URL has a query, even an empty one. (The notes found the older `url.path`, decoded
///   and with the trailing slash stripped, in a stored upstream version; the owners say the
///   current behaviour is `url.path()`, and this follows the issue.)
struct HotwireIOSReference {
    /// Why Hotwire Native iOS would refuse a document (it logs and keeps its previous rules).
    enum Rejection: Error, Equatable, CustomStringConvertible {
        /// Not JSON, or the top level is not an object.
        case notAnObject
        /// `rules` is missing, or is not an array of objects.
        case rulesNotAnArrayOfObjects
        /// The rule at this index has no `patterns` array of strings or no `properties` object.
        case badRule(Int)

        var description: String {
            switch self {
            case .notAnObject: "not JSON, or not a JSON object"
            case .rulesNotAnArrayOfObjects: "\"rules\" is missing or not an array of objects"
            case .badRule(let index):
                "rules[\(index)] lacks a \"patterns\" array of strings or a \"properties\" object"
            }
        }
    }

    /// The document's rules, in order.
    let documentRules: [HotwireReferenceRule]
    /// The document's `settings` (`[:]` when missing or not an object).
    let settings: [String: Any]
    /// `Hotwire.config.pathConfiguration.matchQueryStrings` (default `true`).
    let matchQueryStrings: Bool

    /// Every rule in the order Hotwire Native applies them: the document's, then the built-ins.
    var rules: [HotwireReferenceRule] { documentRules + Self.builtInRules }

    /// `PathRule.defaultServerRoutes` (hotwire-native-ios PR #76, final version): unanchored
    /// patterns, `context: "default"`, `historical_location: true`, in the order recede, resume,
    /// refresh.
    static var builtInRules: [HotwireReferenceRule] {
        [("recede", "pop"), ("resume", "none"), ("refresh", "refresh")].map { name, presentation in
            HotwireReferenceRule(
                patterns: ["/\(name)_historical_location"],
                properties: ["presentation": presentation, "context": "default", "historical_location": true],
                regexOptions: [])
        }
    }

    /// Loads a document as Hotwire Native iOS does.
    init(data: Data, matchQueryStrings: Bool = true) throws(Rejection) {
        guard let json = HotwireReferenceJSON.object(from: data) else { throw .notAnObject }
        // Upstream casts to [[String: AnyHashable]] and [String: AnyHashable]. On Apple platforms
        // every JSONSerialization value bridges to AnyHashable, so that is "an object"; on Linux an
        // array value does not, so the casts here are to Any to keep Apple's behaviour.
        guard let rulesArray = json["rules"] as? [[String: Any]] else { throw .rulesNotAnArrayOfObjects }
        var rules: [HotwireReferenceRule] = []
        for (index, rule) in rulesArray.enumerated() {
            guard let patterns = rule["patterns"] as? [String], let properties = rule["properties"] as? [String: Any]
            else { throw .badRule(index) }
            rules.append(HotwireReferenceRule(patterns: patterns, properties: properties, regexOptions: []))
        }
        self.documentRules = rules
        self.settings = json["settings"] as? [String: Any] ?? [:]
        self.matchQueryStrings = matchQueryStrings
    }

    /// The string the patterns run on for a URL, or `nil` when `URL(string:)` refuses the text.
    static func matchString(for url: String, matchQueryStrings: Bool = true) -> String? {
        guard let url = URL(string: url) else { return nil }
        let path = url.path(percentEncoded: true)
        if matchQueryStrings, let query = url.query(percentEncoded: true) {
            return path + "?" + query
        }
        return path
    }

    /// The match string as the older stored upstream version builds it (research notes §1.1):
    /// `url.path` (percent-decoded, trailing slash stripped), then `"?" + url.query`. Not the
    /// reference's reading; the corpus report uses it to show how much the choice matters.
    static func legacyMatchString(for url: String, matchQueryStrings: Bool = true) -> String? {
        guard let url = URL(string: url) else { return nil }
        if matchQueryStrings, let query = url.query {
            return url.path + "?" + query
        }
        return url.path
    }

    /// `properties(for: URL)`; `nil` when `URL(string:)` refuses the text.
    func properties(for url: String) -> [String: Any]? {
        Self.matchString(for: url, matchQueryStrings: matchQueryStrings).map(properties(forPath:))
    }

    /// `properties(for path: String)`: the string is matched exactly as given.
    func properties(forPath path: String) -> [String: Any] {
        HotwireReferenceRule.merge(rules, for: path)
    }
}
