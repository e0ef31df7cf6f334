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
/// sit on a sheet; `.root` dismisses every presentation, replaces the root and clears its stack.
public struct NavigationState<R: Route & Codable>: Hashable, Codable, Sendable {
    /// The bottom screen.
    public var root: R
    /// The screens pushed on the root, bottom first.
    public var stack: [R]
    /// What is presented over this level, if anything.
    public var presentation: Presentation?

    /// A presented level.
    public struct Presentation: Hashable, Codable, Sendable {
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
            set { box = Box(newValue) }
        }
        private var box: Box

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

        private enum CodingKeys: String, CodingKey { case style, state }

        /// Decodes a presentation.
        public init(from decoder: any Decoder) throws {
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

        /// The presented state, boxed: a state holds at most one presentation, which holds a state.
        /// Immutable, so copies share it safely; every change makes a new box.
        private final class Box: Hashable, Sendable {
            let value: NavigationState<R>
            init(_ value: NavigationState<R>) { self.value = value }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
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
        switch type ?? route.routingType {
        case .push: push(route)
        case .sheet(let withStack): present(route, style: .sheet(withStack: withStack))
        case .cover: present(route, style: .cover)
        case .root: replaceRoot(with: route)
        }
    }

    /// Pushes onto the top-most level with a stack; stackless sheets above it are dismissed.
    public mutating func push(_ route: R) {
        guard let presentation else {
            stack.append(route)
            return
        }
        if presentation.hasStack {
            self.presentation?.state.push(route)
            return
        }
        // A stackless sheet: push inside what it presents, if that has a stack; else here.
        if presentation.state.hasStackAbove {
            self.presentation?.state.push(route)
        } else {
            self.presentation = nil
            stack.append(route)
        }
    }

    /// Whether some level above this one (in its presentations) can take a push.
    private var hasStackAbove: Bool {
        guard let presentation else { return false }
        return presentation.hasStack || presentation.state.hasStackAbove
    }

    /// Presents on the top-most level.
    public mutating func present(_ route: R, style: Presentation.Style) {
        if presentation != nil {
            presentation?.state.present(route, style: style)
        } else {
            presentation = Presentation(route, style: style)
        }
    }

    /// Dismisses every presentation, replaces the root and clears its stack.
    public mutating func replaceRoot(with route: R) {
        self = NavigationState(root: route)
    }

    /// Pops the top-most level's stack; `false` when it was empty.
    @discardableResult
    public mutating func pop() -> Bool {
        if presentation != nil { return presentation?.state.pop() ?? false }
        guard !stack.isEmpty else { return false }
        stack.removeLast()
        return true
    }

    /// Pops the top-most level's stack until `route` is on top; `false` (and no change) when the
    /// route is not on that level.
    @discardableResult
    public mutating func pop(to route: R) -> Bool {
        if presentation != nil { return presentation?.state.pop(to: route) ?? false }
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
            presentation?.state.popToRoot()
        } else {
            stack.removeAll()
        }
    }

    /// Dismisses the top-most presentation; `false` when nothing is presented.
    @discardableResult
    public mutating func dismiss() -> Bool {
        guard let presentation else { return false }
        if presentation.state.presentation != nil {
            self.presentation?.state.dismiss()
        } else {
            self.presentation = nil
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
