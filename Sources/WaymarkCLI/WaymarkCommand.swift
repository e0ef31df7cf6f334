import ArgumentParser
import Foundation

/// The `waymark` tool: resolve, check, explain, link and navigate deep links against a route file.
@main
struct WaymarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waymark",
        abstract:
            "Resolve, check, explain, link and navigate deep links and universal links against a Waymark route file.",
        discussion: """
            Without --routes, commands use the embedded example route file of a small shop app \
            (Examples/shop.routes.json). The route-file format is documented in docs/route-file.md. \
            Exit status: 0 on success; 1 when the answer is no (resolve, explain and navigate: a URL that \
            was not handled; check: an error in the file; link: no link) or a file cannot be read; 2 for \
            a usage error (an unknown option, a missing argument, a value an option does not take).
            """,
        subcommands: [
            ResolveCommand.self, CheckCommand.self, ExplainCommand.self, LinkCommand.self, LinksCommand.self,
            AASACommand.self,
            PropertiesCommand.self, NavigateCommand.self,
        ]
    )

    /// The exit status of a usage error. ArgumentParser uses 64 (`EX_USAGE`); 2 is what `grep`,
    /// `diff` and most tools a script runs use for it, which keeps 1 free to mean "not handled".
    static let usageErrorStatus: Int32 = 2

    /// ArgumentParser's `main`, with usage errors exiting with ``usageErrorStatus``: the message and
    /// usage are printed as ArgumentParser prints them.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                exit(withError: ExitCode(usageErrorStatus))
            }
            exit(withError: error)
        }
    }
}
