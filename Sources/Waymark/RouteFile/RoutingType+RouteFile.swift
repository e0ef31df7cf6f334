extension RoutingType {
    /// Every routing type, as a route file's `"routingType"` writes it, in the order messages list them.
    public static let routeFileSpellings: [(spelling: String, type: RoutingType)] = [
        ("push", .push), ("sheet", .sheet(withStack: true)), ("sheetWithoutStack", .sheet(withStack: false)),
        ("cover", .cover), ("root", .root),
    ]

    /// The routing type a route file's `"routingType"` names (`"sheet"`, `"sheetWithoutStack"`), or
    /// `nil` for a spelling that is not one of ``routeFileSpellings``.
    ///
    /// - Parameter spelling: The value as the file writes it; case-sensitive, as every route-file
    ///   value is.
    public init?(routeFileSpelling spelling: String) {
        guard let found = Self.routeFileSpellings.first(where: { $0.spelling == spelling }) else { return nil }
        self = found.type
    }

    /// The routing type as a route file writes it: `"push"`, `"sheet"`, `"sheetWithoutStack"`,
    /// `"cover"` or `"root"`.
    public var routeFileSpelling: String {
        Self.routeFileSpellings.first { $0.type == self }?.spelling ?? "push"
    }
}
