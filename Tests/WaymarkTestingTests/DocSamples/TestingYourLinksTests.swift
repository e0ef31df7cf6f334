import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTesting
import XCTest

// The samples of "Testing your links" (WaymarkTesting.docc), as written: Swift Testing and XCTest
// run the tests they declare; `articleShowsTheFailureATestGets` checks the failure the article shows.

// sample: TestingYourLinks#2
func makeResolver() throws -> RouteResolver {
    var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
    builder.add("product/:id<int>", name: "product") { _ in .handled }
    builder.add("transfer/:amount<int>", name: "transfer", .requiresConfirmation) { _ in .handled }
    builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
    builder.setDefaultRoute(name: "home") { _ in .handled }
    return try builder.build()
}
// end sample

// sample: TestingYourLinks#3
@Suite struct ShopLinkTests {
    @Test func productLinksOpenTheProduct() async throws {
        let resolver = try makeResolver()
        await expectLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: resolver)
        await expectLink("https://shop.example.com/product/42", opens: "product", in: resolver)
        await expectLink("shop://transfer/5", opens: "transfer", confirmation: true, in: resolver)
    }
}
// end sample

// sample: TestingYourLinks#4
final class ShopLinkXCTests: XCTestCase {
    func testProductLinksOpenTheProduct() async throws {
        let resolver = try makeResolver()
        await XCTAssertLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: resolver)
        await XCTAssertLink("shop://transfer/5", opens: "transfer", confirmation: true, in: resolver)
    }
}
// end sample

// sample: TestingYourLinks#5
enum ShopRoute: URLRoute, Equatable {
    case product(id: Int)
    case search(q: String?)

    static let routeMap: RouteMap<ShopRoute> = [
        "product": "product/:id<int>",
        "search": "search?q",
    ]
}

@Test func typedLinksOpenTheirValueAndRoundTrip() throws {
    let table = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
    expectLink("https://shop.example.com/product/42", opens: ShopRoute.product(id: 42), in: table)
    expectRoundTrips(in: table)
    expectRoundTrips([.search(q: "red shoes")], in: table, styles: [.appLink, .universalLink])
}
// end sample

// sample: TestingYourLinks#6
@Test func debugMenuAndTransfersAreNotReachableFromOutside() async throws {
    await expectNotReachableFromOutside(
        ["debug", "transfer"], in: try makeResolver(), through: ["https://shop.example.com/promo/spring"])
}
// end sample

// sample: TestingYourLinks#7
@Test func publishedLinksKeepWorking() async throws {
    let file = try #require(Bundle.module.url(forResource: "published-links", withExtension: "json"))
    let contract = try LinkContract(contentsOf: file)
    await expectContract(contract, holdsIn: try makeResolver())
}
// end sample

// sample: TestingYourLinks#8
@Test func theAppKeepsItsConfigurationWhileTheServerFails() async throws {
    let version1 = Data(#"{"rules": [{"patterns": [".*"], "properties": {"title": "Shop"}}]}"#.utf8)
    let server = try TestHTTPServer(script: [.document(version1, etag: "1"), .status(500)])
    defer { server.stop() }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: cache) }
    let loader = PathConfigurationLoader(
        sources: [.server(server.url("ios.json"))], cache: PathConfigurationCache(directory: cache))
    await loader.load()
    await loader.refresh()  // the server answers 500: the document in use stays
    #expect(await loader.current?.properties(forPath: "/").title == "Shop")
    #expect(server.requests.last?.headers["if-none-match"] == "\"1\"")
}
// end sample

/// The failure the article shows is the one a test of `shop://p/42` gets, line for line.
@Test func articleShowsTheFailureATestGets() async throws {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WaymarkTesting/WaymarkTesting.docc/TestingYourLinks.md")
    let text = String(decoding: try Data(contentsOf: article), as: UTF8.self)
    // The text between the fences of the block that starts with the link.
    let block = try #require(text.components(separatedBy: "```\n").first { $0.hasPrefix("shop://p/42") })
    let shown = String(block.dropLast())
    let failures = await LinkChecks.opens(
        "shop://p/42", route: "product", parameters: ["id": "42"], in: try makeResolver())
    #expect(failures == [shown])
    // The contract the samples check holds, so that its test means something: a broken link fails.
    let file = try #require(Bundle.module.url(forResource: "published-links", withExtension: "json"))
    var contract = try LinkContract(contentsOf: file)
    #expect(contract.links.count == 2)
    contract.links[0].url = "https://shop.example.com/p/42"
    #expect(await LinkChecks.contractHolds(contract, in: try makeResolver()).count == 1)
}
