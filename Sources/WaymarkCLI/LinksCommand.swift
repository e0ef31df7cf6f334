import ArgumentParser
import Foundation
import Waymark

/// `waymark links`: an example link for every route and scope, and an HTML catalogue.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Print an example link for every route and scope; write a tappable HTML catalogue.",
        discussion: """
            Example values: 42 for <int>, 1.5 for <float>, a fixed UUID for <uuid>, the parameter's name \
            otherwise, two segments for a catch-all; optional groups are filled. Internal-only routes get a \
            path, since no outside link reaches them. With --json, prints one JSON object per link per line \
            with the keys route, template, scope and link.
            """
    )

    @OptionGroup var source: RouteSourceOptions

    @Option(name: .long, help: "Also write a self-contained HTML page listing every route with its links.")
    var html: String?

    @Flag(name: .long, help: "Print one JSON object per link per line.")
    var json = false

    func run() throws {
        let file = try source.load()
        let catalogue = LinkCatalogue(file: file)
        for entry in catalogue.entries {
            for link in entry.links {
                if json {
                    print(
                        OrderedJSON.object([
                            ("route", .string(entry.route.name)), ("template", .string(entry.route.pattern)),
                            ("scope", .string(link.scope)), ("link", link.url.map(OrderedJSON.string) ?? .null),
                            ("problem", link.problem.map(OrderedJSON.string) ?? .null),
                        ]).rendered)
                } else {
                    let line = [
                        pad(entry.route.name, 12), pad(link.scope, 30), link.url ?? "(\(link.problem ?? "no link"))",
                    ]
                    printLine(line.joined(separator: " "))
                }
            }
        }
        if let html {
            do {
                try Data(catalogue.html(title: source.sourceName).utf8).write(
                    to: URL(fileURLWithPath: html), options: .atomic)
            } catch {
                printError("cannot write \(html): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
    }
}

/// The text followed by spaces up to `width` characters; longer text is kept whole.
private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Example links for every route of a file.
struct LinkCatalogue {
    struct Link {
        var scope: String
        var url: String?
        var problem: String?
    }

    struct Entry {
        var route: RouteFile.Route
        var links: [Link]
    }

    let file: RouteFile
    let entries: [Entry]

    init(file: RouteFile) {
        self.file = file
        let links = LinkCreator(schemes: file.schemes, domains: file.domains)
        entries = file.routes.map { route in
            let parameters = Self.exampleParameters(route.template)
            if route.isInternal {
                let path = Result { () throws(RoutingError) in
                    try links.path(for: route.template, parameters: parameters)
                }
                return Entry(route: route, links: [Self.link("internal", path)])
            }
            var made: [Link] = []
            for scope in route.scopes {
                switch scope {
                case .appAny, .app:
                    let scheme: String? = if case .app(let scheme) = scope { scheme } else { nil }
                    let choices = scheme.map { [$0] } ?? (file.schemes.isEmpty ? [nil] : file.schemes.map { $0 })
                    for choice in choices {
                        let url = Result { () throws(RoutingError) in
                            try links.appLink(
                                for: route.template, parameters: parameters, scopes: [scope], scheme: choice)
                        }
                        let label = scheme == nil ? choice.map { "\(scope.description) \($0)" } : nil
                        made.append(Self.link(label ?? scope.description, url))
                    }
                case .universalAny, .universal:
                    let domain: String? = if case .universal(let domain) = scope { domain } else { nil }
                    let choices = domain.map { [$0] } ?? (file.domains.isEmpty ? [nil] : file.domains.map { $0 })
                    for choice in choices {
                        let url = Result { () throws(RoutingError) in
                            try links.universalLink(
                                for: route.template, parameters: parameters, scopes: [scope], domain: choice)
                        }
                        let label = domain == nil ? choice.map { "\(scope.description) \($0)" } : nil
                        made.append(Self.link(label ?? scope.description, url))
                    }
                }
            }
            return Entry(route: route, links: made)
        }
    }

    private static func link(_ scope: String, _ result: Result<String, RoutingError>) -> Link {
        switch result {
        case .success(let url): Link(scope: scope, url: url)
        case .failure(let error): Link(scope: scope, problem: error.message)
        }
    }

    /// A plausible value for every parameter of a template.
    static func exampleParameters(_ template: RouteTemplate) -> RouteParameters {
        var pairs: [(name: String, value: String)] = []
        for variant in template.variants.suffix(1) {
            for segment in variant.segments {
                switch segment {
                case .parameter(let name, let type):
                    let value =
                        switch type {
                        case "int": "42"
                        case "float": "1.5"
                        case "uuid": "00000000-0000-4000-8000-000000000042"
                        default: name
                        }
                    pairs.append((name, value))
                case .catchAll(let name?):
                    pairs.append((name, "a"))
                    pairs.append((name, "b"))
                default:
                    break
                }
            }
        }
        return RouteParameters(pairs)
    }

    /// A self-contained page: every route with its template, scopes and tappable links.
    func html(title: String) -> String {
        var rows = ""
        for entry in entries {
            let links = entry.links.map { link in
                if let url = link.url {
                    return
                        "<li><span class=\"scope\">\(escape(link.scope))</span> <a href=\"\(escape(url))\">\(escape(url))</a></li>"
                }
                return
                    "<li><span class=\"scope\">\(escape(link.scope))</span> <em>\(escape(link.problem ?? ""))</em></li>"
            }.joined(separator: "\n")
            let scopes = entry.route.scopes.map(\.description).joined(separator: ", ")
            rows += """
                <section>
                <h2>\(escape(entry.route.name))\(entry.route.isInternal ? " <small>internal only</small>" : "")</h2>
                <p><code>\(escape(entry.route.pattern))</code> · \(escape(scopes))</p>
                <ul>
                \(links)
                </ul>
                </section>

                """
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Deep links · \(escape(title))</title>
            <style>
            body { font: 16px/1.4 -apple-system, system-ui, sans-serif; margin: 1rem; max-width: 48rem; }
            section { border-bottom: 1px solid #ddd; padding: 0.5rem 0; }
            h2 { font-size: 1.1rem; margin: 0.2rem 0; }
            code { background: #f3f3f3; padding: 0 0.2rem; }
            ul { list-style: none; padding: 0; }
            li { margin: 0.6rem 0; word-break: break-all; }
            a { display: inline-block; padding: 0.3rem 0; }
            .scope { color: #666; font-size: 0.85rem; display: block; }
            </style>
            </head>
            <body>
            <h1>Deep links · \(escape(title))</h1>
            <p>Schemes: \(escape(file.schemes.joined(separator: ", "))) · Domains: \(escape(file.domains.joined(separator: ", ")))</p>
            \(rows)</body>
            </html>

            """
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
