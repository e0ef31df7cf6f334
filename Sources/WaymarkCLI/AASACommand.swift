import ArgumentParser
import Foundation
import Waymark
import WaymarkAssociatedDomains

/// `waymark aasa`: the apple-app-site-association file for a domain, generated from the routes, or
/// a served file checked against them.
struct AASACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Generate the apple-app-site-association file from the routes, or check a served one against them.",
        discussion: """
            Without --check, prints the file for the domain to standard output, ready to serve at \
            https://DOMAIN/.well-known/apple-app-site-association, and prints to standard error what it \
            sends to the app that no route handles (notes: AASA patterns cannot say "one segment" or \
            "digits only") and any problem (an internal-only route whose URLs have the shape of a public \
            route's). With --check FILE, checks a served file: universal routes it does not send to the \
            app, internal-only routes it sends, URLs it sends that no route handles, and what Apple would \
            ignore in it. Each finding is one line, 'FILE: component N (applinks.details[D].components[I]): \
            severity: message' (N counted from 1, I from 0 as in the JSON), 'route NAME: severity: message' \
            or 'FILE: severity: message'. The analysis covers every canonical URL (no empty segment, no \
            trailing slash), not samples. Exit status: 0 when there is no error or warning (notes alone \
            pass), 1 otherwise, 2 for a usage error. With --json, standard output is one JSON object: \
            {"file": …} (without --check), "diagnostics" (severity, kind, location, component, route, \
            message, example), "complete" (false when the analysis stopped at its bound, which is an \
            error), and the analysis's "states" and "work" counters. --domain names the domain; without it, a route file with one \
            domain uses that one (and says so in one line on standard error), one with several is a \
            usage error naming them, and one with none a usage error too.
            """
    )

    @OptionGroup var source: RouteSourceOptions

    @Option(name: .customLong("app-id"), help: "The app: TEAMID.bundle.identifier.")
    var appID: String

    @Option(
        help:
            "The domain that serves the file. Required when the route file has several domains; without it, the file's only domain."
    )
    var domain: String?

    @Option(name: .customLong("check"), help: "Check this apple-app-site-association file instead of generating one.")
    var checkFile: String?

    @Flag(help: "Keep routes that need confirmation in the browser (default: send them to the app, which asks).")
    var keepConfirmationInBrowser = false

    @Option(
        name: .customLong("maximum-work"),
        help:
            "The analysis's work bound (default \(AssociationCheckOptions.defaultMaximumWork), about 5 seconds at most); past it the check stops with an error."
    )
    var maximumWork: Int?

    @Flag(name: .long, help: "Print one JSON object (the file, the diagnostics) instead of text.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Write the generated file here instead of standard output (`swift package waymark aasa … --output FILE`); "
                + "a file with errors or warnings is not written.",
            valueName: "file"))
    var output: String?

    func validate() throws {
        if output != nil && (json || checkFile != nil) {
            throw ValidationError("--output writes the generated file: it goes with neither --json nor --check")
        }
    }

    func run() throws {
        let file = try source.load()
        let resolver: RouteResolver
        do {
            resolver = try file.makeResolver()
        } catch {
            printError("\(source.sourceName): \(error.message)")
            throw ExitCode(1)
        }
        let domain = try chosenDomain(file)
        let options = AssociationCheckOptions(
            confirmationRoutes: keepConfirmationInBrowser ? .keepInBrowser : .sendToApp,
            maximumWork: max(0, maximumWork ?? AssociationCheckOptions.defaultMaximumWork))
        let association = try checkFile.map(Self.read)
        if self.domain == nil {
            printError("\(source.sourceName): no --domain given; using the file's only domain, \(domain)")
        }
        if let checkFile, let association {
            let report = association.check(against: resolver, appID: appID, domain: domain, options: options)
            try finish(report, fileName: checkFile, generated: nil)
        } else {
            let generated = AppSiteAssociation.generate(from: resolver, appID: appID, domain: domain, options: options)
            try finish(generated.report, fileName: "generated", generated: generated.file)
        }
    }

    /// The domain to generate or check for: `--domain`, or the route file's only domain. A file with
    /// several domains, or none, is a usage error that says which: the first of several is no
    /// better a guess than the others.
    private func chosenDomain(_ file: RouteFile) throws -> String {
        if let domain { return domain }
        let domains = file.domainBases.map(\.host)
        guard let only = domains.first else {
            printError("\(source.sourceName) names no domain: give the one that serves the file with --domain DOMAIN")
            throw ExitCode(WaymarkCommand.usageErrorStatus)
        }
        guard domains.count == 1 else {
            printError(
                "\(source.sourceName): --domain is required: the file has several domains ("
                    + domains.joined(separator: ", ") + ")")
            throw ExitCode(WaymarkCommand.usageErrorStatus)
        }
        return only
    }

    /// Reads an apple-app-site-association file, or prints why not and exits with status 1.
    static func read(_ path: String) throws -> AppSiteAssociation {
        let data: Data
        do {
            data = try BoundedFileRead.contents(of: URL(fileURLWithPath: path), limit: BoundedFileRead.defaultLimit)
        } catch {
            printError("\(path): cannot be read: \(error.reason)")
            throw ExitCode(1)
        }
        do {
            return try AppSiteAssociation(data: data)
        } catch {
            printError("\(path): \(error.message)")
            throw ExitCode(1)
        }
    }

    private func finish(_ report: AssociationReport, fileName: String, generated: AppSiteAssociation?) throws {
        if json {
            var members: [(String, OrderedJSON)] = []
            if let generated {
                members.append(("file", .raw(generated.jsonText)))
            }
            members.append(("diagnostics", .array(report.diagnostics.map(Self.json))))
            members.append(("complete", .bool(report.isComplete)))
            members.append(("states", .value(.number(Double(report.statesVisited)))))
            members.append(("work", .value(.number(Double(report.work)))))
            print(OrderedJSON.object(members).rendered)
        } else {
            if let generated, output == nil {
                print(generated.jsonText, terminator: "")
            }
            for diagnostic in report.diagnostics { printError(Self.line(diagnostic, fileName: fileName)) }
            // A file with problems is not written over the one a team may have committed.
            if let generated, let output {
                if report.problems.isEmpty {
                    try OutputFile.write(generated.jsonText, to: output, what: "the file")
                } else {
                    printError("\(output): not written: the file has \(report.problems.count) problem(s), above")
                }
            }
        }
        if !report.problems.isEmpty { throw ExitCode(1) }
    }

    static func line(_ diagnostic: AssociationDiagnostic, fileName: String) -> String {
        let severity = diagnostic.severity.rawValue
        let example = diagnostic.example.map { " (for example \($0))" } ?? ""
        if diagnostic.location.hasPrefix("route ") {
            return "\(diagnostic.location): \(severity): \(diagnostic.message)"
        }
        var place = fileName
        if let component = diagnostic.componentIndex {
            place += ": component \(component + 1) (\(diagnostic.location))"
        } else if !diagnostic.location.isEmpty {
            place += ": \(diagnostic.location)"
        }
        return "\(place): \(severity): \(diagnostic.message)" + (diagnostic.kind == .unhandledURLsSent ? example : "")
    }

    static func json(_ diagnostic: AssociationDiagnostic) -> OrderedJSON {
        .object([
            ("severity", .string(diagnostic.severity.rawValue)), ("kind", .string(diagnostic.kind.rawValue)),
            ("location", .string(diagnostic.location)),
            ("component", diagnostic.componentIndex.map { .value(.number(Double($0))) } ?? .null),
            ("route", .optional(diagnostic.routeName)), ("message", .string(diagnostic.message)),
            ("example", .optional(diagnostic.example)),
        ])
    }
}
