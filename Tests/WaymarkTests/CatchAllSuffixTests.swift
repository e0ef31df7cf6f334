import Testing
import WaymarkTestSupport

@testable import Waymark

/// A named catch-all followed by more segments (`/api/v1/*rest/john`, Hummingbird's `**`): the
/// segments after it end the path, the catch-all takes what lies between, precedence stays
/// deterministic, and the work is linear in the path.
@Suite struct CatchAllSuffixTests {
    static func table(_ patterns: [String], options: RouteTableOptions = RouteTableOptions()) throws
        -> RouteTable<String>
    {
        var builder = RouteTableBuilder<String>(schemes: ["app"], options: options)
        for pattern in patterns { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    @Test func theSegmentsAfterTheCatchAllEndThePath() throws {
        let table = try Self.table(["/api/v1/*rest/john"])
        let match = try #require(table.match(path: "/api/v1/a/b/c/john"))
        #expect(match.parameters["rest"] == "a/b/c")
        #expect(match.wildcard == ["a", "b", "c"])
        #expect(table.match(path: "/api/v1/john")?.parameters["rest"] == "")
        #expect(table.match(path: "/api/v1/a/b") == nil)
        #expect(table.match(path: "/api/v1/john/x") == nil)
        #expect(table.match(path: "/api/v2/a/john") == nil)
        #expect(
            table.lookup("app://api/v1/a/b").reason
                == #"no route matches: "/api/v1/*rest/john" matches the path, but the path does not end as '*rest/john' needs"#
        )
    }

    @Test func typedParametersAndPatternsAfterTheCatchAllCapture() throws {
        let table = try Self.table(["files/*path/:version<int>", "src/*dir/{name}.swift"])
        let file = try #require(table.match(path: "/files/a/b/7"))
        #expect(file.parameters.dictionary == ["path": "a/b", "version": "7"])
        #expect(table.match(path: "/files/a/b/x") == nil)
        let source = try #require(table.match(path: "/src/Sources/Waymark/Router.swift"))
        #expect(source.parameters.dictionary == ["dir": "Sources/Waymark", "name": "Router"])
        let folded = try Self.table(["src/*dir/{name}.SWIFT"], options: RouteTableOptions(caseInsensitivePaths: true))
        #expect(folded.match(path: "/src/a/Main.swift")?.parameters["name"] == "Main")
    }

    /// Deterministic precedence, whatever the registration order: a segment beats a catch-all at
    /// the same place; between two catch-alls at one place, more segments after it come first.
    @Test(arguments: [false, true])
    func precedenceIsDeterministic(reversed: Bool) throws {
        let patterns = ["api/*rest", "api/*rest/john", "api/:x/john", "api/*rest/:who/john"]
        let table = try Self.table(reversed ? patterns.reversed() : patterns)
        #expect(table.match(path: "/api/a/john")?.value == "api/:x/john")
        #expect(table.match(path: "/api/a/b/c/john")?.value == "api/*rest/:who/john")
        #expect(table.match(path: "/api/john")?.value == "api/*rest/john")
        #expect(table.match(path: "/api/a/b")?.value == "api/*rest")
        #expect(
            table.candidates("app://api/a/b/john").matches.map(\.value)
                == ["api/*rest/:who/john", "api/*rest/john", "api/*rest"])
    }

    @Test(arguments: [
        ("a/*x/*y", "a template has at most one catch-all"),
        ("/src{*path}", "a catch-all must be a whole segment"),
        ("a#*rest/x", "must be the last segment"),
    ])
    func malformedCatchAllsSayWhatIsWrong(_ pattern: String, _ message: String) {
        let error = #expect(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error?.message.contains(message) == true, "\(pattern): \(error?.message ?? "")")
    }

    @Test func conflictsKnowTheSegmentsAfterTheCatchAll() throws {
        var fine = RouteTableBuilder<String>(schemes: ["app"])
        fine.add("a/*x/b", to: "b")
        fine.add("a/*x/c", to: "c")
        fine.add("a/*x", to: "any")
        #expect(fine.diagnostics().isEmpty, "\(fine.diagnostics())")
        var ambiguous = RouteTableBuilder<String>(schemes: ["app"])
        ambiguous.add("a/*x/b", to: "x")
        ambiguous.add("a/*y/b", to: "y")
        let error = #expect(throws: RoutingError.self) { try ambiguous.build() }
        #expect(error?.code == .ambiguousRoutes)
    }

    @Test func linksFillTheCatchAllAndTheSegmentsAfterIt() throws {
        let links = LinkCreator(schemes: ["app"])
        let template: RouteTemplate = "/api/v1/*rest/john"
        let path = try links.path(for: template, parameters: RouteParameters([("rest", "a"), ("rest", "b c")]))
        #expect(path == "/api/v1/a/b%20c/john")
        let table = try Self.table(["/api/v1/*rest/john"])
        #expect(table.match(path: path)?.wildcard == ["a", "b c"])
    }

    /// Work grows linearly with the path: the check reads each segment after the catch-all once
    /// and joins the catch-all's value once.
    @Test func checkingTakesWorkLinearInThePath() throws {
        let variant = try #require(try RouteTemplate(parsing: "a/*rest/:x/{y}.json").variants.first)
        LinearGrowth.expectLinear("path segments", base: 10, factors: [1, 10, 100]) { count in
            let path = ["a"] + Array(repeating: "seg", count: count) + ["x", "y.json"]
            var work = 0
            var parameters: [RouteParameters.Parameter] = []
            #expect(
                CatchAllSuffix.check(variant, path, caseInsensitive: false, types: [:], into: &parameters, work: &work)
                    == nil)
            return work
        }
        // And the whole lookup answers for long paths.
        let table = try Self.table(["a/*rest/:x/{y}.json"])
        let long = "/a/" + Array(repeating: "seg", count: 100).joined(separator: "/") + "/x/y.json"
        #expect(table.match(path: long)?.parameters["y"] == "y")
    }
}
