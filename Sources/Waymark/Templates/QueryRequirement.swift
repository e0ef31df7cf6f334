/// A query item a template requires, written after `?`: `users?id={id}`, `?id={id<int>}`,
/// `?name={first}_{last}`, `?tab=posts`, `?preview`.
///
/// A route whose matched variant has requirements matches a URL only when its query satisfies every
/// one of them; otherwise the next candidate is tried, as for a typed path parameter whose type
/// refuses its segment (Android Navigation's rule for query arguments). An item is found by its
/// percent-decoded name, in any order, among any other items. A requirement is satisfied when the
/// query holds at least one item of its name and **every** item of that name has a value it
/// accepts:
///
/// | written | satisfied by |
/// |---|---|
/// | `id={id}` | a non-empty value, captured as the parameter `id` |
/// | `id={id<int>}` | a value the type accepts, as in a path (`<int>`, `<float>`, `<uuid>`, a registered type) |
/// | `id={id}L`, `name={first}_{last}` | a value the text around the parameters frames (the rule of ``SegmentPattern``) |
/// | `tab=posts` | exactly that value |
/// | `preview` | an item of that name, with any value or none |
///
/// An item the link repeats (`?tag=a&tag=b`, a list) must satisfy the requirement each time; the
/// parameter holds the first item's value, and the whole list is in the request's query
/// (``RouteRequest/queryParameters``). An optional group makes a requirement optional:
/// `search?q={q}(&page={page<int>})` matches with or without `page`; a link whose `page` the
/// requirement refuses (`page=x`) matches the variant without it, as if it had no `page` (unlike a
/// required item, which makes the route not match).
///
/// Precedence: between two variants that match the same path equally specifically, the one with
/// more requirements comes first, so `users?id={id}` is tried before `users`.
public struct QueryRequirement: Hashable, Sendable, CustomStringConvertible {
    /// What the item's value must be.
    public enum Value: Hashable, Sendable {
        /// Any value, or none (`?preview`).
        case present
        /// Exactly this text, percent-decoded (`?tab=posts`).
        case literal(String)
        /// One parameter, typed or not (`?id={id}`, `?id={id<int>}`).
        case parameter(name: String, type: String?)
        /// Text around parameters (`?id={id}L`).
        case pattern(SegmentPattern)
    }

    /// The item's name, percent-decoded.
    public let name: String
    /// What its value must be.
    public let value: Value
    /// The value a link without the item reads (`page={page<int>=1}`), for a ``Value/parameter(name:type:)``
    /// value; `nil` for none.
    ///
    /// A requirement with a default is always met: a link without the item, or with a value the
    /// parameter's type refuses (as an optional group reads it), gives the parameter the default.
    /// A link printed with the default value leaves the item out (swift-url-routing's
    /// `Field("page", default: 1)`): the same value compared as its type reads it, so `01` is the
    /// default `1` of an `int`.
    public let defaultValue: String?

    /// Creates a requirement.
    ///
    /// - Parameters:
    ///   - name: The item's name, percent-decoded.
    ///   - value: What its value must be.
    ///   - defaultValue: For a parameter value, the value a link without the item reads.
    public init(name: String, value: Value, defaultValue: String? = nil) {
        self.name = name
        self.value = value
        self.defaultValue = defaultValue
    }

    /// The requirement as a template writes it: `id={id<int>}`.
    public var description: String {
        let writtenName = SegmentPattern.written(name, atSegmentStart: false, inQuery: true)
        switch value {
        case .present: return writtenName
        case .literal(let text):
            return writtenName + "=" + SegmentPattern.written(text, atSegmentStart: false, inQuery: true)
        case .parameter(let name, let type):
            let typed = type.map { "\(name)<\($0)>" } ?? name
            return "\(writtenName)={\(typed)\(defaultValue.map { "=" + Self.writtenDefault($0) } ?? "")}"
        case .pattern(let pattern): return writtenName + "=" + pattern.written(inQuery: true)
        }
    }

    /// A default as a template writes it: a backslash before each character with a meaning there.
    static func writtenDefault(_ text: String) -> String {
        var written = ""
        for character in text {
            if #"\{}()*<>?#&=:"#.contains(character) { written.append("\\") }
            written.append(character)
        }
        return written
    }

    /// Whether `text` is the default, compared as the parameter's type reads values: numerically for
    /// `int` and `float`, without case for `uuid`, as text otherwise.
    package func isDefault(_ text: String) -> Bool {
        guard let defaultValue, case .parameter(_, let type) = value else { return false }
        switch type {
        case "int": return Int64(text).map { $0 == Int64(defaultValue) } ?? (text == defaultValue)
        case "float": return Double(text).map { $0 == Double(defaultValue) } ?? (text == defaultValue)
        case "uuid": return text.lowercased() == defaultValue.lowercased()
        default: return text == defaultValue
        }
    }

    /// The parameters the requirement captures, with their types.
    package var parameterCaptures: [(name: String, type: String?)] {
        switch value {
        case .present, .literal: []
        case .parameter(let name, let type): [(name, type)]
        case .pattern(let pattern): pattern.captures
        }
    }

