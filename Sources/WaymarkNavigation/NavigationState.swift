public import Waymark

/// What the user sees, as a value: a root route, a push stack, and at most one presentation (a
/// sheet, with or without its own stack, or a full-screen cover), which holds a state of its own.
///
/// Every operation is a pure function of the value (`mutating`, with a non-mutating `applying`
/// form), and the state is `Hashable` and `Codable`, so an app can compare, log and restore it.
///
/// ```swift
/// var state = NavigationState(root: ShopRoute.home)
/// state.apply(.product(id: 42))          // pushed: [.product(42)]
/// state.apply(.account(.orders))         // .account's routing type is .sheet(): presented
/// state.dismiss()                        // back to the product
/// ```
///
/// Rules (docs/navigation.md has them all): `.push` pushes onto the top-most level that has a stack
/// (a sheet presented without one is dismissed first: nothing can be pushed behind it);
/// `.sheet(withStack:)` and `.cover` present on the top-most level, so sheets nest and a cover can
/// sit on a sheet, at most ``maximumPresentationDepth`` deep: past that, a new presentation
/// replaces the top-most one; `.root` dismisses every presentation, replaces the root and clears
/// its stack.
///
/// Every operation changes the levels it goes through in place, so applying n routes costs work
/// linear in n, whatever they are.
public struct NavigationState<R: Route>: Hashable, Sendable {
    /// The most presentations stacked over the root level: 8. Presenting on a state that has as
    /// many replaces the top-most presentation with the new one, so the route is shown and the
    /// depth stays at 8. No app stacks more than a few sheets; a list of in-app links that each
    /// open a sheet would otherwise nest one per link, and every later operation would walk them
    /// all. Decoding a state that nests deeper fails.
    public static var maximumPresentationDepth: Int { 8 }

    /// The bottom screen.
    public var root: R
    /// The screens pushed on the root, bottom first.
    public var stack: [R]
    /// What is presented over this level, if anything.
    public var presentation: Presentation?

    /// A presented level.
    public struct Presentation: Hashable, Sendable {
        /// How it is presented.
        public enum Style: Hashable, Codable, Sendable {
            /// A sheet; `withStack`: it has a navigation stack of its own.
            case sheet(withStack: Bool)
            /// A full-screen cover (always with a stack).
            case cover
        }

        /// How it is presented.
        public var style: Style
        /// The presented level's own state: its first route is `state.root`.
        public var state: NavigationState<R> {
            get { box.value }
            set {
                if isKnownUniquelyReferenced(&box) {
                    box.value = newValue
                } else {
                    box = Box(newValue)
                }
            }
        }
        private var box: Box

        /// Changes the presented state in place: its box is copied first only when another value
        /// shares it. (Reading `state`, changing the copy and setting it back would copy the level's
        /// stack for every push into a sheet: n pushes would cost n²/2 copies.)
        mutating func updateState<Result>(_ body: (inout NavigationState<R>) -> Result) -> Result {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            return body(&box.value)
        }

        /// Creates a presentation of `route`.
        public init(_ route: R, style: Style) {
            self.style = style
            self.box = Box(NavigationState(root: route))
        }

        /// Whether routes can be pushed inside it.
        public var hasStack: Bool {
            if case .sheet(let withStack) = style { return withStack }
            return true
        }

