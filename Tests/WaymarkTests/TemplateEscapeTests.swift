import Testing
import WaymarkTestSupport

@testable import Waymark

/// Literal punctuation in templates: a backslash escapes each character with a meaning, and a
/// template whose literal text cannot match its own spelling is an error, not a silent surprise.
@Suite struct TemplateEscapeTests {
    static func table(_ patterns: [String]) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: ["shop"])
        for pattern in patterns { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    // MARK: - The wiki repro

    @Test func anEscapedGroupIsLiteralTextThatMatchesItsOwnSpellingInBothEncodings() throws {
        let template = #"/wiki/Swift_\(programming_language\)"#
        let parsed = try RouteTemplate(parsing: template)
        #expect(parsed.variants.map(\.segments) == [[.literal("wiki"), .literal("Swift_(programming_language)")]])
        #expect(parsed.variants.first?.description == template)

        let table = try Self.table([template])
        #expect(table.match(path: "/wiki/Swift_(programming_language)")?.value == template)
        #expect(table.match(path: "/wiki/Swift_%28programming_language%29")?.value == template)
        #expect(table.match(path: "/wiki/Swift_") == nil)
        #expect(table.match(path: "/wiki/Swift_programming_language") == nil)

        let link = try LinkCreator(schemes: ["shop"]).path(for: parsed, parameters: RouteParameters())
        #expect(link == "/wiki/Swift_(programming_language)")
    }

    @Test func theUnescapedWikiTemplateIsAnErrorThatSaysHowToWriteIt() {
        let error = #expect(throws: RoutingError.self) {
            try RouteTemplate(parsing: "/wiki/Swift_(programming_language)")
        }
        #expect(error?.code == .invalidTemplate)
        #expect(
            error?.message
                == #""/wiki/Swift_(programming_language)" column 13: the optional group in 'Swift_(programming_language)' lies inside a segment with no parameter, so the route never matches its own spelling; write '\(' and '\)' for literal parentheses, or give each spelling a template of its own"#
        )
    }

    @Test(arguments: ["photo(s)", "(photo)s/x", "a(b(c))", "user(/:id)(x)", "a/b(c)d/:id"])
    func anOptionalGroupInsideASegmentWithoutAParameterIsAnError(_ pattern: String) {
        let error = #expect(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error?.message.contains("lies inside a segment with no parameter") == true, "\(pattern)")
    }

    @Test(arguments: [
        "user/:id(/:tab)", "a(/b(/c))", "(/lang/:code)/home", "{id}(.json)", "v{major}(.{minor})", "photo/(:size)",
        "files/(all)", "a(/b)c/:x",
    ])
    func groupsThatAreWholeSegmentsOrFrameAParameterStayAllowed(_ pattern: String) throws {
        #expect(try !RouteTemplate(parsing: pattern).variants.isEmpty)
    }

    // MARK: - Every special character

    /// Each character with a meaning, escaped inside a literal and inside the text around a
    /// parameter: it parses into that character, matches it in a URL (as written where a URL may
    /// hold it, and percent-encoded), prints back to the same template, and links print a URL
    /// that opens the route.
    @Test(arguments: Array(#"()*:<>{}?#\"#))
    func eachSpecialCharacterHasAnEscape(_ character: Character) throws {
        let escaped = "\\\(character)"
        let literalTemplate = "x/a\(escaped)b"
        let patternTemplate = "y/{id}\(escaped)b"
        let literal = try RouteTemplate(parsing: literalTemplate)
        #expect(literal.variants.first?.segments.last == .literal("a\(character)b"))
        let pattern = try RouteTemplate(parsing: patternTemplate)
        #expect(
            pattern.variants.first?.segments.last
                == .pattern(
                    SegmentPattern(pieces: [
                        .capture(name: "id", type: nil), .text("\(character)b"),
                    ])))
        // Printing a template writes the escape again (braces are doubled, the older spelling).
        let reparsed = try RouteTemplate(parsing: try #require(literal.variants.first?.description))
        #expect(reparsed.variants.first?.segments == literal.variants.first?.segments)

        let table = try Self.table([literalTemplate, patternTemplate])
        let encoded = "%" + String(character.asciiValue ?? 0, radix: 16, uppercase: true)
        #expect(table.match(path: "/x/a\(encoded)b")?.value == literalTemplate)
        #expect(table.match(path: "/y/7\(encoded)b")?.parameters["id"] == "7")

        let links = LinkCreator(schemes: ["shop"])
        let path = try links.path(for: literal, parameters: RouteParameters())
        #expect(table.match(path: path)?.value == literalTemplate, "\(path)")
        let patternPath = try links.path(for: pattern, parameters: RouteParameters([("id", "7")]))
        #expect(table.match(path: patternPath)?.value == patternTemplate, "\(patternPath)")
    }

    @Test func anEscapedColonOrStarStartsALiteralSegment() throws {
        let table = try Self.table([#"\:id"#, #"files/\*"#, "files/*"])
        #expect(table.match(path: "/:id")?.value == #"\:id"#)
        #expect(table.match(path: "/42") == nil)
        #expect(table.match(path: "/files/*")?.value == #"files/\*"#)
        #expect(table.match(path: "/files/other")?.value == "files/*")
    }

    @Test(arguments: [
        (#"a\x"#, #"'\x' is not an escape; a backslash escapes one of \ ( ) * : < > { } ? # & ="#),
        (#"a\"#, "at the end escapes nothing"),
        (#"a\/b"#, "'/' cannot be escaped: a segment cannot hold a '/'"),
        ("a%2Fb", "'%2F' is a percent escape"),
        ("{id}%41", "'%41' is a percent escape"),
        ("a<b", #"write '\<' for a literal '<'"#),
        ("{id}*x", #"write '\*' for a literal '*'"#),
        ("/src{*path}", "a catch-all must be a whole segment, as in 'src/*path'"),
    ])
    func malformedEscapesAndUnmatchableLiteralsSayWhatToWrite(_ pattern: String, _ message: String) {
        let error = #expect(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error?.message.contains(message) == true, "\(pattern): \(error?.message ?? "")")
    }

    @Test func aPercentSignThatIsNoEscapeStaysLiteral() throws {
        let table = try Self.table(["100%", "a%zz"])
        #expect(table.match(path: "/100%25")?.value == "100%")
        #expect(table.match(path: "/a%zz")?.value == "a%zz")
    }

    // MARK: - Generated literals round-trip

    /// Literal text drawn from every special character and ordinary ones: written as a template
    /// (``TemplateSegment/description``) it parses back into the same segment, and a link printed
    /// for it opens it.
    @Test func generatedLiteralsRoundTripThroughTheirWrittenForm() throws {
        var generator = SeededGenerator(seed: 34)
        let alphabet = Array(#"()*:<>{}?#\%ab-_.é "#)
        var templates: [String] = []
        var literals: [String] = []
        while literals.count < 200 {
            let length = Int.random(in: 1...8, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let written = TemplateSegment.literal(text).description
            let template: RouteTemplate
            do {
                template = try RouteTemplate(parsing: "r/" + written)
            } catch {
                // A literal with a percent escape cannot be written: a URL never spells it.
                #expect(error.message.contains("percent escape"), "\(text): \(error.message)")
                continue
            }
            // "." and ".." are dot segments; the other literals must round-trip.
            #expect(template.variants.first?.segments == [.literal("r"), .literal(text)], "\(text) as \(written)")
            if !literals.contains(text) {
                literals.append(text)
                templates.append(template.pattern)
            }
        }
        var builder = RouteTableBuilder<String>(schemes: ["shop"])
        for template in templates { builder.add(try RouteTemplate(parsing: template), to: template) }
        let table = try builder.build()
        let links = LinkCreator(schemes: ["shop"])
        for template in templates {
            let path = try links.path(for: try RouteTemplate(parsing: template), parameters: RouteParameters())
            #expect(table.match(path: path)?.value == template, "\(template) printed as \(path)")
        }
    }
}
