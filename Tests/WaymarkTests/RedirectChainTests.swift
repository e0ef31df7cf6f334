import Testing
import Waymark
import WaymarkTestSupport

/// No chain of redirects started by an external link reaches an internal-only route or skips a
/// confirmation: generated over every spelling of the target, every hop count up to the redirect
/// limit (and one past it), seeded random spellings of the hops in between, and three ways to start.
@Suite struct RedirectChainTests {
    static func resolver() throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("admin", name: "admin", .internalOnly) { _ in .handled }
        builder.add("transfer", name: "transfer", .requiresConfirmation) { _ in .handled }
        builder.add("paywall", name: "paywall", .internalOnly(reachableThroughRedirects: true)) { _ in .handled }
        // A feature fallback is a redirect too.
        builder.add(
            "pro", name: "pro", .feature(FeatureClosure(name: "pro") { false }, whenUnavailable: .redirect(to: "admin"))
        ) {
            _ in .handled
        }
        builder.add(
            "login", name: "login",
            .filters([FilterClosure(name: "next") { $0.queryParameters["next"].map { .redirect(to: $0) } ?? .proceed }])
        ) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return try builder.build()
    }

    /// Every way a target route path can be written as a redirect target that reaches it.
    static func spellings(of path: String) -> [String] {
        let (first, rest) = (path.prefix(1), path.dropFirst())
        let encodedFirst = "%" + String(first.utf8.first.map { $0 } ?? 0, radix: 16) + rest
        return [
            path, "/" + path, "shop://" + path, "SHOP://" + path, "Shop:" + path, "shop:///" + path, "shop:" + path,
            "https://shop.example.com/" + path, "HTTPS://SHOP.Example.COM/" + path,
            "https://shop.example.com:443/" + path,
            "https://shop.example.com//" + path, encodedFirst, "shop://" + encodedFirst, path + "#top",
        ]
    }

    static let hopSpellings = ["login", "/login", "shop://login", "SHOP:login", "https://shop.example.com/login"]

    /// A query value with everything but unreserved characters percent-encoded.
    static func encoded(_ value: String) -> String {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)
        return value.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format2($0)) }.joined()
    }

    static func format2(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "%" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// A chain of `hops` redirects ending at `target`, started from `start` (a spelling of `login`).
    static func chain(to target: String, hops: Int, start: String, using generator: inout SeededGenerator) -> String {
        var next = target
        for _ in 1..<hops {
            let hop = hopSpellings.randomElement(using: &generator) ?? "login"
            next = hop + "?next=" + encoded(next)
        }
        return start + "?next=" + encoded(next)
    }

    @Test func noExternalChainGetsInWhateverItsSpellingAndLength() async throws {
        let resolver = try Self.resolver()
        var generator = SeededGenerator(seed: 0x0DD_BA11)
        let targets: [(path: String, route: String)] = [
            ("admin", "admin"), ("transfer?to=evil", "transfer"), ("paywall", "paywall"), ("pro", "admin"),
        ]
        var checked = 0
        for (path, route) in targets {
            for spelling in Self.spellings(of: path) {
                for hops in 1...9 {
                    for start in ["shop://login", "https://shop.example.com/login", "login"] {
                        let url = Self.chain(to: spelling, hops: hops, start: start, using: &generator)
                        let result = await resolver.resolve(url)
                        let external = start != "login"
                        // "pro" redirects once more (its feature fallback), which counts toward the limit.
                        let redirects = hops + (path == "pro" ? 1 : 0)
                        checked += 1
                        if redirects > 8 {
                            #expect(result.status == .redirectLoop, "\(url): \(result)")
                            continue
                        }
                        #expect(result.request?.routeName == route, "\(url): \(result)")
                        #expect(result.request?.origin == (external ? .external : .internal), "\(url)")
                        #expect(result.redirects.count == redirects, "\(url): \(result)")
                        switch (route, external) {
                        case ("admin", true): #expect(result.status == .internalOnly, "\(url): \(result)")
                        case ("transfer", true): #expect(result.status == .needsConfirmation, "\(url): \(result)")
                        default: #expect(result.status == .handled, "\(url): \(result)")
                        }
                    }
                }
            }
        }
        #expect(checked == 4 * 14 * 9 * 3)
    }

    /// A confirmation covers the hop the user confirmed, not a redirect from there to another route
    /// that needs one.
    @Test func aConfirmationCoversOneHop() async throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("transfer", name: "transfer", .requiresConfirmation) { _ in .handled }
        builder.add(
            "delete", name: "delete",
            .filters([FilterClosure(name: "then") { $0.queryParameters["then"].map { .redirect(to: $0) } ?? .proceed }]
            ), .requiresConfirmation
        ) { _ in .handled }
        let resolver = try builder.build()
        let first = await resolver.resolve("shop://delete?then=transfer")
        #expect(first.status == .needsConfirmation)
        #expect(first.request?.routeName == "delete")
        let second = await resolver.resolveConfirmed(first)
        #expect(second.status == .needsConfirmation, "\(second)")
        #expect(second.request?.routeName == "transfer")
        let third = await resolver.resolveConfirmed(second)
        #expect(third.status == .handled, "\(third)")
        #expect(third.request?.origin == .external)
    }
}
