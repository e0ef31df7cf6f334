extension LinkContract {
    /// The contract as JSON text: `version`, `note` and `links`, one link per line with its keys in
    /// a fixed order (`url`, `origin`, `route`, `template`, `parameters`, `confirmation`,
    /// `properties`, `note`), so that a change to one link is a one-line change in a diff, and the
    /// file reads top to bottom. Reading the text back gives an equal contract.
    public var jsonText: String {
        var text = "{\n  \"version\": \(Self.version),\n"
        if let note { text += "  \"note\": \(JSONValue.quoted(note)),\n" }
        guard !links.isEmpty else { return text + "  \"links\": []\n}\n" }
        text += "  \"links\": [\n"
        for (index, link) in links.enumerated() {
            text += "    " + link.jsonLine + (index + 1 < links.count ? ",\n" : "\n")
        }
        return text + "  ]\n}\n"
    }
}

extension LinkContract.Link {
    /// The link as one JSON object on one line.
    var jsonLine: String {
        var members = ["\"url\": \(JSONValue.quoted(url))"]
        if let origin { members.append("\"origin\": \(JSONValue.quoted(origin.rawValue))") }
        members.append("\"route\": \(JSONValue.quoted(route))")
        if let template { members.append("\"template\": \(JSONValue.quoted(template))") }
        if let parameters {
            let pairs = parameters.map { "\(JSONValue.quoted($0.name)): \(JSONValue.quoted($0.value))" }
            members.append("\"parameters\": {" + pairs.joined(separator: ", ") + "}")
        }
        if confirmation { members.append("\"confirmation\": true") }
        if !properties.isEmpty {
            members.append(
                "\"properties\": " + JSONValue.object(properties).jsonText(itemSeparator: ", ", keySeparator: ": "))
        }
        if let note { members.append("\"note\": \(JSONValue.quoted(note))") }
        return "{" + members.joined(separator: ", ") + "}"
    }
}
