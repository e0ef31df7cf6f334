import Testing
import Waymark
import WaymarkTestSupport

/// The trie must agree with a naive matcher that applies DESIGN.md's precedence rules directly:
/// exact scope before any scope, then priority, then specificity segment by segment, then
/// registration order.
@Suite struct NaiveMatcherPropertyTests {
    struct Registration {
        var template: RouteTemplate
        var scopes: [RouteScope]
        var priority: Int
    }

    static let schemes = ["s1", "s2"]
    /// Two hosts, a wildcard (its subdomains, not `w.example`) and a host whose links live under `/m`.
    static let domains = ["d1.example", "d2.example", "*.w.example", "https://b.example/m"]
    // Lengths around the matcher's eight-byte words and sixteen-byte inline keys.
    static let words = [
        "a", "b", "c", "d", "Ab", "ab", "longer-word-abc", "eightchr", "summer-sale-2026", "summer-sale-2026x",
    ]
    static let pathWords = [
        "a", "b", "c", "d", "1", "42", "x", "-3", "AB", "ab", "Ab", "longer-word-abc", "LONGER-word-abc", "eightchr",
        "eightchrs", "summer-sale-2026", "summer-sale-2026x", "SUMMER-SALE-2026", "summer%2Dsale-2026", "+5",
        "9223372036854775808", "1.json", "a.b.json", ".json", "v1.2", "v1.2.3", "V1.2", "x42", "x-3", "X42", "x+5",
        "a-b", "a-b-c", "-a", "a.b", "ab.c", "aa", "a%2Djson", "1%2Ejson",
    ]

    // MARK: - Generators

