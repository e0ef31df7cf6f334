import Testing

@testable import Waymark

/// Parameters inside a segment (`{id}.json`, `v{major}.{minor}`): how templates with them parse,
/// how a segment is split, which template wins, and that everything templates do works with them.
@Suite struct SegmentPatternTests {
    // MARK: - Parsing

    @Test func bracesInsideASegmentMakeAPattern() throws {
        let template = try RouteTemplate(parsing: "files/{name}.json")
        guard case .pattern(let pattern) = template.variants.first?.segments.last else {
            Issue.record("not a pattern: \(template.variants)")
            return
        }
        #expect(pattern.pieces == [.capture(name: "name", type: nil), .text(".json")])
        #expect(template.parameterNames == ["name"])
        #expect(template.variants.first?.description == "/files/{name}.json")
    }

    @Test func aSegmentThatIsOneParameterIsAPlainParameter() throws {
        #expect(
            try RouteTemplate(parsing: "user/{id<int>}").variants.first?.segments.last
                == .parameter(name: "id", type: "int"))
    }

    @Test func doubledBracesAreLiteralBraces() throws {
        let template = try RouteTemplate(parsing: "a{{b}}")
        #expect(template.variants.first?.segments == [.literal("a{b}")])
        #expect(template.variants.first?.description == "/a{{b}}")
    }

    @Test(arguments: [
        ("v{a}{b}", "two parameters meet"), ("{a", "is not closed"), ("a}", "closes no '{'"),
        ("{}.json", "holds no parameter name"), ("{a}.json/{a}", "used twice"), ("{a<>}.x", "is empty"),
        ("{1a}.x", "not a valid parameter name"), ("x*{a}", "cannot appear"),
    ])
    func malformedPatternsAreErrorsThatSayWhy(template: String, message: String) {
        #expect(throws: RoutingError.self) { try RouteTemplate(parsing: template) }
        do {
            _ = try RouteTemplate(parsing: template)
        } catch {
            #expect(error.message.contains(message), "\(template): \(error.message)")
        }
    }

    // MARK: - Splitting

    static func split(_ pattern: String, _ segment: String) throws -> [String]? {
        guard case .pattern(let parsed) = try RouteTemplate(parsing: pattern).variants.first?.segments.first else {
            return nil
        }
        let bytes = Array(segment.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            parsed.captureRanges(in: buffer)?.map { String(decoding: buffer[$0], as: UTF8.self) }
        }
    }

    @Test func eachCaptureButTheLastEndsAtTheFirstOccurrenceOfTheTextAfterIt() throws {
        #expect(try Self.split("v{major}.{minor}", "v1.2.3") == ["1", "2.3"])
        #expect(try Self.split("{first}_{last}", "a_b_c") == ["a", "b_c"])
        #expect(try Self.split("{id}.json", "a.b.json") == ["a.b"])
        #expect(try Self.split("user-{id}", "user-42") == ["42"])
        #expect(try Self.split("{a}.{b}.x", "1.2.3.x") == ["1", "2.3"])
        #expect(try Self.split("é{a}ü", "éxyü") == ["xy"])
    }

    @Test func aCaptureIsNeverEmptyAndTheTextIsAnchored() throws {
        #expect(try Self.split("{id}.json", ".json") == nil)
        #expect(try Self.split("{id}.json", "a.jsonx") == nil)
        #expect(try Self.split("v{a}.{b}", "v1.") == nil)
        #expect(try Self.split("v{a}.{b}", "x1.2") == nil)
        #expect(try Self.split("{a}-{b}", "-b") == nil)
    }

    // MARK: - Matching

    static func table(_ patterns: [String], options: RouteTableOptions = RouteTableOptions()) throws -> RouteTable<
        String
    > {
        var builder = RouteTableBuilder<String>(schemes: ["shop"], options: options)
        for pattern in patterns { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    @Test func aPatternMatchesAndCapturesItsValues() throws {
        let table = try Self.table(["files/{name}.json", "api/v{major}.{minor}/users", "item/x{id<int>}"])
        let file = try #require(table.match(path: "/files/report.json"))
        #expect(file.value == "files/{name}.json")
        #expect(file.parameters["name"] == "report")
        let api = try #require(table.match(path: "/api/v1.2/users"))
        #expect(api.parameters["major"] == "1")
        #expect(api.parameters["minor"] == "2")
        #expect(table.match(path: "/item/x42")?.parameters["id"] == "42")
        #expect(table.match(path: "/item/xab") == nil)
        #expect(table.match(path: "/files/report.xml") == nil)
        // Percent-encoded text is split as decoded text.
        #expect(table.match(path: "/files/a%2Eb.json")?.parameters["name"] == "a.b")
    }

    @Test func precedenceIsLiteralThenPatternThenTypedThenParameter() throws {
        let table = try Self.table(["p/{id}.json", "p/report.json", "p/:any", "p/{id<int>}.json", "p/v{a}.json"])
        #expect(table.match(path: "/p/report.json")?.value == "p/report.json")
        // More literal text is more specific: "v{a}.json" (6) before "{id}.json" (5).
        #expect(table.match(path: "/p/v1.json")?.value == "p/v{a}.json")
        #expect(table.match(path: "/p/7.json")?.value == "p/{id<int>}.json")
        #expect(table.match(path: "/p/x.json")?.value == "p/{id}.json")
        #expect(table.match(path: "/p/x")?.value == "p/:any")
        #expect(table.candidates("/p/v1.json").matches.map(\.value) == ["p/v{a}.json", "p/{id}.json", "p/:any"])
        #expect(
            table.candidates("/p/7.json").matches.map(\.value) == ["p/{id<int>}.json", "p/{id}.json", "p/:any"])
    }

    // MARK: - Everywhere templates work

    @Test func linksPrintTheTextAroundTheValuesAndRoundTrip() throws {
        let links = LinkCreator(schemes: ["shop"])
        let template = try RouteTemplate(parsing: "api/v{major}.{minor}/file/{name}.json")
        let path = try links.path(
            for: template, parameters: RouteParameters([("major", "1"), ("minor", "2.3"), ("name", "a b")]))
        #expect(path == "/api/v1.2.3/file/a%20b.json")
        let table = try Self.table(["api/v{major}.{minor}/file/{name}.json"])
        let match = try #require(table.match(path: path))
        #expect(match.parameters["minor"] == "2.3")
        #expect(match.parameters["name"] == "a b")
    }

    @Test func aValueThatWouldSplitOtherwiseIsRefused() throws {
        let links = LinkCreator(schemes: ["shop"])
        let template = try RouteTemplate(parsing: "v{major}.{minor}")
        #expect(throws: RoutingError.self) {
            try links.path(for: template, parameters: RouteParameters([("major", "1.2"), ("minor", "3")]))
        }
        #expect(throws: RoutingError.self) {
            try links.path(for: try RouteTemplate(parsing: "x{id<int>}"), parameters: RouteParameters([("id", "a")]))
        }
    }

    @Test func explainSaysWhyAPatternDidNotMatch() throws {
        let table = try Self.table(["item/x{id<int>}"])
        let explanation = table.explain("/item/xab")
        let failure = try #require(explanation.attempts.first?.failure)
        #expect(failure.contains("x{id<int>}"), "\(failure)")
        #expect(failure.contains("not a valid int"), "\(failure)")
    }

    @Test func duplicatesAndShadowedPatternsAreReported() throws {
        var duplicate = RouteTableBuilder<Int>()
        duplicate.add(try RouteTemplate(parsing: "f/{a}.json"), to: 0)
        duplicate.add(try RouteTemplate(parsing: "f/{b}.json"), to: 1)
        #expect(duplicate.diagnostics().contains { $0.code == .ambiguousRoutes })

        var shadowed = RouteTableBuilder<Int>()
        shadowed.add(try RouteTemplate(parsing: "f/{a}.json"), priority: 1, to: 0)
        shadowed.add(try RouteTemplate(parsing: "f/report.json"), to: 1)
        #expect(shadowed.diagnostics().contains { $0.registrationIndex == 1 && $0.severity == .warning })
    }
}
