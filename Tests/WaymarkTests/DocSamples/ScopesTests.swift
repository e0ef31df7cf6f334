import Testing
import Waymark

/// The samples of "Scopes" (Waymark.docc), run as written.
@Suite struct ScopesTests {
    @Test func theMostSpecificScopeWins() async throws {
        // sample: Scopes#2
        var builder = RouteResolverBuilder(
            schemes: ["x-your-app", "x-test"], domains: ["your-app-domain.com", "legacydomain.com"])
        builder.add("open", name: "openDocument") { _ in .handled }
        builder.add("open", name: "openLegacy", .scopes(.universal(domain: "legacydomain.com"))) { _ in .handled }
        builder.add("help/*topic", name: "help", .scopes(.appAny)) { _ in .handled }
        let resolver = try builder.build()

        let current = await resolver.resolve("https://your-app-domain.com/open").request?.routeName  // "openDocument"
        let legacy = await resolver.resolve("https://legacydomain.com/open").request?.routeName  // "openLegacy"
        let appLink = await resolver.resolve("x-test://open").request?.routeName  // "openDocument"
        let webHelp = await resolver.resolve("https://your-app-domain.com/help/faq").status  // .unmatched
        let foreign = await resolver.resolve("https://evil.example/open").status  // .refused
        // end sample
        #expect(current == "openDocument")
        #expect(legacy == "openLegacy")
        #expect(appLink == "openDocument")
        #expect(webHelp == .unmatched)
        #expect(foreign == .refused)
        #expect(await resolver.resolve("x-your-app://help/faq").request?.routeName == "help")
    }

    @Test func domainsWithABaseURL() async throws {
        // sample: Scopes#1
        var builder = RouteResolverBuilder(
            schemes: ["shop"], domains: ["https://example.com/m?ref=app", "http://localhost:8080"])
        builder.add("search?q={q}&page={page<int>=1}", name: "search") { _ in .handled }
        let resolver = try builder.build()

        let beneath = await resolver.resolve("https://example.com/m/search?q=shoes")
        let page = beneath.request?.routeParameters?["page"]  // "1"
        let outside = await resolver.resolve("https://example.com/search?q=shoes").status  // .refused

        let links = LinkCreator(schemes: ["shop"], domains: ["https://example.com/m?ref=app", "http://localhost:8080"])
        let template: RouteTemplate = "search?q={q}&page={page<int>=1}"
        let first = try links.universalLink(for: template, parameters: RouteParameters([(name: "q", value: "shoes")]))
        // "https://example.com/m/search?q=shoes&ref=app"
        let local = try links.universalLink(
            for: template, parameters: RouteParameters([(name: "q", value: "shoes"), (name: "page", value: "2")]),
            domain: "localhost")
        // "http://localhost:8080/search?page=2&q=shoes"
        // end sample
        #expect(beneath.status == .handled)
        #expect(page == "1")
        #expect(outside == .refused)
        #expect(first == "https://example.com/m/search?q=shoes&ref=app")
        #expect(local == "http://localhost:8080/search?page=2&q=shoes")
        #expect(await resolver.resolve(first).request?.routeParameters?["q"] == "shoes")
        #expect(await resolver.resolve(local).request?.routeParameters?["page"] == "2")
    }
}
