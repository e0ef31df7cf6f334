public import Logging
public import Observation
public import Waymark

/// Holds a ``NavigationState`` for the UI to follow: `@MainActor` and `@Observable`, so SwiftUI
/// views bind to it directly. Every change is logged through swift-log with the route's `name` and
/// what changed, to the `logger` given to ``init(root:name:logger:isReady:)``.
///
/// Levels: each change at `debug` (an operation that changes nothing at `trace`); a route from
/// outside that the router defers, or that the policy or the user cancels, at `debug` too (routine:
/// the routing result says so); a route the policy answers ``PresentationDecision/unsupported(_:)``
/// at `notice` (the link is dropped); a problem in path properties at `warning`. swift-log's default
/// handler prints `info` and above to standard error, so an app (or `waymark navigate`) that has not
/// asked for more sees only what it may need to act on.
///
/// ```swift
/// let router = Router(root: ShopRoute.home)
/// router.apply(.product(id: 42))
/// await router.open(.account(.orders), properties: request.properties)   // from a link
/// ```
@MainActor
@Observable
public final class Router<R: Route> {
    /// What is on screen. Setting it (a SwiftUI binding does) is logged like any change.
    public var state: NavigationState<R> {
        didSet {
            if state != oldValue { log("state set", nil) }
        }
    }
    /// A name for logs (`main`, a tab's name).
    public let name: String
    /// Decides whether routes from outside can be shown now.
    @ObservationIgnored public var policy: (any PresentationPolicy<R>)?
    /// Routes a policy deferred, in arrival order.
    public private(set) var deferred: [Deferred] = []
    /// Problems found in path properties (unknown values), most recent last.
    public private(set) var problems: [String] = []
    @ObservationIgnored private var logger: Logger
    /// Where ``open(_:properties:root:intermediate:)`` sends a `RoutingEvent` (source `router`,
    /// the policy's answer as the outcome), and where a deferred route sends one (source
    /// `deferred`, the wait as the duration) when it finally shows. `nil`: no events. Give it a
    /// resolver's channel (`router.observation = resolver.observation`) to keep one ordered stream,
    /// or a channel of its own (`ObservationChannel(observers: [logObserver])`).
    @ObservationIgnored public var observation: ObservationChannel<RoutingEvent>?
    /// When each of ``deferred`` arrived, from where and by which kind of link, in the same order:
    /// its event when it shows.
    @ObservationIgnored private var deferredArrivals:
        [(since: ContinuousClock.Instant, origin: RouteOrigin, link: RouteURL.Kind?)] = []

    /// A route waiting for the UI, with how it will be applied.
    public struct Deferred: Hashable, Sendable {
        /// The route.
        public let route: R
        /// How it will be applied.
        public let behavior: NavigationBehavior
        /// The root it will be shown on, if it replaces the current one.
        public let root: R?
        /// The screens pushed under it.
        public let intermediate: [R]
    }

    /// Whether the UI can show routes from outside. While it is `false`, ``open(_:properties:root:intermediate:)``
    /// defers every route without asking the ``policy`` (a link that launched the app arrives
    /// before there is a window); setting it to `true` applies them, in arrival order, once.
    ///
    /// ```swift
    /// let router = Router(root: ShopRoute.home, isReady: false)   // at launch
    /// // … the first screen is on screen:
    /// router.isReady = true
    /// ```
    public var isReady: Bool {
        didSet {
            if isReady && !oldValue { presentationBecameReady() }
        }
    }

    /// A router showing `root`.
    ///
    /// - Parameters:
    ///   - root: The route at the root of the first level.
    ///   - name: A name for logs (`main`, a tab's name).
    ///   - logger: Where changes are logged, and at which levels (see ``Router``). The default
    ///     has the label `waymark.navigation` and goes to the handler the app bootstrapped with
    ///     `LoggingSystem`, or swift-log's default (standard error, `info` and above).
    ///   - isReady: `false` for a router made before the UI exists (a cold launch from a link):
    ///     routes from outside wait until ``isReady`` is set.
    public init(
        root: R, name: String = "main", logger: Logger = Logger(label: "waymark.navigation"), isReady: Bool = true
    ) {
        self.state = NavigationState(root: root)
        self.name = name
        self.logger = logger
        self.isReady = isReady
    }

    // MARK: - In-app navigation

    /// Applies a route by its routing type (or `type`).
    public func apply(_ route: R, as type: RoutingType? = nil) {
        change("apply \(type.map { "\($0)" } ?? "\(route.routingType)")", route) { $0.apply(route, as: type) }
    }

