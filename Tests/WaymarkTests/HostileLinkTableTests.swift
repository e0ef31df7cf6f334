import Foundation
import Testing
import Waymark

/// Links from anyone: each row is a hostile link and the result it must get.
@Suite struct HostileLinkTableTests {
    struct Filter: Decodable, Sendable {
        var color: String?
    }

    static func resolver() throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.add("product/:slug", name: "slug") { _ in .handled }
        builder.add("files/*path", name: "files") { _ in .handled }
        builder.add("admin", name: "admin", .internalOnly) { _ in .handled }
        builder.add("search", name: "search", input: Filter.self) { _, _ in .handled }
        builder.add("transfer", name: "transfer", .requiresConfirmation) { _ in .handled }
        builder.add(
            "login", name: "login",
            .filters([
                FilterClosure(name: "after-login") { request in
                    request.queryParameters["next"].map { .redirect(to: $0) } ?? .proceed
                }
            ])
        ) { _ in .handled }
        let unavailable = FeatureClosure(name: "pro") { false }
        builder.add("pro", name: "pro", .feature(unavailable, whenUnavailable: .redirect(to: "admin"))) { _ in .handled
        }
        builder.add("reports", name: "reports", .feature(unavailable, whenUnavailable: .redirect(to: "paywall"))) { _ in
            .handled
        }
        builder.add("paywall", name: "paywall", .internalOnly(reachableThroughRedirects: true)) { request in
            // The destination sees the chain's true origin.
            request.origin == .external ? .handled : .unsupported("expected an external origin")
        }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return try builder.build()
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var threat: String
        var url: String
        var status: RoutingStatus
        var route: String? = nil
        var parameter: (String, String)? = nil
        var reason: String? = nil
        var limit: RouteLimits.Limit? = nil
        var testDescription: String { "\(threat): \(url.prefix(80))" }
    }

    static let nested = "search?" + (0..<20).map { _ in "a" }.joined() + String(repeating: "[b]", count: 20) + "=1"

    static let rows: [Row] = [
        // Host confusion.
        Row(
            threat: "user part before the real host", url: "https://evil.example@shop.example.com/product/42",
            status: .invalid,
            reason: "the universal link has a user or password part before '@'; links with one are refused"),
        Row(
            threat: "accepted domain as a prefix of another", url: "https://shop.example.com.evil.example/product/42",
            status: .handledByDefault, route: "home",
            reason: "the domain 'shop.example.com.evil.example' is not accepted; accepted domains: shop.example.com"),
        Row(threat: "uppercase host", url: "https://SHOP.Example.COM/product/42", status: .handled, route: "product"),
        Row(
            threat: "trailing-dot host", url: "https://shop.example.com./product/42", status: .handledByDefault,
            route: "home",
            reason: "the domain 'shop.example.com.' is not accepted; accepted domains: shop.example.com"),
        Row(
            threat: "IDN look-alike (Cyrillic a)", url: "https://shop.ex\u{0430}mple.com/product/42", status: .invalid,
            reason: "the universal link's host is not ASCII; write internationalized domains in punycode"),
        Row(
            threat: "punycode look-alike", url: "https://xn--shop-example-9xb.com/product/42",
            status: .handledByDefault, route: "home"),
        Row(threat: "a port", url: "https://shop.example.com:8443/product/42", status: .handled, route: "product"),
        Row(
            threat: "percent-encoded host", url: "https://shop%2Eexample.com/product/42", status: .invalid,
            reason: "the universal link's host contains '%', which is refused"),
        Row(threat: "backslash host trick", url: "https://shop.example.com\\@evil.example/product/1", status: .invalid),
        // Encoded traversal never reaches another route.
        Row(
            threat: "encoded dot-dot", url: "shop://files/%2e%2e/admin", status: .handled, route: "files",
            parameter: ("path", "../admin")),
        Row(
            threat: "dot-dot with an encoded slash", url: "shop://product/..%2Fadmin", status: .handled, route: "slug",
            parameter: ("slug", "../admin")),
        Row(
            threat: "double encoding", url: "shop://product/%252Fadmin", status: .handled, route: "slug",
            parameter: ("slug", "%2Fadmin")),
        Row(threat: "literal dot-dot", url: "shop://product/../admin", status: .handledByDefault, route: "home"),
        // Control characters and bad UTF-8.
        Row(
            threat: "raw NUL", url: "shop://product/a\u{0}b", status: .invalid,
            reason: "the URL contains the control character U+0000 at byte 16; percent-encode it or remove it"),
        Row(threat: "raw newline in the query", url: "shop://product/1?a=\nb", status: .invalid),
        Row(
            threat: "encoded NUL is data", url: "shop://product/a%00b", status: .handled, route: "slug",
            parameter: ("slug", "a\u{0}b")),
        Row(
            threat: "overlong UTF-8 slash", url: "shop://product/%C0%AFadmin", status: .invalid,
            reason: "path segment 2 ('%C0%AFadmin') is not valid UTF-8 once percent-decoded"),
        Row(threat: "invalid UTF-8 byte", url: "shop://product/%FF", status: .invalid),
        Row(threat: "encoded surrogate", url: "shop://product/%ED%A0%80", status: .invalid),
        // Sizes.
        Row(
            threat: "a 1 MB URL", url: "shop://product/" + String(repeating: "x", count: 1_000_000),
            status: .limitExceeded, limit: .urlLength),
        Row(
            threat: "100,000 query items", url: "shop://product/1?" + String(repeating: "a&", count: 100_000),
            status: .limitExceeded, limit: .urlLength),
        Row(
            threat: "1,000 query items", url: "shop://product/1?" + String(repeating: "a&", count: 1_000),
            status: .limitExceeded, limit: .queryItems),
        Row(
            threat: "10,000 segments", url: "shop://files/" + String(repeating: "a/", count: 10_000),
            status: .limitExceeded, limit: .urlLength),
        Row(
            threat: "500 segments", url: "shop://files/" + String(repeating: "a/", count: 500), status: .limitExceeded,
            limit: .segments),
        Row(
            threat: "deeply nested keys", url: nested, status: .invalid,
            reason:
                "route 'search' (\"search\") has invalid input: a parameter name nests 21 levels, over the limit of 8 (maximumKeyDepth)"
        ),
        // Schemes that are not app schemes.
        Row(
            threat: "javascript:", url: "javascript:alert(1)", status: .handledByDefault, route: "home",
            reason: "'javascript' is not an app scheme; links with it are never routed"),
        Row(
            threat: "file:", url: "file:///etc/passwd", status: .handledByDefault, route: "home",
            reason: "'file' is not an app scheme; links with it are never routed"),
        Row(threat: "data:", url: "data:text/html,<script>alert(1)</script>", status: .handledByDefault, route: "home"),
        Row(threat: "an unknown app scheme", url: "evil://product/42", status: .handledByDefault, route: "home"),
        // Open redirects through a filter.
        Row(
            threat: "redirect to another site", url: "shop://login?next=https://evil.example/phish",
            status: .redirectRefused,
            reason:
                "the redirect to \"https://evil.example/phish\" by after-login is refused: its domain is not one the table accepts; redirects may only go to internal routes or to accepted schemes and domains"
        ),
        Row(threat: "redirect to javascript:", url: "shop://login?next=javascript:alert(1)", status: .redirectRefused),
        Row(
            threat: "redirect to a protocol-relative URL", url: "shop://login?next=//evil.example/x",
            status: .redirectRefused,
            reason:
                #"the redirect to "//evil.example/x" by after-login is refused: it starts with "//", a link to another host; redirects may only go to internal routes or to accepted schemes and domains"#
        ),
        Row(
            threat: "redirect to a backslash-relative URL", url: "shop://login?next=%5C%5Cevil.example/x",
            status: .redirectRefused),
        Row(threat: "redirect to /\\host", url: "shop://login?next=/%5Cevil.example/x", status: .redirectRefused),
        Row(threat: "redirect inside the app", url: "shop://login?next=product/42", status: .handled, route: "product"),
        Row(
            threat: "redirect to an accepted link", url: "shop://login?next=https://shop.example.com/product/7",
            status: .handled, route: "product"),
        // Internal-only routes and confirmation.
        Row(threat: "internal-only route from an app link", url: "shop://admin", status: .internalOnly, route: "admin"),
        Row(
            threat: "internal-only route from a universal link", url: "https://shop.example.com/admin",
            status: .internalOnly),
        Row(threat: "internal-only route from inside the app", url: "admin", status: .handled, route: "admin"),
        Row(
            threat: "a route that needs confirmation", url: "shop://transfer?to=evil", status: .needsConfirmation,
            route: "transfer"),
        // A redirect keeps the origin of the chain: an external link stays external.
        Row(
            threat: "internal-only route through a redirect", url: "shop://login?next=admin", status: .internalOnly,
            route: "admin",
            reason:
                #"route 'admin' ("admin") is internal-only; a redirect in a chain started by an external link cannot open it"#
        ),
        Row(threat: "… spelled /admin", url: "shop://login?next=/admin", status: .internalOnly, route: "admin"),
        Row(threat: "… spelled shop://admin", url: "shop://login?next=shop://admin", status: .internalOnly),
        Row(threat: "… spelled SHOP:admin", url: "shop://login?next=SHOP:admin", status: .internalOnly),
        Row(
            threat: "… as an accepted universal link", url: "shop://login?next=https://shop.example.com/admin",
            status: .internalOnly),
        Row(threat: "… in two hops", url: "shop://login?next=login%3Fnext%3Dadmin", status: .internalOnly),
        Row(
            threat: "confirmation skipped through a redirect", url: "shop://login?next=transfer%3Fto%3Devil",
            status: .needsConfirmation, route: "transfer"),
        Row(threat: "a feature fallback to an internal-only route", url: "shop://pro", status: .internalOnly),
        Row(
            threat: "a redirect-only screen named directly", url: "shop://paywall", status: .internalOnly,
            route: "paywall"),
        Row(
            threat: "a redirect-only screen through a redirect", url: "shop://reports", status: .handled,
            route: "paywall"),
    ]

    @Test(arguments: rows)
    func row(_ row: Row) async throws {
        let result = try await Self.resolver().resolve(row.url)
        #expect(result.status == row.status, "\(result)")
        if let route = row.route { #expect(result.request?.routeName == route) }
        if let (name, value) = row.parameter { #expect(result.request?.routeParameters?[name] == value) }
        if let reason = row.reason { #expect(result.reason == reason) }
        if let limit = row.limit { #expect(result.exceededLimit == limit) }
    }

    @Test func aConfirmedLinkGoesOn() async throws {
        let resolver = try Self.resolver()
        let first = await resolver.resolve("shop://transfer")
        #expect(first.status == .needsConfirmation)
        let confirmed = await resolver.resolveConfirmed(first)
        #expect(confirmed.status == .handled)
        #expect(await resolver.resolve("transfer").status == .handled)
    }
}
