import ArgumentParser
import Foundation
import Waymark
import WaymarkPathConfiguration

/// `waymark check`: validates a route file.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Validate a route file: templates, scopes, conflicts, routes that can never win, and its path configuration.",
        discussion: """
            Prints one line per problem as 'FILE: routes[N] (name): severity: field: message' (N counted \
            from 0, as in the JSON) and exits with status 1 when there is any error. Warnings alone exit 0. \
            The path configuration the file names is loaded too: one that cannot be read is an error, \
            and each of its skipped rules, skipped patterns and warnings is a line \
            'FILE: warning: pathConfiguration: rules[N].patterns[M]: [skipped: ]message' (a skipped rule \
            or pattern is a warning: the rest of the document applies). The document is read with the \
            same --target, query-matching and historical-rule options as 'waymark properties'. The file is given with \
            --routes FILE, as for every other command (without it, the embedded example is checked); \
            the older 'waymark check FILE' still works, with a deprecation note on standard error. \
            'waymark check --config FILE' checks a path-configuration document alone, printing \
            'FILE: rules[N].patterns[M]: severity: message' as 'waymark properties' does; it exits 1 \
            only when the document cannot be used at all.
            """
    )

    @OptionGroup var source: RouteSourceOptions

    @Argument(help: ArgumentHelp("Deprecated: use --routes FILE.", visibility: .hidden))
    var deprecatedFile: String?

    @Option(help: "Check a path-configuration document (JSON) alone, instead of a route file.")
    var config: String?

    @OptionGroup var pathOptions: PathConfigurationOptions

    @Flag(name: .long, help: "Print one JSON object per problem per line.")
    var json = false

    func validate() throws {
        if deprecatedFile != nil && source.routes != nil {
            throw ValidationError("give the route file once, with --routes FILE")
        }
        if config != nil && (deprecatedFile != nil || source.routes != nil) {
            throw ValidationError(
                "--config checks a path configuration alone; check a route file (and the document it names) with --routes FILE"
            )
        }
    }

    func run() throws {
        let options = try pathOptions.options()
        if let config {
            try checkPathConfiguration(config, options: options)
            return
        }
        if let deprecatedFile {
            printError("warning: 'waymark check FILE' is deprecated; use 'waymark check --routes \(deprecatedFile)'")
        }
        let data: Data
        let file: String
        if let path = deprecatedFile ?? source.routes {
            file = path
            do {
                data = try BoundedFileRead.contents(of: URL(fileURLWithPath: path))
            } catch {
                printError("\(file): cannot read the file: \(error.reason)")
                throw ExitCode(1)
            }
        } else {
            file = source.sourceName
            data = Data(PackageResources.shop_routes_json)
        }
        var diagnostics = RouteFile.diagnostics(for: data)
        if Self.looksLikePathConfiguration(data) {
            printError(
                "\(file): this looks like a path configuration, not a route file; check it with --config \(file)")
        }
        diagnostics += Self.pathConfigurationDiagnostics(data: data, file: URL(fileURLWithPath: file), options: options)
        for diagnostic in diagnostics {
            if json {
                let line = OrderedJSON.object([
                    ("file", .string(file)),
                    ("routeIndex", diagnostic.routeIndex.map { .value(.number(Double($0))) } ?? .null),
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

    /// The problems of the path configuration a valid route file names: its load error, or its
    /// diagnostics (none when the route file has errors of its own, or names no document).
    static func pathConfigurationDiagnostics(
        data: Data, file: URL, options: PathConfiguration.Options
    ) -> [RouteFileDiagnostic] {
        guard let routeFile = try? RouteFile(data: data, source: file.path) else { return [] }
        let folder = file.deletingLastPathComponent()
        do {
            guard let document = try routeFile.loadPathConfiguration(relativeTo: folder, options: options) else {
                return []
            }
            // Every one is a warning of the route file; only "skipped" adds to that.
            return document.diagnostics.map {
                RouteFileDiagnostic(
                    severity: .warning, routeIndex: nil, routeName: nil, field: "pathConfiguration",
                    message: "\($0.location): " + ($0.severity == .skipped ? "skipped: " : "") + $0.message)
            }
        } catch {
            return [
                RouteFileDiagnostic(
                    severity: .error, routeIndex: nil, routeName: nil, field: "pathConfiguration",
                    message: error.message)
            ]
        }
    }

    /// `--config FILE`: the document's own diagnostics, as `waymark properties` prints them.
    private func checkPathConfiguration(_ path: String, options: PathConfiguration.Options) throws {
        let document: PathConfiguration
        do {
            let data = try BoundedFileRead.contents(of: URL(fileURLWithPath: path))
            document = try PathConfiguration(data: data, options: options, source: path)
        } catch let error as BoundedFileRead.Failure {
            printError("\(path): cannot read the file: \(error.reason)")
            throw ExitCode(1)
        } catch let error as PathConfigurationError {
            printError(error.message)
            throw ExitCode(1)
        }
        for diagnostic in document.diagnostics {
            if json {
                let line = OrderedJSON.object([
                    ("file", .string(path)),
                    ("target", .string(options.target.rawValue)),
                    ("ruleIndex", diagnostic.ruleIndex.map { .value(.number(Double($0))) } ?? .null),
                    ("patternIndex", diagnostic.patternIndex.map { .value(.number(Double($0))) } ?? .null),
                    ("severity", .string(diagnostic.severity.rawValue)),
                    ("message", .string(diagnostic.message)),
                ])
                print(line.rendered)
            } else {
                printLine("\(path): \(diagnostic)")
            }
        }
        if !json {
            let reading = "read as \(options.target.version)"
            printLine(
                document.diagnostics.isEmpty
                    ? "\(path): ok (\(reading))"
                    : "\(path): \(document.diagnostics.count) problem(s), \(reading); the rest of the document applies")
        }
    }

    /// A JSON object with `rules` and no `routes`: a path configuration given where a route file goes.
    static func looksLikePathConfiguration(_ data: Data) -> Bool {
        guard case .object(let object)? = try? JSONParser.parse(data) else { return false }
        return object["rules"] != nil && object["routes"] == nil
    }
}
