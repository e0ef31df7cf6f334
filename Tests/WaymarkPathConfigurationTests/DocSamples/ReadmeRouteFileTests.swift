import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// The README's route-file sample, run as written against the embedded example
/// (`Examples/shop.routes.json`, whose `pathConfiguration` is inline): `makeResolver()` leaves the path
/// configuration out, and `makeBuilderWithPathConfiguration()` gives each request its rules' properties.
@Suite struct ReadmeRouteFileTests {
    static let exampleRoutesURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/shop.routes.json")

    @Test func thePathConfigurationAwareCallGivesTheRouteItsPathProperties() async throws {
        let exampleRoutesURL = Self.exampleRoutesURL
        // sample: README#6
        let file = try RouteFile(contentsOf: exampleRoutesURL)  // Examples/shop.routes.json
        let resolver = try file.makeBuilderWithPathConfiguration().build()
        let title = await resolver.resolve("shop://product/42").request?.properties["title"]  // "Product"
        let routesOnly = try file.makeResolver()  // the routes alone
        let noTitle = await routesOnly.resolve("shop://product/42").request?.properties["title"]  // nil
        // end sample
        #expect(file.pathConfiguration != nil)
        #expect(title == "Product")
        #expect(noTitle == nil)
        #expect(
            await resolver.resolve("shop://product/42").request?.properties == [
                "context": "default", "presentation": "default", "pull_to_refresh_enabled": true, "title": "Product",
            ])
        #expect(await routesOnly.resolve("shop://product/42").request?.properties == ["presentation": "modal"])
    }

    /// The quick start's output, explained in the README: with the query, `^/product/\d+$` does not
    /// match (query matching is on), so the route's own `presentation: modal` stays; without it, the
    /// rule gives `presentation: default`.
    @Test func theQuickStartQueryKeepsTheRoutesOwnPresentation() async throws {
        let resolver = try RouteFile(contentsOf: Self.exampleRoutesURL).makeBuilderWithPathConfiguration().build()
        let withQuery = await resolver.resolve("shop://product/42?ref=mail").request?.properties
        #expect(withQuery == ["context": "default", "presentation": "modal", "pull_to_refresh_enabled": true])
        let withoutQuery = await resolver.resolve("shop://product/42").request?.properties
        #expect(withoutQuery?["presentation"] == "default")
    }
}
