import ArgumentParser
import Foundation
import Waymark

/// `waymark check`: validates a route file.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a route file: templates, scopes, conflicts and routes that can never win.",
        discussion: """
            Prints one line per problem as 'FILE: route N (name): severity: field: message' (routes \
            counted from 1) and exits with status 1 when there is any error. Warnings alone exit 0.
            """
    )

    @Argument(help: "The route file to check.")
    var file: String

    @Flag(name: .long, help: "Print one JSON object per problem per line.")
    var json = false

    func run() throws {
        let data: Data
        do {
            data = try BoundedFileRead.contents(of: URL(fileURLWithPath: file))
        } catch {
            printError("\(file): cannot read the file: \(error.reason)")
            throw ExitCode(1)
        }
        let diagnostics = RouteFile.diagnostics(for: data)
        for diagnostic in diagnostics {
            if json {
                let line = OrderedJSON.object([
                    ("file", .string(file)),
                    ("route", diagnostic.routeIndex.map { .value(.number(Double($0 + 1))) } ?? .null),
                    ("name", .optional(diagnostic.routeName)),
                    ("severity", .string(diagnostic.severity.rawValue)),
                    ("field", .optional(diagnostic.field)),
                    ("message", .string(diagnostic.message)),
                ])
                print(line.rendered)
            } else {
                printLine("\(file): \(diagnostic)")
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if !json {
            if diagnostics.isEmpty {
                printLine("\(file): ok")
            } else {
                printLine("\(file): \(errors) error(s), \(warnings) warning(s)")
            }
        }
        if errors > 0 { throw ExitCode(1) }
    }
}
