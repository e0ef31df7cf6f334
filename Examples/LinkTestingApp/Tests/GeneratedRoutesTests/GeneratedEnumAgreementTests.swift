import Foundation
import GeneratedRoutes
import Testing
import Waymark

/// The enums the `WaymarkRoutes` plugin generates in `GeneratedRoutes`' build (from the embedded
/// example, `shop.routes.json`; from `features.routes.json`, which uses every template feature a
/// case carries; and from `keywords.routes.json`, whose names Swift must escape) open and print what the route file's own resolver does.
///
/// For every example link of the file (`LinkCatalogue`, as `waymark links` lists them), each with
/// variations (a segment more, a segment less, a value of the wrong type, a query value dropped or
/// added), from outside the app and from inside it: the resolver made from the generated enum and
/// the one made from the file reach the same status, the same route, the same values and the same
/// properties (which `features.routes.json` fills with text that Swift source must escape). Every
/// route value opened prints back, with the enum's table, a link that the file's resolver opens
/// into the same route and values.
@Suite struct GeneratedEnumAgreementTests {
    static func routeFile(_ name: String) throws -> (RouteFile, Data) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/GeneratedRoutes").appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        return (try RouteFile(data: data, source: name), data)
    }

    @Test func theShopEnumAgreesWithItsRouteFile() async throws {
        let (file, _) = try Self.routeFile("shop.routes.json")
        #expect(GeneratedShopRoute.Table.schemes == file.schemes)
        #expect(GeneratedShopRoute.Table.domains == file.domains)
        #expect(GeneratedShopRoute.Table.defaultRouteName == file.defaultRouteName)
        let compared = try await Self.compare(GeneratedShopRoute.self, with: file)
        #expect(compared > 50)
    }

    @Test func theFeaturesEnumAgreesWithItsRouteFile() async throws {
        let (file, _) = try Self.routeFile("features.routes.json")
        #expect(FeaturesRoute.Table.options == file.options)
        #expect(FeaturesRoute.settings.routingType == .sheet())
        #expect(FeaturesRoute.home.routingType == .push)
        // `order-status` is not a Swift identifier: waymark-plugin.json names its case `orderStatus`.
        #expect(try FeaturesRoute.Table.make().route(for: "app://orders/7/status") == .orderStatus(order: "7"))
        let compared = try await Self.compare(
            FeaturesRoute.self, with: file, routeNames: ["orderStatus": "order-status"])
        #expect(compared > 100)
    }

    /// Keywords as case names and labels (`default`, `class(class:default:in:)`), names of
    /// Hashable's and Codable's members (`hashValue`, `encode`), a case and a label of one name.
    @Test func theKeywordsEnumAgreesWithItsRouteFile() async throws {
        let (file, _) = try Self.routeFile("keywords.routes.json")
        #expect(try KeywordsRoute.Table.make().route(for: "app://c/a/b/c") == .class(class: "a", default: "b", in: "c"))
        #expect(KeywordsRoute.Table.defaultRoute == .default)
        let compared = try await Self.compare(KeywordsRoute.self, with: file)
        #expect(compared > 50)
    }

    /// What a resolver did with a link: the status, and for a request its route and values.
    struct Outcome: Equatable, CustomStringConvertible {
        var status: String
        var route: String?
        var values: [String: String]
        var properties: [String: JSONValue]

        /// - Parameters:
        ///   - prefix: What the typed resolver puts before a case name (`ShopRoute.`).
        ///   - routeNames: Case name → route name, for the cases `waymark-plugin.json` renames.
        init(_ result: RoutingResult, prefix: String = "", routeNames: [String: String] = [:]) {
            status = "\(result.status)"
            route = result.request?.routeName.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
                .map { routeNames[$0] ?? $0 }
            var values: [String: String] = [:]
            for parameter in result.request?.routeParameters ?? RouteParameters() {
                values[parameter.name] = parameter.value
            }
            self.values = values
            properties = result.request?.properties ?? [:]
        }

        var description: String { "\(status) \(route ?? "-") \(values.sorted { $0.key < $1.key })" }
    }

    /// Compares the two resolvers on every example link and its variations; returns how many links.
    static func compare<R: URLRoute & Hashable>(
        _ type: R.Type, with file: RouteFile, routeNames: [String: String] = [:]
    ) async throws -> Int {
        let fromFile = try file.makeResolver()
        var builder = RouteResolverBuilder(schemes: file.schemes, domains: file.domains, options: file.options)
        try builder.add(routes: R.self) { _, _ in .handled }
        if let name = file.defaultRouteName, let route = file.route(named: name) {
            builder.setDefaultRoute(name: name, .properties(route.properties)) { _ in .handled }
        }
        let fromEnum = try builder.build()
        let table = try TypedRouteTable<R>(schemes: file.schemes, domains: file.domains, options: file.options)
        let catalogue = await LinkCatalogue(file: file, resolver: fromFile)
        var links: [String] = []
        for link in catalogue.entries.flatMap(\.links).compactMap(\.url) {
            links += variations(of: link)
        }
        for link in links {
            for origin in [RouteOrigin.external, .internal] {
                let expected = Outcome(await fromFile.resolve(link, origin: origin))
                let actual = Outcome(
                    await fromEnum.resolve(link, origin: origin), prefix: "\(R.self).", routeNames: routeNames)
                #expect(actual == expected, "\(link) from \(origin)")
            }
            // A value the table opens prints a link the file opens into the same route and values.
            guard let value = table.route(for: link, origin: .internal) else { continue }
            // Printed in the link's own form: a universal-only route has no app link, nor an internal path.
            let printed =
                link.hasPrefix("http")
                ? try table.universalLink(for: value)
                : link.contains("://") ? try table.appLink(for: value) : try table.path(for: value)
            let original = Outcome(await fromFile.resolve(link, origin: .internal))
            let reprinted = Outcome(await fromFile.resolve(printed, origin: .internal))
            #expect(reprinted.route == original.route, "\(link) printed as \(printed)")
            #expect(reprinted.values == original.values, "\(link) printed as \(printed)")
        }
        return links.count
    }

    /// The link, and links near it: where a generated case and the file could disagree.
    static func variations(of link: String) -> [String] {
        let (base, query) = link.split(separator: "?", maxSplits: 1).map(String.init).splitFirst()
        var result = [link, base + "/extra", base + "?unexpected=1"]
        if let cut = base.lastIndex(of: "/"), !base[..<cut].hasSuffix("/") { result.append(String(base[..<cut])) }
        result.append(base.replacingOccurrences(of: "[0-9]+", with: "abc", options: .regularExpression))
        if let query {
            result.append(base)
            result.append(link.replacingOccurrences(of: "=[0-9]+", with: "=x", options: .regularExpression))
            result.append(base + "?" + query + "&page=2")
        }
        return result
    }
}

extension Array where Element == String {
    /// The first element and the second, if any.
    fileprivate func splitFirst() -> (String, String?) {
        (first ?? "", count > 1 ? self[1] : nil)
    }
}
