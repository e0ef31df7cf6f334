import Foundation
import Waymark

/// The README's route enums ("Typed routes and links"), as written there: a nested route, an
/// optional query value, a repeated query value and a typed parameter.
// sample: README#3
enum ShopRoute: URLRoute {
    case home
    case product(id: Int)  // a typed parameter
    case search(q: String?, tag: [String])  // an optional and a repeated query value
    case category(slug: String, sort: SortOrder?)
    case account(AccountRoute)  // a nested route: mounted under "account/"

    static let routeMap: RouteMap<ShopRoute> = [
        "home": "/",
        "product": "product/:id<int>",
        "search": "search?q&tag",  // after '?': the values that travel in the query
        "category": "category/:slug?sort",
        "account": "account",
    ]
}

enum SortOrder: String, Codable, CaseIterable, Sendable { case popular, newest }

enum AccountRoute: URLRoute {
    case orders
    case order(id: UUID)
    case edit(section: String?)

    static let routeMap: RouteMap<AccountRoute> = [
        "orders": "orders",
        "order": "orders/:id<uuid>",
        "edit": "edit(/:section)",
    ]

    var routingType: RoutingType { .sheet() }  // .push unless a route says otherwise
}
// end sample

/// Routes with a catch-all, nested query values and scopes, for the less common paths.
enum DocsRoute: URLRoute {
    case page(path: [String], lang: String?)
    case admin(tab: String)
    case share(ref: String)

    static let routeMap: RouteMap<DocsRoute> = [
        "page": "docs/*path?lang",
        "admin": .template("admin/:tab", .scopes(.app(scheme: "shop"))),
        "share": .template("share/:ref", .scopes(.universalAny)),
    ]
}
