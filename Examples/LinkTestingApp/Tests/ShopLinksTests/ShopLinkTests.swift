import Foundation
import ShopLinks
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTesting

/// The shop's link tests in Swift Testing: one test per helper of WaymarkTesting.
@Suite struct ShopLinkTests {
    @Test func productLinksOpenTheProduct() async throws {
        let resolver = try ShopLinks.resolver()
        await expectLink("shop://product/42", opens: "ShopRoute.product", parameters: ["id": "42"], in: resolver)
        await expectLink("https://shop.example.com/product/42", opens: "ShopRoute.product", in: resolver)
        expectLink("shop://product/42", opens: ShopRoute.product(id: 42), in: try ShopLinks.table())
        await expectLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: try ShopLinks.routeFile())
    }

    @Test func everyRouteRoundTrips() throws {
        let table = try ShopLinks.table()
        expectRoundTrips(in: table)
        expectRoundTrips([.search(q: "red shoes"), .help(topic: ["returns", "abroad"])], in: table)
    }

    @Test func publishedLinksKeepWorking() async throws {
        let contract = try Fixtures.contract()
        await expectContract(contract, holdsIn: try ShopLinks.resolver())
        // The typed table has no `sale` route (a filter of the resolver redirects it).
        let typed = LinkContract(links: contract.links.filter { !$0.url.hasPrefix("shop://sale/") })
        expectContract(typed, holdsIn: try ShopLinks.table())
    }

    @Test func internalAndConfirmationRoutesAreNotReachableFromOutside() async throws {
        await expectNotReachableFromOutside(
            ["ShopRoute.debug", "ShopRoute.transfer"], in: try ShopLinks.resolver(),
            through: ["https://shop.example.com/sale/spring"])
    }

    @Test func theAppKeepsItsPathConfigurationWhileTheServerFails() async throws {
        let server = try TestHTTPServer(script: [
            .document(Fixtures.document("v1"), etag: "1"), .status(500), .document(Fixtures.document("v2"), etag: "2"),
        ])
        defer { server.stop() }
        let cache = Fixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let loader = PathConfigurationLoader(
            sources: [.data(Fixtures.document("bundled")), .server(server.url("ios.json"))],
            cache: PathConfigurationCache(directory: cache))
        await loader.load()
        #expect(await loader.current?.properties(forPath: "/").title == "v1")
        await loader.refresh()
        #expect(await loader.current?.properties(forPath: "/").title == "v1")
        await loader.refresh()
        #expect(await loader.current?.properties(forPath: "/").title == "v2")
    }

    /// Fails on purpose, with WAYMARK_SHOW_FAILURE=1, to show the message (`.ci/run` checks it).
    @Test(.enabled(if: Fixtures.showFailures))
    func aDeliberatelyWrongExpectation() async throws {
        await expectLink(
            "shop://p/42", opens: "ShopRoute.product", parameters: ["id": "42"], in: try ShopLinks.resolver())
    }
}
