import Foundation
import Testing
import Waymark

/// Link creation for templates: every component encoded for its place, every refusal typed.
@Suite struct LinkCreatorTests {
    let links = LinkCreator(schemes: ["shop", "beta"], domains: ["shop.example.com"])

    struct Listing: Encodable {
        var slug: String
        var page: Int?
        var tag: [String]
    }

    @Test func inputsFillParametersByNameAndTheRestGoesToTheQuery() throws {
        let input = Listing(slug: "men's shoes", page: 2, tag: ["a&b", "c"])
        #expect(try links.path(for: "category/:slug", input: input) == "/category/men's%20shoes?page=2&tag=a%26b&tag=c")
        #expect(
            try links.appLink(for: "category/:slug", input: input, scheme: "beta")
                == "beta://category/men's%20shoes?page=2&tag=a%26b&tag=c")
        #expect(try links.appLink(for: "category/:slug", input: ["slug": "a/b"]) == "shop://category/a%2Fb")
    }

    @Test func explicitValuesAndOptionalGroups() throws {
        let template: RouteTemplate = "user/:id<int>(/:tab)"
        #expect(try links.path(for: template, parameters: RouteParameters([("id", "7")])) == "/user/7")
        #expect(
            try links.universalLink(
                for: template, parameters: RouteParameters([("id", "7"), ("tab", "orders")]),
                query: QueryParameters(parsing: "q=a+b")) == "https://shop.example.com/user/7/orders?q=a%20b")
    }

    @Test func dotSegmentsAndReservedCharactersAreEncoded() throws {
        for (value, written) in [
            (".", "%2E"), ("..", "%2E%2E"), ("a?b#c", "a%3Fb%23c"), ("100%", "100%25"), ("a+b", "a+b"), ("é", "%C3%A9"),
        ] {
            #expect(try links.path(for: "p/:v", parameters: RouteParameters([("v", value)])) == "/p/\(written)")
        }
    }

    @Test func refusalsAreTypedAndSayWhy() {
        func message(_ body: () throws(RoutingError) -> String) -> String? {
            do {
                _ = try body()
                return nil
            } catch {
                return "\(error.code): \(error.message)"
            }
        }
        #expect(
            message { () throws(RoutingError) in try links.path(for: "p/:v", parameters: RouteParameters([("v", "")])) }
                == "linkUnavailable: p/:v: 'v' is empty, and a path segment cannot be")
        #expect(
            message { () throws(RoutingError) in try links.path(for: "p/*/x", parameters: RouteParameters()) }
                == "linkUnavailable: p/*/x: the template has an anonymous '*'; no link can fill it")
        #expect(
            message { () throws(RoutingError) in
                try links.path(for: "p/:id<int>", parameters: RouteParameters([("id", "x")]))
            }
                == "invalidParameter: p/:id<int>: 'id' is \"x\", which is not a valid int")
        #expect(
            message { () throws(RoutingError) in try LinkCreator().appLink(for: "p", parameters: RouteParameters()) }
                == "linkUnavailable: p: no scheme is configured for app links; pass one (scheme: …) or configure the table"
        )
        #expect(
            message { () throws(RoutingError) in try links.path(for: "p/:v", input: [[1]]) }
                == "linkUnavailable: 'p/:v': the input must be a struct or enum with named fields, not a list")
    }
}
