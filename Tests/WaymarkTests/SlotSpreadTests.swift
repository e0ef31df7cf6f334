import Testing

@testable import Waymark

/// Literal segments spread over the edge table however alike they are, so that a lookup reads a
/// few positions whatever the route set (DESIGN.md: cost grows with the URL, not the table).
@Suite struct SlotSpreadTests {
    /// Sibling literals that agree on every byte but a few.
    static let families: [(name: String, literals: [String])] = [
        // Bytes 6 and 7 differ: eight-byte keys, one word.
        ("level-NN", (0..<100).map { "level-" + String($0 + 100).suffix(2) }),
        // Bytes 14 and 15 differ: the last bytes of the second word.
        ("campaign-2024-NN", (0..<100).map { "campaign-2024-" + String($0 + 100).suffix(2) }),
        // Past sixteen bytes: the third word.
        ("exclusive-trend-NNNN", (0..<300).map { "exclusive-trend-" + String($0 + 1000) }),
        // One letter apart at the start of a long common tail.
        ("Xsame-long-tail-segment", (0..<26).map { String(UnicodeScalar(UInt8(97 + $0))) + "same-long-tail-segment" }),
    ]

    @Test(arguments: families)
    func siblingsThatDifferLateStillSpread(family: (name: String, literals: [String])) throws {
        var builder = RouteTableBuilder<String>()
        for literal in family.literals {
            builder.add(try RouteTemplate(parsing: "shop/\(literal)/items"), to: literal)
        }
        let table = try builder.build()
        // Each literal is found, and the probe never walks a long run of positions; before keys
        // were placed by their top bits, a family like these shared one run as long as itself.
        for literal in family.literals {
            #expect(table.match(path: "/shop/\(literal)/items")?.value == literal)
        }
        #expect(table.match(path: "/shop/level-7/items") == nil)
        #expect(table.core.trie.longestProbe < 24, "\(family.name): \(table.core.trie.longestProbe)")
    }
}
