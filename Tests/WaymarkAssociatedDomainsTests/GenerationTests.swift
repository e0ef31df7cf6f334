import Foundation
import Testing
import Waymark

@testable import WaymarkAssociatedDomains

@Suite struct GenerationTests {
    static let app = "ABCDE12345.com.example.shop"

    @Test func shopExample() throws {
        let resolver = try Fixtures.shopResolver()
        let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: "shop.example.com")
        print(generated.file.jsonText)
        for diagnostic in generated.report.diagnostics { print(diagnostic) }
        print(generated.report.statesVisited, generated.report.work)
        #expect(generated.report.problems.isEmpty)
    }
}
