import Foundation
import Testing
import Waymark
import WaymarkTestSupport

/// For every route value r: route(for: link(for: r)) == r, for paths, app links and universal
/// links, over route values built from hostile strings by a seeded generator.
@Suite struct RoundTripPropertyTests {
    static let pieces = [
        "a", "Z", "42", "/", "%", "%2F", "%25", "+", " ", "?", "#", "&", "=", ",", ";", ":", "@", "é", "🙂",
        "日本", ".", "..", "~", "[", "]", "\\", "\"", "'", "*", "(", ")", "\t", "e\u{301}",
    ]

    static func text(_ generator: inout SeededGenerator, allowEmpty: Bool) -> String {
        let count = Int.random(in: (allowEmpty ? 0 : 1)...4, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
    }

    static func shopRoute(_ generator: inout SeededGenerator) -> ShopRoute {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return .home
        case 1: return .product(id: Int.random(in: Int.min...Int.max, using: &generator))
        case 2:
            let q = Bool.random(using: &generator) ? text(&generator, allowEmpty: true) : nil
            let tags = (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(&generator, allowEmpty: true) }
            return .search(q: q, tag: tags)
        case 3:
            return .category(
                slug: text(&generator, allowEmpty: false),
                sort: [nil, .popular, .newest].randomElement(using: &generator) ?? nil)
        case 4: return .account(.orders)
        case 5: return .account(.order(id: UUID()))
        default:
            return .account(.edit(section: Bool.random(using: &generator) ? text(&generator, allowEmpty: false) : nil))
        }
    }

    static func docsRoute(_ generator: inout SeededGenerator) -> DocsRoute {
        let segments = (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(&generator, allowEmpty: false) }
        return .page(path: segments, lang: Bool.random(using: &generator) ? text(&generator, allowEmpty: true) : nil)
    }

    @Test(arguments: [1, 2, 3, 4])
    func typedRoutesRoundTripThroughEveryKindOfLink(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let shop = try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        let docs = try TypedRouteTable<DocsRoute>(schemes: ["shop"], domains: ["shop.example.com"])
        for _ in 0..<250 {
            let route = Self.shopRoute(&generator)
            for link in [
                try shop.links.path(for: route), try shop.links.appLink(for: route),
                try shop.links.universalLink(for: route),
            ] {
                #expect(shop.route(for: link) == route, "\(route) → \(link)")
            }
            let page = Self.docsRoute(&generator)
            let link = try docs.links.appLink(for: page)
            #expect(docs.route(for: link) == page, "\(page) → \(link)")
        }
    }

    @Test func templatesWithAnInputRoundTrip() throws {
        var generator = SeededGenerator(seed: 9)
        let links = LinkCreator(schemes: ["shop"], domains: ["shop.example.com"])
        var builder = RouteTableBuilder<String>(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("category/:slug", to: "category")
        let table = try builder.build()
        for _ in 0..<200 {
            let input = CategoryInput(
                slug: Self.text(&generator, allowEmpty: false), page: Int.random(in: 0...99, using: &generator))
            let link = try links.universalLink(for: "category/:slug", input: input)
            let lookup = table.lookup(link)
            let request = try #require(lookup.match)
            let decoded = try RouteInputDecoder().decode(
                CategoryInput.self, routeParameters: request.parameters, query: try #require(lookup.url).query)
            #expect(decoded == input, "\(input) → \(link)")
        }
    }

    struct CategoryInput: Codable, Equatable {
        var slug: String
        var page: Int
    }
}
