import Waymark

/// The warnings a rule's properties get when a document loads, for the document's target: values a
/// typed accessor does not know (and what it reads them as), values of the wrong type (and what the
/// target's library does with them), spellings of another library that the target ignores, and keys
/// that nearly spell a known one.
enum PropertyCheck {
    static func diagnostics(
        for properties: [String: JSONValue], rule index: Int, target: PathConfiguration.Target
    ) -> [PathConfigurationDiagnostic] {
        var found: [PathConfigurationDiagnostic] = []
        func warn(_ message: String) {
            found.append(.init(ruleIndex: index, severity: .warning, message: message))
        }
        let android = target.platform == .android
        func check(_ key: String, _ known: [String], fallback: String) {
            guard let value = properties[key] else { return }
            let text = value.stringValue.map { android ? $0.uppercased().lowercased() : $0 }
            guard let text, known.contains(text) else {
                warn(
                    "\(key): \(value.quoted()) is not one of \(known.joined(separator: ", ")); "
                        + "\(target) reads it as \(fallback)")
                return
            }
        }
        // Every known key, each checked as its accessor reads it.
        for key in PathPropertyKey.allCases {
            switch key {
            case .context:
                check(key.rawValue, Self.contexts, fallback: "default")
            case .presentation:
                if let presentation = properties[key.rawValue]?.stringValue, presentation.lowercased() == "modal" {
                    warn(
                        modalPresentation(
                            presentation, target: target,
                            setsContext: properties[PathPropertyKey.context.rawValue] != nil))
                } else {
                    check(
                        key.rawValue, android ? Self.presentations : Self.presentationsWithoutPush, fallback: "default")
                }
            case .modalStyle:
                check(key.rawValue, Self.modalStyles, fallback: "large")
            case .queryStringPresentation:
                check(key.rawValue, Self.queryStringPresentations, fallback: "default")
            case .pullToRefreshEnabled, .modalDismissGestureEnabled, .animated, .historicalLocation:
                guard let value = properties[key.rawValue], value.boolValue == nil else { continue }
                let fallback = key.defaultFlag(on: target.platform) ?? false
                if let message = wronglyTyped(key.rawValue, value, fallback: "\(fallback)", target: target) {
                    warn(message)
                }
            case .viewController, .title, .uri, .fallbackURI:
                // Any text; a value of another kind reads as missing, as it does for every library.
                continue
            }
        }
        if target == .turboAndroid {
            for key in properties.keys.sorted() {
                switch properties[key] {
                case .object?, .array?:
                    warn(
                        "\(key): turbo-android rejects the whole document: its properties are strings (Gson "
                            + "reads them as HashMap<String, String>), and an object or array is not one")
                default: break
                }
            }
        }
        if properties["view-controller"] != nil && target != .turboIOS {
            warn(
                #""view-controller" is Turbo iOS's demo spelling; \#(target) does not read it: write "view_controller""#
            )
        }
        for key in properties.keys.sorted() where !PathPropertyKey.spellings.contains(key) && key != "view-controller" {
            if let known = nearMiss(key) {
                warn(#""\#(key)" is not a key Hotwire Native reads; did you mean "\#(known)"?"#)
            }
        }
        return found
    }

    /// What `presentation: "modal"` does under a target: Turbo iOS's guide and demo read it as a
    /// modal; no library reads it, and every Hotwire Native pushes instead.
    private static func modalPresentation(_ value: String, target: PathConfiguration.Target, setsContext: Bool)
        -> String
    {
        let written = JSONValue.string(value).quoted()
        if target == .turboIOS {
            let reading = setsContext ? "is ignored (the rule sets context)" : "reads as context modal"
            return "presentation: \(written) is Turbo iOS's convention and \(reading); "
                + #"Hotwire Native reads "context": "modal""#
        }
        return "presentation: \(written) is not a presentation \(target) knows: it reads it as default and pushes; "
            + #"for a modal write "context": "modal""#
    }

    /// The warning for a boolean key holding something else, saying what the target does with it.
    private static func wronglyTyped(
        _ key: String, _ value: JSONValue, fallback: String, target: PathConfiguration.Target
    ) -> String? {
        let written = "\(key): \(value.quoted())"
        switch target {
        case .turboAndroid:
            // Gson hands Turbo Android every value as text; `toBoolean()` reads "true" in any case.
            guard let text = value.stringValue ?? value.numberText else {
                return nil  // an object or array: reported as rejecting the document
            }
            return "\(written) is not true or false; turbo-android reads its text, "
                + "\(text.lowercased() == "true" ? "true" : "false") here; write true or false"
        case .hotwireNativeAndroid:
            return "\(written) is not true or false; hotwire-native-android throws ClassCastException when it "
                + "reads it (the accessor reads \(fallback)); write true or false"
        case .hotwireNativeIOS, .hotwireNativeIOSMain, .turboIOS:
            return "\(written) is not true or false; \(target) reads it as \(fallback); write true or false"
        }
    }

    static let contexts = PathContext.allCases.map(\.rawValue)
    static let presentations = PathPresentation.allCases.map(\.rawValue)
    static let presentationsWithoutPush = presentations.filter { $0 != "push" }
    static let modalStyles = ModalStyle.allCases.map(\.rawValue)
    static let queryStringPresentations = QueryStringPresentation.allCases.map(\.rawValue)

    /// The known key `key` nearly spells: the same letters in another case or with other
    /// separators, or within two edits of them (`pull_refresh_enabled`).
    static func nearMiss(_ key: String) -> String? {
        let normalized = normalize(key)
        guard normalized.count >= 5 else { return nil }
        for known in PathPropertyKey.spellings.sorted() {
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

extension JSONValue {
    /// A number's text, as JSON writes it; `nil` for anything else.
    fileprivate var numberText: String? {
        guard case .number = self else { return nil }
        return description
    }
}
