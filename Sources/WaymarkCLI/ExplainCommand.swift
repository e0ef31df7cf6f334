import ArgumentParser
import Waymark

/// `waymark explain`: why each URL resolved as it did.
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why URLs matched what they matched, or the nearest templates when nothing matched.",
        discussion: """
            For each URL: the winner and the runners-up; every route whose path matches but whose scopes \
            exclude the URL's scheme or domain (also when the file refuses that scheme or domain); and when \
            nothing matched, the nearest templates, ranked by how far along the URL each one failed, then \
            by how close a misspelt literal is (edit distance, computed for literals and segments of at \
            most 64 characters), then routes in scope before routes out of scope, then by file order. \
            A route whose scopes exclude the URL is listed when it came near (a misspelt literal, or a \
            segment matched), its line ending with what its scopes exclude; a template with no segments \
            ('/') is listed only for a URL with no path. With --json, prints one JSON object per URL per \
            line with the keys url, outcome, reason, path and attempts (route, template, variant, scope, \
            matched, excludedByScope: its path matches but its scopes exclude the URL, outOfScope: its \
            scopes exclude the URL, distance, failure). Exit status: 0 when every URL was handled \
            (matched, or handled by the default route); 1 when any was not (invalid, unmatched with no \
            default route, rejected, refused, internal-only for the origin, over a limit), after every \
            URL is printed; 2 for a usage error.
            """ + "\n\n" + URLInputOptions.discussion
    )

    @OptionGroup var source: RouteSourceOptions
    @OptionGroup var pathOptions: PathConfigurationOptions

    @Flag(name: .long, help: "Print one JSON object per URL per line.")
    var json = false

    @OptionGroup var input: URLInputOptions

    @Argument(help: "URLs or internal route strings to explain (or --input FILE).")
    var urls: [String] = []

    func validate() throws { try input.validate(arguments: urls) }

    func run() async throws {
        var urlSource = try input.source(arguments: urls)
        let (file, resolver) = try source.resolver(pathOptions: pathOptions)
        var allHandled = true
        while let url = try urlSource.next() {
            let result = await resolver.resolve(url)
            allHandled = allHandled && result.status.isHandled
            let report = ResolutionReport(url: url, result: result, file: file)
            let explanation = resolver.table.explain(url)
            if json {
                print(Self.json(url, report, explanation, resolver).rendered)
            } else {
                printLines(Self.textLines(url, report, explanation, resolver) + [""])
            }
        }
        if !allHandled || urlSource.hadUnreadableLine { throw ExitCode(1) }
    }

    /// A route's name, or its position when it has none.
    static func name(_ index: Int, _ resolver: RouteResolver) -> String {
        resolver.routeName(at: index) ?? "route \(index + 1)"
    }

    static func json(
        _ url: String, _ report: ResolutionReport, _ explanation: RouteExplanation, _ resolver: RouteResolver
    ) -> OrderedJSON {
        let attempts = explanation.attempts.map { attempt in
            OrderedJSON.object([
                ("route", .string(name(attempt.registrationIndex, resolver))),
                ("template", .string(attempt.template.pattern)),
                ("variant", .string(attempt.variant.description)),
                ("scope", .string(attempt.scope.description)),
                ("matched", .bool(attempt.matched)),
                ("excludedByScope", .bool(attempt.isExcludedByScope)),
                ("outOfScope", .bool(attempt.isOutOfScope)),
                ("distance", attempt.literalDistance.map { .value(.number(Double($0))) } ?? .null),
                ("failure", .optional(attempt.failure)),
            ])
        }
        return OrderedJSON.object([
            ("url", .string(url)), ("outcome", .string(report.outcome)), ("reason", .optional(report.result.reason)),
            ("path", .optional(explanation.url?.path)), ("attempts", .array(attempts)),
        ])
    }

    static func textLines(
        _ url: String, _ report: ResolutionReport, _ explanation: RouteExplanation, _ resolver: RouteResolver
    ) -> [String] {
        let result = report.result
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
                "  matched \(name(winner.registrationIndex, resolver)) (\(winner.template.pattern)) in scope \(winner.scope)"
            )
            if let parameters = result.request?.routeParameters, !parameters.isEmpty {
                lines.append("  parameters: \(parameters.unredactedDescription)")  // typed at the terminal
            }
            for other in matches.dropFirst() {
                lines.append(
                    "  also matched \(name(other.registrationIndex, resolver)) (\(other.template.pattern)) in scope \(other.scope), "
                        + "but it comes later in precedence (scope, priority, specificity, registration order)")
            }
            for excluded in explanation.scopeExclusions {
                lines.append(
                    "  not \(name(excluded.registrationIndex, resolver)) (\(excluded.template.pattern)): \(excluded.failure ?? "")"
                )
            }
        } else if !explanation.attempts.isEmpty {
            lines.append("  nearest templates:")
            for attempt in explanation.attempts {
                lines.append(
                    "    \(name(attempt.registrationIndex, resolver)) (\(attempt.template.pattern)): \(attempt.failure ?? "")"
                )
            }
        }
        return lines
    }
}
