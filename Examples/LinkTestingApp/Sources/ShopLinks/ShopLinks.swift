import Foundation
public import Waymark

/// Where the app's links are made: its typed table, its resolver and its route file.
public enum ShopLinks {
    /// The schemes the app registers.
    public static let schemes = ["shop"]
    /// The domains of its universal links.
    public static let domains = ["shop.example.com"]

    /// The typed table: links to route values and back.
    public static func table() throws -> TypedRouteTable<ShopRoute> {
        try TypedRouteTable<ShopRoute>(schemes: schemes, domains: domains)
    }

    /// The resolver the app runs: every route, a default route, and a filter that sends the old
    /// `sale/…` links of a past campaign to the search.
    ///
    /// - Parameter open: What the app does with a route value (in tests, nothing).
    public static func resolver(
        open: @escaping @Sendable (ShopRoute) async -> Void = { _ in }
    ) throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: schemes, domains: domains)
        try builder.add(routes: ShopRoute.self) { route, _ in
            await open(route)
            return .handled
        }
        builder.add(
            "sale/:code", name: "sale",
            .filters(FilterClosure(name: "sale-ended") { _ in .redirect(to: "search?q=sale") })
        ) { _ in .handled }
        builder.setDefaultRoute(name: "ShopRoute.home") { _ in .handled }
        return try builder.build()
    }

    /// The route file the app shares with its web and Android colleagues.
    public static func routeFile() throws -> RouteFile {
        guard let url = Bundle.module.url(forResource: "shop.routes", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try RouteFile(contentsOf: url)
    }
}
