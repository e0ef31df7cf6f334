import Waymark

/// The shop's links, read with the enum the `WaymarkRoutes` plugin writes from `shop.routes.json`
/// at build time: no route is typed twice, and the route file stays the one the server, web and
/// Android teams share.
public struct ShopLinkReader: Sendable {
    /// The table, made once: making it compiles the enum's route map.
    let table: TypedRouteTable<GeneratedShopRoute>

    /// A reader of the file's links.
    public init() throws {
        table = try GeneratedShopRoute.Table.make()
    }

    /// The route a link opens, or the file's default route when no template matches it.
    public func route(for link: String) -> GeneratedShopRoute? {
        table.route(for: link) ?? GeneratedShopRoute.Table.defaultRoute
    }

    /// The app link of a route: `shop://product/42`.
    public func appLink(for route: GeneratedShopRoute) throws -> String {
        try table.appLink(for: route)
    }
}
