import Foundation
import Testing
import Waymark
import WaymarkTesting

/// The Swift Testing helpers: a passing expectation records nothing, and a failing one records
/// one issue whose comment is the documented message.
@Suite struct SwiftTestingExpectationTests {
    /// The comments of the issues a `withKnownIssue` matched. `@unchecked Sendable`: `comments`
    /// is only touched under `lock`.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var comments: [String] = []
        func append(_ comment: String) { lock.withLock { comments.append(comment) } }
        var all: [String] { lock.withLock { comments } }
    }

    /// Runs `body`, which must record exactly the issues `messages` names, as known issues.
    static func expectIssues(_ messages: [String], _ body: () async -> Void) async {
        let seen = Seen()
        await withKnownIssue {
            await body()
        } matching: { issue in
            seen.append(issue.comments.map(\.rawValue).joined())
            return true
        }
        #expect(seen.all == messages)
    }

    @Test func passingExpectationsRecordNothing() async throws {
        let resolver = try ShopFixture.resolver()
        let table = try ShopFixture.table()
        await expectLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: resolver)
        expectLink("shop://product/42", opens: ShopFixture.ShopRoute.product(id: 42), in: table)
        expectRoundTrips(in: table)
        expectRoundTrips([.search(q: "red")], in: table, styles: [.universalLink])
        await expectContract(LinkContract(links: [.init(url: "shop://search?q=a", route: "search")]), holdsIn: resolver)
        expectContract(LinkContract(links: [.init(url: "shop://search?q=a", route: "search")]), holdsIn: table)
        await expectNotReachableFromOutside(["debug", "transfer"], in: resolver)
        let file = try RouteFile(data: Data(#"{"routes": [{"name": "product", "template": "product/:id<int>"}]}"#.utf8))
        await expectLink("app://product/1", opens: "product", in: file)
    }

    @Test func aWrongExpectationRecordsExplainsAnswer() async throws {
        let resolver = try ShopFixture.resolver()
        await Self.expectIssues([ShopFixture.movedProductMessage]) {
            await expectLink("shop://p/42", opens: "product", parameters: ["id": "42"], in: resolver)
        }
        let table = try ShopFixture.table()
        await Self.expectIssues(["shop://product/42 does not open product(id: 7): it opens product(id: 42)"]) {
            expectLink("shop://product/42", opens: ShopFixture.ShopRoute.product(id: 7), in: table)
        }
        let contract = LinkContract(links: [
            .init(url: "shop://p/42", route: "product", parameters: RouteParameters([("id", "42")]))
        ])
        await Self.expectIssues([ShopFixture.movedProductMessage]) {
            await expectContract(contract, holdsIn: resolver)
        }
        await Self.expectIssues([
            "no route is named 'admin'; the resolver's routes are debug, product, promo, search, transfer"
        ]) {
            await expectNotReachableFromOutside(["admin"], in: resolver)
        }
    }
}
