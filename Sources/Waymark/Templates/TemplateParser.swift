/// Parses template text into variants, reporting errors with 1-based columns.
///
/// Optional groups are expanded first (each character keeps its original column), then each
/// expansion is split into segments and every segment is checked.
struct TemplateParser {
    /// The most variants one template may expand into (2⁶ optional groups).
    static let maximumVariants = 64

    private struct Token {
        let character: Character
        let column: Int
    }

    private indirect enum Item {
        case character(Token)
        case group([Item], column: Int)
    }

    let pattern: String
    private let characters: [Character]

    init(pattern: String) {
        self.pattern = pattern
        self.characters = Array(pattern)
    }

    func parse() throws(RoutingError) -> [RouteTemplate.Variant] {
        if pattern.isEmpty {
            throw error(column: 1, "the template is empty; write '/' for the route with no path segments")
        }
        var index = 0
        let items = try parseItems(&index, depth: 0, openedAt: nil)
        var variants: [RouteTemplate.Variant] = []
        var seen: Set<RouteTemplate.Variant> = []
        for expansion in try expand(items) {
            let variant = try parseVariant(expansion)
            if seen.insert(variant).inserted { variants.append(variant) }
        }
        return variants.sorted { $0.segments.count < $1.segments.count }
    }

    // MARK: - Optional groups

    private func parseItems(_ index: inout Int, depth: Int, openedAt: Int?) throws(RoutingError) -> [Item] {
        var items: [Item] = []
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            switch character {
            case "(":
                index += 1
                let inner = try parseItems(&index, depth: depth + 1, openedAt: column)
                if inner.isEmpty { throw error(column: column, "the optional group '()' is empty") }
                items.append(.group(inner, column: column))
            case ")":
                guard openedAt != nil else {
                    throw error(column: column, "')' closes no optional group; remove it or add '(' before it")
                }
                index += 1
                return items
            default:
                items.append(.character(Token(character: character, column: column)))
                index += 1
            }
        }
        if let openedAt {
            throw error(column: openedAt, "the optional group opened here is never closed; add ')'")
        }
        return items
    }

    private func expand(_ items: [Item]) throws(RoutingError) -> [[Token]] {
        var results: [[Token]] = [[]]
        for item in items {
            switch item {
            case .character(let token):
                for index in results.indices { results[index].append(token) }
            case .group(let inner, let column):
                let innerExpansions = try expand(inner)
                var next: [[Token]] = []
                for prefix in results {
                    next.append(prefix)
                    for suffix in innerExpansions { next.append(prefix + suffix) }
                }
                if next.count > Self.maximumVariants {
                    throw error(
                        column: column,
                        "the optional groups expand into more than \(Self.maximumVariants) variants; split the route"
                    )
                }
                results = next
            }
        }
        return results
    }

    // MARK: - Segments

    private func parseVariant(_ tokens: [Token]) throws(RoutingError) -> RouteTemplate.Variant {
        var body = tokens[...]
        if body.first?.character == "/" { body = body.dropFirst() }
        var hasTrailingSlash = false
        if body.last?.character == "/" {
            hasTrailingSlash = true
            body = body.dropLast()
        }
        if body.isEmpty { return RouteTemplate.Variant(segments: [], hasTrailingSlash: false) }

        var rawSegments: [ArraySlice<Token>] = []
        var start = body.startIndex
        for index in body.indices where body[index].character == "/" {
            rawSegments.append(body[start..<index])
            start = index + 1
        }
        rawSegments.append(body[start..<body.endIndex])

        var segments: [TemplateSegment] = []
        var names: Set<String> = []
        for (position, raw) in rawSegments.enumerated() {
            guard let first = raw.first else {
                let column = (raw.startIndex < tokens.count ? tokens[raw.startIndex].column : tokens.last?.column) ?? 1
                throw error(column: column, "empty segment ('//'); remove the extra '/'")
            }
            let isLast = position == rawSegments.count - 1
            let segment = try parseSegment(raw, isLast: isLast)
            switch segment {
            case .parameter(let name, _), .catchAll(let name?):
                if !names.insert(name).inserted {
                    throw error(column: first.column, "the parameter name '\(name)' is used twice; rename one of them")
                }
            default: break
            }
            segments.append(segment)
        }
        return RouteTemplate.Variant(segments: segments, hasTrailingSlash: hasTrailingSlash)
    }

    private func parseSegment(_ raw: ArraySlice<Token>, isLast: Bool) throws(RoutingError) -> TemplateSegment {
        let text = String(raw.map(\.character))
        let column = raw.first?.column ?? 1
        if text.hasPrefix(":") {
            return try parseParameter(raw)
        }
        if text.hasPrefix("*") {
            let name = String(text.dropFirst())
            if name.isEmpty { return isLast ? .catchAll(name: nil) : .anonymous }
            guard Self.isIdentifier(name) else {
                throw error(column: column + 1, "'\(name)' is not a valid catch-all name; use letters, digits and '_'")
            }
            guard isLast else {
                throw error(column: column, "the named catch-all '*\(name)' must be the last segment")
            }
            return .catchAll(name: name)
        }
        for token in raw {
            switch token.character {
            case "*":
                throw error(column: token.column, "'*' must stand alone as a whole segment, as in 'files/*'")
            case "<", ">":
                throw error(
                    column: token.column,
                    "'\(token.character)' is only allowed after a parameter name, as in ':id<int>'"
                )
            case "?", "#":
                throw error(
                    column: token.column,
                    "a template has no query or fragment; '\(token.character)' cannot appear in it"
                )
            default:
                if token.character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    throw error(column: token.column, "control characters are not allowed in a template")
                }
            }
        }
        return .literal(text)
    }

    private func parseParameter(_ raw: ArraySlice<Token>) throws(RoutingError) -> TemplateSegment {
        let body = raw.dropFirst()
        let column = raw.first?.column ?? 1
        guard let first = body.first else {
            throw error(column: column, "':' must be followed by a parameter name, as in ':id'")
        }
        let open = body.firstIndex { $0.character == "<" }
        let nameTokens = body[body.startIndex..<(open ?? body.endIndex)]
        let name = String(nameTokens.map(\.character))
        guard !name.isEmpty else {
            throw error(column: first.column, "':' must be followed by a parameter name, as in ':id<int>'")
        }
        guard Self.isIdentifier(name) else {
            throw error(
                column: first.column,
                "'\(name)' is not a valid parameter name; use letters, digits and '_', starting with a letter or '_'"
            )
        }
        guard let open else { return .parameter(name: name, type: nil) }
        guard let last = body.last, last.character == ">", body.endIndex - 1 > open else {
            throw error(column: body[open].column, "the type opened by '<' is not closed; write ':\(name)<int>'")
        }
        let type = String(body[(open + 1)..<(body.endIndex - 1)].map(\.character))
        guard Self.isIdentifier(type) else {
            let detail = type.isEmpty ? "the type between '<' and '>' is empty" : "'\(type)' is not a valid type name"
            throw error(column: body[open].column + 1, "\(detail); write a type such as 'int', 'float' or 'uuid'")
        }
        return .parameter(name: name, type: type)
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
        }
        guard isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") }
    }

    private func error(column: Int, _ text: String) -> RoutingError {
        RoutingError(code: .invalidTemplate, message: "\"\(pattern)\" column \(column): \(text)")
    }
}
