/// Parses template text into variants, reporting errors with 1-based (character) columns.
///
/// Works on the template's UTF-8 bytes. A template without optional groups is one run of bytes;
/// with groups, each expansion is assembled from runs of the original bytes, and every byte keeps
/// its original offset so that errors point into the text as written.
struct TemplateParser {
    /// The most variants one template may expand into (2⁶ optional groups).
    static let maximumVariants = 64
    /// The deepest nesting of optional groups (`a(/b(/c))` nests two). Groups are parsed and expanded
    /// recursively, so the limit bounds the recursion, whatever the template; no real route nests
    /// more than a few, and 16 levels stay within 64 variants only as a chain.
    static let maximumGroupDepth = 16

    let pattern: String

    init(pattern: String) {
        self.pattern = pattern
    }

    /// What a pattern parses into: one variant (no optional groups, the common case) or several.
    enum Parsed {
        case single(RouteTemplate.Variant)
        case several([RouteTemplate.Variant])
    }

    func parse() throws(RoutingError) -> Parsed {
        var work = 0
        return try parse(work: &work)
    }

    /// ``parse()``, adding to `work` one for each byte read and each parameter name checked
    /// against the names before it: the count that tests follow across sizes to show parsing stays
    /// linear in the template's length.
    func parse(work: inout Int) throws(RoutingError) -> Parsed {
        let result: Result<Parsed, RoutingError> = pattern.withUTF8Bytes { bytes in
            do throws(RoutingError) {
                return .success(try parse(bytes, work: &work))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, work: inout Int) throws(RoutingError) -> Parsed {
        if bytes.isEmpty {
            throw error(at: 0, "the template is empty; write '/' for the route with no path segments")
        }
        // One pass: optional groups and how deep they nest, and the slashes (for the segment array's size).
        var slashes = 0
        var hasGroups = false
        var depth = 0
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            defer { offset += 1 }
            if byte == UInt8(ascii: "\\") {
                // `\(` is a literal `(`: the escaped byte opens nothing and splits nothing.
                try Self.checkEscape(in: bytes, at: offset, error: error(at:_:))
                offset += 1
                continue
            }
            if byte == UInt8(ascii: "/") { slashes &+= 1 }
            if byte == UInt8(ascii: "(") {
                hasGroups = true
                depth += 1
                // Groups are parsed and expanded recursively: the input must not choose the depth.
                if depth > Self.maximumGroupDepth {
                    throw error(
                        at: offset,
                        "optional groups nest deeper than \(Self.maximumGroupDepth) levels; write the variants as separate routes"
                    )
                }
            } else if byte == UInt8(ascii: ")") {
                hasGroups = true
                depth -= 1
            }
        }
        work += bytes.count
        if hasGroups { try Self.checkNoGroupInBraces(bytes, error: error(at:_:)) }
        guard hasGroups else {
            return .single(try parseVariant(bytes, offsets: nil, slashes: slashes, work: &work))
        }
        var index = 0
        let items = try parseItems(bytes, &index, openedAt: nil)
        var variants: [RouteTemplate.Variant] = []
        // A set, not a search of the variants so far: `maximumVariants` variants of a long template
        // would make that `maximumVariants`² comparisons of every segment.
        var seen: Set<RouteTemplate.Variant> = []
        let groupEdges = GroupEdges(bytes)
        for expansion in try expand(items) {
            work += expansion.count
            let text = expansion.map { bytes[$0] }
            let result: Result<RouteTemplate.Variant, RoutingError> = text.withUnsafeBufferPointer { buffer in
                do throws(RoutingError) {
                    return .success(
                        try parseVariant(
                            buffer, offsets: expansion, work: &work,
                            literalCheck: { range throws(RoutingError) in
                                try checkGroupEdges(
                                    groupEdges, bytes,
                                    within: expansion[range.lowerBound]...expansion[range.upperBound - 1])
                            }))
                } catch {
                    return .failure(error)
                }
            }
            let variant = try result.get()
            if seen.insert(variant).inserted { variants.append(variant) }
        }
        return .several(variants.sorted { $0.segments.count < $1.segments.count })
    }

    // MARK: - Optional groups

    /// Refuses a `(` or `)` inside `{…}` (a parameter, or a query item's default), where it would
    /// open or close an optional group: `search?q={q=a(b)}` would make two variants with two
    /// defaults. `{{` and `}}` outside braces are literal braces. Run only for a template with
    /// parentheses.
    static func checkNoGroupInBraces(
        _ bytes: UnsafeBufferPointer<UInt8>, error: (Int, String) -> RoutingError
    ) throws(RoutingError) {
        var inBraces = false
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            defer { offset += 1 }
            switch byte {
            case UInt8(ascii: "\\"):
                offset += 1
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                if !inBraces && offset + 1 < bytes.count && bytes[offset + 1] == byte {
                    offset += 1
                } else {
                    inBraces = byte == UInt8(ascii: "{")
                }
            // (`where` binds to each pattern of a case only when written after each.)
            case UInt8(ascii: "(") where inBraces, UInt8(ascii: ")") where inBraces:
                let character = Character(Unicode.Scalar(byte))
                throw error(
                    offset,
                    "'\(character)' inside '{…}' would open or close an optional group; write '\\\(character)' for a "
                        + "literal '\(character)' in a default")
            default:
                break
            }
        }
    }

