/// A router under comparison: built from a data set's templates, answering each lookup with the
/// 1-based line of the template it matched, or 0.
public protocol ComparedRouter {
    /// The name in reports.
    static var name: String { get }
    /// Converts the data set's templates to this router's syntax (not timed).
    static func convert(_ templates: [String]) -> [String]
    /// Builds the router from converted templates (timed as "build").
    init(converted: [String]) throws
    /// Looks up one path (timed as "lookup").
    func lookup(_ path: String) -> Int
}

/// Every router of the comparison, RoutingKit first: it is the reference for ratios.
public var comparedRouters: [any ComparedRouter.Type] {
    [RoutingKitRouter.self, HummingbirdRouter.self, WaymarkRouter.self]
}
