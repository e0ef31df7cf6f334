import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// A typed route whose cases require query items, as Android's deep links declare them.
enum ProfileLinkRoute: URLRoute, Equatable {
    case user(id: Int)
    case users
    case person(first: String, last: String)

    static let routeMap: RouteMap<ProfileLinkRoute> = [
        "user": "users?id={id<int>}",
        "users": "users",
        "person": "people?name={first}_{last}",
    ]
}

/// Query items a template requires (`users?id={id}`): parsing, matching with the next route tried
/// when an item is missing or refused, precedence, captures, links, and the checks, through the
/// table, the resolver, route files and typed routes. The CLI is `QueryRequirementCommandTests`.
@Suite struct QueryRequirementTests {
    static func table(_ patterns: [String]) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: ["app"])
        for pattern in patterns { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    // MARK: - Parsing

    @Test func aTemplateParsesItsQueryItemsInNameOrder() throws {
        let template = try RouteTemplate(parsing: #"users?sort=name&id={id<int>}L&preview&q={q}\&x"#)
        let variant = try #require(template.variants.first)
        #expect(variant.segments == [.literal("users")])
        #expect(
            variant.query == [
                QueryRequirement(
                    name: "id",
                    value: .pattern(SegmentPattern(pieces: [.capture(name: "id", type: "int"), .text("L")]))),
                QueryRequirement(name: "preview", value: .present),
                QueryRequirement(
                    name: "q", value: .pattern(SegmentPattern(pieces: [.capture(name: "q", type: nil), .text("&x")]))),
                QueryRequirement(name: "sort", value: .literal("name")),
            ])
        #expect(variant.description == #"/users?id={id<int>}L&preview&q={q}\&x&sort=name"#)
        #expect(try RouteTemplate(parsing: variant.description).variants == template.variants)
        #expect(template.parameterNames == ["id", "q"])
    }

    @Test func anOptionalGroupMakesAnItemOptional() throws {
        let template = try RouteTemplate(parsing: "search?q={q}(&page={page<int>})")
        #expect(template.variants.map(\.description) == ["/search?q={q}", "/search?page={page<int>}&q={q}"])
    }

    @Test(arguments: [
        ("users?", "'?' is followed by no query item"), ("users?id={id}&&x=1", "an empty query item"),
        ("users?={id}", "needs a name before '='"), ("users?id={id}&id={other}", "is required twice"),
        ("users/:id?id={id}", "the parameter name 'id' is used twice"), ("users?{id}=1", "is literal text"),
        ("users?id={id<nope>}", ""), ("users?id=*", "cannot appear"),
    ])
    func malformedQueryPartsSayWhatIsWrong(_ pattern: String, _ message: String) throws {
        if message.isEmpty {
            // An unknown type is found when the table is built, as in a path.
            var builder = RouteTableBuilder<String>()
            builder.add(try RouteTemplate(parsing: pattern), to: pattern)
            let error = #expect(throws: RoutingError.self) { try builder.build() }
            #expect(error?.code == .unknownParameterType)
            return
        }
        let error = #expect(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error?.message.contains(message) == true, "\(pattern): \(error?.message ?? "")")
    }

    // MARK: - Matching

    @Test func aMissingOrRefusedRequiredItemTriesTheNextRoute() throws {
        let table = try Self.table(["users?id={id<int>}", "users"])
        #expect(table.lookup("app://users?id=7").match?.value == "users?id={id<int>}")
        #expect(table.lookup("app://users?id=7").match?.parameters["id"] == "7")
        #expect(table.lookup("app://users?ref=mail&id=9").match?.parameters["id"] == "9")
        #expect(table.lookup("app://users?id=x").match?.value == "users")
        #expect(table.lookup("app://users").match?.value == "users")
        #expect(table.lookup("app://users?id=").match?.value == "users")
        #expect(table.match(path: "users?id=7")?.value == "users?id={id<int>}")
        #expect(table.candidates("app://users?id=7").matches.map(\.value) == ["users?id={id<int>}", "users"])
        #expect(table.candidates("app://users?id=x").matches.map(\.value) == ["users"])
    }

    /// Precedence does not depend on registration: with the same path, the variant that requires
    /// more items comes first; a more specific path still comes before any query requirement.
    @Test func moreRequiredItemsComeFirstAtTheSamePathWhateverTheOrder() throws {
        for order in [
            ["users", "users?id={id}", "users?id={id}&tab={tab}"],
            ["users?id={id}&tab={tab}", "users?id={id}", "users"],
        ] {
            let table = try Self.table(order)
            #expect(table.lookup("app://users?tab=a&id=1").match?.value == "users?id={id}&tab={tab}")
            #expect(table.lookup("app://users?id=1").match?.value == "users?id={id}")
            #expect(table.lookup("app://users?tab=a").match?.value == "users")
        }
        let specific = try Self.table([":section?id={id}", "users"])
        #expect(specific.lookup("app://users?id=1").match?.value == "users")
    }

    @Test func textAroundValuesListsLiteralsAndPresence() throws {
        let table = try Self.table([
            "items?id={id<int>}L", "people?name={first}_{last}", "tags?tag={tag}", "feed?format=rss", "draft?preview",
        ])
        #expect(table.lookup("app://items?id=42L").match?.parameters["id"] == "42")
        #expect(table.lookup("app://items?id=42").match == nil)
        #expect(table.lookup("app://items?id=xL").match == nil)
        let person = try #require(table.lookup("app://people?name=ada_lovelace").match)
        #expect(person.parameters.dictionary == ["first": "ada", "last": "lovelace"])
        // A list: every item must fit, the parameter is the first.
        #expect(table.lookup("app://tags?tag=a&tag=b").match?.parameters["tag"] == "a")
        #expect(table.lookup("app://tags?tag=a&tag=").match == nil)
        #expect(table.lookup("app://feed?format=rss").match != nil)
        #expect(table.lookup("app://feed?format=atom").match == nil)
        #expect(table.lookup("app://draft?preview").match != nil)
        #expect(table.lookup("app://draft?preview=1").match != nil)
        #expect(table.lookup("app://draft").match == nil)
        // Names and values are compared decoded.
        #expect(table.lookup("app://people?n%61me=a%5Fb").match?.parameters["last"] == "b")
    }

    @Test func anUnmatchedLinkSaysWhichItemFailedWithoutItsValue() throws {
        let table = try Self.table(["users?id={id<int>}"])
        let lookup = table.lookup("app://users?id=secret-token")
        #expect(lookup.outcome == .unmatched)
        #expect(
            lookup.reason
                == #"no route matches: "users?id={id<int>}" matches the path, but the query item 'id' is not a valid int"#
        )
        #expect(lookup.reason?.contains("secret-token") == false)
        let explanation = table.explain("app://users?token=secret-token")
        #expect(
            explanation.attempts.first?.failure == "its path matches, but the query item 'id' is missing",
            "\(explanation.attempts)")
    }

    // MARK: - Checks

    @Test func routesThatDifferInQueryItemsDoNotConflictAndAreNotShadowed() throws {
        var builder = RouteTableBuilder<String>(schemes: ["app"])
        builder.add("users?id={id}", to: "a")
        builder.add("users", to: "b")
        builder.add("users?id={other<int>}", to: "c")
        #expect(builder.diagnostics().isEmpty, "\(builder.diagnostics())")
        _ = try builder.build()
        var duplicate = RouteTableBuilder<String>(schemes: ["app"])
        duplicate.add("users?id={id}", to: "a")
        duplicate.add("users?id={other}", to: "b")
        let error = #expect(throws: RoutingError.self) { try duplicate.build() }
        #expect(error?.code == .ambiguousRoutes)
        // A route the query-less one beats by priority can never win, and is reported.
        var shadowed = RouteTableBuilder<String>(schemes: ["app"])
        shadowed.add("users", priority: 1, to: "a")
        shadowed.add("users?id={id}", to: "b")
        #expect(shadowed.diagnostics().map(\.message).contains { $0.contains("can never win") })
    }

    // MARK: - Links

    @Test func linksWriteTheRequiredItemsAndOpenTheirRoute() throws {
        let links = LinkCreator(schemes: ["app"])
        let table = try Self.table([
            "users?id={id<int>}", "people?name={first}_{last}", "search?q={q}(&page={page<int>})",
        ])
        let cases: [(String, [(String, String)], String)] = [
            ("users?id={id<int>}", [("id", "7")], "/users?id=7"),
            ("people?name={first}_{last}", [("first", "ada"), ("last", "l")], "/people?name=ada_l"),
            ("search?q={q}(&page={page<int>})", [("q", "a b&c")], "/search?q=a%20b%26c"),
            ("search?q={q}(&page={page<int>})", [("q", "x"), ("page", "2")], "/search?page=2&q=x"),
        ]
        for (pattern, values, expected) in cases {
            let path = try links.path(for: try RouteTemplate(parsing: pattern), parameters: RouteParameters(values))
            #expect(path == expected)
            #expect(table.lookup("app:/" + path).match?.value == pattern, "\(path)")
        }
        #expect(throws: RoutingError.self) {
            try links.path(for: "users?id={id<int>}", parameters: RouteParameters([("id", "x")]))
        }
    }

    // MARK: - Route files and typed routes

    @Test func aRouteFileTemplateRequiresItsItemsThroughTheResolver() async throws {
        let file = try RouteFile(
            data: Data(
                #"{"schemes": ["app"], "routes": [{"name": "u", "template": "users?id={id<int>}"}, {"name": "all", "template": "users"}]}"#
                    .utf8))
        let resolver = try file.makeResolver()
        #expect(await resolver.resolve("app://users?id=3").request?.routeName == "u")
        #expect(await resolver.resolve("app://users?id=3").request?.routeParameters?["id"] == "3")
        #expect(await resolver.resolve("app://users?id=three").request?.routeName == "all")
        #expect(file.warnings.isEmpty)
    }

    @Test func typedRoutesOpenAndPrintCasesThatRequireItems() throws {
        let routes = try TypedRouteTable<ProfileLinkRoute>(schemes: ["app"])
        #expect(routes.route(for: "app://users?id=7") == .user(id: 7))
        #expect(routes.route(for: "app://users?id=seven") == .users)
        #expect(routes.route(for: "app://people?name=a_b") == .person(first: "a", last: "b"))
        for value in [ProfileLinkRoute.user(id: 7), .users, .person(first: "a", last: "b")] {
            let link = try routes.links.appLink(for: value)
            #expect(routes.route(for: link) == value, "\(link)")
        }
    }

    // MARK: - Work

    /// Checking a requirement looks at each item once and scans each value of its name once: the
    /// work grows linearly with the number of items and with a value's length.
    @Test func checkingARequirementTakesWorkLinearInItemsAndValueLength() throws {
        let requirement = try #require(try RouteTemplate(parsing: "a?tag={first}_{last}").variants.first?.query.first)
        LinearGrowth.expectLinear("items", base: 8, factors: [1, 10, 100]) { count in
            let query = QueryParameters(parsing: (0..<count).map { _ in "tag=a_b&other=x" }.joined(separator: "&"))
            var work = 0
            var parameters: [RouteParameters.Parameter] = []
            #expect(requirement.check(query, types: [:], into: &parameters, work: &work) == nil)
            return work
        }
        LinearGrowth.expectLinear("value length", base: 64, factors: [1, 10, 100]) { length in
            let query = QueryParameters(parsing: "tag=" + String(repeating: "x", count: length) + "_y")
            var work = 0
            var parameters: [RouteParameters.Parameter] = []
            #expect(requirement.check(query, types: [:], into: &parameters, work: &work) == nil)
            return work
        }
    }

    /// Skipping path matches whose items are missing: a link that only the last of n routes opens
    /// still opens it, and the others are each tried once (their number is the candidates').
    @Test(arguments: [1, 10, 100])
    func aLinkSkipsEveryRouteWhoseItemsItLacks(scale: Int) throws {
        var patterns = (0..<scale).map { "a?k\($0)={v\($0)}" }
        patterns.append("a")
        let table = try Self.table(patterns)
        let query = (0..<scale).map { "x\($0)=1" }.joined(separator: "&")
        #expect(table.lookup("app://a?\(query)").match?.value == "a")
        #expect(table.lookup("app://a?k\(scale - 1)=v").match?.value == "a?k\(scale - 1)={v\(scale - 1)}")
        #expect(table.candidates("app://a?\(query)").matches.count == 1)
    }
}
