public import Foundation
import Waymark

/// Why an `apple-app-site-association` file could not be read at all.
public struct AssociationReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, with the line and column for a syntax error.
    public let message: String

    /// The message.
    public var description: String { message }
}

extension AppSiteAssociation {
    /// Reads a file as served.
    ///
    /// Only what makes the file unusable throws: bytes that are not JSON (the error gives line and
    /// column), or JSON that is not an object. Everything else is kept in ``diagnostics``, each naming
    /// its place (`applinks.details[0].components[2]`): keys Apple ignores, values of the wrong type
    /// (that key is left out, as Apple leaves it out), a query dictionary with a value that is not a
    /// string (Apple then ignores the whole dictionary), `appID` and `appIDs` together, `paths` beside
    /// `components`, a file over Apple's 128 KB.
    ///
    /// - Parameter data: The file's bytes.
    /// - Throws: ``AssociationReadError`` when the file is not a JSON object.
    public init(data: Data) throws(AssociationReadError) {
        let value: JSONValue
        do {
            var options = JSONParser.Options()
            options.allowsTrailingCommas = false
            value = try JSONParser.parse(data, options: options)
        } catch {
            throw AssociationReadError(message: "not valid JSON: \(error)")
        }
        guard case .object(let members) = value else {
            throw AssociationReadError(message: "the file must be a JSON object, not \(value.kindName)")
        }
        var reader = AssociationReader()
        if data.count > Self.maximumAppleFileSize {
            reader.error(
                "",
                "the file is \(data.count) bytes; Apple uses no file over \(Self.maximumAppleFileSize) bytes (128 KB)")
        }
        self.init(applinks: nil)
        for key in members.keys.sorted() {
            guard let member = members[key] else { continue }
            switch key {
            case "applinks": applinks = reader.appLinks(member)
            case "webcredentials", "appclips", "activitycontinuation":
                reader.checkAppsSection(member, at: key)
                otherSections[key] = member
            default:
                reader.warning(
                    key,
                    "Apple ignores this top-level key (it knows applinks, webcredentials, appclips, activitycontinuation)"
                )
                otherSections[key] = member
            }
        }
        if applinks == nil && members["applinks"] == nil {
            reader.note("", "the file has no applinks section: it sends no universal link to any app")
        }
        diagnostics = reader.diagnostics
    }
}

extension JSONValue {
    /// `an object`, `a string`, …: for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Turns parsed JSON into the model, collecting diagnostics.
struct AssociationReader {
    var diagnostics: [AssociationDiagnostic] = []

    mutating func error(_ location: String, _ message: String, component: Int? = nil) {
        diagnostics.append(
            .init(severity: .error, kind: .document, location: location, componentIndex: component, message: message))
    }

    mutating func warning(_ location: String, _ message: String, component: Int? = nil) {
        diagnostics.append(
            .init(severity: .warning, kind: .document, location: location, componentIndex: component, message: message))
    }

    mutating func note(_ location: String, _ message: String) {
        diagnostics.append(.init(severity: .note, kind: .document, location: location, message: message))
    }

    mutating func checkAppsSection(_ value: JSONValue, at location: String) {
        guard case .object(let members) = value else {
            error(location, "must be an object with an apps array, not \(value.kindName)")
            return
        }
        for key in members.keys.sorted() where key != "apps" {
            warning("\(location).\(key)", "Apple ignores this key (the section takes only apps)")
        }
        if let apps = members["apps"], strings(apps, at: "\(location).apps") == nil {
            return
        }
    }

    /// An array of strings, or `nil` (with an error) for anything else.
    mutating func strings(_ value: JSONValue, at location: String) -> [String]? {
        guard case .array(let items) = value else {
            error(location, "must be an array of strings, not \(value.kindName); Apple ignores it")
            return nil
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                error("\(location)[\(index)]", "must be a string, not \(item.kindName); Apple ignores the array")
                return nil
            }
            result.append(text)
        }
        return result
    }

