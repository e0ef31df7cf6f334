import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// A typed route whose cases require a fragment, as JLRoutes' hash routes do.
enum HelpRoute: URLRoute, Equatable {
    case faq
    case privacy
    case viewer(userID: String)

    static let routeMap: RouteMap<HelpRoute> = [
        "faq": "legal/privacy#faq",
        "privacy": "legal/privacy",
        "viewer": "user#/view/:userID",
    ]
}

/// Fragments a template requires (`legal/privacy#faq`, `user#/view/:userID`): parsing, matching
/// with the next route tried when the fragment is missing or does not fit, captures, precedence,
/// links and the typed routes. The CLI is `FragmentRequirementCommandTests`.
@Suite struct FragmentRequirementTests {
    static func table(_ patterns: [String]) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: ["app"], domains: ["example.com"])
        for pattern in patterns { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    @Test func aTemplateParsesItsFragmentAsSegments() throws {
        let variant = try #require(try RouteTemplate(parsing: "search?q={q}#/view/:id<int>/*rest").variants.first)
        #expect(variant.segments == [.literal("search")])
        #expect(variant.query.map(\.name) == ["q"])
        #expect(
            variant.fragment
                == FragmentRequirement(
                    segments: [.literal("view"), .parameter(name: "id", type: "int"), .catchAll(name: "rest")],
                    hasLeadingSlash: true))
        #expect(variant.description == "/search?q={q}#/view/:id<int>/*rest")
        #expect(try RouteTemplate(parsing: "search?q={q}#/view/:id<int>/*rest").parameterNames == ["q", "id", "rest"])
        #expect(try RouteTemplate(parsing: ##"a\#b"##).variants.first?.segments == [.literal("a#b")])
    }

    @Test(arguments: [
        ("legal#", "'#' is followed by no fragment"), ("a#x//y", "empty segment in the fragment"),
        ("a/:id#:id", "the parameter name 'id' is used twice"), ("a#*rest/x", "must be the last segment"),
    ])
    func malformedFragmentsSayWhatIsWrong(_ pattern: String, _ message: String) {
        let error = #expect(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error?.message.contains(message) == true, "\(pattern): \(error?.message ?? "")")
    }

    @Test func aMissingOrUnfittingFragmentTriesTheNextRoute() throws {
        let table = try Self.table([
            "legal/privacy", "legal/privacy#faq", "user#/view/:userID", "docs/:page#section-{n<int>}",
        ])
        #expect(table.lookup("https://example.com/legal/privacy#faq").match?.value == "legal/privacy#faq")
        #expect(table.lookup("https://example.com/legal/privacy").match?.value == "legal/privacy")
        #expect(table.lookup("https://example.com/legal/privacy#other").match?.value == "legal/privacy")
        #expect(table.lookup("app://user#/view/joe").match?.parameters["userID"] == "joe")
        #expect(table.lookup("app://user#view/joe").match?.parameters["userID"] == "joe")
        #expect(table.lookup("app://user#/view/j%C3%B6").match?.parameters["userID"] == "jö")
        #expect(table.lookup("app://user#/edit/joe").match == nil)
        #expect(table.lookup("app://user#/view/joe/more").match == nil)
        let section = try #require(table.lookup("app://docs/intro#section-3").match)
        #expect(section.parameters.dictionary == ["page": "intro", "n": "3"])
        #expect(table.lookup("app://docs/intro#section-x").match == nil)
        #expect(
            table.lookup("app://user").reason
                == #"no route matches: "user#/view/:userID" matches the path, but the link has no fragment (the template expects '#/view/:userID')"#
        )
        #expect(
            table.candidates("https://example.com/legal/privacy#faq").matches.map(\.value)
                == ["legal/privacy#faq", "legal/privacy"])
    }

    @Test func linksWriteTheFragmentAndOpenTheirRoute() throws {
        let links = LinkCreator(schemes: ["app"], domains: ["example.com"])
        let table = try Self.table(["legal/privacy#faq", "user#/view/:userID", "legal/terms"])
        #expect(
            try links.universalLink(for: "legal/privacy#faq", parameters: RouteParameters())
                == "https://example.com/legal/privacy#faq")
        let viewer = try links.appLink(for: "user#/view/:userID", parameters: RouteParameters([("userID", "a b")]))
        #expect(viewer == "app://user#/view/a%20b")
        #expect(table.lookup(viewer).match?.parameters["userID"] == "a b")
        #expect(
            try links.path(for: "legal/terms", parameters: RouteParameters(), fragment: "part 2#x")
                == "/legal/terms#part%202%23x")
        #expect(throws: RoutingError.self) {
            try links.path(for: "legal/privacy#faq", parameters: RouteParameters(), fragment: "other")
        }
    }

    @Test func typedRoutesOpenAndPrintCasesThatRequireAFragment() throws {
        let routes = try TypedRouteTable<HelpRoute>(schemes: ["app"])
        #expect(routes.route(for: "app://legal/privacy#faq") == .faq)
        #expect(routes.route(for: "app://legal/privacy") == .privacy)
        #expect(routes.route(for: "app://user#/view/joe") == .viewer(userID: "joe"))
        for value in [HelpRoute.faq, .privacy, .viewer(userID: "joe")] {
            let link = try routes.links.appLink(for: value)
            #expect(routes.route(for: link) == value, "\(link)")
        }
    }

    @Test func templatesThatDifferInTheirFragmentDoNotConflictAndAreNotShadowed() throws {
        var builder = RouteTableBuilder<String>(schemes: ["app"])
        builder.add("a#x", to: "x")
        builder.add("a#y", to: "y")
        builder.add("a", to: "plain")
        #expect(builder.diagnostics().isEmpty, "\(builder.diagnostics())")
        _ = try builder.build()
        var duplicate = RouteTableBuilder<String>(schemes: ["app"])
        duplicate.add("a#:x", to: "x")
        duplicate.add("a#:y", to: "y")
        #expect(throws: RoutingError.self) { try duplicate.build() }
    }

    /// Checking a fragment reads it once: work linear in its length, whatever the template.
    @Test func checkingAFragmentTakesWorkLinearInItsLength() throws {
        let requirement = try #require(try RouteTemplate(parsing: "docs#/guide/:page/*rest").variants.first?.fragment)
        LinearGrowth.expectLinear("fragment segments", base: 10, factors: [1, 10, 100]) { count in
            let fragment = "/guide/intro/" + Array(repeating: "seg", count: count).joined(separator: "/")
            var parameters: [RouteParameters.Parameter] = []
            var work = 0
            #expect(requirement.check(Substring(fragment), types: [:], into: &parameters, work: &work) == nil)
            return work
        }
        let table = try Self.table(["docs#/guide/:page/*rest"])
        let long =
            "https://example.com/docs#/guide/intro/" + Array(repeating: "seg", count: 1_000).joined(separator: "/")
        #expect(table.lookup(long).match?.parameters["rest"]?.count == 3_999)
    }
}
