import ArgumentParser
import Foundation
import Waymark
import WaymarkPathConfiguration

/// `waymark check`: validates a route file.
struct CheckCommand: AsyncParsableCommand {
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
            'FILE: rules[N].patterns[M]: severity: message' as 'waymark properties' does, then the \
            linter's warnings (patterns no URL matches, properties later rules always override, a broad \
            rule placed after a specific one, unanchored patterns matching inside a segment), each with \
            the shortest URL that shows it; it exits 1 only when the document cannot be used at all. \
            With --against OTHER, it also lists every key some URL gets otherwise from OTHER (a \
            bundled copy against the server's), with the shortest such URL, and exits 1 when there \
            is one.

            'waymark check --links CONTRACT' checks a published-links contract (docs/link-contract.md) \
            against the route file (--routes FILE, or the embedded example): every contracted link is \
            resolved from its origin and must still open its route, with its parameters, asking to \
            confirm only if it did, and with the properties the contract lists. Each broken link is a \
            line 'CONTRACT: links[N]: URL: was ROUTE(PARAMS), now WHAT; nearest: ROUTE (TEMPLATE) — \
            WHERE IT FAILS' (the nearest template, from 'waymark explain', when no route of its own \
            opens it), then a summary; it exits 1 when any link broke. With --json, one object per broken \
            link per line with the keys contract, index, url, note, kind (otherRoute, otherParameters, \
            otherProperty, confirmation, defaultRoute, unmatched, refused, internalOnly, invalid, \
            notOpened), route, was, now, message and nearest (route, template, failure).
            """
    )

    @OptionGroup var source: RouteSourceOptions

    @Argument(help: ArgumentHelp("Deprecated: use --routes FILE.", visibility: .hidden))
    var deprecatedFile: String?

    @Option(help: "Check a path-configuration document (JSON) alone, instead of a route file.")
    var config: String?

    @Option(
        help: ArgumentHelp(
            "With --config: compare the document with this one (a bundled copy and a server copy), listing each key "
                + "some URL gets otherwise, with the shortest such URL.",
            valueName: "file"))
    var against: String?

    @Option(
        help: ArgumentHelp(
            "Check a published-links contract against the route file: every link must still open what it says.",
            valueName: "contract"))
    var links: String?

    @OptionGroup var pathOptions: PathConfigurationOptions

    @Flag(name: .long, help: "Print one JSON object per problem per line.")
    var json = false

    @Flag(
        name: .long,
        help:
            "Print each problem as a compiler does, 'FILE:LINE:COLUMN: error|warning: message', which Xcode and swift build show on the line."
    )
    var compilerStyle = false

    @Option(
        help: ArgumentHelp(
            "After a check without errors, write this Swift file (a comment naming what was checked): the build-tool plugin's "
                + "output, so that a build checks a document again only when it changed.",
            valueName: "file"))
    var marker: String?

    func validate() throws {
        if deprecatedFile != nil && source.routes != nil {
            throw ValidationError("give the route file once, with --routes FILE")
        }
        if json && compilerStyle {
            throw ValidationError("choose one of --json and --compiler-style")
        }
        if compilerStyle && links != nil {
            throw ValidationError("--compiler-style applies to route files and path configurations, not to --links")
        }
        if against != nil && config == nil {
            throw ValidationError("--against compares two path configurations: give the first with --config FILE")
        }
        if links != nil && (config != nil || deprecatedFile != nil) {
            throw ValidationError(
                "--links checks a contract against a route file: give the route file with --routes FILE")
        }
        if config != nil && (deprecatedFile != nil || source.routes != nil) {
            throw ValidationError(
                "--config checks a path configuration alone; check a route file (and the document it names) with --routes FILE"
            )
        }
    }

    func run() async throws {
        try await check()
        if let marker {
            let checked = config ?? source.routes ?? deprecatedFile ?? source.sourceName
            let text =
                "// Checked by `waymark check`: \(URL(fileURLWithPath: checked).lastPathComponent) has no errors.\n"
            try OutputFile.write(text, to: marker, what: "the marker", compilerStyle: compilerStyle)
        }
    }

    private func check() async throws {
        if let links {
            try await checkContract(links)
            return
        }
        let options = try pathOptions.options()
        if let config {
            try checkPathConfiguration(config, options: options)
            return
        }
        if let deprecatedFile {
            printError("warning: 'waymark check FILE' is deprecated; use 'waymark check --routes \(deprecatedFile)'")
        }
        let path = deprecatedFile ?? source.routes
        let file = path ?? source.sourceName
        let data = try RouteSourceOptions.contents(of: path, compilerStyle: compilerStyle)
        if Self.looksLikePathConfiguration(data) {
            printError(
                "\(file): this looks like a path configuration, not a route file; check it with --config \(file)")
        }
        let diagnostics = Self.everyProblem(data: data, file: URL(fileURLWithPath: file), options: options).diagnostics
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
            } else if compilerStyle {
                printLine(diagnostic.compilerStyle(file: file))
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

    /// Every problem of the route file `data` (read from `file`), then those of the path
    /// configuration it names, and the file when it has no errors: what `check` and `generate`
    /// print, from one load of the file.
    static func everyProblem(
        data: Data, file: URL, options: PathConfiguration.Options
    ) -> (file: RouteFile?, diagnostics: [RouteFileDiagnostic]) {
        let loaded = RouteFile.loadingEveryProblem(data, source: file.path)
        guard let routeFile = loaded.file else { return loaded }
        let document = pathConfigurationDiagnostics(of: routeFile, file: file, options: options)
        return (routeFile, loaded.diagnostics + RouteFileDiagnostic.locating(document, in: data))
    }

    /// The problems of the path configuration a valid route file names: its load error, or its
    /// diagnostics (none when it names no document), each about the route file's
    /// `pathConfiguration` value.
    private static func pathConfigurationDiagnostics(
        of routeFile: RouteFile, file: URL, options: PathConfiguration.Options
    ) -> [RouteFileDiagnostic] {
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

    /// `--config FILE`: the document's own diagnostics, as `waymark properties` prints them, then
    /// the linter's findings; with `--against`, the URLs where the two documents differ.
    private func checkPathConfiguration(_ path: String, options: PathConfiguration.Options) throws {
        let (document, data) = try Self.loadDocument(path, options: options, compilerStyle: compilerStyle)
        let lint = document.lint()
        var lines: [PathConfigurationLine] = document.diagnostics.map { PathConfigurationLine(diagnostic: $0) }
        lines += lint.findings.map { PathConfigurationLine(finding: $0) }
        var differences: [PathConfiguration.Difference] = []
        var comparisonComplete = true
        if let against {
            let other = try Self.loadDocument(against, options: options).document
            let comparison = document.differences(from: other)
            differences = comparison.differences
            comparisonComplete = comparison.isComplete
        }
        let positions = compilerStyle ? Self.positions(of: lines, in: data) : []
        for (index, line) in lines.enumerated() {
            if json {
                print(line.json(file: path, target: options.target).rendered)
            } else if compilerStyle {
                let position = positions[index]
                printLine("\(path):\(position.line):\(position.column): warning: \(line.text)")
            } else {
                printLine("\(path): \(line.text)")
            }
        }
        for difference in differences {
            if json {
                print(
                    OrderedJSON.object([
                        ("file", .string(path)), ("against", .string(against ?? "")),
                        ("target", .string(options.target.rawValue)), ("kind", .string("differs")),
                        ("key", .string(difference.key)), ("example", .string(difference.exampleURL)),
                        ("value", difference.value.map { .value($0) } ?? .null),
                        ("otherValue", difference.otherValue.map { .value($0) } ?? .null),
                        ("message", .string(difference.description)),
                    ]).rendered)
            } else {
                printLine("\(path): differs from \(against ?? ""): \(difference)")
            }
        }
        if lint.unfinishedChecks > 0 || !comparisonComplete {
            printError(
                "\(path): \(lint.unfinishedChecks) check(s)\(comparisonComplete ? "" : " and the comparison") stopped at "
                    + "the work bound; their findings, if any, are not listed")
        }
        if !json {
            let reading = "read as \(options.target.version)"
            let problems = document.diagnostics.count + lint.findings.count
            var summary =
                problems == 0
                ? "\(path): ok (\(reading))"
                : "\(path): \(problems) problem(s), \(reading); the rest of the document applies"
            if let against {
                summary +=
                    differences.isEmpty
                    ? "; no URL gets other properties from \(against)"
                    : "; \(differences.count) difference(s) from \(against)"
            }
            printLine(summary)
        }
        if !differences.isEmpty { throw ExitCode(1) }
    }

    /// Where each line's rule or pattern is written in the document's text `data` (its start when
    /// the line names neither).
    static func positions(of lines: [PathConfigurationLine], in data: Data) -> [JSONLocator.Position] {
        let queries = lines.map { line in
            JSONLocator.Query(
                path: line.ruleIndex.map { rule in
                    "rules[\(rule)]" + (line.patternIndex.map { ".patterns[\($0)]" } ?? "")
                } ?? "")
        }
        return JSONLocator.positions(of: queries, in: data)
    }

    /// Reads a path-configuration document for `--config` or `--against`, and returns it with its
    /// text (where `--compiler-style` finds each problem's line, without reading the file again).
    ///
    /// - Throws: `ExitCode(1)` after a message, when the file cannot be read or is not a document.
    /// With `compilerStyle`, the message reads `FILE: error: …`, which a build shows as an error.
    static func loadDocument(
        _ path: String, options: PathConfiguration.Options, compilerStyle: Bool = false
    ) throws -> (document: PathConfiguration, data: Data) {
        let severity = compilerStyle ? " error:" : ""
        do {
            let data = try BoundedFileRead.contents(of: URL(fileURLWithPath: path))
            return (try PathConfiguration(data: data, options: options, source: path), data)
        } catch let error as BoundedFileRead.Failure {
            printError("\(path):\(severity) cannot read the file: \(error.reason)")
            throw ExitCode(1)
        } catch let error as PathConfigurationError {
            let prefix = "\(path): "
            printError(
                compilerStyle && error.message.hasPrefix(prefix)
                    ? prefix + "error: " + error.message.dropFirst(prefix.count) : error.message)
            throw ExitCode(1)
        }
    }

    /// A JSON object with `rules` and no `routes`: a path configuration given where a route file goes.
    static func looksLikePathConfiguration(_ data: Data) -> Bool {
        guard case .object(let object)? = try? JSONParser.parse(data) else { return false }
        return object["rules"] != nil && object["routes"] == nil
    }
}
