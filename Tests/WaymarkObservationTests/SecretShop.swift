import Waymark
import WaymarkTestSupport

/// A shop whose links carry secrets, and a generator of such links with the outcome each must
/// have: the fixture of the privacy and volume tests.
///
/// Every secret starts with ``SecretShop/marker``, which no route name, template, filter or
/// feature contains: a log line or a metric label that holds the marker leaked a value.
enum SecretShop {
    static let marker = "sekrit"

    /// The resolver: `product/:id<int>`, `sign-in/:token` (the token is the secret), `orders/:id`
    /// behind a filter that rejects ids starting with `x`, `debug/menu` internal-only, a route
    /// that needs an unavailable feature, and a default route `home`.
    static func builder() -> RouteResolverBuilder {
        var builder = RouteResolverBuilder(
            schemes: ["shop"], domains: ["shop.example.com"],
            options: RouteTableOptions(limits: RouteLimits(maximumURLLength: 512)))
        builder.add("product/:id<int>", name: "product", .loggable("id")) { _ in .handled }
        builder.add("sign-in/:token", name: "signIn") { _ in .handled }
        builder.add(
            "orders/:id", name: "order",
            .filters(
                FilterClosure(name: "known-order") { request in
                    (request.routeParameters?["id"] ?? "").hasPrefix("x") ? .reject("unknown order") : .proceed
                })
        ) { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
        builder.add("pro/:plan", name: "pro", .feature(FeatureClosure(name: "pro") { false })) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return builder
    }

    /// One kind of generated link: what it is, and what routing must make of it.
    struct Kind: Sendable {
        var name: String
        var outcome: RoutingStatus
        /// The `route` label the metrics adapter gives it.
        var routeLabel: String
        var make: @Sendable (String) -> String
    }

    /// Every kind, each putting the secret where a value can hide: a path parameter, a query
    /// value, a fragment, a user part, a segment no route knows, a control character, a link over
    /// the length limit.
    static let kinds: [Kind] = [
        Kind(name: "product with a secret query and fragment", outcome: .handled, routeLabel: "product") {
            "shop://product/42?ref=\($0)#\($0)"
        },
        Kind(name: "sign-in token in the path", outcome: .handled, routeLabel: "signIn") {
            "https://shop.example.com/sign-in/\($0)"
        },
        Kind(name: "rejected order", outcome: .rejected, routeLabel: "order") { "shop://orders/x\($0)?token=\($0)" },
        Kind(name: "internal-only route from outside", outcome: .internalOnly, routeLabel: "debug") {
            "shop://debug/menu?session=\($0)"
        },
        Kind(name: "unavailable feature", outcome: .featureUnavailable, routeLabel: "pro") { "shop://pro/\($0)" },
        Kind(name: "unknown path to the default route", outcome: .handledByDefault, routeLabel: "default") {
            "shop://promo/\($0)?code=\($0)#\($0)"
        },
        Kind(name: "refused domain to the default route", outcome: .handledByDefault, routeLabel: "default") {
            "https://evil.example/product/\($0)"
        },
        Kind(name: "user part", outcome: .invalid, routeLabel: "none") {
            "https://user:\($0)@shop.example.com/product/1"
        },
        Kind(name: "control character", outcome: .invalid, routeLabel: "none") { "shop://product/\($0)\u{01}" },
        Kind(name: "over the length limit", outcome: .limitExceeded, routeLabel: "none") {
            "shop://product/1?token=\($0)&pad=" + String(repeating: "a", count: 600)
        },
    ]

    /// `count` links, kinds in a seeded random order, each with a secret of its own.
    static func links(count: Int, seed: UInt64 = 36) -> [(kind: Kind, link: String, secret: String)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let kind = kinds[Int(random.next() % UInt64(kinds.count))]
            let secret = marker + String(index, radix: 36) + String(random.next() % 1_000_000, radix: 36)
            return (kind, kind.make(secret), secret)
        }
    }
}
