import Foundation
import Testing
import Waymark

/// A route file's routes bound to a Swift enum by name.
@Suite struct RouteFileBindingTests {
    enum Screen: Route, Decodable {
        case home
        case product(id: Int, ref: String?)
        case createNew(name: String?)
        case files(path: [String])
    }

    static let file = #"""
        {"schemes": ["shop"], "default": "home", "routes": [
          {"name": "home", "template": "/"},
          {"name": "product", "template": "product/:id<int>"},
          {"name": "createNew", "template": ["create", "create-document"]},
          {"name": "files", "template": "files/*path"}
        ]}
        """#

    actor Opened {
        var screens: [Screen] = []
        func add(_ screen: Screen) { screens.append(screen) }
    }

    @Test func eachRouteOpensItsCaseWithItsValues() async throws {
        let opened = Opened()
        let file = try RouteFile(data: Data(Self.file.utf8))
        let resolver = try file.makeBuilder(binding: Screen.self) { screen, _ in
            await opened.add(screen)
            return .handled
        }.build()
        #expect(await resolver.resolve("shop://product/42?ref=mail").status == .handled)
        #expect(await resolver.resolve("shop://create-document?name=a").status == .handled)
        #expect(await resolver.resolve("shop://files/a/b").status == .handled)
        #expect(await resolver.resolve("shop://nowhere").status == .handledByDefault)
        #expect(
            await opened.screens == [
                .product(id: 42, ref: "mail"), .createNew(name: "a"), .files(path: ["a", "b"]), .home,
            ])
    }

    /// Every route that does not fit its case is named, before any link arrives.
    @Test func routesThatDoNotFitAreNamed() throws {
        let file = try RouteFile(
            data: Data(
                #"""
                {"default": "product", "routes": [
                  {"name": "home", "template": "/"},
                  {"name": "product", "template": "product/:id"},
                  {"name": "settings", "template": "settings"},
                  {"name": "createNew", "template": ["create", "create/:title"]}
                ]}
                """#.utf8), source: "app.routes.json")
        #expect {
            _ = try file.makeBuilder(binding: Screen.self) { _, _ in .handled }
        } throws: { error in
            guard let error = error as? RouteFileError else { return false }
            let lines = error.description.split(separator: "\n").map(String.init)
            return lines.count == 3
                && lines[0].hasPrefix("app.routes.json: routes[1] (product): error: name: ")
                && lines[0].contains("'id'")
                && lines[1].hasPrefix(
                    "app.routes.json: routes[2] (settings): error: name: Screen has no case 'settings'")
                && lines[1].hasSuffix("; add the case, or rename the route")
                && lines[2].hasPrefix("app.routes.json: routes[3] (createNew): error: name: ")
                && lines[2].contains("'title'")
        }
    }

    @Test func theDefaultRoutesCaseNeedsNoPathParameter() throws {
        let file = try RouteFile(
            data: Data(
                #"""
                {"default": "product", "routes": [{"name": "product", "template": "product/:id<int>"}]}
                """#.utf8))
        #expect {
            _ = try file.makeBuilder(binding: Screen.self) { _, _ in .handled }
        } throws: { error in
            (error as? RouteFileError)?.diagnostics.first?.message
                == "it is the default route, which runs for links no template matched, with no path parameters; its case Screen.product needs 'id'"
        }
    }
}