    /// Pushes onto the top-most stack.
    public func push(_ route: R) { change("push", route) { $0.push(route) } }

    /// Pops the top-most stack.
    public func pop() { change("pop", nil) { $0.pop() } }

    /// Pops the top-most stack to `route`.
    public func pop(to route: R) { change("pop to", route) { $0.pop(to: route) } }

    /// Clears the top-most stack.
    public func popToRoot() { change("pop to root", nil) { $0.popToRoot() } }

    /// Dismisses the top-most presentation.
    public func dismiss() { change("dismiss", nil) { $0.dismiss() } }

    /// Dismisses every presentation.
    public func dismissAll() { change("dismiss all", nil) { $0.dismissAll() } }

    /// Replaces the root and clears everything above it.
    public func replaceRoot(with route: R) { change("replace root", route) { $0.replaceRoot(with: route) } }

    // MARK: - From outside

    /// Opens a route that arrived from outside: asks the ``policy``, then (when ready) rebuilds the
    /// state as the deep-link plan says — dismiss everything, pop to the root, replace the root
    /// (`root`, or the route's ``NavigationRoute/deepLinkRoot``), push `intermediate` (or the route's
    /// ``NavigationRoute/deepLinkPath``), then apply the route with the behaviour its request's path
    /// properties ask for. Returns the policy's answer.
    @discardableResult
    public func open(
        _ route: R, properties: [String: JSONValue] = [:], root: R? = nil, intermediate: [R] = []
    ) async -> PresentationDecision {
        await open(route, properties: properties, root: root, intermediate: intermediate, origin: .external, link: nil)
    }

    /// ``open(_:properties:root:intermediate:)`` for a route read from a link: its origin and kind
    /// go into the event (``observation``).
    func open(
        _ route: R, properties: [String: JSONValue], root: R?, intermediate: [R], origin: RouteOrigin,
        link: RouteURL.Kind?
    ) async -> PresentationDecision {
        let start = ContinuousClock.now
        var root = root
        var intermediate = intermediate
        if root == nil, intermediate.isEmpty, let navigable = route as? any NavigationRoute {
            let declared = Self.deepLink(of: navigable)
            root = declared.root as? R
            intermediate = declared.path.compactMap { $0 as? R }
        }
        let (behavior, found) = NavigationBehavior.resolve(route, properties: properties)
        for problem in found {
            problems.append("\(route.name): \(problem)")
            logger.warning("navigation[\(name)]: \(Self.logName(route)): \(problem)")
        }
        // Before the UI exists, nothing is asked: the policy decides about a screen that is there.
        let decision = isReady ? await policy?.decide(route, in: state) ?? .ready : .deferred
        switch decision {
        case .ready:
            rebuild(route, behavior: behavior, root: root, intermediate: intermediate)
        case .deferred:
            // Routine: every link of a cold launch waits here, and a policy defers by design; the
            // route is kept and shown later, and the result says `.deferred`.
            deferred.append(Deferred(route: route, behavior: behavior, root: root, intermediate: intermediate))
            deferredArrivals.append((start, origin, link))
            logger.debug("navigation[\(name)]: deferred \(Self.logName(route)) (\(deferred.count) waiting)")
        case .cancelled(let reason):
            // The app's own policy chose this (a payment sheet is up, say), and the result carries
            // the reason: the app working as designed.
            logger.debug("navigation[\(name)]: \(decision) \(Self.logName(route)): \(reason)")
        case .userCancelled:
            // The user's choice.
            logger.debug("navigation[\(name)]: the user cancelled \(Self.logName(route))")
        case .unsupported(let reason):
            // A link reached a screen this app cannot show here, and is dropped for good: a link
            // published for a screen the build or device lacks, which someone may need to act on.
            logger.notice("navigation[\(name)]: \(decision) \(Self.logName(route)): \(reason)")
        }
        observation?.send(
            RoutingEvent(
                source: .router, outcome: RoutingEvent.Outcome(Self.status(of: decision)),
                routeName: RoutingEvent.caseName(of: route),
                template: nil, origin: origin, linkKind: link, duration: ContinuousClock.now - start))
        return decision
    }

    /// The routing status that stands for a policy's answer in an event.
    private static func status(of decision: PresentationDecision) -> RoutingStatus {
        switch decision {
        case .ready: .handled
        case .deferred: .deferred
        case .cancelled: .presentationCancelled
        case .userCancelled: .userCancelled
        case .unsupported: .unsupported
        }
    }

