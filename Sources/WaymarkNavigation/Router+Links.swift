public import Foundation

extension Router where R: URLRoute {
    /// Opens the route a link maps to in `routes`, as a link from outside (``open(_:properties:root:intermediate:)``):
    /// the presentation policy decides when it shows. Returns the policy's answer, or `nil` when
    /// the table opens no route for the link (nothing matches, its values do not fit the case, or
    /// the case may not be opened by matching alone: see `TypedRouteTable.resolve(_:origin:)`).
    ///
    /// The `URL` an app is handed (`onOpenURL`, `application(_:open:options:)`,
    /// `NSUserActivity.webpageURL`) is read as its `absoluteString`, as everywhere in Waymark.
    @discardableResult
    public func open(_ url: URL, with routes: TypedRouteTable<R>, origin: RouteOrigin? = nil) async
        -> PresentationDecision?
    {
        await open(RouteURL.text(of: url), with: routes, origin: origin)
    }

    /// Opens the route a link string maps to in `routes`, as for a `URL`.
    @discardableResult
    public func open(_ link: String, with routes: TypedRouteTable<R>, origin: RouteOrigin? = nil) async
        -> PresentationDecision?
    {
        guard let route = routes.route(for: link, origin: origin) else { return nil }
        // The table read the link, so it parses; its kind and origin go into the router's event.
        let kind = try? RouteURL(parsing: link).kind
        let origin = origin ?? (kind == .internal ? .internal : .external)
        return await open(route, properties: [:], root: nil, intermediate: [], origin: origin, link: kind)
    }
}
