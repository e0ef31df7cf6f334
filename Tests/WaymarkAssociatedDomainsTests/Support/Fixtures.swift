import Foundation
import Waymark
import WaymarkTestSupport

/// Route tables the tests generate files from.
enum Fixtures {
    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The embedded example the CLI uses when no --routes file is given.
    static func shopResolver() throws -> RouteResolver {
        let url = packageRoot.appendingPathComponent("Sources/WaymarkCLI/Resources/shop.routes.json")
        return try RouteFile(contentsOf: url).makeResolver()
    }

    /// A generated route table (`DeepLinkRouteSet`: `rest-api`, or `deeplink-N` for the first
    /// `N` routes of the benchmarks' 10,000), each template public and universal for `example.com`.
    static func generatedResolver(_ name: String) throws -> RouteResolver {
        let templates =
            name == "rest-api"
            ? DeepLinkRouteSet.restAPI
            : Array(DeepLinkRouteSet.deepLinks().prefix(Int(name.dropFirst("deeplink-".count)) ?? 0))
        var builder = RouteResolverBuilder(schemes: ["bench"], domains: ["example.com"])
        for (index, template) in templates.enumerated() {
            builder.add(RouteTemplate(stringLiteral: template), name: "r\(index + 1)") { _ in .handled }
        }
        return try builder.build()
    }
}
