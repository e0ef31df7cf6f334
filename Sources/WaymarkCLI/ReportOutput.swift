import Waymark

/// A ``LinkHealthReport`` as `waymark report` prints it: text for a terminal, one JSON object for a
/// dashboard, or a self-contained HTML page for a person who does not read terminals.
struct ReportOutput {
    let report: LinkHealthReport
    /// The input's name: its files, or `standard input`.
    let source: String

    private func percent(_ count: Int) -> String {
        guard report.links > 0 else { return "0%" }
        let tenths = Double(count) * 1000 / Double(report.links)
        return String(Double(tenths.rounded()) / 10) + "%"
    }

    private var valuesNote: String {
        report.options.showValues ? "values shown" : "values redacted as <private>; --show-values shows them"
    }

    // MARK: - Text

    func text() -> [String] {
        var lines = [
            TerminalText.line(
                "\(source): \(LinkHealthReport.grouped(report.links)) link(s) in \(LinkHealthReport.grouped(report.lines)) line(s)"
                    + (report.skippedLines > 0 ? ", \(LinkHealthReport.grouped(report.skippedLines)) skipped" : ""))
        ]
        lines.append("")
        lines.append("outcomes:")
        lines += TerminalText.table(
            report.outcomes.map { ["  " + $0.outcome.rawValue, LinkHealthReport.grouped($0.count), percent($0.count)] })
        lines.append("")
        lines.append("routes:")
        lines += TerminalText.table(
            report.routes.map { ["  " + $0.route, LinkHealthReport.grouped($0.count), percent($0.count)] })
        lines += section("problems", report.problems)
        lines += section("links that reached the default route", report.defaultRouteGroups)
        return lines
    }

    private func section(_ title: String, _ groups: [LinkHealthReport.Group]) -> [String] {
        var lines = ["", "\(title) (top \(report.options.top); \(valuesNote)):"]
        if groups.isEmpty { lines.append("  none") }
        for group in groups {
            lines.append(TerminalText.line("  " + group.description))
            if let example = group.example { lines.append(TerminalText.line("    e.g. " + example)) }
        }
        return lines
    }

    // MARK: - JSON

    func json() -> OrderedJSON {
        .object([
            ("source", .string(source)),
            ("links", .value(.number(Double(report.links)))),
            ("lines", .value(.number(Double(report.lines)))),
            ("skippedLines", .value(.number(Double(report.skippedLines)))),
            ("valuesShown", .bool(report.options.showValues)),
            (
                "outcomes",
                .array(
                    report.outcomes.map {
                        .object([
                            ("outcome", .string($0.outcome.rawValue)), ("count", .value(.number(Double($0.count)))),
                        ])
                    })
            ),
            (
                "routes",
                .array(
                    report.routes.map {
                        .object([("route", .string($0.route)), ("count", .value(.number(Double($0.count))))])
                    })
            ),
            ("problems", .array(report.problems.map(json))),
            ("defaultRoute", .array(report.defaultRouteGroups.map(json))),
        ])
    }

    private func json(_ group: LinkHealthReport.Group) -> OrderedJSON {
        var pairs: [(String, OrderedJSON)] = [
            ("outcome", .string(group.outcome.rawValue)),
            ("count", .value(.number(Double(group.count)))),
            ("uncertainty", .value(.number(Double(group.uncertainty)))),
            ("template", .optional(group.template)),
            ("route", .optional(group.route)),
            ("reason", .string(group.reason)),
        ]
        if let example = group.example { pairs.append(("example", .string(example))) }
        return .object(pairs)
    }

    // MARK: - HTML

