import Waymark

/// The resolution benchmark: from a URL string to a `RouteRequest` with its decoded query, on a
/// small app's resolver. Shared by the package-benchmark suite and `waymark-compare --set resolution`.
public enum ResolutionBenchmark {
    /// The URL the issue names.
    public static let url = "shop://product/42?ref=mail&utm_source=x"

    /// Resolutions per timed pass (and per pass counted by callgrind).
    public static let resolutionsPerPass = 1_000

    /// A resolver with six routes, one of them `product/:id<int>` with a property.
    public static func makeResolver() throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("/", name: "home") { _ in .handled }
        builder.add("product/:id<int>", name: "product", .properties(["presentation": "modal"])) { _ in .handled }
        builder.add("category/:slug", name: "category") { _ in .handled }
        builder.add("search", name: "search") { _ in .handled }
        builder.add("user/:user_id/profile(/:tab)", name: "profile") { _ in .handled }
        builder.add("help/*topic", name: "help") { _ in .handled }
        return try builder.build()
    }

    /// Whether a request is the expected answer for ``url``.
    public static func isExpected(_ request: RouteRequest?) -> Bool {
        guard let request else { return false }
        return request.routeName == "product" && request.routeParameters?["id"] == "42"
            && request.queryParameters["ref"] == "mail" && request.queryParameters["utm_source"] == "x"
    }
}