    private indirect enum Item {
        case byte(Int)
        case group([Item], offset: Int)
    }

    private func parseItems(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, openedAt: Int?)
        throws(RoutingError)
        -> [Item]
    {
        var items: [Item] = []
        while index < bytes.count {
            let offset = index
            switch bytes[index] {
            case UInt8(ascii: "("):
                index += 1
                let inner = try parseItems(bytes, &index, openedAt: offset)
                if inner.isEmpty { throw error(at: offset, "the optional group '()' is empty") }
                items.append(.group(inner, offset: offset))
            case UInt8(ascii: ")"):
                guard openedAt != nil else {
                    throw error(at: offset, "')' closes no optional group; remove it or add '(' before it")
                }
                index += 1
                return items
            case UInt8(ascii: "\\"):
                // An escape and the byte it escapes stay together; the segment parser reads them.
                items.append(.byte(offset))
                items.append(.byte(offset + 1))
                index += 2
            default:
                items.append(.byte(offset))
                index += 1
            }
        }
        if let openedAt {
            throw error(at: openedAt, "the optional group opened here is never closed; add ')'")
        }
        return items
    }

    /// Every expansion, as the original byte offsets it is made of.
    private func expand(_ items: [Item]) throws(RoutingError) -> [[Int]] {
        var results: [[Int]] = [[]]
        for item in items {
            switch item {
            case .byte(let offset):
                for index in results.indices { results[index].append(offset) }
            case .group(let inner, let offset):
                let innerExpansions = try expand(inner)
                var next: [[Int]] = []
                for prefix in results {
                    next.append(prefix)
                    for suffix in innerExpansions { next.append(prefix + suffix) }
                }
                if next.count > Self.maximumVariants {
                    throw error(
                        at: offset,
                        "the optional groups expand into more than \(Self.maximumVariants) variants; split the route")
                }
                results = next
            }
        }
        return results
    }

    /// Adds the names a segment captures to `names`, refusing one already there (the one rule for a
    /// repeated name, in the path, the query items and the fragment); one for each into `work`.
    func claimNames(of segment: TemplateSegment, in names: inout Set<String>, at offset: Int, work: inout Int)
        throws(RoutingError)
    {
        var duplicate: String?
        segment.forEachCapturedName { name in
            work += 1
            if duplicate == nil && !names.insert(name).inserted { duplicate = name }
        }
        if let duplicate {
            throw error(at: offset, "the parameter name '\(duplicate)' is used twice; rename one of them")
        }
    }

    // MARK: - Segments

