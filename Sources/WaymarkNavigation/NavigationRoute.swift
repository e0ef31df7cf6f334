public import Waymark

/// A route that knows where it sits when opened from a link: the screens under it, and the root.
///
/// ```swift
/// extension ShopRoute: NavigationRoute {
///     var deepLinkPath: [ShopRoute] {
///         if case .product = self { return [.category(slug: "all", sort: nil)] }   // a product sits on its category
///         return []
///     }
/// }
/// ```
public protocol NavigationRoute: Route {
    /// The screens pushed, in order, before this route when a link opens it. Default: none.
    var deepLinkPath: [Self] { get }
    /// The root to show under this route when a link opens it; `nil` keeps the current root.
    var deepLinkRoot: Self? { get }
}

extension NavigationRoute {
    /// None.
    public var deepLinkPath: [Self] { [] }
    /// `nil`: the current root stays.
    public var deepLinkRoot: Self? { nil }
}

extension NavigationState where R: NavigationRoute {
    /// The deep-link rebuild for a route that declares its path: see
    /// ``rebuild(for:root:intermediate:)``.
    public mutating func openFromLink(_ route: R, as type: RoutingType? = nil) {
        dismissAll()
        popToRoot()
        if let root = route.deepLinkRoot { replaceRoot(with: root) }
        for step in route.deepLinkPath { push(step) }
        apply(route, as: type)
    }
}