    mutating func appLinks(_ value: JSONValue) -> AppLinks? {
        guard case .object(let members) = value else {
            error("applinks", "must be an object, not \(value.kindName); Apple ignores the section")
            return nil
        }
        var section = AppLinks(details: [])
        for key in members.keys.sorted() {
            guard let member = members[key] else { continue }
            let location = "applinks.\(key)"
            switch key {
            case "details": section.details = details(member)
            case "defaults": section.defaults = component(member, at: location, index: nil, isDefaults: true)
            case "substitutionVariables": section.substitutionVariables = variables(member, at: location)
            case "apps":
                section.apps = strings(member, at: location)
                if let apps = section.apps, !apps.isEmpty {
                    warning(
                        location,
                        "must be empty when present (iOS 12 and earlier required \"apps\": []); the app IDs go in details"
                    )
                }
            default:
                warning(
                    location,
                    "Apple ignores this key (applinks takes details, defaults, substitutionVariables and the legacy apps)"
                )
            }
        }
        if members["details"] == nil {
            error("applinks", "has no details: no URL opens any app")
        }
        return section
    }

    mutating func variables(_ value: JSONValue, at location: String) -> [String: [String]] {
        guard case .object(let members) = value else {
            error(location, "must be an object of string arrays, not \(value.kindName); Apple ignores it")
            return [:]
        }
        var result: [String: [String]] = [:]
        for key in members.keys.sorted() {
            guard let member = members[key], let values = strings(member, at: "\(location).\(key)") else { continue }
            if key.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) {
                error("\(location).\(key)", "a variable name cannot contain $, ( or ); patterns cannot name it")
                continue
            }
            if WildcardPattern.predefinedVariableNames.contains(key) {
                warning(
                    "\(location).\(key)", "replaces Apple's predefined $(\(key)); Apple does not say which one wins")
            }
            result[key] = values
        }
        return result
    }

    mutating func details(_ value: JSONValue) -> [AppLinks.Details] {
        switch value {
        case .array(let items):
            return items.enumerated().compactMap { index, item in
                detailsEntry(item, at: "applinks.details[\(index)]", appID: nil)
            }
        case .object(let members):
            warning(
                "applinks.details",
                "is the legacy form, a dictionary keyed by app ID; write an array of entries with appIDs")
            return members.keys.sorted().compactMap { key in
                members[key].flatMap { detailsEntry($0, at: "applinks.details.\(key)", appID: key) }
            }
        default:
            error("applinks.details", "must be an array, not \(value.kindName); Apple ignores it")
            return []
        }
    }

    mutating func detailsEntry(_ value: JSONValue, at location: String, appID legacyKey: String?) -> AppLinks.Details? {
        guard case .object(let members) = value else {
            error(location, "must be an object, not \(value.kindName); Apple ignores the entry")
            return nil
        }
        var entry = AppLinks.Details(appIDs: legacyKey.map { [$0] } ?? [], components: [])
        entry.components = nil
        entry.usesLegacyAppID = legacyKey != nil
        for key in members.keys.sorted() {
            guard let member = members[key] else { continue }
            let place = "\(location).\(key)"
            switch key {
            case "appIDs":
                entry.appIDs = (strings(member, at: place) ?? []) + entry.appIDs
            case "appID":
                guard case .string(let id) = member else {
                    error(place, "must be a string, not \(member.kindName); Apple ignores it")
                    continue
                }
                entry.appIDs.append(id)
                entry.usesLegacyAppID = true
            case "components":
                guard case .array(let items) = member else {
                    error(place, "must be an array, not \(member.kindName); Apple ignores it")
                    continue
                }
                // An unusable component keeps its place, so that indexes stay those of the file.
                entry.components = items.enumerated().map { index, item in
                    component(item, at: "\(place)[\(index)]", index: index, isDefaults: false)
                        ?? AppLinksComponent.unusable
                }
            case "paths": entry.paths = strings(member, at: place)
            case "defaults": entry.defaults = component(member, at: place, index: nil, isDefaults: true)
            default:
                warning(
                    place,
                    "Apple ignores this key (an entry takes appIDs, components, defaults and the legacy appID and paths)"
                )
            }
        }
        if members["appIDs"] != nil && members["appID"] != nil {
            warning(
                location,
                "has both appIDs and the legacy appID; Apple does not say how it reads that, and Waymark takes both; keep appIDs only"
            )
        }
        if entry.appIDs.isEmpty {
            warning(location, "names no app (no appIDs): Apple ignores the entry")
        }
        for (index, id) in entry.appIDs.enumerated() where !Self.isAppID(id) {
            warning(
                "\(location).appIDs[\(index)]",
                "\"\(id)\" is not TEAMID.bundle.identifier (a 10-character team ID, a dot, a bundle ID)")
        }
        if entry.components != nil && entry.paths != nil {
            warning(
                location,
                "has both components and the legacy paths: iOS 13 and later read only components, older systems only paths"
            )
        }
        if entry.components == nil && entry.paths == nil {
            warning(location, "has neither components nor paths: no URL opens its apps")
        }
        return entry
    }

    /// Whether `id` looks like `TEAMID.bundle.identifier`.
    static func isAppID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].utf8.count == 10, !parts[1].isEmpty else { return false }
        return parts[0].utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }
    }

    static let componentKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]

    mutating func component(_ value: JSONValue, at location: String, index: Int?, isDefaults: Bool)
        -> AppLinksComponent?
    {
        guard case .object(let members) = value else {
            error(location, "must be an object, not \(value.kindName); Apple ignores it", component: index)
            return nil
        }
        var result = AppLinksComponent()
        for key in members.keys.sorted() {
            guard let member = members[key] else { continue }
            let place = "\(location).\(key)"
            switch key {
            case "/", "#":
                guard case .string(let pattern) = member else {
                    error(
                        place, "must be a string pattern, not \(member.kindName); Apple ignores the key",
                        component: index)
                    continue
                }
                checkPattern(pattern, at: place, index: index)
                if key == "/" { result.path = pattern } else { result.fragment = pattern }
            case "?":
                result.query = query(member, at: place, index: index)
            case "exclude", "caseSensitive", "percentEncoded":
                guard case .bool(let flag) = member else {
                    error(
                        place, "must be true or false, not \(member.kindName); Apple ignores the key", component: index)
                    continue
                }
                switch key {
                case "exclude": result.exclude = flag
                case "caseSensitive": result.caseSensitive = flag
                default: result.percentEncoded = flag
                }
            case "comment":
                if case .string(let text) = member {
                    result.comment = text
                } else {
                    warning(place, "should be a string (Apple ignores comments anyway)", component: index)
                }
            default:
                let nearest = Self.componentKeys.first { $0.lowercased() == key.lowercased() }
                let hint =
                    nearest.map { "; did you mean \"\($0)\"? (keys are case-sensitive)" }
                    ?? Self.aliases[key].map { "; the key is \"\($0)\"" } ?? ""
                warning(place, "Apple ignores this key\(hint)", component: index)
            }
        }
        if isDefaults, result.comment != nil {
            note("\(location).comment", "a comment in defaults is kept but means nothing")
        }
        return result
    }

    static let aliases = ["path": "/", "query": "?", "fragment": "#", "excluded": "exclude"]

    mutating func query(_ value: JSONValue, at location: String, index: Int?) -> AppLinksComponent.QueryPattern? {
        switch value {
        case .string(let pattern):
            checkPattern(pattern, at: location, index: index)
            if pattern.hasPrefix("?") {
                warning(
                    location,
                    "the query pattern is matched without the leading ?, so this one needs a literal ? in the query",
                    component: index)
            }
            return .string(pattern)
        case .object(let members):
            var items: [AppLinksComponent.QueryPattern.Item] = []
            for key in members.keys.sorted() {
                guard case .string(let pattern) = members[key] else {
                    error(
                        "\(location).\(key)",
                        "must be a string pattern, not \(members[key]?.kindName ?? "null"); Apple then ignores the whole query dictionary, so every query matches",
                        component: index)
                    return .items([])
                }
                checkPattern(pattern, at: "\(location).\(key)", index: index)
                items.append(.init(name: key, pattern: pattern))
            }
            return .items(items)
        default:
            error(
                location,
                "must be a string pattern or an object of item patterns, not \(value.kindName); Apple ignores the key",
                component: index)
            return nil
        }
    }

    mutating func checkPattern(_ pattern: String, at location: String, index: Int?) {
        if pattern.utf8.count > WildcardPattern.maximumLength {
            error(
                location,
                "the pattern is \(pattern.utf8.count) bytes; Waymark matches patterns of at most \(WildcardPattern.maximumLength) bytes and treats this one as matching nothing",
                component: index)
        }
    }
}