    /// The requirement with its capture names left out: two requirements of one shape accept the
    /// same links, so routes that differ only in them cannot be told apart.
    package var shape: String {
        switch value {
        case .present, .literal: description
        case .parameter(_, let type): "\(name)={<\(type ?? "")>\(defaultValue.map { "=" + $0 } ?? "")}"
        case .pattern(let pattern): "\(name)=" + pattern.shape.description
        }
    }

    /// Why a query does not satisfy a requirement. The message names the item and what it must
    /// be, never what the link carried (a query value can be a token).
    package enum Failure: Hashable, Sendable {
        case missing(name: String)
        case refused(name: String, expected: String)
        /// The link has no fragment; `expected` is the template's (``FragmentRequirement``).
        case fragmentMissing(expected: String)
        /// The link's fragment does not fit the template's.
        case fragmentRefused(expected: String)
        /// The path does not end as the segments after a catch-all say (``CatchAllSuffix``).
        case suffixRefused(expected: String)

        /// `query item 'id' is missing`, `query item 'id' is not a valid int`, `the link has no
        /// fragment (the template expects '#faq')`.
        package var reason: String {
            switch self {
            case .missing(let name): "the query item '\(name)' is missing"
            case .refused(let name, let expected): "the query item '\(name)' is not \(expected)"
            case .fragmentMissing(let expected): "the link has no fragment (the template expects '\(expected)')"
            case .fragmentRefused(let expected): "the fragment does not fit '\(expected)'"
            case .suffixRefused(let expected): "the path does not end as '\(expected)' needs"
            }
        }
    }

    /// Checks the requirement against a query, appending each captured value to `parameters`.
    ///
    /// Work: one pass over the query's items, and for each item of this name, one scan of its
    /// value (linear, as ``SegmentPattern/scan(_:_:)``); a type's own check on each capture.
    ///
    /// - Parameters:
    ///   - query: The link's query items, decoded.
    ///   - types: The table's parameter types, by name.
    ///   - parameters: Where the first item's captured values go, when the requirement is satisfied.
    /// - Returns: `nil` when satisfied, or why not.
    package func check(
        _ query: QueryParameters, types: [String: ParameterType], into parameters: inout [RouteParameters.Parameter]
    ) -> Failure? {
        var work = 0
        return check(query, types: types, into: &parameters, work: &work)
    }

    /// ``check(_:types:into:)``, adding to `work` one for each item looked at and one for each byte
    /// of a value compared or scanned: the count the tests follow across sizes.
    package func check(
        _ query: QueryParameters, types: [String: ParameterType], into parameters: inout [RouteParameters.Parameter],
        work: inout Int
    ) -> Failure? {
        guard let defaultValue, case .parameter(let parameter, _) = value else {
            return checkItems(query, types: types, into: &parameters, work: &work)
        }
        // Always met: the item's value when the type takes it, else the default.
        var own: [RouteParameters.Parameter] = []
        if checkItems(query, types: types, into: &own, work: &work) == nil {
            parameters += own
        } else {
            parameters.append(.init(name: parameter, value: defaultValue))
        }
        return nil
    }

    /// ``check(_:types:into:work:)`` of the link's items of this name, without the default.
    private func checkItems(
        _ query: QueryParameters, types: [String: ParameterType], into parameters: inout [RouteParameters.Parameter],
        work: inout Int
    ) -> Failure? {
        var found = false
        // The first item's captures are the parameters; the others are only checked.
        var captured: [RouteParameters.Parameter] = []
        for item in query {
            work += 1
            guard item.name == name else { continue }
            defer { found = true }
            let text = item.value ?? ""
            work += text.utf8.count
            switch value {
            case .present:
                continue
            case .literal(let expected):
                if text != expected { return .refused(name: name, expected: "'\(expected)'") }
            case .parameter(let parameter, let type):
                if text.isEmpty { return .refused(name: name, expected: "a non-empty value") }
                if let type, types[type]?.accepts(text) != true {
                    return .refused(name: name, expected: "a valid \(type)")
                }
                if !found { captured.append(.init(name: parameter, value: text)) }
            case .pattern(let pattern):
                var bytes = Array(text.utf8)
                let ranges = bytes.withUnsafeMutableBufferPointer { buffer in
                    pattern.captureRanges(in: UnsafeBufferPointer(buffer))
                }
                guard let ranges else { return .refused(name: name, expected: "of the form '\(pattern)'") }
                for (capture, range) in zip(pattern.captures, ranges) {
                    let value = String(decoding: bytes[range], as: UTF8.self)
                    if let type = capture.type, types[type]?.accepts(value) != true {
                        return .refused(name: name, expected: "of the form '\(pattern)' with a valid \(type)")
                    }
                    if !found { captured.append(.init(name: capture.name, value: value)) }
                }
                bytes.removeAll()
            }
        }
        guard found else { return .missing(name: name) }
        parameters += captured
        return nil
    }
}
