import Waymark

/// The warnings a rule's properties get when a document loads: values a typed accessor does not
/// know (and what it reads them as), and keys that nearly spell a known one.
enum PropertyCheck {
    /// The keys Hotwire Native reads, on either platform.
    static let knownKeys = [
        "context", "presentation", "modal_style", "pull_to_refresh_enabled", "modal_dismiss_gesture_enabled",
        "query_string_presentation", "view_controller", "animated", "historical_location", "title", "uri",
        "fallback_uri",
    ]

    static func diagnostics(
        for properties: [String: JSONValue], rule index: Int, platform: PathConfiguration.Platform
    ) -> [PathConfigurationDiagnostic] {
        var found: [PathConfigurationDiagnostic] = []
        func warn(_ message: String) {
            found.append(.init(ruleIndex: index, severity: .warning, message: message))
        }
        func check(_ key: String, _ known: [String], fallback: String) {
            guard let value = properties[key] else { return }
            let text = value.stringValue.map { platform == .android ? $0.lowercased() : $0 }
            guard let text, known.contains(text) else {
                warn(
                    "\(key): \(value.quoted()) is not one of \(known.joined(separator: ", ")); the typed accessor reads it as \(fallback)"
                )
                return
            }
        }
        check("context", PathContext.allCases.map(\.rawValue), fallback: "default")
        if properties["presentation"]?.stringValue?.lowercased() == "modal" {
            let reading = properties["context"] == nil ? "reads as context modal" : "is ignored (the rule sets context)"
            warn(#"presentation: "modal" is Turbo iOS's convention and \#(reading); write "context": "modal""#)
        } else {
            var presentations = PathPresentation.allCases.map(\.rawValue)
            if platform == .iOS { presentations.removeAll { $0 == "push" } }
            check("presentation", presentations, fallback: "default")
        }
        check("modal_style", ModalStyle.allCases.map(\.rawValue), fallback: "large")
        check("query_string_presentation", QueryStringPresentation.allCases.map(\.rawValue), fallback: "default")
        let flags = [
            ("pull_to_refresh_enabled", platform == .iOS ? "true" : "false"), ("modal_dismiss_gesture_enabled", "true"),
            ("animated", "true"), ("historical_location", "false"),
        ]
        for (key, fallback) in flags {
            if let value = properties[key], value.boolValue == nil {
                warn("\(key): \(value.quoted()) is not true or false; the typed accessor reads it as \(fallback)")
            }
        }
        for key in properties.keys.sorted() where !knownKeys.contains(key) && key != "view-controller" {
            if let known = nearMiss(key) {
                warn(#""\#(key)" is not a key Hotwire Native reads; did you mean "\#(known)"?"#)
            }
        }
        return found
    }

    /// The known key `key` nearly spells: the same letters in another case or with other
    /// separators, or within two edits of them (`pull_refresh_enabled`).
    static func nearMiss(_ key: String) -> String? {
        let normalized = normalize(key)
        guard normalized.count >= 5 else { return nil }
        for known in knownKeys {
            let target = normalize(known)
            if target == normalized || (target.count >= 8 && editDistance(target, normalized, limit: 2) <= 2) {
                return known
            }
        }
        return nil
    }

    private static func normalize(_ key: String) -> [UInt8] {
        key.lowercased().utf8.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }
    }

    /// Levenshtein distance, stopping early past `limit` (keys are short; this is per key at load).
    private static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            if (current.min() ?? 0) > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
