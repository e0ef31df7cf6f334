public import Logging
public import Observation
public import Waymark

/// Routers for an app with tabs: one ``Router`` per tab, and the selected tab. A route opened in a
/// tab selects the tab, then goes through that tab's router.
///
/// ```swift
/// let tabs = TabRouter(tabs: [("shop", ShopRoute.home), ("account", .account(.orders))], selected: "shop")
/// await tabs.open(.account(.order(id: id)), in: "account")
/// ```
@MainActor
@Observable
public final class TabRouter<Tab: Hashable & Sendable, R: Route> {
    /// The tab on screen.
    public var selectedTab: Tab {
        didSet {
            if selectedTab != oldValue { logger.debug("navigation[tabs]: selected \(selectedTab)") }
        }
    }
    /// The tabs, in order.
    public let tabs: [Tab]
    private let routers: [Tab: Router<R>]
    @ObservationIgnored private let logger: Logger

    /// One router per tab, each showing its root; `selected` must be one of the tabs (else the
    /// first is selected).
    public init(tabs: [(Tab, R)], selected: Tab, logger: Logger = Logger(label: "waymark.navigation")) {
        self.tabs = tabs.map(\.0)
        var routers: [Tab: Router<R>] = [:]
        for (tab, root) in tabs { routers[tab] = Router(root: root, name: "\(tab)", logger: logger) }
        self.routers = routers
        self.logger = logger
        self.selectedTab = tabs.contains { $0.0 == selected } ? selected : (tabs.first?.0 ?? selected)
    }

    /// The router of a tab.
    public func router(for tab: Tab) -> Router<R>? { routers[tab] }

    /// The selected tab's router.
    public var selectedRouter: Router<R>? { routers[selectedTab] }

    /// Selects `tab`, then opens the route in its router (see ``Router/open(_:properties:root:intermediate:)``).
    /// An unknown tab is ``PresentationDecision/unsupported(_:)``.
    @discardableResult
    public func open(_ route: R, in tab: Tab, properties: [String: JSONValue] = [:]) async -> PresentationDecision {
        guard let router = routers[tab] else { return .unsupported("there is no tab \(tab)") }
        selectedTab = tab
        return await router.open(route, properties: properties)
    }
}
