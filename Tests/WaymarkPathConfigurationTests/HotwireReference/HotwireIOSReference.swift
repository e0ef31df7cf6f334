import Foundation

/// An independent model of the iOS libraries' path configuration, written from their source at a
/// named tag, to compare Waymark against: hotwired/hotwire-native-ios `Source/Turbo/Path
/// Configuration/` (`PathConfiguration.swift`, `PathRule.swift`, `PathRule+ServerRoutes.swift`,
/// `PathConfigurationDecoder.swift`) and hotwired/turbo-ios `Source/Path Configuration/`.
///
/// * Loading, as `PathConfigurationDecoder` does (the same in every version): the data must be a JSON
///   object (`JSONSerialization`) whose `rules` is an array of objects, each with `patterns`
///   (`[String]`) and `properties` (an object); anything else rejects the whole document, one bad
///   rule included. `settings` that is not an object reads as `[:]`. Extra keys are ignored.
/// * Rules: the document's, then, from hotwire-native-ios 1.2.0 (PR #76), the three built-in
///   historical-location rules, appended after so they win. Turbo iOS has none.
/// * Matching: a rule applies when any of its patterns, compiled by `NSRegularExpression` with
///   default options (case-sensitive, ICU), has `numberOfMatches` above 0 over the whole string; a
///   pattern that does not compile is skipped alone. Matching rules merge in order, later winning
///   per key.
/// * The match string of a URL, from `properties(for url: URL)`, with Foundation's own `URL`:
///   - released hotwire-native-ios (1.0.0 to 1.3.0-beta) and turbo-ios 7.1.0: `url.path`
///     (percent-decoded, trailing slashes dropped), then `"?" + url.query` when query matching
///     is on and the URL has a query;
///   - hotwire-native-ios `main` (38631e2, PR #211): `url.path()` on iOS 16 and later
///     (`pathPreservingSlash`: percent-encoded, trailing slash kept), then the same query.
///   Query matching defaults to on in Hotwire Native (`matchQueryStrings = true`), off in Turbo
///   iOS (`Turbo.config.pathConfiguration.matchQueryStrings = false`).
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

    /// Which library, and which version of it.
    enum Library: Sendable {
        /// hotwire-native-ios 1.2.0 to 1.3.0-beta.
        case released
        /// hotwire-native-ios `main` after 1.3.0-beta.
        case main
        /// turbo-ios 7.1.0.
        case turbo
    }

    /// The library modelled.
    let library: Library
    /// The document's rules, in order.
    let documentRules: [HotwireReferenceRule]
    /// The document's `settings` (`[:]` when missing or not an object).
    let settings: [String: Any]
    /// `matchQueryStrings` (default `true` in Hotwire Native, `false` in Turbo).
    let matchQueryStrings: Bool

    /// Every rule in the order the library applies them: the document's, then the built-ins
    /// (Hotwire Native only).
    var rules: [HotwireReferenceRule] { library == .turbo ? documentRules : documentRules + Self.builtInRules }

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
    init(data: Data, library: Library = .released, matchQueryStrings: Bool? = nil) throws(Rejection) {
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
        self.library = library
        self.matchQueryStrings = matchQueryStrings ?? (library != .turbo)
    }

    /// The string the patterns run on for a URL, or `nil` when `URL(string:)` refuses the text.
    func matchString(for url: String) -> String? {
        guard let url = URL(string: url) else { return nil }
        let path = library == .main ? url.path(percentEncoded: true) : url.path
        if matchQueryStrings, let query = url.query {
            return path + "?" + query
        }
        return path
    }

    /// `properties(for: URL)`; `nil` when `URL(string:)` refuses the text.
    func properties(for url: String) -> [String: Any]? {
        matchString(for: url).map(properties(forPath:))
    }

    /// `properties(for path: String)`: the string is matched exactly as given.
    func properties(forPath path: String) -> [String: Any] {
        HotwireReferenceRule.merge(rules, for: path)
    }
}