    /// Parses one expansion. `offsets[i]` is the original offset of `text[i]` (`nil`: the same).
    /// `slashes`, when given, is the number of `/` in `text` (counted again when `nil`).
    ///
    /// `literalCheck` is called with the range in `text` of each literal segment (the optional
    /// groups' check, ``checkGroupEdges(_:_:within:)``).
    private func parseVariant(
        _ text: UnsafeBufferPointer<UInt8>, offsets: [Int]?, slashes known: Int? = nil, work: inout Int,
        literalCheck: ((Range<Int>) throws(RoutingError) -> Void)? = nil
    ) throws(RoutingError) -> RouteTemplate.Variant {
        func original(_ index: Int) -> Int {
            guard let offsets else { return index }
            return index < offsets.count ? offsets[index] : (offsets.last.map { $0 + 1 } ?? 0)
        }
        var start = 0
        // The path ends at the first `?` that is not escaped, or the first `#`: the query's and the
        // fragment's requirements follow.
        let fragmentMark = Self.mark(UInt8(ascii: "#"), in: text, before: text.count)
        let queryMark = Self.queryMark(text, before: fragmentMark)
        var end = queryMark ?? fragmentMark ?? text.count
        if start < end, text[start] == UInt8(ascii: "/") { start += 1 }
        var hasTrailingSlash = false
        if end > start, text[end - 1] == UInt8(ascii: "/") {
            hasTrailingSlash = true
            end -= 1
        }
        // The names captured so far, to refuse one used twice: a set, since searching the segments
        // before each one would make a template of n parameters cost n²/2 comparisons (measured:
        // docs/performance.md, "Measurements behind the matcher's design").
        var names: Set<String> = []
        let query =
            try queryMark.map { mark throws(RoutingError) in
                try parseQuery(
                    text, (mark + 1)..<(fragmentMark ?? text.count), names: &names, work: &work, original: original)
            } ?? []
        let fragment = try fragmentMark.map { mark throws(RoutingError) in
            try parseFragment(text, (mark + 1)..<text.count, names: &names, original: original)
        }
        if start >= end {
            return RouteTemplate.Variant(segments: [], hasTrailingSlash: false, query: query, fragment: fragment)
        }

        var segments: [TemplateSegment] = []
        var slashes = 0
        if let known {
            slashes = known
        } else {
            for index in start..<end where text[index] == UInt8(ascii: "/") { slashes += 1 }
        }
        segments.reserveCapacity(slashes + 1)
        // Where the catch-all is, when there is one: the segments after it must end the path.
        var catchAllAt: Int?
        var segmentStart = start
        var index = start
        while index <= end {
            if index == end || text[index] == UInt8(ascii: "/") {
                if index == segmentStart {
                    throw error(at: original(index), "empty segment ('//'); remove the extra '/'")
                }
                let segment = try parseSegment(
                    text, segmentStart..<index, isLast: index == end, allowsMiddleCatchAll: true, original: original)
                if segment.isCatchAll {
                    // One catch-all a template: with two, no rule could say where each ends.
                    if catchAllAt != nil {
                        throw error(
                            at: original(segmentStart),
                            "a template has at most one catch-all; make the others parameters or '*' (one segment)")
                    }
                    catchAllAt = segments.count
                }
                if let literalCheck, case .literal = segment { try literalCheck(segmentStart..<index) }
                try claimNames(of: segment, in: &names, at: original(segmentStart), work: &work)
                segments.append(segment)
                segmentStart = index + 1
            }
            index += 1
        }
        if let catchAllAt, segments.count - catchAllAt - 1 + query.count + (fragment == nil ? 0 : 1) > 31 {
            throw error(
                at: original(start),
                "a template may require at most 31 things beyond its path before the catch-all (segments after it, "
                    + "query items, a fragment); split the route")
        }
        return RouteTemplate.Variant(
            segments: segments, hasTrailingSlash: hasTrailingSlash, query: query, fragment: fragment)
    }

