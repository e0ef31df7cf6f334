import Testing

@testable import Waymark

/// What a search found is packed in two words (see `MatchingCore.Found`): every value must come back
/// as it went in, at the ends of its range.
@Suite struct FoundPackingTests {
    @Test(arguments: [Int32(0), 1, -1, Int32.max, Int32.min])
    func everyFieldComesBackAsItWentIn(value: Int32) {
        let found = MatchingCore.Found(
            leafIndex: LeafIndex(value), scopeID: ScopeID(~value), pathStart: value &+ 1, pathEnd: value &- 1)
        #expect(found.leafIndex == LeafIndex(value))
        #expect(found.scopeID == ScopeID(~value))
        #expect(found.pathStart == value &+ 1)
        #expect(found.pathEnd == value &- 1)
    }

    @Test func aMatchOnlyAskedForItsValueStillAnswersEverything() throws {
        var builder = RouteTableBuilder<Int>(schemes: ["shop"])
        builder.add(try RouteTemplate(parsing: "promo/summer"), to: 10)
        builder.add(try RouteTemplate(parsing: "product/:id/*rest"), priority: 3, to: 20)
        let table = try builder.build()
        #expect(table.match(path: "/promo/summer")?.value == 10)
        let match = try #require(table.match(path: "shop://product/42/a/b?x=1"))
        #expect(match.value == 20)
        #expect(match.registrationIndex == 1)
        #expect(match.priority == 3)
        #expect(match.parameters["id"] == "42")
        #expect(match.wildcard == ["a", "b"])
        #expect(match.template.pattern == "product/:id/*rest")
    }
}
