import Testing

@testable import Waymark

/// A node's record sums up the first template that ends there, so that a lookup whose path ends at
/// the node reads no leaf; whenever that template is not the answer, the lookup must still find the
/// one that is, exactly as if it had read every leaf.
@Suite struct NodeSummaryTests {
    static func table(
        _ routes: [(String, [RouteScope], Int)], schemes: [String] = [], domains: [String] = [],
        options: RouteTableOptions = RouteTableOptions()
    ) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: schemes, domains: domains, options: options)
        for (pattern, scopes, priority) in routes {
            builder.add(try RouteTemplate(parsing: pattern), scopes: scopes, priority: priority, to: pattern)
        }
        return try builder.build()
    }

    @Test func everySummaryAgreesWithTheLeafItSumsUp() throws {
        let table = try Self.table(
            [
                ("promo/:code", RouteScope.defaultScopes, 0),
                ("promo/summer", [.universal(domain: "shop.example")], 2),
                ("promo/summer", RouteScope.defaultScopes, 0),
                ("item/:id<int>", RouteScope.defaultScopes, 0),
                ("files/*rest", RouteScope.defaultScopes, 1),
                ("files", [.app(scheme: "shop")], 0),
                ("help/", RouteScope.defaultScopes, 0),
            ], schemes: ["shop"], domains: ["shop.example"])
        // The views point into buffers that the table owns: it is kept to the end.
        defer { withExtendedLifetime(table) {} }
        let views = table.core.trie.views.pointee
        var summarized = 0
        for index in 0..<(views.nodes.count - 1) {
            let node = views.nodes[index]
            guard node.leafStart < node.catchAllStart else { continue }
            let leaf = views.leaves[Int(node.leafStart)]
            let scopes = (0..<Int(leaf.scopeCount)).map { views.leafScopes[Int(leaf.scopeStart) + $0].rawValue }
            #expect(node.endRoute == leaf.route)
            #expect(node.endPriority == leaf.priority)
            for scope in scopes where scope < 32 {
                #expect(node.endScopes & (1 << UInt32(scope)) != 0)
            }
            #expect(node.endScopes.nonzeroBitCount == scopes.filter { $0 < 32 }.count)
            let plain = leaf.typedCount == 0 && !leaf.isCatchAll && scopes.allSatisfy { $0 < 32 }
            #expect((node.endFlags & FlatTrie.Node.endIsPlain != 0) == plain)
            #expect((node.endFlags & FlatTrie.Node.endHasTrailingSlash != 0) == leaf.hasTrailingSlash)
            summarized += 1
        }
        // promo/:code, promo/summer, item/:id, files, help/.
        #expect(summarized == 5)
    }

    @Test func aTemplateOutOfScopeDoesNotHideTheNextOneAtItsNode() throws {
        // The universal-only template has the higher priority, so it is the node's first leaf.
        let table = try Self.table(
            [
                ("promo/summer", [.universal(domain: "shop.example")], 2),
                ("promo/summer", RouteScope.defaultScopes, 0),
            ], domains: ["shop.example"])
        #expect(table.match(path: "/promo/summer")?.registrationIndex == 1)
        #expect(table.match(path: "https://shop.example/promo/summer")?.registrationIndex == 0)
    }

    @Test func aStrictTrailingSlashPassesOverTheFirstTemplateWhenItDiffers() throws {
        let table = try Self.table(
            [("help/", RouteScope.defaultScopes, 1), ("help", RouteScope.defaultScopes, 0)],
            options: RouteTableOptions(strictTrailingSlash: true))
        #expect(table.match(path: "/help")?.value == "help")
        #expect(table.match(path: "/help/")?.value == "help/")
    }

    @Test func aCatchAllOfHigherPriorityStillWinsWhereATemplateEnds() throws {
        let table = try Self.table(
            [("files", RouteScope.defaultScopes, 0), ("files/*rest", RouteScope.defaultScopes, 1)])
        let match = try #require(table.match(path: "/files"))
        #expect(match.value == "files/*rest")
        #expect(match.wildcard == [])
        #expect(table.match(path: "/files/a/b")?.wildcard == ["a", "b"])
    }

    @Test func aMatchFromTheSummaryKeepsWhatItsParametersNeed() throws {
        let table = try Self.table(
            [("user/:id", RouteScope.defaultScopes, 0), ("user/me", RouteScope.defaultScopes, 0)])
        let parameter = try #require(table.match(path: "/user/42"))
        #expect(parameter.value == "user/:id")
        #expect(parameter.parameters["id"] == "42")
        let literal = try #require(table.match(path: "/user/me"))
        #expect(literal.value == "user/me")
        #expect(literal.parameters["id"] == nil)
    }

    @Test func aTypedTemplateIsCheckedOnItsLeaf() throws {
        let table = try Self.table([
            ("item/:id<int>/reviews", RouteScope.defaultScopes, 0),
            ("item/:slug/reviews", RouteScope.defaultScopes, 0),
        ])
        #expect(table.match(path: "/item/42/reviews")?.value == "item/:id<int>/reviews")
        #expect(table.match(path: "/item/blue-shoe/reviews")?.value == "item/:slug/reviews")
    }
}
