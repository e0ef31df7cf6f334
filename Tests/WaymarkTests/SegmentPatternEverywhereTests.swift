import Foundation
import Testing
import Waymark

/// Routes whose segment is typed with text around it, as a typed route declares them.
enum DownloadRoute: URLRoute, Equatable {
    case file(name: String)
    case api(major: Int, minor: Int)
    case avatar(user: String, size: Int?)
    case person(first: String, last: String)

    static let routeMap: RouteMap<DownloadRoute> = [
        "file": "files/{name}.json",
        "api": "api/v{major<int>}.{minor<int>}",
        "avatar": "u/{user}.png?size",
        "person": "people/{first}_{last}",
    ]
}

/// Parameters inside a segment through the public API: route files, typed routes (`RouteMap`) and
/// the resolver, as an app uses them. The CLI's commands are covered by `SegmentPatternCommandTests`.
@Suite struct SegmentPatternEverywhereTests {
    // MARK: - Route files

    static let routeFile = """
        {
          "schemes": ["shop"],
          "domains": ["shop.example.com"],
          "options": { "caseInsensitivePaths": true },
          "routes": [
            { "name": "feed", "template": "feed/{name}.json" },
            { "name": "report", "template": "feed/report.json" },
            { "name": "version", "template": "api/v{major<int>}.{minor<int>}/status" }
          ]
        }
        """

    @Test func aRouteFileResolvesPatternsWithTheirValues() async throws {
        let resolver = try RouteFile(data: Data(Self.routeFile.utf8)).makeResolver()
        let feed = await resolver.resolve("shop://feed/news.json")
        #expect(feed.request?.routeName == "feed")
        #expect(feed.request?.routeParameters?["name"] == "news")
        // A whole-segment literal wins over the pattern it also fits.
        #expect(await resolver.resolve("shop://feed/report.json").request?.routeName == "report")
        // caseInsensitivePaths applies to the text around the values, not to the values.
        let folded = await resolver.resolve("https://shop.example.com/FEED/News.JSON")
        #expect(folded.request?.routeName == "feed")
        #expect(folded.request?.routeParameters?["name"] == "News")
        let version = await resolver.resolve("shop://api/V2.10/status")
        #expect(version.request?.routeName == "version")
        #expect(version.request?.routeParameters?["major"] == "2")
        #expect(version.request?.routeParameters?["minor"] == "10")
        #expect(await resolver.resolve("shop://api/v2.x/status").status == .unmatched)
    }

    @Test(arguments: [
        (
            #"{"routes": [{"name": "p", "template": "v{a}{b}"}]}"#,
            #"routes[0] (p): error: template: "v{a}{b}""#
        ),
        (
            #"{"routes": [{"name": "p", "template": "f/{a}.json"}, {"name": "q", "template": "f/{b}.json"}]}"#,
            #"routes[1] (q): error: template: "f/{b}.json" and "f/{a}.json" differ only in parameter names"#
        ),
    ])
    func routeFileProblemsWithPatternsNameTheRoute(json: String, message: String) {
        let messages = RouteFile.diagnostics(for: Data(json.utf8)).map(\.description)
        #expect(messages.contains { $0.hasPrefix(message) }, "\(messages)")
    }

    // MARK: - Typed routes

    @Test func typedRoutesOpenAndPrintPatterns() throws {
        let routes = try TypedRouteTable<DownloadRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        #expect(routes.route(for: "shop://files/a.b.json") == .file(name: "a.b"))
        #expect(routes.route(for: "shop://api/v1.2") == .api(major: 1, minor: 2))
        #expect(routes.route(for: "shop://api/v1.x") == nil)
        #expect(routes.route(for: "shop://u/ann.png?size=64") == .avatar(user: "ann", size: 64))
        let links = routes.links
        #expect(try links.path(for: DownloadRoute.file(name: "a b")) == "/files/a%20b.json")
        #expect(try links.appLink(for: DownloadRoute.api(major: 3, minor: 14)) == "shop://api/v3.14")
        #expect(
            try links.universalLink(for: DownloadRoute.avatar(user: "ann", size: 64))
                == "https://shop.example.com/u/ann.png?size=64")
        // Every route value prints a link that opens into the same value.
        let values: [DownloadRoute] = [
            .file(name: "x.json"), .file(name: "é/?"), .api(major: 0, minor: -1), .avatar(user: "a.png", size: nil),
        ]
        for value in values {
            let link = try links.appLink(for: value)
            #expect(routes.route(for: link) == value, "\(link)")
        }
    }

    @Test func aValueThatWouldOpenAsAnotherValueIsRefused() throws {
        let links = try TypedRouteTable<DownloadRoute>(schemes: ["shop"]).links
        // "a_b" + "_" + "c" would open as first "a", last "b_c": refused, naming the parameter.
        #expect(try links.path(for: DownloadRoute.person(first: "a", last: "b_c")) == "/people/a_b_c")
        for value in [DownloadRoute.person(first: "a_b", last: "c"), .file(name: "")] {
            do {
                let path = try links.path(for: value)
                Issue.record("\(value) printed \(path)")
            } catch {
                let name = if case .file = value { "'name'" } else { "'first'" }
                #expect(error.message.contains(name), "\(error.message)")
            }
        }
    }
}
