import Testing
import Waymark
import WaymarkAssociatedDomains

@testable import WaymarkAssociatedDomains

/// The Swift sample of the Universal Links article, run.
@Suite struct UniversalLinksSampleTests {
    @Test func generatesAndNamesTheOverApproximation() throws {
        let resolver = try Fixtures.shopResolver()
        // sample: UniversalLinks#1
        let generated = AppSiteAssociation.generate(
            from: resolver, appID: "ABCDE12345.com.example.shop", domain: "shop.example.com")
        let text = generated.file.jsonText  // serve this
        let kinds = generated.report.overApproximation  // what it sends that no route handles
        // end sample
        #expect(text.hasPrefix("{\n  \"applinks\": {"))
        #expect(kinds.contains { $0.routeName == "product" })
    }
}
