import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// The built trie checks its own invariants (`FlatTrie.invariantViolations()`): after every build in
/// a debug build, so every table of every test is checked, and here on generated tables of the benchmarks' shape. The
/// check must also fail: each kind of damage below is reported.
@Suite struct TrieInvariantTests {
    static let routes = [
        "promo/summer", "promo/:code", "promo/:code/share", "item/:id<int>", "item/:slug/reviews",
        "files/*rest", "files/docs/*rest", "files/docs/readme", "help/", "a/b/c/d", "a/:x/c/*rest", "*/any",
    ]

    /// Tables of the benchmarks' shape, generated (`DeepLinkRouteSet`): 150 routes, and the 10,000
    /// of `deeplink-10k`.
    @Test(arguments: [150, 10_000])
    func generatedRouteSetsBuildSoundTries(count: Int) throws {
        var builder = RouteTableBuilder<Int>(schemes: ["bench"], domains: ["example.com"])
        for (index, pattern) in DeepLinkRouteSet.deepLinks(count: count).enumerated() {
            builder.add(try RouteTemplate(parsing: pattern), priority: index % 3, to: index)
        }
        let table = try builder.build()
        #expect(table.core.trie.invariantViolations() == [])
    }

    /// A builder's trie for `routes`, with priorities that put more than one leaf in some runs.
    static func builtTrie(_ routes: [String] = routes) throws -> TrieLayout {
        var builder = TrieBuilder(caseInsensitive: false)
        for (route, pattern) in routes.enumerated() {
            for (index, variant) in try RouteTemplate(parsing: pattern).variants.enumerated() {
                _ = builder.insert(
                    variant, route: route, variantIndex: index, priority: route % 2, scopeIDs: [.appAny],
                    typeIndex: { _ in 0 })
            }
        }
        return builder.build(types: [.int])
    }

    static func violations(_ trie: TrieLayout) -> [String] {
        FlatTrie(trie, checked: false).invariantViolations()
    }

    @Test func aSoundTrieHasNoViolation() throws {
        #expect(Self.violations(try Self.builtTrie()) == [])
        #expect(Self.violations(try Self.builtTrie(Self.routes + Self.routes)) == [])
    }

    @Test func leavesOutOfPrecedenceOrderAreReported() throws {
        var trie = try Self.builtTrie(["same", "same", "same"])
        let run = trie.leaves.indices.filter { !trie.leaves[$0].isCatchAll }
        try #require(run.count == 3)
        trie.leaves.swapAt(run[0], run[1])
        #expect(Self.violations(trie).contains { $0.contains("out of precedence order") })
    }

    @Test func aWrongSubtreePriorityIsReported() throws {
        var trie = try Self.builtTrie()
        trie.maxPriorities[0] += 1
        #expect(Self.violations(trie).contains { $0.contains("highest priority") })
    }

    @Test func aWrongForkBitIsReported() throws {
        var trie = try Self.builtTrie()
        trie.unforkedNodes[0] ^= 1
        #expect(Self.violations(trie).contains { $0.contains("unforked bit") })
        var literal = try Self.builtTrie()
        literal.literalNodes[0] ^= 1
        #expect(Self.violations(literal).contains { $0.contains("literal bit") })
    }

    @Test func aCatchAllInTheTerminalRunIsReported() throws {
        var trie = try Self.builtTrie()
        let index = try #require(trie.leaves.firstIndex { $0.isCatchAll })
        trie.leaves[index].flags &= ~2
        #expect(Self.violations(trie).contains { $0.contains("wrong run") })
    }

    /// A kind's own invariants (``PatternChildren``) are checked through ``ChildKinds``, and its
    /// children count as the node's forks and subtree.
    @Test func aPatternChildsDamageIsReported() throws {
        let routes = ["files/{name}.json", "files/{name}.{ext}", "files/readme"]
        #expect(Self.violations(try Self.builtTrie(routes)) == [])
        var bit = try Self.builtTrie(routes)
        bit.kinds.patterns.nodes[0] = 0
        #expect(Self.violations(bit).contains { $0.contains("pattern bit") })
        var capture = try Self.builtTrie(routes)
        capture.kinds.patterns.captures[0].capture = 7
        #expect(Self.violations(capture).contains { $0.contains("names no capture") })
        var child = try Self.builtTrie(routes)
        child.kinds.patterns.edges[0].child = NodeIndex(Int32(child.nodes.count))
        #expect(Self.violations(child).contains { $0.contains("a pattern child is") })
    }

    @Test func theTriePrintsItsNodesLeavesAndChildren() throws {
        var builder = RouteTableBuilder<String>()
        for pattern in ["product/:id<int>", "product/new", "user/:name", "files/*rest"] {
            builder.add(try RouteTemplate(parsing: pattern), to: pattern)
        }
        let table = try builder.build()
        let dump = table.core.trie.dump()
        let lines = dump.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first?.hasPrefix("/ → node 0") == true)
        for expected in ["\"product\" →", "\"new\" →", "<typed> →", ":parameter →", "\"files\" →"] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "\(expected) in\n\(dump)")
        }
        #expect(lines.contains { $0.hasPrefix("•") && $0.contains("catch-all") }, "\(dump)")
        #expect(lines.contains { $0.contains("typed [segment 1: type") }, "\(dump)")
        #expect(lines.contains { $0.contains("parameters [name@1]") }, "\(dump)")
        // Children are indented under their parents.
        let product = try #require(dump.split(separator: "\n").first { $0.contains("\"new\"") })
        #expect(product.hasPrefix("    "))
    }
}
