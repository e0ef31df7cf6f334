import Foundation
import PackagePlugin

/// The command plugin: `swift package --allow-writing-to-package-directory waymark ARGUMENTS…`
/// runs the `waymark` tool with the arguments, in the package's folder, for the jobs that write
/// files a team commits: `aasa --output`, `links --html`, `links --contract`.
///
/// Relative paths are the package folder's. The tool's output and exit status are the command's.
@main
struct WaymarkCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "WaymarkCLI").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "waymark \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }

    /// A run of the tool that failed; its own messages are above.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