    /// `allowsMiddleCatchAll`: in a path, a named catch-all may be followed by more segments
    /// (`api/*rest/john`); in a fragment it may not.
    func parseSegment(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isLast: Bool, allowsMiddleCatchAll: Bool = false,
        original: (Int) -> Int
    ) throws(RoutingError) -> TemplateSegment {
        let first = text[range.lowerBound]
        if first == UInt8(ascii: ":") {
            return try parseParameter(text, range, original: original)
        }
        if first == UInt8(ascii: "*") {
            let nameRange = (range.lowerBound + 1)..<range.upperBound
            if nameRange.isEmpty { return isLast ? .catchAll(name: nil) : .anonymous }
            let name = string(text, nameRange)
            guard Self.isIdentifier(text[nameRange]) else {
                throw error(
                    at: original(nameRange.lowerBound),
                    "'\(name)' is not a valid catch-all name; use letters, digits and '_'")
            }
            guard isLast || allowsMiddleCatchAll else {
                throw error(at: original(range.lowerBound), "the named catch-all '*\(name)' must be the last segment")
            }
            return .catchAll(name: name)
        }
        if text[range].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
            return try parsePattern(text, range, original: original)
        }
        // One pass: reject what a literal cannot hold, note whether it is all ASCII and whether it
        // has escapes (only then is a copy without the backslashes made).
        var isASCII = true
        var hasEscapes = false
        var index = range.lowerBound
        while index < range.upperBound {
            switch text[index] {
            case UInt8(ascii: "\\"):
                // Checked when the template was first read: a special character follows.
                hasEscapes = true
                index += 1
            case UInt8(ascii: "*"):
                throw error(
                    at: original(index),
                    "'*' must stand alone as a whole segment, as in 'files/*'; write '\\*' for a literal '*'")
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                let character = Character(Unicode.Scalar(text[index]))
                throw error(
                    at: original(index),
                    "'\(character)' is only allowed after a parameter name, as in ':id<int>'; "
                        + "write '\\\(character)' for a literal '\(character)'")
            case UInt8(ascii: "?"), UInt8(ascii: "#"):
                let character = Character(Unicode.Scalar(text[index]))
                throw error(
                    at: original(index),
                    "'?' starts the query items and '#' the fragment, after the path; write '\\\(character)' "
                        + "for a literal '\(character)' in a segment")
            case UInt8(ascii: "%") where Self.isPercentEscape(text, at: index, before: range.upperBound):
                throw error(
                    at: original(index),
                    "'\(string(text, index..<(index + 3)))' is a percent escape: a URL's segments are decoded "
                        + "before they are compared, so this literal never matches a link that spells it; "
                        + "write the character itself, which matches both spellings")
            case 0..<0x20, 0x7F:
                throw error(at: original(index), "control characters are not allowed in a template")
            case 0x80...:
                isASCII = false
            default:
                break
            }
            index += 1
        }
        guard hasEscapes else { return .literal(string(text, range, isASCII: isASCII)) }
        return .literal(String(decoding: Self.unescaped(text[range]), as: UTF8.self))
    }

    /// A segment with braces: `{name}` or `{name<type>}` inside literal text (``SegmentPattern``),
    /// `{{` and `}}` for literal braces. A segment that is one parameter and nothing else is a
    /// plain parameter (`{id}` is `:id`); one with escaped braces only is a literal.
    func parsePattern(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, original: (Int) -> Int
    ) throws(RoutingError) -> TemplateSegment {
        var pieces: [SegmentPattern.Piece] = []
        var literal: [UInt8] = []
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = text[index]
            let doubled = index + 1 < end && text[index + 1] == byte
            switch byte {
            case UInt8(ascii: "\\"):
                // Checked when the template was first read: a special character follows.
                literal.append(text[index + 1])
                index += 2
            case UInt8(ascii: "{") where doubled, UInt8(ascii: "}") where doubled:
                literal.append(byte)
                index += 2
            case UInt8(ascii: "{"):
                guard let close = text[(index + 1)..<end].firstIndex(of: UInt8(ascii: "}")) else {
                    throw error(at: original(index), "'{' is not closed by '}'; write '{{' for a literal '{'")
                }
                if literal.isEmpty, case .capture? = pieces.last {
                    throw error(
                        at: original(index),
                        "two parameters meet; put literal text between them, as in '{first}_{last}'")
                }
                guard close > index + 1 else {
                    throw error(at: original(index), "'{}' holds no parameter name; write '{id}' or '{id<int>}'")
                }
                if text[index + 1] == UInt8(ascii: "*") {
                    throw error(
                        at: original(index),
                        "a catch-all must be a whole segment, as in 'src/*path'; text around it is not supported")
                }
                if let equals = text[(index + 1)..<close].firstIndex(of: UInt8(ascii: "=")) {
                    throw error(
                        at: original(equals),
                        "a default belongs to a query item's value, as in 'search?page={page<int>=1}'; a path "
                            + "value is always in the link")
                }
                if !literal.isEmpty {
                    pieces.append(.text(String(decoding: literal, as: UTF8.self)))
                    literal = []
                }
                // `{name<type>}` reads like `:name<type>` once the braces are set aside.
                guard case .parameter(let name, let type) = try parseParameter(text, index..<close, original: original)
                else { throw error(at: original(index), "'{' must hold a parameter name, as in '{id}'") }
                pieces.append(.capture(name: name, type: type))
                index = close + 1
            case UInt8(ascii: "}"):
                throw error(at: original(index), "'}' closes no '{'; write '}}' for a literal '}'")
            case UInt8(ascii: "*"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "#"),
                0..<0x20, 0x7F:
                guard byte >= 0x20, byte != 0x7F else {
                    throw error(at: original(index), "control characters are not allowed in a template")
                }
                let character = Character(Unicode.Scalar(byte))
                throw error(
                    at: original(index),
                    "'\(character)' cannot appear in the text around a parameter; write '\\\(character)' for a "
                        + "literal '\(character)'")
            case UInt8(ascii: "%") where Self.isPercentEscape(text, at: index, before: end):
                throw error(
                    at: original(index),
                    "'\(string(text, index..<(index + 3)))' is a percent escape: a URL's segments are decoded "
                        + "before they are compared, so this text never matches a link that spells it; "
                        + "write the character itself, which matches both spellings")
            default:
                literal.append(byte)
                index += 1
            }
        }
        if !literal.isEmpty { pieces.append(.text(String(decoding: literal, as: UTF8.self))) }
        if pieces.count == 1, case .capture(let name, let type) = pieces[0] {
            return .parameter(name: name, type: type)
        }
        guard pieces.contains(where: { if case .capture = $0 { true } else { false } }) else {
            return .literal(pieces.map { if case .text(let text) = $0 { text } else { "" } }.joined())
        }
        return .pattern(SegmentPattern(pieces: pieces))
    }

    private func parseParameter(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, original: (Int) -> Int
    ) throws(RoutingError) -> TemplateSegment {
        let body = (range.lowerBound + 1)..<range.upperBound
        guard !body.isEmpty else {
            throw error(at: original(range.lowerBound), "':' must be followed by a parameter name, as in ':id'")
        }
        let open = text[body].firstIndex(of: UInt8(ascii: "<"))
        let nameRange = body.lowerBound..<(open ?? body.upperBound)
        let name = string(text, nameRange)
        guard !nameRange.isEmpty else {
            throw error(at: original(body.lowerBound), "':' must be followed by a parameter name, as in ':id<int>'")
        }
        guard Self.isIdentifier(text[nameRange]) else {
            throw error(
                at: original(body.lowerBound),
                "'\(name)' is not a valid parameter name; use letters, digits and '_', starting with a letter or '_'")
        }
        guard let open else { return .parameter(name: name, type: nil) }
        guard text[body.upperBound - 1] == UInt8(ascii: ">"), body.upperBound - 1 > open else {
            throw error(at: original(open), "the type opened by '<' is not closed; write ':\(name)<int>'")
        }
        let typeRange = (open + 1)..<(body.upperBound - 1)
        let type = string(text, typeRange)
        guard Self.isIdentifier(text[typeRange]) else {
            let detail = type.isEmpty ? "the type between '<' and '>' is empty" : "'\(type)' is not a valid type name"
            throw error(at: original(open + 1), "\(detail); write a type such as 'int', 'float' or 'uuid'")
        }
        return .parameter(name: name, type: type)
    }

    /// The text of a byte range; `isASCII`, when the caller has already looked, saves the scan.
    func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isASCII: Bool? = nil) -> String {
        let slice = UnsafeBufferPointer(rebasing: text[range])
        return isASCII ?? !slice.contains { $0 >= 0x80 }
            ? PercentDecoding.asciiString(slice) : String(decoding: slice, as: UTF8.self)
    }

    static func isIdentifier<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        guard let first = text.first else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
        }
        guard isLetter(first) else { return false }
        return text.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    static func isIdentifier(_ text: String) -> Bool {
        isIdentifier(Array(text.utf8))
    }

    /// An error at a byte offset of the pattern, reported with its 1-based character column.
    func error(at offset: Int, _ text: String) -> RoutingError {
        let before = String(decoding: Array(pattern.utf8.prefix(offset)), as: UTF8.self)
        var error = RoutingError(
            code: .invalidTemplate, message: "\"\(Self.quotable(pattern))\" column \(before.count + 1): \(text)")
        // In Unicode scalars, as a file's line and column count them (`é` written as `e` and a
        // combining accent is one character and two scalars).
        error.templateColumn = before.unicodeScalars.count + 1
        return error
    }

    /// A template as messages quote it: whole up to 80 characters, else its first 60 and "…" (a
    /// hostile template can be a megabyte; a column or the route's name says where).
    static func quotable(_ pattern: String) -> String {
        pattern.count > 80 ? String(pattern.prefix(60)) + "…" : pattern
    }
}
