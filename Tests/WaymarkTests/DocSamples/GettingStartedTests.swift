import Testing
import Waymark

/// The samples of the Getting Started article (Waymark.docc), run as written; each
/// `// sample:` region is checked against the article by scripts/check-doc-samples.
@Suite struct GettingStartedTests {
    @Test func registerResolveAndReadTheResult() async throws {
        // sample: GettingStarted#2
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product") { request in
            let id = try request.routeParameters?.require("id", as: Int.self)
            print("show product", id ?? 0)
            return .handled
        }
        builder.add(
            "search", name: "search",
            to: { request in
                print("search for", request.queryParameters["q"] ?? "")
                return .handled
            })
        builder.setDefaultRoute(name: "home") { _ in .handled }
        let resolver = try builder.build()
        // end sample

        // sample: GettingStarted#3
        let result = await resolver.resolve("shop://product/42?ref=mail")
        let status = result.status  // .handled
        let route = result.request?.routeName  // "product"
        let template = result.request?.matchedTemplate  // product/:id<int>
        let id = result.request?.routeParameters?["id"]  // "42"
        let ref = result.request?.queryParameters["ref"]  // "mail"

        let unknown = await resolver.resolve("https://shop.example.com/nowhere")
        let fallback = unknown.status  // .handledByDefault
        let isDefault = unknown.request?.isDefaultRoute  // true
        let why = unknown.reason  // "no route matches the path (1 segment)"
        // end sample

        #expect(status == .handled)
        #expect(route == "product")
        #expect(template?.pattern == "product/:id<int>")
        #expect(id == "42")
        #expect(ref == "mail")
        #expect(fallback == .handledByDefault)
        #expect(isDefault == true)
        #expect(why == "no route matches the path (1 segment)")
        #expect(await resolver.resolve("search?q=shoes").request?.routeName == "search")
    }

    @Test func makeLinks() throws {
        // sample: GettingStarted#4
        let links = LinkCreator(schemes: ["shop"], domains: ["shop.example.com"])
        let appLink = try links.appLink(for: "product/:id<int>", input: ["id": 42])
        // "shop://product/42"
        let webLink = try links.universalLink(for: "search", input: ["q": "red shoes"])
        // "https://shop.example.com/search?q=red%20shoes"
        // end sample

        #expect(appLink == "shop://product/42")
        #expect(webLink == "https://shop.example.com/search?q=red%20shoes")
    }
}
