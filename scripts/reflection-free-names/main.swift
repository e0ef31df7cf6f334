// Compiled by scripts/check-reflection-free-names.sh together with Route.swift and
// RouteNameEncoder.swift, with reflection metadata stripped, as an app built with Xcode's
// "Reflection Metadata Level: None" is. Each line prints a route's name (or routing type) and the one it must have.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Section: String, Codable { case email, password }

enum AccountRoute: Route, Codable {
    case orders
    case edit(section: Section?)
    var routingType: RoutingType { .sheet() }
}

enum ShopRoute: Route, Codable {
    case home
    case product(id: Int)
    case category(slug: String, sort: String?)
    case search(q: String, tags: [String])
    case account(AccountRoute)
    case pair(Int, Double)
}

let cases: [(any Route, String)] = [
    (ShopRoute.home, "home"),
    (ShopRoute.product(id: 42), "product(42)"),
    (ShopRoute.category(slug: "shoes", sort: nil), "category(shoes, nil)"),
    (ShopRoute.category(slug: "shoes", sort: "new"), "category(shoes, new)"),
    (ShopRoute.search(q: "red", tags: ["a", "b"]), "search(red, [a, b])"),
    (ShopRoute.account(.orders), "account.orders"),
    (ShopRoute.account(.edit(section: .email)), "account.edit(email)"),
    (ShopRoute.account(.edit(section: nil)), "account.edit(nil)"),
    (ShopRoute.pair(1, 2.5), "pair(1, 2.5)"),
]
var failures = 0
for (route, expected) in cases {
    let name = route.name
    print(name == expected ? "ok    " : "WRONG ", name, name == expected ? "" : "(expected \(expected))")
    if name != expected { failures += 1 }
}
// A case that carries a route is shown as that route says (its routing type is found through
// the encoding too); one that does not is pushed.
let types: [(any Route, RoutingType)] = [
    (ShopRoute.account(.orders), .sheet()),
    (ShopRoute.account(.edit(section: nil)), .sheet()),
    (ShopRoute.product(id: 1), .push),
]
for (route, expected) in types {
    let type = route.routingType
    print(type == expected ? "ok    " : "WRONG ", route.name, type, type == expected ? "" : "(expected \(expected))")
    if type != expected { failures += 1 }
}
// The case chain events, metric labels and log lines use (RoutingEvent.caseName,
// ValueRedaction.loggableName): from the encoding's keys, never from a value.
let chains: [(any Route, String, Bool)] = [
    (ShopRoute.home, "home", false),
    (ShopRoute.product(id: 42), "product", true),
    (ShopRoute.category(slug: "a)b", sort: nil), "category", true),
    (ShopRoute.account(.orders), "account.orders", false),
    (ShopRoute.account(.edit(section: .email)), "account.edit", true),
]
for (route, chain, hasValues) in chains {
    let found = RouteName.caseChain(of: route)
    let right = found.chain == chain && found.hasValues == hasValues
    print(right ? "ok    " : "WRONG ", found.chain, found.hasValues, right ? "" : "(expected \(chain), \(hasValues))")
    if !right { failures += 1 }
}
let total = cases.count + types.count + chains.count
print("reflection-free names and routing types: \(total - failures) of \(total) as expected")
if failures > 0 { exit(1) }
