import Foundation
import ShopLinks
import Waymark
import WaymarkPathConfiguration
import WaymarkTesting
import XCTest

/// The same link tests in XCTest: one test per helper of WaymarkTesting.
final class ShopLinkXCTests: XCTestCase {
    func testProductLinksOpenTheProduct() async throws {
        let resolver = try ShopLinks.resolver()
        await XCTAssertLink("shop://product/42", opens: "ShopRoute.product", parameters: ["id": "42"], in: resolver)
        await XCTAssertLink("https://shop.example.com/product/42", opens: "ShopRoute.product", in: resolver)
        XCTAssertLink("shop://product/42", opens: ShopRoute.product(id: 42), in: try ShopLinks.table())
        await XCTAssertLink(
            "shop://product/42", opens: "product", parameters: ["id": "42"], in: try ShopLinks.routeFile())
    }

    func testEveryRouteRoundTrips() throws {
        let table = try ShopLinks.table()
        XCTAssertRoundTrips(in: table)
        XCTAssertRoundTrips([.search(q: "red shoes"), .help(topic: ["returns", "abroad"])], in: table)
    }

    func testPublishedLinksKeepWorking() async throws {
        let contract = try Fixtures.contract()
        await XCTAssertContract(contract, holdsIn: try ShopLinks.resolver())
        let typed = LinkContract(links: contract.links.filter { !$0.url.hasPrefix("shop://sale/") })
        XCTAssertContract(typed, holdsIn: try ShopLinks.table())
    }

    func testInternalAndConfirmationRoutesAreNotReachableFromOutside() async throws {
        await XCTAssertNotReachableFromOutside(
            ["ShopRoute.debug", "ShopRoute.transfer"], in: try ShopLinks.resolver(),
            through: ["https://shop.example.com/sale/spring"])
    }

    func testTheAppKeepsItsPathConfigurationWhileTheServerFails() async throws {
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
        var title = await loader.current?.properties(forPath: "/").title
        XCTAssertEqual(title, "v1")
        await loader.refresh()
        title = await loader.current?.properties(forPath: "/").title
        XCTAssertEqual(title, "v1")
        await loader.refresh()
        title = await loader.current?.properties(forPath: "/").title
        XCTAssertEqual(title, "v2")
    }

    /// Fails on purpose, with WAYMARK_SHOW_FAILURE=1, to show the message (`.ci/run` checks it).
    func testADeliberatelyWrongExpectation() async throws {
        try XCTSkipUnless(Fixtures.showFailures, "set WAYMARK_SHOW_FAILURE=1 to see a failure's message")
        await XCTAssertLink(
            "shop://p/42", opens: "ShopRoute.product", parameters: ["id": "42"], in: try ShopLinks.resolver())
    }
}
