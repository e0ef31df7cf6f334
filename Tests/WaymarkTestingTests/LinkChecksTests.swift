import Foundation
import Testing
import Waymark
import WaymarkTesting

/// The checks behind every helper, and the messages a failing app test shows (issue 35).
@Suite struct LinkChecksTests {
    @Test func aLinkThatOpensItsRoutePasses() async throws {
        let resolver = try ShopFixture.resolver()
        #expect(
            await LinkChecks.opens("shop://product/42", route: "product", parameters: ["id": "42"], in: resolver)
                .isEmpty)
        #expect(await LinkChecks.opens("https://shop.example.com/search?q=red", route: "search", in: resolver).isEmpty)
        #expect(
            await LinkChecks.opens("shop://transfer/5", route: "transfer", confirmation: true, in: resolver).isEmpty)
        #expect(await LinkChecks.opens("/debug/menu", route: "debug", in: resolver).isEmpty)
    }

    @Test func aWrongExpectationFailsWithExplainsAnswer() async throws {
        let failures = await LinkChecks.opens(
            "shop://p/42", route: "product", parameters: ["id": "42"], in: try ShopFixture.resolver())
        #expect(failures == [ShopFixture.movedProductMessage])
    }

    @Test func otherParametersAndOtherOriginsFail() async throws {
        let resolver = try ShopFixture.resolver()
        #expect(
            await LinkChecks.opens("shop://product/43", route: "product", parameters: ["id": "42"], in: resolver)
                == ["shop://product/43 does not open product(id=42): it opens product(id=43)"])
        #expect(
            await LinkChecks.opens("shop://debug/menu", route: "debug", in: resolver)
                == [
                    "shop://debug/menu does not open debug: it opens internal-only: route 'debug' (\"debug/menu\") is internal-only; external links cannot open it"
                ])
    }

    @Test func aTypedLinkComparesTheValue() throws {
        let table = try ShopFixture.table()
        #expect(LinkChecks.opens("shop://product/42", ShopFixture.ShopRoute.product(id: 42), in: table).isEmpty)
        #expect(
            LinkChecks.opens("shop://product/42", ShopFixture.ShopRoute.product(id: 7), in: table)
                == ["shop://product/42 does not open product(id: 7): it opens product(id: 42)"])
        let failure = try #require(
            LinkChecks.opens("shop://products/7", ShopFixture.ShopRoute.product(id: 7), in: table).first)
        #expect(failure.hasPrefix("shop://products/7 does not open product(id: 7): it opens nothing"))
        #expect(
            failure.contains(
                #"ShopRoute.product (product/:id<int>): segment 1 is "products", the template expects 'product'"#))
    }

    @Test func everyCaseRoundTripsInEveryStyle() throws {
        #expect(LinkChecks.roundTrips(in: try ShopFixture.table()).isEmpty)
        let examples = LinkChecks.examples(in: try ShopFixture.table())
        #expect(examples.failures.isEmpty)
        #expect(examples.values == [.product(id: 42), .search(q: nil), .help(topic: ["a", "b"])])
        #expect(
            LinkChecks.roundTrips([.search(q: "red shoes"), .help(topic: ["a b", "c"])], in: try ShopFixture.table())
                .isEmpty)
    }

    @Test func aCaseThatPrintsAnotherCasesLinkFailsTheRoundTrip() throws {
        let table = try TypedRouteTable<ShopFixture.BrokenRoute>(schemes: ["shop"])
        #expect(
            LinkChecks.roundTrips([.item(name: "shoes"), .item(name: "featured")], in: table, styles: [.appLink])
                == ["item(name: \"featured\") prints the app link shop://items/featured, which opens featured"])
    }

    @Test func internalRoutesAreNotReachableAndARedirectThatReachesOneIsFound() async throws {
        #expect(
            await LinkChecks.notReachableFromOutside(["debug", "transfer"], in: try ShopFixture.resolver()).isEmpty)
        let leaky = try ShopFixture.resolver(promoTarget: "debug/menu")
        #expect(
            await LinkChecks.notReachableFromOutside(
                ["debug"], in: leaky, through: ["https://shop.example.com/promo/x"])
                == [])
        // Internal-only holds through a redirect: the resolver refuses it. A route that is not
        // internal-only, reached by a redirect, is what the check finds.
        let open = try ShopFixture.resolver(promoTarget: "product/1")
        let failures = await LinkChecks.notReachableFromOutside(["product"], in: open, through: ["shop://promo/x"])
        #expect(
            failures.first
                == "shop://promo/x opens product from outside the app, redirected: shop://promo/x → product/1 by filter 'promo'"
        )
        #expect(failures.contains { $0.hasPrefix("shop://product/42 opens product from outside the app") })
    }

    @Test func anEmptyListFailsTheSecurityCheck() async throws {
        #expect(
            await LinkChecks.notReachableFromOutside([], in: try ShopFixture.resolver())
                == ["no routes to protect: name the routes no outside link may open"])
    }

    /// A forgotten `internal` on a route whose example link lacks a required query value: the link
    /// ends `invalid`, but it reached the route; with the value, it opens it.
    struct AdminInput: Decodable, Sendable {
        var user: Int
    }

    @Test func aLinkThatReachesARouteButEndsInvalidFailsTheSecurityCheck() async throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("admin", name: "admin", input: AdminInput.self) { _, _ in .handled }
        let failures = await LinkChecks.notReachableFromOutside(["admin"], in: try builder.build())
        #expect(
            failures == ["/admin opens admin from outside the app", "shop://admin opens admin from outside the app"])
    }

    @Test func aMisspeltRouteNameFailsTheSecurityCheck() async throws {
        let failures = await LinkChecks.notReachableFromOutside(["debgu"], in: try ShopFixture.resolver())
        #expect(
            failures == ["no route is named 'debgu'; the resolver's routes are debug, product, promo, search, transfer"]
        )
    }

    @Test func aContractHoldsOrNamesItsBreaks() async throws {
        let contract = LinkContract(links: [
            .init(url: "shop://product/42", route: "product", parameters: RouteParameters([("id", "42")])),
            .init(url: "shop://p/42", route: "product", parameters: RouteParameters([("id", "42")])),
        ])
        let failures = await LinkChecks.contractHolds(contract, in: try ShopFixture.resolver())
        #expect(failures == [ShopFixture.movedProductMessage])
        #expect(LinkChecks.contractHolds(LinkContract(links: [contract.links[0]]), in: try ShopFixture.table()).isEmpty)
    }
}
