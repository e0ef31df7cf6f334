import ArgumentParser
import Foundation
import Waymark
import WaymarkPathConfiguration

/// The `--routes FILE` option shared by the commands that read a route file.
struct RouteSourceOptions: ParsableArguments {
    @Option(name: .long, help: "A route file (JSON). Default: the embedded example shop app.")
    var routes: String?

    /// The name used in messages: the path, or `<example>`.
    var sourceName: String { routes ?? "<example>" }

    /// The bytes of the route file at `path`, or of the embedded example for `nil`: what `check`
    /// and `generate` read, with the problems of its own.
    ///
    /// - Parameter compilerStyle: Whether a message reads `FILE: error: …`, as a build shows errors.
    /// - Throws: `ExitCode(1)` after a message naming the file, when it cannot be read.
    static func contents(of path: String?, compilerStyle: Bool) throws -> Data {
        guard let path else { return Data(PackageResources.shop_routes_json) }
        do {
            return try BoundedFileRead.contents(of: URL(fileURLWithPath: path))
        } catch {
            printError("\(path):\(compilerStyle ? " error:" : "") cannot read the file: \(error.reason)")
            throw ExitCode(1)
        }
    }

    /// Loads the route file, or prints every problem to standard error and exits with status 1.
    func load() throws -> RouteFile {
        do {
            if let routes {
                return try RouteFile(contentsOf: URL(fileURLWithPath: routes))
            }
            return try RouteFile(data: Data(PackageResources.shop_routes_json), source: sourceName)
        } catch {
            for diagnostic in error.diagnostics { printError("\(error.source): \(diagnostic)") }
            throw ExitCode(1)
        }
    }

    /// The route file's path configuration, if it names one; exits with status 1 when it cannot be loaded.
    func pathConfiguration(_ file: RouteFile, options: PathConfiguration.Options = .init()) throws -> PathConfiguration?
    {
        do {
            return try file.loadPathConfiguration(options: options)
        } catch {
            printError("\(sourceName): \(error.message)")
            throw ExitCode(1)
        }
    }

    /// Loads the route file and builds its resolver (with its path configuration, if any, read
    /// with `options`).
    func resolver(pathOptions: PathConfigurationOptions) throws -> (RouteFile, RouteResolver) {
        let options = try pathOptions.options()
        let file = try load()
        let builder: RouteResolverBuilder
        do {
            builder = try file.makeBuilderWithPathConfiguration(options: options)
        } catch {
            printError("\(sourceName): \(error.message)")
            throw ExitCode(1)
        }
        do {
            return (file, try builder.build())
        } catch {
            printError("\(sourceName): \(error.message)")
            throw ExitCode(1)
        }
    }
}

/// Writes a line to standard error.
/// Writes a line to standard error, escaped (``TerminalText/line(_:)``): messages quote templates,
/// URLs and file contents.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.line(text) + "\n").utf8))
}