    static func randomTemplate(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...4, using: &random)
        var parts: [String] = []
        var parameter = 0
        for position in 0..<count {
            let roll = Int.random(in: 0..<10, using: &random)
            var part: String
            switch roll {
            case 0..<4: part = words.randomElement(using: &random) ?? "a"
            case 4:
                // A segment pattern, its captures numbered like the parameters.
                let first = "p\(parameter)"
                let second = "p\(parameter + 1)"
                let shapes = [
                    "{\(first)}.json", "v{\(first)}.{\(second)}", "x{\(first)<int>}", "{\(first)}-{\(second)}",
                    "{\(first)}.{\(second)}", "a{\(first)}",
                ]
                part = shapes.randomElement(using: &random) ?? "{\(first)}.json"
                parameter += 2
            case 5: part = ":p\(parameter)<int>"
            case 6, 7: part = ":p\(parameter)"
            case 8: part = "*"
            default:
                // A named catch-all: last, or followed by more segments (at most one a template).
                let hasCatchAll = parts.contains { $0.contains("*rest") }
                part = hasCatchAll ? ":p\(parameter)" : "*rest"
            }
            if part.hasPrefix(":") { parameter += 1 }
            if position > 0, Int.random(in: 0..<6, using: &random) == 0, !part.hasPrefix("*") {
                parts.append("(/\(part))")
            } else {
                parts.append((position == 0 ? "" : "/") + part)
            }
        }
        let trailing = Int.random(in: 0..<5, using: &random) == 0 && !(parts.last ?? "").hasPrefix("/*")
        // Now and then, query items the template requires (``QueryRequirement``).
        var items: [String] = []
        for name in ["k", "n"] where Int.random(in: 0..<6, using: &random) == 0 {
            let values = ["{q\(name)}", "{q\(name)<int>}", "v", "", "{q\(name)<int>=7}", "{q\(name)=v}"]
            let value = values.randomElement(using: &random) ?? ""
            items.append(value.isEmpty ? name : "\(name)=\(value)")
        }
        // Now and then, a fragment the template requires (``FragmentRequirement``).
        let fragments = ["#f", "#/x/:qf<int>", "#x/:qf"]
        let fragment = Int.random(in: 0..<6, using: &random) == 0 ? fragments.randomElement(using: &random) ?? "" : ""
        return parts.joined() + (trailing ? "/" : "") + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
            + fragment
    }

    static func randomScopes(_ random: inout SeededGenerator) -> [RouteScope] {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: [.appAny]
        case 1: [.app(scheme: "s1")]
        case 2: [.universalAny]
        case 3: [.universal(domain: "d1.example")]
        case 4: [.app(scheme: "s2"), .universal(domain: "d2.example")]
        case 5: [.universal(domain: "*.w.example")]
        case 6: [.universal(domain: "b.example"), .appAny]
        default: RouteScope.defaultScopes
        }
    }

    static func randomOptions(_ random: inout SeededGenerator) -> RouteTableOptions {
        RouteTableOptions(
            caseInsensitivePaths: Int.random(in: 0..<3, using: &random) == 0,
            strictTrailingSlash: Int.random(in: 0..<3, using: &random) == 0)
    }

    static func randomTable(_ random: inout SeededGenerator, options: RouteTableOptions = RouteTableOptions())
        -> [Registration]
    {
        var accepted: [Registration] = []
        for _ in 0..<Int.random(in: 3...24, using: &random) {
            let pattern = randomTemplate(&random)
            guard let template = try? RouteTemplate(parsing: pattern) else { continue }
            let priorityRoll = Int.random(in: 0..<10, using: &random)
            let candidate = Registration(
                template: template, scopes: randomScopes(&random),
                priority: priorityRoll == 0 ? 1 : (priorityRoll == 1 ? -1 : 0))
            if (try? build(accepted + [candidate], options: options)) != nil { accepted.append(candidate) }
        }
        return accepted
    }

    static func randomURL(_ random: inout SeededGenerator) -> String {
        let path = (0..<Int.random(in: 0...5, using: &random)).map { _ in pathWords.randomElement(using: &random) ?? "a"
        }
        .joined(separator: "/")
        let queries = ["", "", "?k=7", "?k=v", "?n=x&k=1", "?k", "?n=12&k=v", "?k=", "?k=7&k=x"]
        let fragments = ["", "", "", "#f", "#/f", "#x/1", "#/x/-3/", "#x/a", "#x", "#%66"]
        let query = (queries.randomElement(using: &random) ?? "") + (fragments.randomElement(using: &random) ?? "")
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return "s1://" + path + query
        case 1: return "s2:" + path + query
        case 2: return "https://d1.example/" + path + query
        case 3: return "https://d2.example/" + path + query
        case 4:
            return "https://" + ["x.w.example", "y.X.w.example", "w.example"].randomElement(using: &random)! + "/"
                + path + query
        case 5:
            return "https://b.example/" + ["m/", "M/", "%6D/", "", "m"].randomElement(using: &random)! + path + query
        default: return path + query
        }
    }

    static func build(_ registrations: [Registration], options: RouteTableOptions = RouteTableOptions()) throws
        -> RouteTable<Int>
    {
        var builder = RouteTableBuilder<Int>(schemes: schemes, domains: domains, options: options)
        for (index, registration) in registrations.enumerated() {
            builder.add(registration.template, scopes: registration.scopes, priority: registration.priority, to: index)
        }
        return try builder.build()
    }

    // MARK: - The naive matcher

    struct Ranked {
        var route: Int
        /// Ranked by the library's one definition of precedence; only the matching is the test's own.
        var precedence: Precedence
        var priority: Int { precedence.priority }
    }

    /// Every matching route, best first, computed by trying every variant of every route.
    static func naive(
        _ registrations: [Registration], _ string: String, options: RouteTableOptions = RouteTableOptions()
    ) -> [Ranked] {
        guard var url = try? RouteURL(parsing: string) else { return [] }
        let exact: RouteScope
        let any: RouteScope
        // The wildcard scope that covers a universal link's host, ranked between exact and any.
        var wildcard: RouteScope?
        switch url.kind {
        case .app: (exact, any) = (.app(scheme: url.scheme ?? ""), .appAny)
        case .universal:
            let host = url.host ?? ""
            (exact, any) = (.universal(domain: host), .universalAny)
            if host.hasSuffix(".w.example") { wildcard = .universal(domain: "*.w.example") }
            // The accepted hosts: two exact, the wildcard's subdomains, and b.example beneath `/m`.
            guard ["d1.example", "d2.example", "b.example"].contains(host) || wildcard != nil else { return [] }
            if host == "b.example" {
                guard let beneath = beneathBasePath(url, string, options: options) else { return [] }
                url = beneath
            }
        case .internal: (exact, any) = (.app(scheme: schemes[0]), .appAny)
        }
        var found: [Ranked] = []
        for (index, registration) in registrations.enumerated() {
            // A route is ranked in its best scope: exact, then a covering wildcard, then any.
            let scopeRank =
                registration.scopes.contains(exact)
                ? 3 : wildcard.map(registration.scopes.contains) == true ? 2 : registration.scopes.contains(any) ? 1 : 0
            guard scopeRank > 0 else { continue }
            let matching = registration.template.variants.filter {
                matches($0, url, options: options) && satisfies($0.query, url.query)
                    && fits($0.fragment, url.fragment)
            }
            guard
                let best = matching.map({ (Specificity($0), $0.linkRequirementCount) }).min(by: {
                    $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 > $1.1
                })
            else { continue }
            found.append(
                Ranked(
                    route: index,
                    precedence: Precedence(
                        scopeRank: scopeRank, priority: registration.priority, specificity: best.0,
                        linkRequirements: best.1, registration: index)))
        }
        return found.sorted { $0.precedence < $1.precedence }
    }

    /// The link to `b.example` read beneath its base path `/m`: the same link without its first
    /// segment when that is `m` (decoded; without case when literals ignore it), else `nil`.
    static func beneathBasePath(_ url: RouteURL, _ string: String, options: RouteTableOptions) -> RouteURL? {
        let segments = url.pathSegments
        guard let first = segments.first, (options.caseInsensitivePaths ? first.lowercased() : first) == "m" else {
            return nil
        }
        let encoded = url.path.split(separator: "/").dropFirst()
        // The query and the fragment, as written.
        let query = string.firstIndex(where: { $0 == "?" || $0 == "#" }).map { String(string[$0...]) } ?? ""
        let trailing = url.hasTrailingSlash && !encoded.isEmpty ? "/" : ""
        return try? RouteURL(parsing: "https://b.example/" + encoded.joined(separator: "/") + trailing + query)
    }

    /// The documented meaning of required query items, written apart from the library's: every
    /// item of the name fits (a literal equal, a parameter non-empty, an int as for a path), and
    /// there is one.
    static func satisfies(_ requirements: [QueryRequirement], _ query: QueryParameters) -> Bool {
        requirements.allSatisfy { requirement in
            // An item with a default is met by any link.
            if requirement.defaultValue != nil { return true }
            let values = query.items.filter { $0.name == requirement.name }.map { $0.value ?? "" }
            return !values.isEmpty
                && values.allSatisfy { value in
                    switch requirement.value {
                    case .present: true
                    case .literal(let text): value == text
                    case .parameter(_, let type):
                        !value.isEmpty && (type != "int" || (!value.hasPrefix("+") && Int64(value) != nil))
                    case .pattern: false  // the generator writes none
                    }
                }
        }
    }

    /// The documented meaning of a required fragment, written apart from the library's: the link's
    /// fragment, split on `/` (empty pieces dropped) and each piece decoded, has one piece for each
    /// of the template's segments, each fitting it (a literal equal, a parameter non-empty, an int as
    /// for a path).
    static func fits(_ required: FragmentRequirement?, _ fragment: String?) -> Bool {
        guard let required else { return true }
        guard let fragment else { return false }
        let pieces = fragment.split(separator: "/").map { decoded(String($0)) }
        guard pieces.count == required.segments.count else { return false }
        return zip(required.segments, pieces).allSatisfy { segment, piece in
            switch segment {
            case .literal(let text): piece == text
            case .parameter(_, let type):
                !piece.isEmpty && (type != "int" || (!piece.hasPrefix("+") && Int64(piece) != nil))
            default: false  // the generator writes none
            }
        }
    }

    /// `%XX` escapes decoded, as UTF-8 (the generator's links hold valid ones only).
    static func decoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte == UInt8(ascii: "%"), utf8.distance(from: next, to: utf8.endIndex) >= 2,
                let value = UInt8(
                    String(decoding: utf8[next..<utf8.index(next, offsetBy: 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = utf8.index(next, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = next
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func matches(_ variant: RouteTemplate.Variant, _ url: RouteURL, options: RouteTableOptions) -> Bool {
        let segments = url.pathSegments
        for (position, segment) in variant.segments.enumerated() {
            if segment.isCatchAll {
                // The segments after it end the path; it takes what lies between (zero or more).
                let suffix = Array(variant.segments[(position + 1)...])
                guard segments.count - position >= suffix.count else { return false }
                let start = segments.count - suffix.count
                return suffix.enumerated().allSatisfy { offset, segment in
                    fits(
                        segment, segments[start + offset], literalFolded: options.caseInsensitivePaths,
                        patternFolded: options.caseInsensitivePaths)
                }
            }
            guard position < segments.count else { return false }
            // An app link's host (segment 0) folds case for a literal, not for a pattern.
            let literalFolded = options.caseInsensitivePaths || (position == 0 && url.kind == .app)
            if !fits(
                segment, segments[position], literalFolded: literalFolded,
                patternFolded: options.caseInsensitivePaths)
            {
                return false
            }
        }
        guard segments.count == variant.segments.count else { return false }
        return !options.strictTrailingSlash || variant.hasTrailingSlash == url.hasTrailingSlash
    }

    /// Whether one path segment fits one template segment other than a catch-all.
    static func fits(_ segment: TemplateSegment, _ value: String, literalFolded: Bool, patternFolded: Bool) -> Bool {
        // Exhaustive: a new kind of segment must be given its naive meaning here.
        switch segment {
        case .catchAll: return false
        case .literal(let text): return literalFolded ? text.lowercased() == value.lowercased() : text == value
        case .parameter(_, let type):
            // Documented for int: optional `-`, then digits, within Int64 (no `+`).
            return type != "int" || (!value.hasPrefix("+") && Int64(value) != nil)
        case .pattern(let pattern):
            guard let values = naiveSplit(pattern, value, folded: patternFolded) else { return false }
            return zip(values, pattern.captures).allSatisfy { value, capture in
                capture.type != "int" || (!value.hasPrefix("+") && Int64(value) != nil)
            }
        case .anonymous: return true
        }
    }

    /// The documented split of a segment by a pattern, written apart from the library's: trailing
    /// text at the end, leading text at the start, each capture but the last up to the first
    /// occurrence of the text after it (at least one character), the last one what is left.
    static func naiveSplit(_ pattern: SegmentPattern, _ value: String, folded: Bool) -> [String]? {
        func form(_ text: String) -> [UInt8] {
            text.utf8.map { folded && $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        }
        let original = Array(value.utf8)
        let text = form(value)
        func has(_ bytes: [UInt8], at offset: Int, before end: Int) -> Bool {
            offset >= 0 && offset + bytes.count <= end && Array(text[offset..<(offset + bytes.count)]) == bytes
        }
        var start = 0
        var end = text.count
        var pieces = pattern.pieces
        if case .text(let trailing)? = pieces.last {
            let bytes = form(trailing)
            guard has(bytes, at: end - bytes.count, before: end) else { return nil }
            end -= bytes.count
            pieces.removeLast()
        }
        var captures: [String] = []
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let literal):
                let bytes = form(literal)
                guard has(bytes, at: start, before: end) else { return nil }
                start += bytes.count
            case .capture:
                var stop = end
                if index + 1 < pieces.count, case .text(let following) = pieces[index + 1] {
                    let bytes = form(following)
                    guard let at = (start + 1..<max(start + 1, end)).first(where: { has(bytes, at: $0, before: end) })
                    else { return nil }
                    stop = at
                }
                guard stop > start else { return nil }
                captures.append(String(decoding: original[start..<stop], as: UTF8.self))
                start = stop
            }
        }
        return start == end ? captures : nil
    }

    // MARK: - Properties

    @Test(arguments: 0..<40)
    func trieAgreesWithTheNaiveMatcher(batch: Int) throws {
        for table in 0..<10 {
            let seed = UInt64(batch * 10 + table) &* 7919 &+ 17
            var random = SeededGenerator(seed: seed)
            let options = Self.randomOptions(&random)
            let registrations = Self.randomTable(&random, options: options)
            let routeTable = try Self.build(registrations, options: options)
            for _ in 0..<40 {
                let url = Self.randomURL(&random)
                let expected = Self.naive(registrations, url, options: options)
                let lookup = routeTable.lookup(url)
                #expect(
                    lookup.match?.registrationIndex == expected.first?.route,
                    "seed \(seed) \(options): \(url) → \(lookup.match?.template.pattern ?? "nil"), naive says \(expected.first.map { registrations[$0.route].template.pattern } ?? "nil"); table: \(registrations.map(\.template.pattern))"
                )
                #expect(
                    routeTable.match(path: url)?.registrationIndex == lookup.match?.registrationIndex,
                    "seed \(seed): match(path:) of \(url)")
                let all = routeTable.candidates(url).matches.map(\.registrationIndex)
                #expect(all == expected.map(\.route), "seed \(seed): candidates of \(url)")
            }
        }
    }

    @Test(arguments: 0..<20)
    func shufflingRegistrationsChangesOnlyTies(batch: Int) throws {
        for table in 0..<10 {
            let seed = UInt64(batch * 10 + table) &* 104_729 &+ 3
            var random = SeededGenerator(seed: seed)
            let registrations = Self.randomTable(&random)
            let order = Array(registrations.indices).shuffled(using: &random)
            let original = try Self.build(registrations)
            let shuffled = try Self.build(order.map { registrations[$0] })
            for _ in 0..<40 {
                let url = Self.randomURL(&random)
                let ranked = Self.naive(registrations, url)
                if ranked.count > 1, ranked[0].precedence.scopeRank == ranked[1].precedence.scopeRank,
                    ranked[0].priority == ranked[1].priority,
                    ranked[0].precedence.specificity == ranked[1].precedence.specificity,
                    ranked[0].precedence.linkRequirements == ranked[1].precedence.linkRequirements
                {
                    continue  // a registration-order tie: the order may decide
                }
                let before = original.lookup(url).match?.registrationIndex
                let after = shuffled.lookup(url).match.map { order[$0.registrationIndex] }
                #expect(before == after, "seed \(seed): \(url)")
            }
        }
    }
}
