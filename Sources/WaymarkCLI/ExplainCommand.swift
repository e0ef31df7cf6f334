import ArgumentParser
import Waymark

/// `waymark explain`: why a URL resolved as it did.
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why a URL matched what it matched, or the nearest templates when nothing matched."
    )

    @OptionGroup var source: RouteSourceOptions
    @OptionGroup var pathOptions: PathConfigurationOptions

    @Flag(name: .long, help: "Print the explanation as one JSON object.")
    var json = false

    @Argument(help: "The URL or route string to explain.")
    var url: String

    func run() async throws {
        let (file, resolver) = try source.resolver(pathOptions: pathOptions)
        let explanation = resolver.table.explain(url)
        let result = await resolver.resolve(url)
        let report = ResolutionReport(url: url, result: result, file: file)
        func name(_ index: Int) -> String { resolver.routeName(at: index) ?? "route \(index + 1)" }
        if json {
            let attempts = explanation.attempts.map { attempt in
                OrderedJSON.object([
                    ("route", .string(name(attempt.registrationIndex))),
                    ("template", .string(attempt.template.pattern)),
                    ("variant", .string(attempt.variant.description)),
                    ("scope", .string(attempt.scope.description)),
                    ("matched", .bool(attempt.matched)),
                    ("failure", .optional(attempt.failure)),
                ])
            }
            print(
                OrderedJSON.object([
                    ("url", .string(url)), ("outcome", .string(report.outcome)), ("reason", .optional(result.reason)),
                    ("path", .optional(explanation.url?.path)), ("attempts", .array(attempts)),
                ]).rendered)
            return
        }
        var lines = ["\(url)"]
        if let parsed = explanation.url {
            let kind =
                parsed.kind == .universal
                ? "universal link for \(parsed.host ?? "")"
                : parsed.kind == .app ? "app link (scheme \(parsed.scheme ?? ""))" : "internal route string"
            lines.append(
                "  \(kind); route path \(parsed.path), segments ["
                    + parsed.pathSegments.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        lines.append("  outcome: \(report.outcome)" + (result.reason.map { " — \($0)" } ?? ""))
        let matches = explanation.matches
        if let winner = matches.first {
            lines.append(
                "  matched \(name(winner.registrationIndex)) (\(winner.template.pattern)) in scope \(winner.scope)")
            if let parameters = result.request?.routeParameters, !parameters.isEmpty {
                lines.append("  parameters: \(parameters)")
            }
            for other in matches.dropFirst() {
                lines.append(
                    "  also matched \(name(other.registrationIndex)) (\(other.template.pattern)) in scope \(other.scope), "
                        + "but it comes later in precedence (scope, priority, specificity, registration order)")
            }
        } else if !explanation.attempts.isEmpty {
            lines.append("  nearest templates:")
            for attempt in explanation.attempts {
                lines.append(
                    "    \(name(attempt.registrationIndex)) (\(attempt.template.pattern)): \(attempt.failure ?? "")")
            }
        }
        printLines(lines)
    }
}
