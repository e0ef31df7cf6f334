import Waymark

/// The shop's links, read with the enum the `WaymarkRoutes` plugin writes from `shop.routes.json`
/// at build time: no route is typed twice, and the route file stays the one the server, web and
/// Android teams share.
public enum ShopLinkReader {
    /// The route a link opens, or `nil`.
    public static func route(for link: String) throws -> GeneratedShopRoute? {
        try GeneratedShopRoute.Table.make().route(for: link)
    }

    /// The app link of a route: `shop://product/42`.
    public static func appLink(for route: GeneratedShopRoute) throws -> String {
        try GeneratedShopRoute.Table.make().appLink(for: route)
    }
}
