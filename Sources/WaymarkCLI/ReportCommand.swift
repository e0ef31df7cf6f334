import ArgumentParser
import Foundation
import Waymark

/// `waymark report`: link health over real traffic (``LinkHealthReport``), as text, JSON or an
/// HTML page.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Link health over real traffic: which links open a route, which fall to the default route or fail, and why.",
        discussion: """
            Reads links one per line from the files given (none, or '-': standard input), in bounded \
            memory: a URL; 'COUNT URL' (a count, spaces, the URL); or a web server's access-log line \
            (common or combined format), whose request path is read as a universal link of --base \
            (default: the route file's first domain that is not a wildcard). Blank lines and '#' comments are \
            skipped. Each link is answered as 'waymark resolve' would before the app's own filters run \
            (a preview), and every link that did not open a route is grouped by the nearest template \
            and the reason 'waymark explain' gives. Prints the links per outcome and per route, the \
            commonest problems and the links that reached the default route. Values the links carried \
            are shown as <private> unless --show-values is given: traffic may hold sign-in links. A \
            progress bar is drawn on standard error when it is a terminal. Lines are counted apart from blank lines and comments. \
            Exit status: 0 when the input was read, 1 when a file cannot be read or a line is over 1 MiB \
            (named on standard error; the report of the other lines is printed).
            """)

    @OptionGroup var routeSource: RouteSourceOptions

    @Argument(help: ArgumentHelp("Files of links, one per line ('-' or none: standard input).", valueName: "file"))
    var files: [String] = []

    @Option(name: .long, help: "How many groups of problems, and of links that reached the default route, to list.")
    var top = 10

    @Flag(name: .long, help: "Print the report as one JSON object, for dashboards.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp("Write the report as an HTML page to this file ('-': standard output).", valueName: "file"))
    var html: String?

    @Flag(name: .customLong("show-values"), help: "Show the values links carried, and one example link per group.")
    var showValues = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What access-log paths are links of (default: the route file's first domain that is not a wildcard).",
            valueName: "url"))
    var base: String?

    @Flag(name: .customLong("no-progress"), help: "Never draw the progress bar, even on a terminal.")
    var noProgress = false

    func validate() throws {
        guard top >= 0 else { throw ValidationError("--top must be 0 or more, not \(top)") }
        if json && html == "-" { throw ValidationError("--json and --html - both write to standard output; pick one") }
    }

    func run() throws {
        let file = try routeSource.load()
        let resolver: RouteResolver
        do {
            resolver = try file.makeResolver()
        } catch {
            printError("\(routeSource.sourceName): \(error.message)")
            throw ExitCode(1)
        }
        // The route file's first domain that names one host (a wildcard names none), as the
        // server that wrote the log: its scheme, host and port; a request target holds the path.
        let firstHost = file.domainBases.first { !$0.host.hasPrefix("*") }.map { domain in
            "\(domain.scheme)://\(domain.host)" + (domain.port.map { ":\($0)" } ?? "")
        }
        var report = LinkHealthReport(
            resolver: resolver,
            options: LinkHealthReport.Options(top: top, showValues: showValues, accessLogBase: base ?? firstHost))
        var progress = ProgressBar(enabled: !noProgress && isatty(STDERR_FILENO) != 0)
        var hadUnreadableLine = false
        for path in files.isEmpty ? ["-"] : files {
            var source = try URLSource(path: path)
            progress.start(file: path)
            while let line = try source.next() {
                report.add(line: line)
                progress.advance(bytes: line.utf8.count + 1)
            }
            hadUnreadableLine = hadUnreadableLine || source.hadUnreadableLine
        }
        progress.finish()
        let names = (files.isEmpty ? ["-"] : files).map { $0 == "-" ? "standard input" : $0 }
        let output = ReportOutput(report: report, source: names.joined(separator: ", "))
        if let html {
            let page = output.html()
            if html == "-" {
                print(page, terminator: "")
            } else {
                try OutputFile.write(page, to: html, what: "the page")
            }
        }
        if json {
            print(output.json().rendered)
        } else if html != "-" {
            print(output.text().joined(separator: "\n"))
        }
        // A line over the line limit was named on standard error and not counted: the report is
        // printed, and the status says it is not of every line.
        if hadUnreadableLine { throw ExitCode(1) }
    }
}
