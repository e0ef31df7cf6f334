// The query part of a template: `users?id={id<int>}&tab=posts` (``QueryRequirement``).
extension TemplateParser {
    /// The most query items one template may require: a leaf of the trie keeps their number, and
    /// one for a fragment, in five bits of its flags (``FlatTrie/Leaf/linkRequirementCount``), and
    /// no real link needs more.
    static let maximumQueryRequirements = 30

    /// Where the query part starts: the first `?` that no backslash escapes (before `end`), or `nil`.
    static func queryMark(_ text: UnsafeBufferPointer<UInt8>, before end: Int? = nil) -> Int? {
        mark(UInt8(ascii: "?"), in: text, before: end ?? text.count)
    }

    /// The first `byte` that no backslash escapes, before `end`, or `nil`.
    static func mark(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var index = 0
        while index < end {
            if text[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Parses the fragment part (`range`, after the `#`) into a ``FragmentRequirement``: segments
    /// as in a path, separated by `/`; a catch-all only at the end.
    func parseFragment(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, names: inout Set<String>, original: (Int) -> Int
    ) throws(RoutingError) -> FragmentRequirement {
        var start = range.lowerBound
        let hasLeadingSlash = start < range.upperBound && text[start] == UInt8(ascii: "/")
        if hasLeadingSlash { start += 1 }
        guard start < range.upperBound else {
            throw error(
                at: original(range.lowerBound - 1),
                "'#' is followed by no fragment; write 'path#faq' or 'path#/view/:id'")
        }
        var segments: [TemplateSegment] = []
        var segmentStart = start
        var index = start
        while index <= range.upperBound {
            if index < range.upperBound && text[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if index == range.upperBound || text[index] == UInt8(ascii: "/") {
                if index == segmentStart {
                    throw error(at: original(index), "empty segment in the fragment ('//'); remove the extra '/'")
                }
                let segment = try parseSegment(
                    text, segmentStart..<index, isLast: index == range.upperBound, original: original)
                var work = 0
                try claimNames(of: segment, in: &names, at: original(segmentStart), work: &work)
                segments.append(segment)
                segmentStart = index + 1
            }
            index += 1
        }
        return FragmentRequirement(segments: segments, hasLeadingSlash: hasLeadingSlash)
    }

    /// Parses the query part (`range`, after the `?`) into requirements: items separated by `&`,
    /// each a name (literal text) with an optional `=` and value (literal text, `{name}`,
    /// `{name<type>}`, or text around parameters). Every captured name joins `names`, so that a
    /// name the path also captures is refused. One pass over the bytes, plus the value's parse.
    func parseQuery(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, names: inout Set<String>, work: inout Int,
        original: (Int) -> Int
    ) throws(RoutingError) -> [QueryRequirement] {
        guard !range.isEmpty else {
            throw error(
                at: original(range.lowerBound - 1), "'?' is followed by no query item; write 'path?name={name}'")
        }
        var requirements: [QueryRequirement] = []
        var seen: Set<String> = []
        var itemStart = range.lowerBound
        var equals: Int?
        var index = range.lowerBound
        while index <= range.upperBound {
            work += 1
            if index < range.upperBound {
                switch text[index] {
                case UInt8(ascii: "\\"):
                    index += 2
                    continue
                case UInt8(ascii: "="):
                    if equals == nil { equals = index }
                    index += 1
                    continue
                case UInt8(ascii: "&"):
                    break
                default:
                    index += 1
                    continue
                }
            }
            let item = itemStart..<index
            guard !item.isEmpty else {
                throw error(at: original(itemStart), "an empty query item ('&&' or a trailing '&'); remove it")
            }
            let nameRange = itemStart..<(equals ?? index)
            guard !nameRange.isEmpty else {
                throw error(at: original(itemStart), "a query item needs a name before '=', as in 'id={id}'")
            }
            let name = try queryName(text, nameRange, original: original)
            guard seen.insert(name).inserted else {
                throw error(at: original(itemStart), "the query item '\(name)' is required twice; write it once")
            }
            var value = QueryRequirement.Value.present
            var defaultValue: String?
            if let equals {
                (value, defaultValue) = try queryValue(text, (equals + 1)..<index, original: original)
            }
            let requirement = QueryRequirement(name: name, value: value, defaultValue: defaultValue)
            for (captured, type) in requirement.parameterCaptures {
                try claimNames(
                    of: .parameter(name: captured, type: type), in: &names, at: original(itemStart), work: &work)
            }
            requirements.append(requirement)
            if requirements.count > Self.maximumQueryRequirements {
                throw error(
                    at: original(itemStart),
                    "more than \(Self.maximumQueryRequirements) query items are required; split the route")
            }
            itemStart = index + 1
            equals = nil
            index += 1
        }
        // In name order, so that two templates that require the same items in another order are one
        // variant (the link's items match in any order).
        return requirements.sorted { $0.name < $1.name }
    }

    /// A query item's name: literal text, escapes allowed, no parameter.
    private func queryName(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, original: (Int) -> Int)
        throws(RoutingError) -> String
    {
        var index = range.lowerBound
        while index < range.upperBound {
            switch text[index] {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "*"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                UInt8(ascii: "?"), UInt8(ascii: "#"):
                let character = Character(Unicode.Scalar(text[index]))
                throw error(
                    at: original(index),
                    "a query item's name is literal text: '\(character)' cannot appear in it (write "
                        + "'name={value}' to capture the value, or '\\\(character)' for a literal '\(character)')")
            case 0..<0x20, 0x7F:
                throw error(at: original(index), "control characters are not allowed in a template")
            default:
                index += 1
            }
        }
        return String(decoding: Self.unescaped(text[range]), as: UTF8.self)
    }

    /// A query item's value: text, one parameter or text around parameters, as in a path segment
    /// (``parsePattern(_:_:original:)``, which also reads the escapes), and the parameter's default
    /// when its braces hold one (`{page<int>=1}`).
    private func queryValue(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, original: (Int) -> Int)
        throws(RoutingError) -> (QueryRequirement.Value, String?)
    {
        if range.isEmpty { return (.literal(""), nil) }
        if let split = try defaultSplit(text, range, original: original) {
            return try defaultedValue(text, range, split, original: original)
        }
        switch try parsePattern(text, range, original: original) {
        case .literal(let text): return (.literal(text), nil)
        case .parameter(let name, let type): return (.parameter(name: name, type: type), nil)
        case .pattern(let pattern): return (.pattern(pattern), nil)
        case .anonymous, .catchAll:
            throw error(at: original(range.lowerBound), "a query value cannot be a catch-all; write 'name={value}'")
        }
    }

    /// Where a value's braces hold a default: the `=` inside them and the default's bytes (up to the
    /// closing `}`), or `nil` for a value without one. The braces must be the whole value.
    private func defaultSplit(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, original: (Int) -> Int)
        throws(RoutingError) -> (equals: Int, defaultRange: Range<Int>)?
    {
        var open: Int?
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = text[index]
            let doubled = index + 1 < range.upperBound && text[index + 1] == byte
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "{") where open == nil && doubled, UInt8(ascii: "}") where open == nil && doubled:
                index += 2
                continue
            case UInt8(ascii: "{"):
                open = index
            case UInt8(ascii: "}"):
                open = nil
            case UInt8(ascii: "=") where open != nil:
                var close = index + 1
                while close < range.upperBound && text[close] != UInt8(ascii: "}") {
                    close += text[close] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard open == range.lowerBound, close == range.upperBound - 1 else {
                    throw error(
                        at: original(index),
                        "a default ends the item's value, whose braces hold the whole value, as in "
                            + "'page={page<int>=1}'")
                }
                return (index, (index + 1)..<close)
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// A value `{name=default}` or `{name<type>=default}`: the parameter, and its default, which must
    /// be non-empty and, for a built-in type, a value the type takes (a registered type's default is
    /// checked when the table is built).
    private func defaultedValue(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ split: (equals: Int, defaultRange: Range<Int>),
        original: (Int) -> Int
    ) throws(RoutingError) -> (QueryRequirement.Value, String?) {
        // The braces without the default: `{page<int>}`.
        let parameterBytes = Array(text[range.lowerBound..<split.equals]) + [UInt8(ascii: "}")]
        let parsed: Result<TemplateSegment, RoutingError> = parameterBytes.withUnsafeBufferPointer { buffer in
            do throws(RoutingError) {
                return .success(
                    try parsePattern(
                        buffer, 0..<buffer.count,
                        original: { original(min(range.lowerBound + $0, split.equals)) }))
            } catch {
                return .failure(error)
            }
        }
        guard case .parameter(let name, let type) = try parsed.get() else {
            throw error(at: original(range.lowerBound), "'{' must hold a parameter name, as in '{page=1}'")
        }
        for index in split.defaultRange {
            let byte = text[index]
            if byte < 0x20 || byte == 0x7F {
                throw error(at: original(index), "control characters are not allowed in a template")
            }
            if byte == UInt8(ascii: "%") && Self.isPercentEscape(text, at: index, before: split.defaultRange.upperBound)
            {
                throw error(
                    at: original(index),
                    "a default is the decoded value: write the character itself, not a percent escape")
            }
        }
        let defaultText = String(decoding: Self.unescaped(text[split.defaultRange]), as: UTF8.self)
        guard !defaultText.isEmpty else {
            throw error(
                at: original(split.equals),
                "the default of '\(name)' is empty; write '{\(name)=VALUE}', or leave the default out")
        }
        if let type, let builtIn = [ParameterType.int, .float, .uuid].first(where: { $0.name == type }),
            !builtIn.accepts(defaultText)
        {
            throw error(
                at: original(split.equals + 1), "the default '\(defaultText)' of '\(name)' is not a valid \(type)")
        }
        return (.parameter(name: name, type: type), defaultText)
    }
}
