import Testing
import Waymark

/// The samples of "Scopes" (Waymark.docc), run as written.
@Suite struct ScopesTests {
    @Test func theMostSpecificScopeWins() async throws {
        // sample: Scopes#1
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
}
