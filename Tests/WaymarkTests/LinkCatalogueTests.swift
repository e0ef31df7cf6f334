import Foundation
import Testing
import Waymark

/// `LinkCatalogue`, the rules behind `waymark links`, called from Swift: every route's example link
/// opens that route when resolved, a link another route wins is reported as shadowed with the route
/// that opens it, an internal-only route gets a path, and a confirmation route's link says so.
@Suite struct LinkCatalogueTests {
    static let json = """
        { "schemes": ["shop"], "domains": ["shop.example.com"],
          "routes": [
            { "name": "product", "template": "product/:id<int>" },
            { "name": "productNew", "template": "product/new" },
            { "name": "createNew", "template": "create" },
            { "name": "createLegacy", "template": "create", "scopes": [{ "app": "shop" }] },
            { "name": "admin", "template": "admin", "internal": true },
            { "name": "deleteAccount", "template": "account/delete", "requiresConfirmation": true }
          ] }
        """

    static func catalogue() async throws -> LinkCatalogue {
        let file = try RouteFile(data: Data(json.utf8))
        return await LinkCatalogue(file: file, resolver: try file.makeResolver())
    }

    static func links(_ catalogue: LinkCatalogue, _ route: String) throws -> [LinkCatalogue.Link] {
        try #require(catalogue.entries.first { $0.route.name == route }).links
    }

    @Test func everyRouteIsListedInTheFilesOrder() async throws {
        let catalogue = try await Self.catalogue()
        #expect(
            catalogue.entries.map(\.route.name) == [
                "product", "productNew", "createNew", "createLegacy", "admin", "deleteAccount",
            ])
    }

    @Test func aListedLinkOpensItsRoute() async throws {
        let catalogue = try await Self.catalogue()
        let product = try Self.links(catalogue, "product")
        #expect(product.map(\.scope) == ["appAny shop", "universalAny shop.example.com"])
        #expect(product.map(\.url) == ["shop://product/42", "https://shop.example.com/product/42"])
        let resolver = try catalogue.file.makeResolver()
        for entry in catalogue.entries where entry.route.name != "admin" {
            for link in entry.links {
                guard let url = link.url else { continue }
                var result = await resolver.resolve(url)
                if link.confirmation { result = await resolver.resolveConfirmed(result) }
                #expect(LinkCatalogue.opens(result, entry.route), "\(url) for \(entry.route.name)")
            }
        }
    }

    @Test func aLinkAnotherRouteWinsIsShadowedNotListed() async throws {
        let catalogue = try await Self.catalogue()
        let createNew = try Self.links(catalogue, "createNew")
        let app = try #require(createNew.first)
        #expect(app.url == nil)
        #expect(app.shadow?.openedBy == "createLegacy")
        #expect(app.shadow?.tried == "shop://create")
        #expect(app.shadow?.note == "shadowed: shop://create opens createLegacy")
        #expect(createNew.last?.url == "https://shop.example.com/create")
        let legacy = try Self.links(catalogue, "createLegacy")
        #expect(legacy.map(\.url) == ["shop://create"])
    }

    @Test func anInternalRouteGetsAPathAndAConfirmationRouteSaysSo() async throws {
        let catalogue = try await Self.catalogue()
        let admin = try Self.links(catalogue, "admin")
        #expect(admin.map(\.url) == ["/admin"])
        #expect(admin.map(\.scope) == ["internal"])
        let delete = try Self.links(catalogue, "deleteAccount")
        let everyOneAsks = delete.allSatisfy(\.confirmation)
        #expect(everyOneAsks)
        #expect(delete.first?.url == "shop://account/delete")
    }

    @Test func examplesSatisfyTheirTypesAndComeFromTheName() throws {
        let ints = LinkCatalogue.examples(name: "id", type: "int").allSatisfy { Int($0) != nil }
        let uuids = LinkCatalogue.examples(name: "id", type: "uuid").allSatisfy { UUID(uuidString: $0) != nil }
        #expect(ints && uuids)
        #expect(LinkCatalogue.examples(name: "slug", type: nil) == ["slug", "example", "1"])
        let sets = LinkCatalogue.exampleParameterSets(try RouteTemplate(parsing: "a/:x(/:y)(/:z)(/:w)"))
        #expect(!sets.isEmpty && sets.count <= LinkCatalogue.maximumExamples)
    }
}
