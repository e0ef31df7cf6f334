public import Foundation

extension LinkContract {
    static let topLevelKeys = ["version", "note", "links"]
    static let linkKeys = ["url", "origin", "route", "parameters", "confirmation", "properties", "template", "note"]

    /// Reads a contract file (JSON, at most ``maximumFileSize`` bytes).
    ///
    /// - Throws: ``LinkContractError`` naming the file, when it cannot be read or is not a contract.
    public init(contentsOf url: URL) throws(LinkContractError) {
        let data: Data
        do {
            // A regular file under the size cap: `/dev/zero` or a named pipe would never end.
            data = try BoundedFileRead.contents(of: url, limit: Self.maximumFileSize)
        } catch {
            throw LinkContractError(
                problems: [.init(location: "", message: "cannot read the file: \(error.reason)")], source: url.path)
        }
        try self.init(data: data, source: url.path)
    }

    /// Reads a contract from JSON text.
    ///
    /// - Throws: ``LinkContractError`` listing every problem.
    public init(json: String, source: String = "contract") throws(LinkContractError) {
        try self.init(data: Data(json.utf8), source: source)
    }

    /// Reads a contract from JSON data.
    ///
    /// Every problem is collected before throwing, each located by key (`links[3].route`): an
    /// unknown key (a misspelt `paramters` would otherwise check nothing), a missing `url` or
    /// `route`, a value of the wrong kind, a parameter value that is not a string (write `"42"`:
    /// values are compared as the text a link carries, and a JSON number cannot hold every
    /// identifier exactly), a version this Waymark does not read.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - source: The contract's name in messages.
    /// - Throws: ``LinkContractError`` listing every problem.
    public init(data: Data, source: String = "contract") throws(LinkContractError) {
        var work = 0
        self = try Self.read(data, source: source, work: &work)
    }

    /// The most problems one error lists: a file of a million empty links names the first ones
    /// and counts the rest, rather than holding millions of messages.
    static let maximumProblems = 100

    /// Reads a contract, adding to `work` one unit per byte the JSON reader examines and per key
    /// and parameter of each link: the counter behind the linear-work tests.
    static func read(_ data: Data, source: String, work: inout Int) throws(LinkContractError) -> LinkContract {
        var problems: [LinkContractError.Problem] = []
        var unlisted = 0
        func problem(_ location: String, _ message: String) {
            guard problems.count < maximumProblems else {
                unlisted += 1
                return
            }
            problems.append(.init(location: location, message: message))
        }
        func failure() -> LinkContractError {
            var listed = problems
            if unlisted > 0 { listed.append(.init(location: "", message: "and \(unlisted) more problem(s)")) }
            return LinkContractError(problems: listed, source: source)
        }
        guard data.count <= Self.maximumFileSize else {
            throw LinkContractError(
                problems: [
                    .init(location: "", message: "it is \(data.count) bytes, over the limit of \(Self.maximumFileSize)")
                ],
                source: source)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(data, options: JSONParser.Options(), work: &work)
        } catch {
            throw LinkContractError(
                problems: [.init(location: "", message: "not valid JSON: \(error)")], source: source)
        }
        guard case .object(let object) = root else {
            throw LinkContractError(
                problems: [.init(location: "", message: "a contract is a JSON object with \"version\" and \"links\"")],
                source: source)
        }
        for key in object.keys.sorted() where !topLevelKeys.contains(key) {
            problem(key, "unknown key; a contract's keys are \(topLevelKeys.joined(separator: ", "))")
        }
        switch object["version"] {
        case .number(let number)? where number == Double(version): break
        case .number(let number)?:
            problem(
                "version",
                "version \(JSONValue.number(number)) is not one this Waymark reads (it reads version \(version))")
        case nil: problem("version", "missing; write \"version\": \(version)")
        case let other?: problem("version", "must be the number \(version), not \(other.quoted())")
        }
        let note = optionalString(object["note"], at: "note", problem)
        var links: [Link] = []
        switch object["links"] {
        case .array(let items)?:
            links.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                work += 1
                if case .object(let members) = item {
                    work += members.count
                    if case .object(let parameters)? = members["parameters"] { work += parameters.count }
                }
                if let link = readLink(item, at: "links[\(index)]", problem) { links.append(link) }
            }
        case nil: problem("links", "missing; write \"links\": [ … ], one object per published link")
        case let other?: problem("links", "must be an array of links, not \(other.quoted())")
        }
        guard problems.isEmpty else { throw failure() }
        return LinkContract(note: note, links: links)
    }

    private static func readLink(
        _ value: JSONValue, at location: String, _ problem: (String, String) -> Void
    ) -> Link? {
        guard case .object(let object) = value else {
            problem(location, "a link is an object with \"url\" and \"route\", not \(value.quoted())")
            return nil
        }
        var valid = true
        for key in object.keys.sorted() where !linkKeys.contains(key) {
            problem("\(location).\(key)", "unknown key; a link's keys are \(linkKeys.joined(separator: ", "))")
            valid = false
        }
        let url = requiredString(object["url"], at: "\(location).url", problem)
        let route = requiredString(object["route"], at: "\(location).route", problem)
        var origin: RouteOrigin?
        switch object["origin"] {
        case nil, .null?: break
        case .string(let text)? where RouteOrigin(rawValue: text) != nil: origin = RouteOrigin(rawValue: text)
        case let other?:
            problem("\(location).origin", "must be \"external\" or \"internal\", not \(other.quoted())")
            valid = false
        }
        var parameters: RouteParameters?
        switch object["parameters"] {
        case nil, .null?: break
        case .object(let members)?:
            var pairs: [(name: String, value: String)] = []
            // Sorted: a JSON object has no order, and messages list the names the same way each run.
            for name in members.keys.sorted() {
                guard case .string(let text)? = members[name] else {
                    problem(
                        "\(location).parameters.\(name)",
                        "write the value as a string, as the link carries it (\"42\", not 42), not \(members[name]?.quoted() ?? "")"
                    )
                    valid = false
                    continue
                }
                pairs.append((name, text))
            }
            parameters = RouteParameters(pairs)
        case let other?:
            problem("\(location).parameters", "must be an object of names and string values, not \(other.quoted())")
            valid = false
        }
        var confirmation = false
        switch object["confirmation"] {
        case nil, .null?: break
        case .bool(let flag)?: confirmation = flag
        case let other?:
            problem("\(location).confirmation", "must be true or false, not \(other.quoted())")
            valid = false
        }
        var properties: [String: JSONValue] = [:]
        switch object["properties"] {
        case nil, .null?: break
        case .object(let members)?: properties = members
        case let other?:
            problem("\(location).properties", "must be an object of the properties relied on, not \(other.quoted())")
            valid = false
        }
        let template = optionalString(object["template"], at: "\(location).template", problem)
        let note = optionalString(object["note"], at: "\(location).note", problem)
        guard valid, let url, let route else { return nil }
        return Link(
            url: url, origin: origin, route: route, parameters: parameters, confirmation: confirmation,
            properties: properties, template: template, note: note)
    }

    private static func requiredString(
        _ value: JSONValue?, at location: String, _ problem: (String, String) -> Void
    ) -> String? {
        switch value {
        case .string(let text)? where !text.isEmpty: return text
        case nil, .null?: problem(location, "missing")
        case let other?: problem(location, "must be a non-empty string, not \(other.quoted())")
        }
        return nil
    }

    private static func optionalString(
        _ value: JSONValue?, at location: String, _ problem: (String, String) -> Void
    ) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?:
            problem(location, "must be a string, not \(other.quoted())")
            return nil
        }
    }
}
