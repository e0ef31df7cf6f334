public import Foundation
import Waymark

extension AppSiteAssociation {
    /// The file as JSON text, ready to serve: two-space indentation, one component per line, keys in
    /// Apple's documented order (`/`, `?`, `#`, `exclude`, `caseSensitive`, `percentEncoded`,
    /// `comment`), other sections after `applinks` with their keys sorted. A component Apple
    /// ignores (one that was not an object) is left out.
    public var jsonText: String {
        var writer = AssociationJSONWriter()
        writer.open("{")
        var first = true
        if let applinks {
            writer.key("applinks", first: &first)
            writer.write(applinks)
        }
        for key in otherSections.keys.sorted() {
            guard let value = otherSections[key] else { continue }
            writer.key(key, first: &first)
            writer.value(value)
        }
        writer.close("}")
        return writer.text + "\n"
    }

    /// ``jsonText`` as UTF-8.
    public var jsonData: Data { Data(jsonText.utf8) }
}

/// Writes JSON with the layout of ``AppSiteAssociation/jsonText``.
struct AssociationJSONWriter {
    var text = ""
    private var depth = 0

    mutating func open(_ bracket: String) {
        text += bracket
        depth += 1
    }

    mutating func close(_ bracket: String) {
        depth -= 1
        text += "\n" + String(repeating: "  ", count: depth) + bracket
    }

    mutating func key(_ name: String, first: inout Bool) {
        text += (first ? "" : ",") + "\n" + String(repeating: "  ", count: depth) + Self.quoted(name) + ": "
        first = false
    }

    mutating func write(_ section: AppLinks) {
        open("{")
        var first = true
        if let apps = section.apps {
            key("apps", first: &first)
            text += "[" + apps.map(Self.quoted).joined(separator: ", ") + "]"
        }
        if let defaults = section.defaults {
            key("defaults", first: &first)
            text += Self.inline(defaults)
        }
        if !section.substitutionVariables.isEmpty {
            key("substitutionVariables", first: &first)
            open("{")
            var firstVariable = true
            for name in section.substitutionVariables.keys.sorted() {
                key(name, first: &firstVariable)
                text += "[" + (section.substitutionVariables[name] ?? []).map(Self.quoted).joined(separator: ", ") + "]"
            }
            close("}")
        }
        key("details", first: &first)
        open("[")
        for (index, entry) in section.details.enumerated() {
            text += (index == 0 ? "" : ",") + "\n" + String(repeating: "  ", count: depth)
            write(entry)
        }
        close("]")
        close("}")
    }

    mutating func write(_ entry: AppLinks.Details) {
        open("{")
        var first = true
        if entry.usesLegacyAppID && entry.appIDs.count == 1 {
            key("appID", first: &first)
            text += Self.quoted(entry.appIDs[0])
        } else {
            key("appIDs", first: &first)
            text += "[" + entry.appIDs.map(Self.quoted).joined(separator: ", ") + "]"
        }
        if let defaults = entry.defaults {
            key("defaults", first: &first)
            text += Self.inline(defaults)
        }
        if let components = entry.components {
            key("components", first: &first)
            open("[")
            for (index, component) in components.filter({ !$0.isUnusable }).enumerated() {
                text += (index == 0 ? "" : ",") + "\n" + String(repeating: "  ", count: depth) + Self.inline(component)
            }
            close("]")
        }
        if let paths = entry.paths {
            key("paths", first: &first)
            text += "[" + paths.map(Self.quoted).joined(separator: ", ") + "]"
        }
        close("}")
    }

    /// A component on one line.
    static func inline(_ component: AppLinksComponent) -> String {
        var members: [String] = []
        if let path = component.path { members.append("\"/\": " + quoted(path)) }
        switch component.query {
        case .string(let pattern)?: members.append("\"?\": " + quoted(pattern))
        case .items(let items)?:
            members.append(
                "\"?\": {" + items.map { quoted($0.name) + ": " + quoted($0.pattern) }.joined(separator: ", ") + "}")
        case nil: break
        }
        if let fragment = component.fragment { members.append("\"#\": " + quoted(fragment)) }
        if let exclude = component.exclude { members.append("\"exclude\": \(exclude)") }
        if let flag = component.caseSensitive { members.append("\"caseSensitive\": \(flag)") }
        if let flag = component.percentEncoded { members.append("\"percentEncoded\": \(flag)") }
        if let comment = component.comment { members.append("\"comment\": " + quoted(comment)) }
        return "{ " + members.joined(separator: ", ") + " }"
    }

    /// Any JSON value on one line, keys sorted (a value from a file may nest deep).
    mutating func value(_ value: JSONValue) {
        text += value.jsonText(itemSeparator: ", ", keySeparator: ": ")
    }

    /// A JSON string literal.
    static func quoted(_ string: String) -> String {
        JSONValue.quoted(string)
    }
}
