public import Waymark

/// The shop's screens, as the app opens them from a link.
public enum ShopRoute: URLRoute, Equatable {
    case home
    case product(id: Int)
    case search(q: String?)
    case help(topic: [String])
    case transfer(amount: Int)
    case debug

    public static let routeMap: RouteMap<ShopRoute> = [
        "home": "/",
        "product": "product/:id<int>",
        "search": "search?q",
        "help": "help/*topic",
        "transfer": .template("transfer/:amount<int>", .requiresConfirmation),
        "debug": .template("debug/menu", .internalOnly),
    ]
}
