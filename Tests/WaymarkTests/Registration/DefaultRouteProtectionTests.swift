import Foundation
import Testing
import Waymark

/// The default route runs for every link no route opens, external ones included, without a route's
/// checks: no path (route file, binding, builder, typed routes) lets it take the name of a route that
/// internal-only, confirmation, a feature or its own filters protect (issue 31, finding 1).
@Suite struct DefaultRouteProtectionTests {
    /// How a route is protected, as each registration form can say it.
    enum Protection: String, CaseIterable, Sendable {
        case internalOnly, confirmation, feature, filters

        var option: RouteOption {
            switch self {
            case .internalOnly: .internalOnly
            case .confirmation: .requiresConfirmation
            case .feature: .feature(FeatureClosure(name: "pro") { false })
            case .filters: .filters(FilterClosure(name: "signed-in") { _ in .reject("sign in first") })
            }
        }

        /// The route file's key, for the protections a file can hold.
        var fileKey: String? {
            switch self {
            case .internalOnly: "internal"
            case .confirmation: "requiresConfirmation"
            case .feature, .filters: nil
            }
        }
    }

    enum Screen: Route, Decodable {
        case home, wipe, debug
    }

    static func routeFile(protecting name: String, with key: String, default defaultName: String) -> String {
        """
        {"schemes": ["shop"], "domains": ["shop.example.com"], "default": "\(defaultName)", "routes": [
          {"name": "home", "template": "/"},
          {"name": "\(name)", "template": "\(name)/now", "\(key)": true}
        ]}
        """
    }

    /// Names of several shapes, and both file keys: the file does not
    /// load, and the message names the route, its position and the check it would skip.
    @Test(arguments: ["internal", "requiresConfirmation"], ["debug", "wipe", "a-b_c.d", "x"])
    func aRouteFileRefusesAProtectedDefault(key: String, name: String) async throws {
        let text = Self.routeFile(protecting: name, with: key, default: name)
        do {
            _ = try RouteFile(data: Data(text.utf8))
            Issue.record("the file loaded with '\(name)' (\(key)) as its default route")
        } catch {
            let message = error.description
            #expect(message.contains("default: the default route is named '\(name)'"), "\(message)")
            #expect(
                message.contains(key == "internal" ? "is internal-only" : "asks the user to confirm"), "\(message)")
            #expect(message.contains("[see routes[1] (\(name))]"), "\(message)")
            // Said once, not again under the route's template.
            #expect(!message.contains("template:"), "\(message)")
        }
        // The same file with a public default loads, and its default opens nothing protected.
        let file = try RouteFile(data: Data(Self.routeFile(protecting: name, with: key, default: "home").utf8))
        let resolver = try file.makeResolver()
        for link in ["shop://nothing", "https://evil.example/x", "shop://\(name)/later"] {
            let result = await resolver.resolve(link)
            #expect(result.request?.routeName == "home", "\(link)")
            #expect(resolver.preview(link).outcome == .opensDefault, "\(link)")
        }
    }

    /// In code: every protection, with the default route named after the protected route, is an
    /// error when the resolver is built, whichever form registered the route.
    @Test(arguments: Protection.allCases)
    func theBuilderRefusesAProtectedRoutesName(protection: Protection) throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("/", name: "home") { _ in .handled }
        builder.add("wipe/now", name: "wipe", protection.option) { _ in .handled }
        builder.setDefaultRoute(name: "wipe") { _ in .handled }
        #expect(throws: RoutingError.self) { try builder.build() }
        let message = builder.diagnostics().first?.message ?? ""
        #expect(message.contains("the default route is named 'wipe', the name of a route that"), "\(message)")
        // Named after a public route, or with a name of its own, it builds.
        builder.setDefaultRoute(name: "home") { _ in .handled }
        #expect(throws: Never.self) { try builder.build() }
        builder.setDefaultRoute(name: "fallback") { _ in .handled }
        #expect(throws: Never.self) { try builder.build() }
    }

    enum ProtectedRoute: URLRoute {
        case home, wipe

        static let routeMap: RouteMap<ProtectedRoute> = [
            "home": "/", "wipe": .template("wipe/now", .requiresConfirmation),
        ]
    }

    /// Typed routes registered on a resolver: a case's route name is its type and label.
    @Test func typedRoutesKeepTheirNamesFromTheDefaultRoute() throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        try builder.add(routes: ProtectedRoute.self) { _, _ in .handled }
        builder.setDefaultRoute(name: "ProtectedRoute.wipe") { _ in .handled }
        #expect(throws: RoutingError.self) { try builder.build() }
        builder.setDefaultRoute(name: "ProtectedRoute.home") { _ in .handled }
        #expect(throws: Never.self) { try builder.build() }
    }

    /// A binding never receives a protected case for a link no route opens.
    @Test func aBindingNeverOpensAProtectedCaseFromTheDefaultRoute() async throws {
        let text = Self.routeFile(protecting: "debug", with: "internal", default: "home")
        let file = try RouteFile(data: Data(text.utf8))
        let opened = Opened()
        let resolver = try file.makeBuilder(binding: Screen.self) { screen, _ in
            await opened.add(screen)
            return .handled
        }.build()
        for link in ["shop://nothing", "https://evil.example/x", "shop://debug/now", "shop://debug"] {
            _ = await resolver.resolve(link)
        }
        #expect(await !opened.screens.contains(.debug))
        #expect(await opened.screens.allSatisfy { $0 == .home })
    }

    actor Opened {
        var screens: [Screen] = []
        func add(_ screen: Screen) { screens.append(screen) }
    }
}
