import Testing
import Waymark
import WaymarkTesting

/// "Testing your links" of "Migrating from Turnpike" (Waymark.docc), as written.
@Suite struct MigratingFromTurnpikeLinkTests {
    // sample: MigratingFromTurnpike#4
    @Test func productAndTabLinksStillOpen() async throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:product_id", name: "product") { _ in .handled }
        builder.add("tab/:tab_name", name: "tab") { _ in .handled }
        builder.setDefaultRoute(name: "launch") { _ in .handled }
        let resolver = try builder.build()
        await expectLink("shop://product/42", opens: "product", parameters: ["product_id": "42"], in: resolver)
        await expectLink("tab/Home", opens: "tab", parameters: ["tab_name": "Home"], in: resolver)
    }
    // end sample
}
