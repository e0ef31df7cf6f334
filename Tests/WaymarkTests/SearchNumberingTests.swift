import Testing

@testable import Waymark

/// The built table numbers its nodes for the search: a literal child's node follows from the
/// position of its edge's record, so that a lookup reads the two records side by side. The builder's
/// numbering must keep every leaf reachable from exactly the node it was filed under.
@Suite struct SearchNumberingTests {
    static let routes = [
        "promo/summer", "promo/:code", "promo/:code/share", "item/:id<int>", "item/:slug/reviews",
        "files/*rest", "files/docs/*rest", "files/docs/readme", "help/", "a/b/c/d", "a/:x/c/*rest",
    ]

    static func table() throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: ["shop"], domains: ["shop.example"])
        for pattern in routes { builder.add(try RouteTemplate(parsing: pattern), to: pattern) }
        return try builder.build()
    }

    @Test func theRecordOfALiteralLeadsToTheNodeAfterIt() throws {
        let table = try Self.table()
        // The views point into buffers that the table owns: it is kept to the end.
        defer { withExtendedLifetime(table) {} }
        let views = table.core.trie.views.pointee
        var literals = 0
        for index in views.slots.indices where views.slots[index].parent.exists {
            #expect(views.slots[index].child.offset == index + 1)
            literals += 1
        }
        #expect(literals > 0)
        // Folded host records come after the literals and lead to the root literal they fold.
        for index in views.slots.indices where !views.slots[index].parent.exists {
            let child = views.slots[index].child.offset
            #expect(views.slots[child - 1].parent == .root)
        }
    }

    @Test func everyLeafBelongsToExactlyOneNode() throws {
        let table = try Self.table()
        defer { withExtendedLifetime(table) {} }
        let views = table.core.trie.views.pointee
        var owners = [Int](repeating: 0, count: views.leaves.count)
        for node in views.nodes {
            for leaf in Int(node.leafStart)..<Int(node.catchAllEnd) { owners[leaf] += 1 }
        }
        #expect(owners.allSatisfy { $0 == 1 }, "\(owners)")
        // The last node closes the numbering and has no leaves.
        let last = try #require(views.nodes.last)
        #expect(last.leafStart == last.catchAllEnd)
    }

    @Test func catchAllsAreFoundAtTheirNodes() throws {
        let table = try Self.table()
        #expect(table.match(path: "/files/a/b")?.value == "files/*rest")
        #expect(table.match(path: "/files/docs/x")?.value == "files/docs/*rest")
        #expect(table.match(path: "/files/docs/readme")?.value == "files/docs/readme")
        #expect(table.match(path: "/a/z/c/q")?.value == "a/:x/c/*rest")
        #expect(table.match(path: "shop://FILES/docs/readme")?.value == "files/docs/readme")
        #expect(table.match(path: "https://shop.example/promo/summer")?.value == "promo/summer")
    }
}
