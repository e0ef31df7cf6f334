import ArgumentParser
import Foundation
import Waymark
import WaymarkAssociatedDomains

/// `waymark links`: an example link for every route and scope, each checked by resolving it, and an
/// HTML catalogue.
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Print an example link for every route and scope; write a tappable HTML catalogue.",
        discussion: """
            Every link is resolved with the route file's own resolver and listed only when it opens its \
            route. Example values, plainest first: 42, 1, 7 for <int>; 1.5, 0.5, 2.25 for <float>; fixed \
            UUIDs for <uuid>; the parameter's name, 'example', '1' otherwise; two segments for a catch-all; \
            optional groups filled, then left out. The query values a route requires (its "query" in the \
            route file) are filled with the first example of their type; optional ones are left out. \
            When the first example opens another route, the next ones are tried (at most 12 a link); \
            when none opens the route, the link is reported as shadowed, naming what opens it instead. \
            A route that requires confirmation is listed with its link and the note "asks the user to \
            confirm" when the link asks for this very route and, confirmed, opens it. Internal-only \
            routes get a path, resolved as from inside the app. With --json, prints one JSON object per \
            link per line with the keys route, template, scope, link (null when there is none), problem, \
            shadowed, openedBy (the route that opens a shadowed link), tried (the shadowed link), \
            confirmation (the link asks the user to confirm) and internal (the link is a path to open \
            from inside the app). The HTML page is titled with the app's name: the file's first scheme, \
            else its first domain, else the file's name; it shows each route's declared query, the note \
            beside a link that asks for confirmation, and an internal route's path as text, not as a \
            link. Shadowed links do not change the exit status. With --aasa FILE --app-id ID, the page \
            also says beside each universal link whether that apple-app-site-association file opens it \
            in the app, and which component decides.
            """
    )

    @OptionGroup var source: RouteSourceOptions
    @OptionGroup var pathOptions: PathConfigurationOptions

    @Option(name: .long, help: "Also write a self-contained HTML page listing every route with its links.")
    var html: String?

    @Flag(name: .long, help: "Print one JSON object per link per line.")
    var json = false

    @Option(
        name: .long,
        help:
            "With --html: an apple-app-site-association file; the page says, beside each universal link, whether it opens the app."
    )
    var aasa: String?

    @Option(name: .customLong("app-id"), help: "With --aasa: the app, TEAMID.bundle.identifier.")
    var appID: String?

    func validate() throws {
        if aasa != nil && (appID == nil || html == nil) {
            throw ValidationError("--aasa FILE needs --html PAGE and --app-id TEAMID.bundle.identifier")
        }
    }

    func run() async throws {
        let (file, resolver) = try source.resolver(pathOptions: pathOptions)
        let catalogue = await LinkCatalogue.make(file: file, resolver: resolver)
        var rows: [[String]] = []
        for entry in catalogue.entries {
            for link in entry.links {
                if json {
                    print(
                        OrderedJSON.object([
                            ("route", .string(entry.route.name)), ("template", .string(entry.route.pattern)),
                            ("scope", .string(link.scope)), ("link", .optional(link.url)),
                            ("problem", .optional(link.shadow?.note ?? link.problem)),
                            ("shadowed", .bool(link.shadow != nil)), ("openedBy", .optional(link.shadow?.openedBy)),
                            ("tried", .optional(link.shadow?.tried)), ("confirmation", .bool(link.confirmation)),
                            ("internal", .bool(entry.route.isInternal)),
                        ]).rendered)
                } else {
                    var shown = link.url ?? "(\(link.shadow?.note ?? link.problem ?? "no link"))"
                    if link.url != nil && link.confirmation { shown += " (\(LinkCatalogue.confirmationNote))" }
                    rows.append([entry.route.name, link.scope, shown])
                }
            }
        }
        // Escaped cell by cell, so print the lines as they are.
        if !json && !rows.isEmpty { print(TerminalText.table(rows).joined(separator: "\n")) }
        if let html {
            let title = LinkCatalogue.appName(file, fileName: source.routes ?? "shop.routes.json")
            do {
                let matcher = try aasa.map { try AASACommand.read($0).matcher(appID: appID ?? "") }
                try Data(catalogue.html(title: title, association: matcher).utf8).write(
                    to: URL(fileURLWithPath: html), options: .atomic)
            } catch {
                printError("cannot write \(html): \(error.localizedDescription)")
                throw ExitCode(1)
            }
        }
    }
}

extension LinkCatalogue {
    /// A self-contained page: every route with its template, scopes, declared query and tappable links.
    ///
    /// Every state is written out in words: a link that asks the user to confirm says so, an
    /// internal-only route shows its path as text (a relative `href` would open nothing), and a
    /// shadowed link is a note, never a link.
    ///
    /// With an `apple-app-site-association` matcher, each universal link says whether that file
    /// would open it in the app, and which component decides.
    func html(title: String, association: AssociationMatcher? = nil) -> String {
        var rows = ""
        for entry in entries {
            let links = entry.links.map { link in
                let scope = "<span class=\"scope\">\(escape(link.scope))</span>"
                if let url = link.url, entry.route.isInternal {
                    // A path, not a link: a page cannot open an app's internal route.
                    return "<li class=\"internal\">\(scope)<code class=\"path\">\(escape(url))</code>"
                        + " <span class=\"note\">internal: open from inside the app</span></li>"
                }
                if let url = link.url {
                    var notes = ""
                    if link.confirmation {
                        notes += " <span class=\"note confirm\">\(escape(LinkCatalogue.confirmationNote))</span>"
                    }
                    if let association, url.hasPrefix("https://") || url.hasPrefix("http://") {
                        let decision = association.decision(for: url)
                        notes +=
                            decision.opens
                            ? " <span class=\"aasa opens\">opens the app (\(escape(decision.location ?? "")))</span>"
                            : " <span class=\"aasa browser\">stays in the browser (\(escape(decision.description)))</span>"
                    }
                    return "<li>\(scope)<a href=\"\(escape(url))\">\(escape(url))</a>\(notes)</li>"
                }
                if let shadow = link.shadow {
                    // Visible, and not a link: tapping it would open the other route.
                    return "<li class=\"shadowed\">\(scope)"
                        + "<strong>shadowed</strong>: <code>\(escape(shadow.tried))</code> \(escape(shadow.outcome))</li>"
                }
                return "<li>\(scope)<em>\(escape(link.problem ?? ""))</em></li>"
            }.joined(separator: "\n")
            let scopes = entry.route.scopes.map(\.description).joined(separator: ", ")
            let query =
                entry.route.query.isEmpty
                ? ""
                : "\n<p class=\"query\">query: "
                    + entry.route.query.map { value in
                        "<code>\(escape(value.name))</code> \(value.type.rawValue)\(value.isRequired ? "" : ", optional")"
                    }.joined(separator: " · ") + "</p>"
            rows += """
                <section>
                <h2>\(escape(entry.route.name))\(entry.route.isInternal ? " <small>internal only</small>" : "")</h2>
                <p class="template"><code>\(escape(entry.route.pattern))</code> · \(escape(scopes))</p>\(query)
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
            .shadowed { color: #a33; }
            .aasa { font-size: 0.85rem; display: block; }
            .opens { color: #070; }
            .browser { color: #a33; }
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
