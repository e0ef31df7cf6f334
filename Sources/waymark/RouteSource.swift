import ArgumentParser
import Foundation
import Waymark

/// The `--routes FILE` option shared by the commands that read a route file.
struct RouteSourceOptions: ParsableArguments {
    @Option(name: .long, help: "A route file (JSON). Default: the embedded example shop app.")
    var routes: String?

    /// The name used in messages: the path, or `<example>`.
    var sourceName: String { routes ?? "<example>" }

    /// Loads the route file, or prints every problem to standard error and exits with status 1.
    func load() throws -> RouteFile {
        do {
            if let routes {
                return try RouteFile(contentsOf: URL(fileURLWithPath: routes))
            }
            return try RouteFile(data: Data(PackageResources.shop_routes_json), source: sourceName)
        } catch {
            printError(error.description)
            throw ExitCode(1)
        }
    }

    /// Loads the route file and builds its resolver.
    func resolver() throws -> (RouteFile, RouteResolver) {
        let file = try load()
        do {
            return (file, try file.makeResolver())
        } catch {
            printError("\(sourceName): \(error.message)")
            throw ExitCode(1)
        }
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
