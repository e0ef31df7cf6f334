/// Options that change how a ``RouteTable`` compares URLs with templates.
public struct RouteTableOptions: Hashable, Sendable {
    /// Literal segments compare case-insensitively (Unicode lowercase). Off by default: literals
    /// compare exactly, except the host segment of a custom-scheme link, which always compares
    /// case-insensitively.
    public var caseInsensitivePaths: Bool
    /// A trailing `/` in a URL is significant: `product/42/` only matches templates written with a
    /// trailing `/`. Off by default: one trailing `/` is ignored. Catch-all templates accept both.
    public var strictTrailingSlash: Bool
    /// Bounds on URL length, segments and query items; see ``RouteLimits``.
    public var limits: RouteLimits

    /// Creates options; the defaults are case-sensitive literals, an ignored trailing slash and the
    /// default limits.
    public init(caseInsensitivePaths: Bool = false, strictTrailingSlash: Bool = false, limits: RouteLimits = .default) {
        self.caseInsensitivePaths = caseInsensitivePaths
        self.strictTrailingSlash = strictTrailingSlash
        self.limits = limits
    }
}