    /// The UI can take routes again: applies every deferred route, in arrival order, once. While
    /// ``isReady`` is `false` it does nothing: there is no UI yet, and the routes keep waiting for it.
    public func presentationBecameReady() {
        guard isReady else { return }
        let waiting = zip(deferred, deferredArrivals)
        deferred.removeAll()
        deferredArrivals.removeAll()
        let now = ContinuousClock.now
        for (item, arrival) in waiting {
            rebuild(item.route, behavior: item.behavior, root: item.root, intermediate: item.intermediate)
            observation?.send(
                RoutingEvent(
                    source: .deferred, outcome: RoutingEvent.Outcome(.handled),
                    routeName: RoutingEvent.caseName(of: item.route),
                    template: nil, origin: arrival.origin, linkKind: arrival.link, duration: now - arrival.since))
        }
    }

    private static func deepLink<N: NavigationRoute>(of route: N) -> (root: Any?, path: [Any]) {
        (route.deepLinkRoot, route.deepLinkPath)
    }

    private func rebuild(_ route: R, behavior: NavigationBehavior, root: R?, intermediate: [R]) {
        change("open from link (\(behavior))", route) { state in
            state.dismissAll()
            state.popToRoot()
            if let root { state.replaceRoot(with: root) }
            for step in intermediate { state.push(step) }
            state.apply(route, behavior: behavior)
        }
    }

    // MARK: - Levels

    /// A router for the level at `depth` (0: the root level; 1: the first presentation…), for the
    /// views of a presented stack.
    public func level(_ depth: Int) -> LevelRouter<R> {
        LevelRouter(router: self, depth: depth)
    }

    /// The stack of the level at `depth` (empty when there is no such level).
    public func stack(at depth: Int) -> [R] {
        state.level(depth)?.stack ?? []
    }

    /// Replaces the stack of the level at `depth` (a SwiftUI `NavigationStack` path binding).
    public func setStack(_ stack: [R], at depth: Int) {
        change("set stack at level \(depth)", stack.last) { state in
            state.updateLevel(depth) { $0.stack = stack }
        }
    }

    /// The presentation over the level at `depth`.
    public func presentation(at depth: Int) -> NavigationState<R>.Presentation? {
        state.level(depth)?.presentation
    }

    /// Dismisses what is presented over the level at `depth` (a SwiftUI sheet binding set to nil).
    public func dismissPresentation(at depth: Int) {
        change("dismiss over level \(depth)", nil) { state in
            state.updateLevel(depth) { $0.presentation = nil }
        }
    }

    // MARK: - Logging

    private func change(_ action: String, _ route: R?, _ body: (inout NavigationState<R>) -> Void) {
        var next = state
        body(&next)
        guard next != state else {
            logger.trace("navigation[\(name)]: \(action) \(route.map(Self.logName) ?? ""): no change")
            return
        }
        withoutLogging { state = next }
        log(action, route)
    }

    private var loggingSuspended = false

    private func withoutLogging(_ body: () -> Void) {
        loggingSuspended = true
        body()
        loggingSuspended = false
    }

    /// A route as log lines name it: its values as `<private>` (`product(<private>)`), for a route
    /// opened from a link carries the link's values.
    private static func logName(_ route: R) -> String { ValueRedaction.loggableName(of: route) }

    private func log(_ action: String, _ route: R?) {
        guard !loggingSuspended else { return }
        logger.debug(
            "navigation[\(name)]: \(action)\(route.map { " " + Self.logName($0) } ?? "") → \(NavigationDescription.describe(state, redacted: true))"
        )
    }
}

/// The operations of one level of a ``Router`` (a presented stack's views use it).
@MainActor
public struct LevelRouter<R: Route> {
    let router: Router<R>
    /// The level: 0 for the root level.
    public let depth: Int

    /// Pushes onto this level's stack.
    public func push(_ route: R) {
        router.setStack(router.stack(at: depth) + [route], at: depth)
    }

    /// Pops this level's stack.
    public func pop() {
        router.setStack(Array(router.stack(at: depth).dropLast()), at: depth)
    }

    /// Dismisses this level (for a presented level), with everything over it.
    public func dismiss() {
        guard depth > 0 else { return }
        router.dismissPresentation(at: depth - 1)
    }
}

extension NavigationState {
    /// Changes the level at `depth`, if it exists.
    mutating func updateLevel(_ depth: Int, _ body: (inout NavigationState<R>) -> Void) {
        if depth == 0 {
            body(&self)
        } else {
            presentation?.updateState { $0.updateLevel(depth - 1, body) }
        }
    }
}
