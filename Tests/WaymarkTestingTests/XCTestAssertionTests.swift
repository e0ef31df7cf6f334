import Foundation
import Waymark
import WaymarkTesting
import XCTest

/// The XCTest helpers: a passing assertion fails nothing, and a failing one fails once with the
/// documented message, at the caller's line.
final class XCTestAssertionTests: XCTestCase {
    /// While set, failures are collected here instead of failing the test.
    private var captured: [(message: String, line: Int)]?

    #if canImport(Darwin)
        override func record(_ issue: XCTIssue) {
            guard captured != nil else { return super.record(issue) }
            captured?.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard captured != nil else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            // corelibs-xctest writes "failed - " before XCTFail's message.
            let message = description.hasPrefix("failed - ") ? String(description.dropFirst(9)) : description
            captured?.append((message, lineNumber))
        }
    #endif

    /// The failures `body` reports.
    private func failures(_ body: () async throws -> Void) async rethrows -> [(message: String, line: Int)] {
        captured = []
        defer { captured = nil }
        try await body()
        return captured ?? []
    }

    func testPassingAssertionsFailNothing() async throws {
        let resolver = try ShopFixture.resolver()
        let table = try ShopFixture.table()
        let found = try await failures {
            await XCTAssertLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: resolver)
            XCTAssertLink("shop://product/42", opens: ShopFixture.ShopRoute.product(id: 42), in: table)
            XCTAssertRoundTrips(in: table)
            await XCTAssertContract(
                LinkContract(links: [.init(url: "shop://search?q=a", route: "search")]), holdsIn: resolver)
            XCTAssertContract(LinkContract(links: [.init(url: "shop://search?q=a", route: "search")]), holdsIn: table)
            await XCTAssertNotReachableFromOutside(["debug", "transfer"], in: resolver)
            let file = try RouteFile(
                data: Data(#"{"routes": [{"name": "product", "template": "product/:id<int>"}]}"#.utf8))
            await XCTAssertLink("app://product/1", opens: "product", in: file)
        }
        XCTAssertEqual(found.map(\.message), [])
    }

    func testAWrongExpectationFailsWithExplainsAnswerAtTheCallersLine() async throws {
        let resolver = try ShopFixture.resolver()
        let line = #line + 2
        let found = await failures {
            await XCTAssertLink("shop://p/42", opens: "product", parameters: ["id": "42"], in: resolver)
        }
        XCTAssertEqual(found.map(\.message), [ShopFixture.movedProductMessage])
        XCTAssertEqual(found.map(\.line), [line])
        let leaky = try ShopFixture.resolver(promoTarget: "product/1")
        let redirected = await failures {
            await XCTAssertNotReachableFromOutside(["product"], in: leaky, through: ["shop://promo/x"])
        }
        XCTAssertEqual(
            redirected.first?.message,
            "shop://promo/x opens product from outside the app, redirected: shop://promo/x → product/1 by filter 'promo'"
        )
    }
}
