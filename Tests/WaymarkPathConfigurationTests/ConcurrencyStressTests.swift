import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// Many tasks at once: resolving links through one resolver, building tables, looking up and
/// replacing a path configuration, typed decoding. Run under `swift test --sanitize=thread` in CI
/// (the step "concurrency under the thread sanitizer"); the assertions check that answers stay right
/// while it happens.
@Suite struct ConcurrencyStressTests {
    static func document(_ title: String) -> PathConfiguration? {
        try? PathConfiguration(
            data: Data(
                #"{"rules": [{"patterns": [".*"], "properties": {"title": "\#(title)"}}, {"patterns": ["/product/\\d+$"], "properties": {"context": "modal"}}]}"#
                    .utf8))
    }

    @Test func linksTablesAndConfigurationsAtOnce() async throws {
        let holder = PathConfigurationHolder(Self.document("v0"))
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.add("category/:slug", name: "category") { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        builder.pathProperties = holder
        let resolver = try builder.build()
        let shared = try #require(Self.document("shared"))

        let failures = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var failures = 0
                    for round in 0..<200 {
                        switch (worker + round) % 4 {
                        case 0:
                            let result = await resolver.resolve("shop://product/\(round)")
                            if result.status != .handled || result.request?.properties["context"] != "modal" {
                                failures += 1
                            }
                        case 1:
                            var tableBuilder = RouteTableBuilder<Int>(schemes: ["shop"])
                            tableBuilder.add("item/:id<int>", to: round)
                            let table = try? tableBuilder.build()
                            if table?.match(path: "/item/7")?.value != round { failures += 1 }
                        case 2:
                            holder.configuration = Self.document("v\(round)")
                            if shared.properties(forPath: "/product/\(round)").context != .modal { failures += 1 }
                        default:
                            let query = QueryParameters(parsing: "page=\(round)&tag=a&tag=b")
                            let page = try? RouteInputDecoder().decode(Page.self, query: query)
                            if page?.page != round || page?.tag != ["a", "b"] { failures += 1 }
                        }
                    }
                    return failures
                }
            }
            var total = 0
            for await failures in group { total += failures }
            return total
        }
        #expect(failures == 0)
    }

    struct Page: Decodable, Sendable {
        var page: Int
        var tag: [String]
    }
}
