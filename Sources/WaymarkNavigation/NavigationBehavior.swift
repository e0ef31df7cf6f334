public import Waymark

/// What a request's path properties ask the navigation to do, in Hotwire Native's vocabulary:
/// `context: modal` presents (a cover for `modal_style: full`), `presentation` pops, replaces,
/// replaces the root, clears everything, refreshes or does nothing.
public enum NavigationBehavior: Hashable, Sendable {
    /// Apply the route with this routing type.
    case show(RoutingType)
    /// Pop the top screen (and show nothing new).
    case pop
    /// Replace the top screen with the route.
    case replace
    /// Dismiss every presentation and pop to the root (and show nothing new).
    case clearAll
    /// Keep the screen; the app reloads its content.
    case refresh
    /// Do nothing.
    case none

    /// The behaviour for a route and its request's properties, and the problems found (unknown
    /// values, reported rather than ignored silently).
    ///
    /// A route that states its own routing type (anything but `.push`) keeps it: properties only
    /// decide for routes that leave it to them. `presentation: replace_root` gives `.show(.root)`.
    public static func resolve<R: Route>(_ route: R, properties: [String: JSONValue]) -> (
        behavior: NavigationBehavior, problems: [String]
    ) {
        var problems: [String] = []
        let context = properties["context"]
        let presentation = properties["presentation"]
        var modal = false
        switch context {
        case nil, .string("default")?: break
        case .string("modal")?: modal = true
        case let other?:
            problems.append("context: \(other.quoted()) is not default or modal; read as default")
        }
        var behavior: NavigationBehavior = .show(.push)
        switch presentation {
        case nil, .string("default")?, .string("push")?: break
        case .string("pop")?: behavior = .pop
        case .string("replace")?: behavior = .replace
        case .string("replace_root")?: behavior = .show(.root)
        case .string("clear_all")?: behavior = .clearAll
        case .string("refresh")?: behavior = .refresh
        case .string("none")?: behavior = NavigationBehavior.none
        case let other?:
            problems.append(
                "presentation: \(other.quoted()) is not one of default, push, pop, replace, replace_root, clear_all, refresh, none; read as default"
            )
        }
        if route.routingType != .push { return (.show(route.routingType), problems) }
        if case .show(.push) = behavior, modal {
            let full = properties["modal_style"] == .string("full")
            behavior = .show(full ? .cover : .sheet(withStack: true))
        }
        return (behavior, problems)
    }
}

extension NavigationState {
    /// Applies a route with a behaviour.
    public mutating func apply(_ route: R, behavior: NavigationBehavior) {
        var work = 0
        apply(route, behavior: behavior, work: &work)
    }

    /// ``apply(_:behavior:)``, counting `work` as ``apply(_:as:work:)`` does.
    package mutating func apply(_ route: R, behavior: NavigationBehavior, work: inout Int) {
        switch behavior {
        case .show(let type): apply(route, as: type, work: &work)
        case .pop: pop()
        case .replace:
            pop()
            push(route, work: &work)
        case .clearAll:
            dismissAll()
            popToRoot()
        case .refresh, .none: break
        }
    }
}
