import Foundation

/// An independent model of the Android libraries' path configuration, written from their source
/// at a named tag, to compare Waymark against: hotwired/hotwire-native-android 1.3.1
/// (`core/…/turbo/config/PathConfiguration.kt`, `PathConfigurationData.kt`,
/// `PathConfigurationRule.kt`, `PathConfigurationHistoricalLocations.kt`) and hotwired/turbo-android
/// 7.1.5 (`turbo/…/config/TurboPathConfiguration*.kt`), on AOSP's `java.net.URL` (libcore
/// `URLStreamHandler.parseURL`, android-9.0.0_r45).
///
/// * Loading, standing in for Gson: the data must be a JSON object; for Hotwire `rules` may be
///   missing (Kotlin's default arguments give an empty list), Turbo needs `rules` and `settings`
///   (Gson allocates its class without running the initialisers: a missing one is `null` and
///   throws on first use, modelled as a rejection). Each rule must have `patterns` (strings) and
///   `properties` (an object); Turbo's properties and settings are `HashMap<String, String>`, so an
///   object or array value rejects the document. Gson's lenient syntax is not modelled:
///   `JSONSerialization` reads the text.
/// * Rules: the document's, then for Hotwire the three built-in historical-location rules
///   (upper-case values, appended after); Turbo has none.
/// * Matching: `Regex(pattern, RegexOption.IGNORE_CASE).find(path) != null`, modelled with
///   `NSRegularExpression` and `.caseInsensitive`. A pattern that does not compile is skipped alone.
/// * The match string: Android's `URL(location)`'s `path`, then `"?" + query` whenever a query is
///   present, even an empty one; for a location Android's `URL` refuses, `""` in Hotwire 1.3.1
///   (`PathConfigurationData.kt`) and no answer in Turbo, whose `path()` throws.
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
        /// Turbo: `rules` or `settings` is missing.
        case turboFieldMissing
        /// Turbo: a property of this rule (or, `nil`, a setting) is an object or an array.
        case turboPropertyNotText(Int?)

        var description: String {
            switch self {
            case .notAnObject: "not JSON, or not a JSON object"
            case .rulesNotAnArrayOfObjects: "\"rules\" is not an array of objects"
            case .settingsNotAnObject: "\"settings\" is not an object"
            case .badRule(let index):
                "rules[\(index)] lacks a \"patterns\" array of strings or a \"properties\" object"
            case .turboFieldMissing: "turbo-android needs both \"rules\" and \"settings\""
            case .turboPropertyNotText(let index):
                "\(index.map { "rules[\($0)].properties" } ?? "settings") holds an object or array, not text"
            }
        }
    }

    /// Which library.
    enum Library: Sendable {
        /// hotwire-native-android 1.3.1.
        case hotwire
        /// turbo-android 7.1.5.
        case turbo
    }

    /// The library modelled.
    let library: Library
    /// The document's rules, in order.
    let documentRules: [HotwireReferenceRule]
    /// The document's `settings` (`[:]` when missing).
    let settings: [String: Any]

    /// Every rule in the order Hotwire Native applies them: the document's, then the built-ins.
    var rules: [HotwireReferenceRule] { library == .turbo ? documentRules : documentRules + Self.builtInRules }

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
    init(data: Data, library: Library = .hotwire) throws(Rejection) {
        guard let json = HotwireReferenceJSON.object(from: data) else { throw .notAnObject }
        if library == .turbo {
            guard json["rules"] is [Any], json["settings"] is [String: Any] else { throw .turboFieldMissing }
        }
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
                if library == .turbo, properties.values.contains(where: { $0 is [Any] || $0 is [String: Any] }) {
                    throw .turboPropertyNotText(index)
                }
                rules.append(
                    HotwireReferenceRule(patterns: patterns, properties: properties, regexOptions: [.caseInsensitive]))
            }
        }
        var settings: [String: Any] = [:]
        if let value = json["settings"], !(value is NSNull) {
            guard let object = value as? [String: Any] else { throw .settingsNotAnObject }
            settings = object
        }
        if library == .turbo, settings.values.contains(where: { $0 is [Any] || $0 is [String: Any] }) {
            throw .turboPropertyNotText(nil)
        }
        self.library = library
        self.documentRules = rules
        self.settings = settings
    }

    /// The match string: `path`, then `"?" + query` when `query` is not null, from Android's
    /// `URL(location)`; when it throws, `""` for Hotwire and `nil` (no answer) for Turbo.
    func matchString(for url: String) -> String? {
        guard let (path, query) = Self.androidURL(url) else { return library == .hotwire ? "" : nil }
        return query.map { path + "?" + $0 } ?? path
    }

    /// AOSP's `URL(String)` and `URLStreamHandler.parseURL` for a location, transcribed as written
    /// (its rescans and all): `(path, query)`, or `nil` where it throws `MalformedURLException`.
    /// Only `http`, `https`, `file` and `ftp` are modelled (`jar:` has its own handler, and every
    /// other scheme has none on Android).
    static func androidURL(_ location: String) -> (path: String, query: String?)? {
        var spec = Array(location.utf16)
        func text(_ units: ArraySlice<UInt16>) -> String { String(decoding: units, as: UTF16.self) }
        func index(of unit: Character, in units: [UInt16], from: Int = 0) -> Int? {
            let value = unit.utf16.first ?? 0
            return (max(0, from)..<max(max(0, from), units.count)).first { units[$0] == value }
        }
        // URL(String): trim, skip "url:", find the protocol before any '/'.
        var limit = spec.count
        while limit > 0, spec[limit - 1] <= 0x20 { limit -= 1 }
        var start = 0
        while start < limit, spec[start] <= 0x20 { start += 1 }
        if limit - start >= 4, text(spec[start..<start + 4]).lowercased() == "url:" { start += 4 }
        guard start < limit, spec[start] != UInt16(UInt8(ascii: "#")) else { return nil }
        var scheme: String?
        var i = start
        while i < limit, spec[i] != UInt16(UInt8(ascii: "/")) {
            if spec[i] == UInt16(UInt8(ascii: ":")) {
                let candidate = text(spec[start..<i]).lowercased()
                let first = candidate.unicodeScalars.first
                if let first, first.properties.isAlphabetic,
                    candidate.unicodeScalars.allSatisfy({
                        $0.properties.isAlphabetic || $0.properties.numericType != nil
                            || "+-.".unicodeScalars.contains($0)
                    })
                {
                    scheme = candidate
                    start = i + 1
                }
                break
            }
            i += 1
        }
        guard let scheme, ["http", "https", "file", "ftp"].contains(scheme) else { return nil }
        if let hash = index(of: "#", in: spec, from: start), hash < limit { limit = hash }
        // parseURL(spec, start, limit).
        var query: String?
        if start < limit, let queryStart = index(of: "?", in: spec), queryStart < limit {
            query = text(spec[(queryStart + 1)..<limit])
            limit = queryStart
            spec = Array(spec[..<queryStart])
        }
        var authority: String?
        if start <= limit - 2, spec[start] == UInt16(UInt8(ascii: "/")), spec[start + 1] == UInt16(UInt8(ascii: "/")) {
            start += 2
            var end = start
            while end < limit, !["/", "\\", "?", "#"].contains(Character(UnicodeScalar(spec[end]) ?? " ")) { end += 1 }
            authority = text(spec[start..<end])
            var host: String? = authority
            if let authority, let at = authority.firstIndex(of: "@") {
                host = authority.lastIndex(of: "@") == at ? String(authority[authority.index(after: at)...]) : nil
            }
            if var host {
                if host.hasPrefix("[") {
                    guard let close = host.firstIndex(of: "]"), host.distance(from: host.startIndex, to: close) > 2
                    else {
                        return nil
                    }
                    host = String(host[host.index(after: close)...])
                    guard host.isEmpty || host.hasPrefix(":") else { return nil }
                }
                if let colon = host.firstIndex(of: ":") {
                    let port = host[host.index(after: colon)...]
                    if !port.isEmpty {
                        guard let first = port.first, first.isASCII, first.isNumber, Int32(port) != nil else {
                            return nil
                        }
                    }
                }
            }
            start = end
        }
        var path = ""
        if start < limit {
            if spec[start] == UInt16(UInt8(ascii: "/")) || spec[start] == UInt16(UInt8(ascii: "\\")) {
                path = text(spec[start..<limit])
            } else {
                path = (authority != nil ? "/" : "") + text(spec[start..<limit])
            }
        }
        // The dot-segment block Android runs on every path ("if (true)").
        func find(_ needle: String, in haystack: String, from: Int = 0) -> Int? {
            let h = Array(haystack.utf16)
            let n = Array(needle.utf16)
            guard from >= 0, h.count >= n.count, from <= h.count - n.count else { return nil }
            return (from...(h.count - n.count)).first { Array(h[$0..<($0 + n.count)]) == n }
        }
        func lastSlash(in haystack: String, atOrBefore position: Int) -> Int? {
            guard position >= 0 else { return nil }
            let h = Array(haystack.utf16)
            return (0...min(position, h.count - 1)).reversed().first { h[$0] == UInt16(UInt8(ascii: "/")) }
        }
        func cut(_ value: String, _ from: Int, _ to: Int? = nil) -> String {
            let units = Array(value.utf16)
            return String(decoding: units[from..<(to ?? units.count)], as: UTF16.self)
        }
        while let found = find("/./", in: path) { path = cut(path, 0, found) + cut(path, found + 2) }
        var position = 0
        while let found = find("/../", in: path, from: position) {
            if found == 0 {
                path = cut(path, found + 3)
                position = 0
            } else if let slash = lastSlash(in: path, atOrBefore: found - 1), find("/../", in: path, from: slash) != 0 {
                path = cut(path, 0, slash) + cut(path, found + 3)
                position = 0
            } else {
                position = found + 3
            }
        }
        while path.hasSuffix("/..") {
            guard let found = find("/..", in: path), let slash = lastSlash(in: path, atOrBefore: found - 1) else {
                break
            }
            path = cut(path, 0, slash + 1)
        }
        if path.hasPrefix("./") && path.utf16.count > 2 { path = cut(path, 2) }
        if path.hasSuffix("/.") { path = cut(path, 0, path.utf16.count - 1) }
        if path.hasSuffix("?") { path = cut(path, 0, path.utf16.count - 1) }
        return (path, query)
    }

    /// `properties(location)`; `nil` when `java.net.URL` would throw.
    func properties(for url: String) -> [String: Any]? {
        matchString(for: url).map(properties(forPath:))
    }

    /// The merged properties for a match string, matched exactly as given.
    func properties(forPath path: String) -> [String: Any] {
        HotwireReferenceRule.merge(rules, for: path)
    }
}
