import Testing
import Waymark

/// The samples of "Security" (Waymark.docc), run as written.
@Suite struct SecurityTests {
    @Test func hostileLinks() async throws {
        // sample: Security#1
        let next = FilterClosure(name: "next") { request in
            .redirect(to: request.queryParameters["next"] ?? "/")
        }
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("/", name: "home") { _ in .handled }
        builder.add("admin", name: "admin", .internalOnly) { _ in .handled }
        builder.add("transfer/:amount<int>", name: "transfer", .requiresConfirmation) { _ in .handled }
        builder.add("go", name: "go", .filters(next)) { _ in .handled }
        let resolver = try builder.build()

        let direct = await resolver.resolve("shop://admin").status  // .internalOnly
        let throughRedirect = await resolver.resolve("shop://go?next=admin").status  // .internalOnly
        let offSite = await resolver.resolve("shop://go?next=https://evil.example/").status  // .redirectRefused
        let protocolRelative = await resolver.resolve("shop://go?next=//evil.example/x").status  // .redirectRefused
        let lookalike = await resolver.resolve("https://shop.example.com.evil.example/admin").status  // .refused
        let userPart = await resolver.resolve("https://evil.example@shop.example.com/").status  // .invalid
        let transfer = await resolver.resolve("https://shop.example.com/transfer/100").status  // .needsConfirmation
        let fromTheApp = await resolver.resolve("admin").status  // .handled
        // end sample
        #expect(direct == .internalOnly)
        #expect(throughRedirect == .internalOnly)
        #expect(offSite == .redirectRefused)
        #expect(protocolRelative == .redirectRefused)
        #expect(lookalike == .refused)
        #expect(userPart == .invalid)
        #expect(transfer == .needsConfirmation)
        #expect(fromTheApp == .handled)
    }
}