    func html() -> String {
        let escape = HTMLText.escape
        func bars(_ rows: [(name: String, count: Int)], caption: String) -> String {
            let maximum = max(1, rows.map(\.count).max() ?? 1)
            let body = rows.map { row in
                let width = Double(row.count) * 100 / Double(maximum)
                return """
                    <tr><th scope="row">\(escape(row.name))</th><td class="num">\(LinkHealthReport.grouped(row.count))</td>\
                    <td class="num">\(percent(row.count))</td>\
                    <td class="bar"><span style="width: \(String(format: width))%"></span></td></tr>
                    """
            }.joined(separator: "\n")
            return """
                <table><caption>\(escape(caption))</caption>
                <thead><tr><th scope="col">\(caption == "Outcomes" ? "outcome" : "route")</th><th scope="col" class="num">links</th><th scope="col" class="num">share</th><th scope="col"><span class="visually-hidden">bar</span></th></tr></thead>
                <tbody>
                \(body)
                </tbody></table>
                """
        }
        func groups(_ groups: [LinkHealthReport.Group], caption: String) -> String {
            guard !groups.isEmpty else { return "<h2>\(escape(caption))</h2><p>None.</p>" }
            // A list, not a table: a reason is a sentence, and a phone has no room for it in a column.
            let items = groups.map { group in
                let count =
                    LinkHealthReport.grouped(group.count)
                    + (group.uncertainty > 0 ? " (±\(LinkHealthReport.grouped(group.uncertainty)))" : "")
                let nearest =
                    group.template.map {
                        "<br>nearest route <b>\(group.route.map(escape) ?? "unnamed")</b> <code>\(escape($0))</code>"
                    } ?? ""
                let example = group.example.map { "<br><small>e.g. <code>\(escape($0))</code></small>" } ?? ""
                return """
                    <li><span class="count">\(count) links</span> · \(escape(group.outcome.rawValue))\(nearest)\
                    <p>\(escape(group.reason))\(example)</p></li>
                    """
            }.joined(separator: "\n")
            return """
                <h2>\(escape(caption))</h2>
                <ol class="groups">
                \(items)
                </ol>
                """
        }
        let opened = report.outcomes.filter { $0.outcome == .opens || $0.outcome == .needsConfirmation }
            .reduce(0) { $0 + $1.count }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Link health: \(escape(source))</title>
            <style>
            body { font: 16px/1.45 -apple-system, system-ui, sans-serif; margin: 1.5rem; max-width: 60rem; color: #1d1d1f; }
            h1 { font-size: 1.6rem; margin: 0 0 0.3rem; }
            .summary { font-size: 1.15rem; margin: 0.2rem 0 1rem; }
            .meta { color: #555; }
            table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; width: 100%; }
            caption { text-align: left; font-weight: 600; font-size: 1.2rem; padding: 0.3rem 0; }
            th, td { text-align: left; padding: 0.35rem 0.6rem; border-bottom: 1px solid #e3e3e3; vertical-align: top; }
            th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            td.bar { width: 40%; }
            td.bar span { display: block; height: 0.9rem; background: #3a7bd5; border-radius: 0.2rem; min-width: 1px; }
            code { font: 0.9em ui-monospace, Menlo, monospace; background: #f2f2f2; padding: 0 0.2rem; border-radius: 0.2rem; overflow-wrap: anywhere; }
            h2 { font-size: 1.2rem; margin: 1.2rem 0 0.4rem; }
            ol.groups { list-style: none; padding: 0; margin: 0 0 1.5rem; }
            ol.groups li { border-bottom: 1px solid #e3e3e3; padding: 0.5rem 0; }
            ol.groups p { margin: 0.2rem 0 0; }
            .count { font-weight: 600; font-variant-numeric: tabular-nums; }
            .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
            </style>
            </head>
            <body>
            <h1>Link health</h1>
            <p class="summary"><strong>\(percent(opened))</strong> of \(LinkHealthReport.grouped(report.links)) links open a screen of the app.</p>
            <p class="meta">Source: \(escape(source)). \(LinkHealthReport.grouped(report.lines)) lines read, \(LinkHealthReport.grouped(report.skippedLines)) skipped. \(report.options.showValues ? "Values shown" : "Values the links carried are shown as &lt;private&gt;; <code>waymark report --show-values</code> shows them").</p>
            \(bars(report.outcomes.map { ($0.outcome.rawValue, $0.count) }, caption: "Outcomes"))
            \(bars(report.routes.map { ($0.route, $0.count) }, caption: "Routes"))
            \(groups(report.problems, caption: "Links that fail"))
            \(groups(report.defaultRouteGroups, caption: "Links that reached the default route"))
            </body>
            </html>

            """
    }
}

extension String {
    /// A percentage with one decimal, for a CSS width.
    fileprivate init(format value: Double) {
        self = String((value * 10).rounded() / 10)
    }
}