        /// The presented state, boxed: a state holds at most one presentation, which holds a state.
        ///
        /// Copy on write: a box is changed only through a `Presentation` that holds the only
        /// reference to it (``updateState(_:)`` and the `state` setter check), so a box that two
        /// values share is never changed, and each value sees its own state, as with any struct.
        /// That is what makes sharing it across threads safe, as it is for an `Array`'s buffer;
        /// the compiler cannot see it, hence `@unchecked`.
        private final class Box: Hashable, @unchecked Sendable {
            var value: NavigationState<R>
            init(_ value: NavigationState<R>) { self.value = value }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.value == rhs.value }
            func hash(into hasher: inout Hasher) { hasher.combine(value) }
        }
    }

    /// A state showing `root` alone.
    public init(root: R, stack: [R] = [], presentation: Presentation? = nil) {
        self.root = root
        self.stack = stack
        self.presentation = presentation
    }

    // MARK: - Reading

    /// The route on screen: the top of the top-most level.
    public var visibleRoute: R {
        if let presentation { return presentation.state.visibleRoute }
        return stack.last ?? root
    }

    /// How many presentations are stacked over the root level.
    public var presentationDepth: Int {
        presentation.map { 1 + $0.state.presentationDepth } ?? 0
    }

    /// The level at `depth` (0 is the root level), if it exists.
    public func level(_ depth: Int) -> NavigationState<R>? {
        if depth == 0 { return self }
        return presentation?.state.level(depth - 1)
    }

    // MARK: - Operations

    /// Applies a route by its routing type (or `type`, when given).
    public mutating func apply(_ route: R, as type: RoutingType? = nil) {
        var work = 0
        apply(route, as: type, work: &work)
    }

    /// ``apply(_:as:)``, adding to `work` the levels it goes through and the routes it moves to new
    /// storage: the count that tests follow across many routes to show it stays linear.
    package mutating func apply(_ route: R, as type: RoutingType? = nil, work: inout Int) {
        switch type ?? route.routingType {
        case .push: push(route, work: &work)
        case .sheet(let withStack): present(route, style: .sheet(withStack: withStack), depth: 0, work: &work)
        case .cover: present(route, style: .cover, depth: 0, work: &work)
        case .root: replaceRoot(with: route)
        }
    }

    /// Pushes onto the top-most level with a stack; stackless sheets above it are dismissed.
    public mutating func push(_ route: R) {
        var work = 0
        push(route, work: &work)
    }

    /// ``push(_:)``, counting `work` as ``apply(_:as:work:)`` does.
    package mutating func push(_ route: R, work: inout Int) {
        work += 1
        // No local copy of the presentation is kept (here and below): it would share the box, and
        // the change would then copy the level instead of making it in place.
        guard presentation != nil else {
            work += stack.appendCountingMoves(route)
            return
        }
        // A stackless sheet: push inside what it presents, if that has a stack; else here.
        if presentation?.hasStack == true || presentation?.state.hasStackAbove == true {
            presentation?.updateState { $0.push(route, work: &work) }
        } else {
            presentation = nil
            work += stack.appendCountingMoves(route)
        }
    }

    /// Whether some level above this one (in its presentations) can take a push.
    private var hasStackAbove: Bool {
        guard let presentation else { return false }
        return presentation.hasStack || presentation.state.hasStackAbove
    }

    /// Presents on the top-most level; when ``maximumPresentationDepth`` presentations are stacked
    /// already, replaces the top-most one.
    public mutating func present(_ route: R, style: Presentation.Style) {
        var work = 0
        present(route, style: style, depth: 0, work: &work)
    }

    /// `depth`: how many presentations are over the root level down to this one.
    private mutating func present(_ route: R, style: Presentation.Style, depth: Int, work: inout Int) {
        work += 1
        let isTopMost = presentation?.state.presentation == nil
        if presentation == nil || (isTopMost && depth + 1 >= Self.maximumPresentationDepth) {
            // Nothing presented here yet; or this level's presentation is the top-most one, and as
            // deep as presentations go: the new one takes its place.
            presentation = Presentation(route, style: style)
            return
        }
        presentation?.updateState { $0.present(route, style: style, depth: depth + 1, work: &work) }
    }

    /// Dismisses every presentation, replaces the root and clears its stack.
    public mutating func replaceRoot(with route: R) {
        self = NavigationState(root: route)
    }

    /// Pops the top-most level's stack; `false` when it was empty.
    @discardableResult
    public mutating func pop() -> Bool {
        if presentation != nil { return presentation?.updateState { $0.pop() } ?? false }
        guard !stack.isEmpty else { return false }
        stack.removeLast()
        return true
    }

    /// Pops the top-most level's stack until `route` is on top; `false` (and no change) when the
    /// route is not on that level.
    @discardableResult
    public mutating func pop(to route: R) -> Bool {
        if presentation != nil { return presentation?.updateState { $0.pop(to: route) } ?? false }
        if root == route {
            stack.removeAll()
            return true
        }
        guard let index = stack.lastIndex(of: route) else { return false }
        stack.removeSubrange((index + 1)...)
        return true
    }

    /// Clears the top-most level's stack.
    public mutating func popToRoot() {
        if presentation != nil {
            presentation?.updateState { $0.popToRoot() }
        } else {
            stack.removeAll()
        }
    }

    /// Dismisses the top-most presentation; `false` when nothing is presented.
    @discardableResult
    public mutating func dismiss() -> Bool {
        guard presentation != nil else { return false }
        if presentation?.state.presentation != nil {
            _ = presentation?.updateState { $0.dismiss() }
        } else {
            presentation = nil
        }
        return true
    }

    /// Dismisses every presentation.
    public mutating func dismissAll() {
        presentation = nil
    }

    /// The deep-link rebuild, one deterministic plan: dismiss every presentation, pop to the root,
    /// replace the root when `root` is given, push `intermediate` in order, then apply `route`
    /// with its routing type.
    public mutating func rebuild(for route: R, root newRoot: R? = nil, intermediate: [R] = []) {
        dismissAll()
        popToRoot()
        if let newRoot { replaceRoot(with: newRoot) }
        for step in intermediate { push(step) }
        apply(route)
    }

    /// The state after `body`, leaving this one unchanged.
    public func applying(_ body: (inout NavigationState<R>) -> Void) -> NavigationState<R> {
        var copy = self
        body(&copy)
        return copy
    }
}

// Codable only when the routes are: an app whose routes are not Codable (SwiftRouting's are not)
// still gets every operation; saving and restoring the state is what needs it.
extension NavigationState: Codable where R: Codable {}

extension NavigationState.Presentation: Codable where R: Codable {
    private enum CodingKeys: String, CodingKey { case style, state }

    /// Decodes a presentation.
    public init(from decoder: any Decoder) throws {
        // A stored state may come from anywhere: refuse one that nests deeper than states do,
        // before decoding further (each level is one call deeper). The coding path ends with a
        // "presentation", "state" pair for each level above this one.
        let path = decoder.codingPath.map(\.stringValue)
        var depth = 1
        while path.count >= 2 * depth + 1,
            path[path.count - 2 * depth] == CodingKeys.state.stringValue,
            path[path.count - 2 * depth - 1] == "presentation"
        {
            depth += 1
        }
        guard depth <= NavigationState.maximumPresentationDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "presentations nest deeper than \(NavigationState.maximumPresentationDepth) levels"))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        style = try container.decode(Style.self, forKey: .style)
        box = Box(try container.decode(NavigationState<R>.self, forKey: .state))
    }

    /// Encodes a presentation.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(state, forKey: .state)
    }
}
