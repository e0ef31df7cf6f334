#if canImport(SwiftUI)
    import Foundation
    public import SwiftUI
    public import Waymark
    public import WaymarkNavigation

    /// How a route type's screens are drawn: one view per route.
    ///
    /// ```swift
    /// struct ShopScreens: RouteDestination {
    ///     func view(for route: ShopRoute) -> some View {
    ///         switch route {
    ///         case .home: HomeView()
    ///         case .product(let id): ProductView(id: id)
    ///         default: Text(route.name)
    ///         }
    ///     }
    /// }
    /// ```
    @MainActor
    public protocol RouteDestination<R> {
        /// The route type.
        associatedtype R: Route
        /// The view of one route.
        associatedtype Screen: View
        /// The view of `route`.
        @ViewBuilder func view(for route: R) -> Screen
    }

    /// The root of a routed app: a `NavigationStack` bound to the router's root level, and sheets and
    /// full-screen covers bound to its presentations, each with a stack of its own when it has one.
    /// The router is in the environment (`@Environment(Router<R>.self)`), and every screen knows its
    /// level (`@Environment(\.routingDepth)`).
    ///
    /// ```swift
    /// @main struct ShopApp: App {
    ///     @State private var router = Router(root: ShopRoute.home)
    ///     let routes = try! TypedRouteTable<ShopRoute>(schemes: ["shop"], domains: ["shop.example.com"])
    ///     var body: some Scene {
    ///         WindowGroup {
    ///             RoutingView(router: router, destination: ShopScreens())
    ///                 .openingURLs(with: routes, router: router)
    ///         }
    ///     }
    /// }
    /// ```
    public struct RoutingView<Destination: RouteDestination>: View {
        let router: Router<Destination.R>
        let destination: Destination

        /// A routing view over `router`, drawing screens with `destination`.
        public init(router: Router<Destination.R>, destination: Destination) {
            self.router = router
            self.destination = destination
        }

        /// The root level and everything presented over it.
        public var body: some View {
            RoutingLevel(router: router, destination: destination, depth: 0)
                .environment(router)
        }
    }

    /// One level: its stack, and what is presented over it (the next level).
    struct RoutingLevel<Destination: RouteDestination>: View {
        let router: Router<Destination.R>
        let destination: Destination
        let depth: Int

        var body: some View {
            content
                .environment(\.routingDepth, depth)
                .sheet(isPresented: presented(cover: false)) {
                    RoutingLevel(router: router, destination: destination, depth: depth + 1)
                }
                #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
                    .fullScreenCover(isPresented: presented(cover: true)) {
                        RoutingLevel(router: router, destination: destination, depth: depth + 1)
                    }
                #endif
        }

        @ViewBuilder private var content: some View {
            if let level = router.state.level(depth), hasStack {
                NavigationStack(path: stack) {
                    destination.view(for: level.root)
                        .navigationDestination(for: Destination.R.self) { route in
                            destination.view(for: route)
                        }
                }
            } else if let level = router.state.level(depth) {
                destination.view(for: level.root)
            }
        }

        /// The root level and covers always have a stack; a sheet has one unless presented without.
        private var hasStack: Bool {
            guard depth > 0, let presentation = router.presentation(at: depth - 1) else { return true }
            return presentation.hasStack
        }

        // The binding closures here say `@MainActor`: the router is main-actor isolated, and
        // `Binding(get:set:)` takes `@isolated(any) @Sendable` closures, which are nonisolated unless they
        // say otherwise. Marked, they are isolated to the main actor, where SwiftUI reads and writes bindings,
        // and the binding carries that isolation.
        private var stack: Binding<[Destination.R]> {
            Binding(
                get: { @MainActor in router.stack(at: depth) },
                set: { @MainActor in router.setStack($0, at: depth) })
        }

        /// Whether a sheet (or a cover) is presented over this level; setting `false` dismisses it.
        private func presented(cover: Bool) -> Binding<Bool> {
            Binding(
                get: { @MainActor in
                    guard let presentation = router.presentation(at: depth) else { return false }
                    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
                        if case .cover = presentation.style { return cover }
                        return !cover
                    #else
                        // No full-screen covers here: covers are shown as sheets.
                        return !cover
                    #endif
                },
                set: { @MainActor isPresented in
                    if !isPresented { router.dismissPresentation(at: depth) }
                })
        }
    }

    /// The level of the screen reading it: 0 for the root level, 1 for the first presentation…
    private struct RoutingDepthKey: EnvironmentKey {
        static let defaultValue = 0
    }

    extension EnvironmentValues {
        /// The navigation level of the current screen (0: the root level).
        public var routingDepth: Int {
            get { self[RoutingDepthKey.self] }
            set { self[RoutingDepthKey.self] = newValue }
        }
    }

    extension View {
        /// Sends every URL the app is asked to open through `routes` and, when it opens a route,
        /// to `router` as a link from outside (its presentation policy decides when it shows).
        ///
        /// A typed route table knows no filters, internal-only routes or confirmations: every case of
        /// `R` that a URL maps to opens. When some screens must not open from outside, or need the
        /// user's confirmation or a filter, use ``openingURLs(with:)`` with a resolver, whose
        /// destinations call `router.open(_:properties:)` (docs/security.md).
        public func openingURLs<R: URLRoute>(with routes: TypedRouteTable<R>, router: Router<R>) -> some View {
            onOpenURL { url in
                Task { @MainActor in await router.open(url, with: routes) }
            }
        }

        /// Sends every URL the app is asked to open through `resolver` (filters, features and
        /// destinations included); use destinations that call `router.open(_:properties:)`.
        public func openingURLs(with resolver: RouteResolver) -> some View {
            onOpenURL { url in
                Task { _ = await resolver.resolve(url) }
            }
        }
    }
#endif
