import Foundation
import Waymark

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

    /// A shared bench route set (`../shared/bench/NAME.routes.txt`), each template public and
    /// universal for `example.com`.
    static func benchResolver(_ name: String) throws -> RouteResolver {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/bench/\(name).routes.txt")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var builder = RouteResolverBuilder(schemes: ["bench"], domains: ["example.com"])
        for (index, line) in text.split(separator: "\n").enumerated() {
            builder.add(RouteTemplate(stringLiteral: String(line)), name: "r\(index + 1)") { _ in .handled }
        }
        return try builder.build()
    }
}
