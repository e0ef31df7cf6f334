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
            PropertiesCommand.self, NavigateCommand.self, ReportCommand.self, GenerateCommand.self,
        ]
    )

    /// The exit status of a usage error. ArgumentParser uses 64 (`EX_USAGE`); 2 is what `grep`,
    /// `diff` and most tools a script runs use for it, which keeps 1 free to mean "not handled".
    static let usageErrorStatus: Int32 = 2

    /// ArgumentParser's `main`, with usage errors exiting with ``usageErrorStatus`` and every error
    /// message escaped (``escapedMessage(for:)``). Help and version go to standard output as
    /// ArgumentParser prints them: they hold nothing from the command line.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let status = exitCode(for: error)
            if status == .success { exit(withError: error) }
            let message = escapedMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            exit(withError: ExitCode(status == .validationFailure ? usageErrorStatus : status.rawValue))
        }
    }

    /// ArgumentParser's message for `error` (`Error: …`, a `Help:` line, the usage), with what came
    /// from the command line escaped by ``TerminalText/line(_:)``.
    ///
    /// The parser quotes what was typed in its message (`Unknown option '-\u{1B}]0;pwned\u{7}'`,
    /// `The value 'x' is invalid for '--origin'`), and so do ``ValidationError``s thrown by commands;
    /// an escape sequence there would retitle or clear the terminal, and a line break would forge a
    /// line of the message. So the message is escaped as one line: a line break in it shows as
    /// `\n`. The rest (the help line and the usage) is written from the commands' declarations,
    /// and each of its lines is escaped too, which changes nothing there.
    static func escapedMessage(for error: any Error) -> String {
        let full = fullMessage(for: error)
        let own = message(for: error)
        let prefix = "Error: "
        func escapedLines(_ text: Substring) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.line(String($0)) }
                .joined(separator: "\n")
        }
        let start = (prefix + own).utf8
        guard !own.isEmpty, full.utf8.starts(with: start) else { return escapedLines(full[...]) }
        let rest = full.utf8.dropFirst(start.count)
        return prefix + TerminalText.line(own) + escapedLines(Substring(rest))
    }
}
