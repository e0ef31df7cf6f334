import Waymark

/// The app every WaymarkTesting test checks: a shop with a product, a search, a transfer that asks
/// to confirm, an internal debug menu, and a filter that sends `promo/…` links somewhere.
enum ShopFixture {
    /// Where the promo filter sends a promo link; `debug/menu` is the mistake the security check finds.
    static func resolver(promoTarget: String = "search") throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product", .properties(["presentation": "modal"])) { _ in .handled }
        builder.add("search?q={q}", name: "search") { _ in .handled }
        builder.add("transfer/:amount<int>", name: "transfer", .requiresConfirmation) { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
        builder.add(
            "promo/:code", name: "promo",
            .filters(FilterClosure(name: "promo") { _ in .redirect(to: promoTarget) })
        ) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return try builder.build()
    }

    enum ShopRoute: URLRoute, Equatable {
        case product(id: Int)
        case search(q: String?)
        case help(topic: [String])

        static let routeMap: RouteMap<ShopRoute> = [
            "product": "product/:id<int>",
            "search": "search?q",
            "help": "help/*topic",
        ]
    }

    static func table() throws -> TypedRouteTable<ShopRoute> {
        try TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
    }

    /// A table where `item(name: "featured")` prints `items/featured`, the link of `featured`,
    /// which the literal template wins: that value does not round-trip.
    enum BrokenRoute: URLRoute, Equatable {
        case item(name: String)
        case featured

        static let routeMap: RouteMap<BrokenRoute> = [
            "item": "items/:name",
            "featured": "items/featured",
        ]
    }

    static let movedProductMessage = """
        shop://p/42 does not open product(id=42): it opens the default route (home): no route matches the path (2 segments)
          nearest templates:
            product (product/:id<int>): segment 1 is "p", the template expects 'product'
            search (search?q={q}): segment 1 is "p", the template expects 'search'
            transfer (transfer/:amount<int>): segment 1 is "p", the template expects 'transfer'
        """
}
