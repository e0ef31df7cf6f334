/// A value that stands for one screen or action of an app: usually an enum, one case per route.
///
/// ```swift
/// enum ShopRoute: Route {
///     case home
///     case product(id: Int)
///     case account(AccountRoute)      // a nested route
/// }
///
/// enum AccountRoute: Route {
///     case orders
///     case order(id: Int)
///     var routingType: RoutingType { .sheet() }
/// }
/// ShopRoute.account(.orders).routingType   // .sheet(): the nested route's
/// ShopRoute.product(id: 42).name          // "product(42)"
/// ShopRoute.account(.order(id: 7)).name   // "account.order(7)"
/// ```
public protocol Route: Hashable, Sendable {
    /// A name for logs and analytics. The default is derived from the case: the case name, then
    /// the associated values in parentheses; a nested route's name follows a dot.
    ///
    /// For a `Codable` route (every ``URLRoute`` is one), the default reads the
    /// case name and values from the route's encoding, whose keys are compiled into the code, so it
    /// holds in an app built without reflection metadata (`-disable-reflection-metadata`, Xcode's
    /// "Reflection Metadata Level: None"). For a route that is not `Encodable` the default uses
    /// `Mirror`, which such an app strips (every name is then the type's): implement `name`, or
    /// conform to `Codable`.
    ///
    /// Each value prints as it describes itself, so a case that carries a struct prints all of
    /// it: `item(Item(id: 1, title: "Shoes"))` by reflection, `item({id: 1, title: Shoes})` from an
    /// encoding. For short names, implement `name`; for a route that is not `Codable`, a payload's
    /// `CustomStringConvertible` description is used too (an encoding does not read it).
    var name: String { get }
    /// How the route is shown. The default is the nested route's, for a case that carries one
    /// (`account(AccountRoute)` is shown as `AccountRoute` says), and ``RoutingType/push`` otherwise.
    ///
    /// For a `Codable` route the nested route is found through the route's encoding (no
    /// reflection), as for ``name``; otherwise through `Mirror`. Implement `routingType` to decide
    /// for the parent instead.
    var routingType: RoutingType { get }
}

extension Route {
    /// The case name and associated values, by reflection: `product(42)`, `account.order(7)`, `home`.
    public var name: String { RouteName.derived(from: self) }

    /// The nested route's routing type (found by reflection), or ``RoutingType/push``.
    public var routingType: RoutingType { RouteName.nestedRoute(in: self)?.routingType ?? .push }
}

extension Route where Self: Encodable {
    /// The case name and associated values, from the route's encoding (no reflection):
    /// `product(42)`, `account.order(7)`, `category(shoes, nil)`, `home`.
    public var name: String { RouteNameEncoder.name(of: self) ?? RouteName.derived(from: self) }

    /// The nested route's routing type (found through the route's encoding, no reflection), or
    /// ``RoutingType/push``.
    public var routingType: RoutingType { RouteNameEncoder.nestedRoute(of: self)?.routingType ?? .push }
}

extension Route where Self: CustomStringConvertible & Encodable {
    /// The route's ``name``, as SwiftRouting's routes describe themselves: a `Codable` route (every
    /// ``URLRoute``) that declares `CustomStringConvertible` prints as its name, so `"\(route)"` is
    /// `product(42)`.
    ///
    /// Only for `Codable` routes: a route that is not `Codable` and does not write `name` is named
    /// by how its cases print, which would read `description` back; such a route writes
    /// `var description: String { name }` after a hand-written `name`.
    public var description: String {
        // A name that falls back to reflection prints the route, which lands here again: the
        // second time, the type's name ends the loop.
        RouteName.isDescribing ? "\(Self.self)" : RouteName.$isDescribing.withValue(true) { name }
    }
}

/// How a typed route is shown when a navigation model applies it.
public enum RoutingType: Hashable, Sendable, Codable {
    /// Pushed onto the top-most navigation stack.
    case push
    /// Presented as a sheet, with its own navigation stack unless `withStack` is `false`.
    case sheet(withStack: Bool = true)
    /// Presented full screen.
    case cover
    /// Replaces the root and clears the stack.
    case root
}

/// Derives a route's default name by reflection: the case label, then either the nested route's
/// name after a dot, or the associated values in parentheses.
enum RouteName {
    /// Whether a default `description` is being made on this task (see `Route.description`).
    @TaskLocal static var isDescribing = false

    /// The case chain of `route` without its values, and whether it carries any: from its
    /// encoding when it is `Encodable` (``RouteNameEncoder/caseChain(of:)``), else by reflection
    /// (the case's label; a value that is not an enum is named by its type). Never parsed from
    /// ``Route/name``, which prints values and which an app may write itself.
    static func caseChain(of route: any Route) -> (chain: String, hasValues: Bool) {
        if let encodable = route as? any Encodable, let found = RouteNameEncoder.caseChain(of: encodable) {
            return found
        }
        let mirror = Mirror(reflecting: route)
        guard mirror.displayStyle == .enum else { return ("\(type(of: route))", true) }
        guard let child = mirror.children.first, let label = child.label else {
            // A case without values: reflection prints its name.
            return (String(describing: route), false)
        }
        let values = values(of: child.value)
        var chain = label
        var hasValues = false
        for value in values {
            if let nested = value as? any Route {
                let inner = caseChain(of: nested)
                chain += "." + inner.chain
                hasValues = hasValues || inner.hasValues
            } else {
                hasValues = true
            }
        }
        return (chain, hasValues)
    }

    /// The associated values of an enum case (its reflected child's value): the tuple's members, or
    /// the one value. What ``caseChain(of:)``, ``derived(from:)`` and ``nestedRoute(in:)`` read.
    private static func values(of payload: Any) -> [Any] {
        let mirror = Mirror(reflecting: payload)
        return mirror.displayStyle == .tuple ? mirror.children.map(\.value) : [payload]
    }

    static func derived(from value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else {
            return String(describing: value)
        }
        if let nested = child.value as? any Route { return label + "." + nested.name }
        let values = values(of: child.value)
        var described: [String] = []
        var suffix = ""
        for value in values {
            if let nested = value as? any Route {
                suffix = "." + nested.name
            } else {
                described.append(describe(value))
            }
        }
        return described.isEmpty ? label + suffix : "\(label)(\(described.joined(separator: ", ")))\(suffix)"
    }

    /// The route a case carries, as its only value or among its values, or `nil`.
    static func nestedRoute(in value: Any) -> (any Route)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
        return values(of: child.value).lazy.compactMap { $0 as? any Route }.first
    }

    private static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { describe($0.value) } ?? "nil"
        }
        return String(describing: value)
    }
}
