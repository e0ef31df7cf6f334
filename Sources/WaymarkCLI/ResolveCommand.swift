import ArgumentParser
import Foundation
import Waymark

/// `waymark resolve`: what happens to each URL.
struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve URLs and route strings and print what happened to each.",
        discussion: """
            With --json, prints one JSON object per URL per line with the keys url, outcome (matched, \
            default, unmatched, needsConfirmation, rejected or invalid; needsConfirmation: the route \
            opens once the user confirms, which a link from outside cannot do by itself), reason, route, template, parameters, wildcard, query, \
            fragment, origin and properties. Exit status: 0 when every URL was handled (matched, or handled by the default route); 1 \
            when any was not (invalid, unmatched with no default route, rejected, refused, internal-only \
            for the origin, over a limit), after every URL is printed; 2 for a usage error.
            """ + "\n\n" + URLInputOptions.discussion
    )

    @OptionGroup var source: RouteSourceOptions
    @OptionGroup var pathOptions: PathConfigurationOptions

    @Flag(name: .long, help: "Print one JSON object per URL per line.")
    var json = false

    @Option(
        name: .long,
        help:
            "Treat every URL as coming from this origin (external or internal). Default: external when the string has a scheme."
    )
    var origin: OriginArgument?

    @OptionGroup var input: URLInputOptions

    @Argument(
        help:
            "URLs or internal route strings, such as 'shop://product/42?ref=mail' or 'search?q=shoes' (or --input FILE)."
    )
    var urls: [String] = []

    func validate() throws { try input.validate(arguments: urls) }

    func run() async throws {
        var urlSource = try input.source(arguments: urls)
        let (file, resolver) = try source.resolver(pathOptions: pathOptions)
        var allHandled = true
        while let url = try urlSource.next() {
            let result = await resolver.resolve(url, origin: origin?.origin)
            allHandled = allHandled && result.status.isHandled
            let report = ResolutionReport(url: url, result: result, file: file)
            if json {
                print(report.json.rendered)
            } else {
                printLines(report.textLines)
            }
        }
        if !allHandled || urlSource.hadUnreadableLine { throw ExitCode(1) }
    }
}

/// The values of `--origin`.
enum OriginArgument: String, ExpressibleByArgument {
    case external
    case `internal`

    var origin: RouteOrigin { self == .external ? .external : .internal }
}

/// One resolution, as the CLI prints it.
struct ResolutionReport {
    let url: String
    let result: RoutingResult
    let file: RouteFile

    /// The outcome word of the JSON output.
    var outcome: String {
        switch result.status {
        case .handled: "matched"
        case .handledByDefault: "default"
        case .unmatched, .declined: "unmatched"
        case .invalid, .limitExceeded: "invalid"
        // Not a refusal: the route opens once the user confirms (a tester expects this link to work).
        case .needsConfirmation: "needsConfirmation"
        default: "rejected"
        }
    }

    var request: RouteRequest? { result.request }

    var json: OrderedJSON {
        let parameters = request?.routeParameters.map { parameters in
            OrderedJSON.object(parameters.map { ($0.name, .string($0.value)) })
        }
        let wildcard = request?.wildcard.map { OrderedJSON.array($0.map { .string($0) }) } ?? .null
        var query: [(String, OrderedJSON)] = []
        if let items = request?.queryParameters {
            for name in items.names {
                let values = items.items.filter { $0.name == name }.map { OrderedJSON.optional($0.value) }
                query.append((name, .array(values)))
            }
        }
        let origin = request?.origin ?? (url.contains(":") ? .external : .internal)
        return .object([
            ("url", .string(url)),
            ("outcome", .string(outcome)),
            ("reason", .optional(result.reason)),
            ("route", .optional(request?.routeName)),
            ("template", .optional(request?.matchedTemplate?.pattern)),
            ("parameters", parameters ?? .object([])),
            ("wildcard", wildcard),
            ("query", .object(query)),
            ("fragment", .optional(request?.fragment)),
            ("origin", .string(origin.rawValue)),
            ("properties", .value(.object(request?.properties ?? [:]))),
        ])
    }

    /// The report for a person, a line each: ``printLines(_:)`` escapes what the values carry.
    var textLines: [String] {
        var lines = [url]
        func add(_ label: String, _ value: String) {
            lines.append("  " + (label + ":").padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        add("outcome", outcome + (result.status.description == outcome ? "" : " (\(result.status))"))
        if let reason = result.reason { add("reason", reason) }
        if let request {
            if let name = request.routeName {
                add("route", name + (request.matchedTemplate.map { " (\($0.pattern))" } ?? ""))
            }
            if let parameters = request.routeParameters, !parameters.isEmpty {
                // The person at the terminal typed these values: the tool shows them (`unredactedDescription`).
                add("parameters", parameters.unredactedDescription)
            }
            if let wildcard = request.wildcard { add("wildcard", "[" + wildcard.joined(separator: ", ") + "]") }
            if !request.queryParameters.isEmpty { add("query", request.queryParameters.unredactedDescription) }
            if let fragment = request.fragment { add("fragment", fragment) }
            add("origin", request.origin.rawValue)
            if !request.properties.isEmpty { add("properties", JSONValue.object(request.properties).description) }
        }
        for redirect in result.redirects {
            add("redirect", "\(redirect.from) → \(redirect.to) by \(redirect.filter)")
        }
        return lines + [""]
    }
}
