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

            With --contract FILE ('-': standard output, instead of the listing), writes a published-links \
            contract (docs/link-contract.md): every example link that opens its route, or with --input \
            FILE ('-': standard input) the URLs read one per line, each with the route it opens today, \
            its parameters, whether it asks to confirm (a link that asks is confirmed, and contracted \
            when it then opens its route), the template, and the properties named with --property KEY. \
            With --input, the listing of example links is not printed. A given URL that opens no route \
            is left out and named on standard error by its position among the input's URLs, with its \
            scheme and host only (the input may come from logs), and the exit status is then 1. A \
            contract over 64 MB is not written. Check the contract later with \
            'waymark check --links FILE'.
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write a published-links contract of the example links (or of --input's URLs) to this file ('-': standard output).",
            valueName: "file"))
    var contract: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --contract: read the URLs to contract from this file, one per line ('-': standard input), instead of the example links.",
            valueName: "file"))
    var input: String?

    @Option(
        name: .customLong("property"),
        help: ArgumentHelp(
            "With --contract: a property the app relies on, recorded for each link that has it (repeat for more).",
            valueName: "key"))
    var properties: [String] = []

    func validate() throws {
        if (input != nil || !properties.isEmpty) && contract == nil {
            throw ValidationError("--input and --property write a contract: give it with --contract FILE")
        }
        if contract == "-" && (json || html != nil) {
            throw ValidationError(
                "--contract - writes the contract to standard output: write --json or --html elsewhere")
        }
        if aasa != nil && (appID == nil || html == nil) {
            throw ValidationError("--aasa FILE needs --html PAGE and --app-id TEAMID.bundle.identifier")
        }
    }

    func run() async throws {
        let (file, resolver) = try source.resolver(pathOptions: pathOptions)
        let catalogue = await LinkCatalogue(file: file, resolver: resolver)
        if let contract {
            try await writeContract(contract, catalogue: catalogue, resolver: resolver)
            // The listing is of the example links: beside a contract of other URLs, it would mislead.
            if contract == "-" || input != nil { return }
        }
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

extension LinksCommand {
    /// `--contract FILE`: the example links that open their routes, or `--input`'s URLs, frozen.
    ///
    /// - Throws: `ExitCode(1)` when the file cannot be written, or a given URL opens no route.
    private func writeContract(_ path: String, catalogue: LinkCatalogue, resolver: RouteResolver) async throws {
        var links: [(url: String, origin: RouteOrigin?)] = []
        var urlSource: URLSource?
        if let input {
            urlSource = try URLSource(path: input)
            while let url = try urlSource?.next() { links.append((url, nil)) }
        } else {
            for entry in catalogue.entries {
                for link in entry.links {
                    guard let url = link.url else { continue }
                    links.append((url, entry.route.isInternal ? .internal : nil))
                }
            }
        }
        let recording = await LinkContract.recording(links, with: resolver, propertyKeys: properties)
        // By position, without the link's path and query: a list of URLs to contract is often
        // exported from logs, and a link that opens nothing may be a sign-in link with its token.
        for skipped in recording.skipped {
            printError("not contracted: input URL \(skipped.position + 1): \(skipped)")
        }
        let text = recording.contract.jsonText
        guard text.utf8.count <= LinkContract.maximumFileSize else {
            printError(
                "the contract of \(recording.contract.links.count) links is \(text.utf8.count) bytes, over the "
                    + "\(LinkContract.maximumFileSize) a contract may be: split the URLs into several contracts")
            throw ExitCode(1)
        }
        if path == "-" {
            print(text, terminator: "")
        } else {
            try OutputFile.write(text, to: path, what: "the page")
        }
        if !recording.skipped.isEmpty || urlSource?.hadUnreadableLine == true { throw ExitCode(1) }
    }
}

extension LinkCatalogue {
    /// The app the file describes, for the HTML page's title: the first scheme, else the first
    /// domain, else the route file's name without `.json` and `.routes` (`myapp.routes.json` →
    /// `myapp`).
    static func appName(_ file: RouteFile, fileName: String) -> String {
        if let scheme = file.schemes.first { return scheme }
        if let domain = file.domainBases.first { return domain.host }
        var name = String(fileName.split(separator: "/").last ?? Substring(fileName))
        for suffix in [".json", ".routes"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name
    }

    /// A self-contained page: every route with its template, scopes, declared query and tappable links.
    ///
    /// Made to be read and tapped on a phone: links are blocks at least 44 points high (Apple's
    /// smallest tap target), long links and names wrap only where nothing else fits, and every state
    /// is written out in words beside its colour: a link that asks the user to confirm says so, an
    /// internal-only route shows its path as text (a relative `href` would open nothing), and a
    /// shadowed link is a note, never a link.
    ///
    /// With an `apple-app-site-association` matcher, each universal link says whether that file
    /// would open it in the app, and which component decides.
    func html(title: String, association: AssociationMatcher? = nil) -> String {
        // Base URLs as messages show them: a fixed query item's value may be a secret.
        let domains = file.domainBases.map(\.description)
        var rows = ""
        for entry in entries {
            let links = entry.links.map { link in
                let scope = "<span class=\"scope\">\(escape(link.scope))</span>"
                if let url = link.url, entry.route.isInternal {
                    // A path, not a link: a page cannot open an app's internal route.
                    return "<li class=\"internal\">\(scope)<code class=\"path\">\(breakable(url, link: true))</code>"
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
                    return "<li>\(scope)<a href=\"\(escape(url))\">\(breakable(url, link: true))</a>\(notes)</li>"
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
                <h2>\(breakable(entry.route.name, link: false))\(entry.route.isInternal ? " <small>internal only</small>" : "")</h2>
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
            body { font: 17px/1.45 -apple-system, system-ui, sans-serif; margin: 1rem; max-width: 48rem; color: #1d1d1f; }
            h1 { font-size: 1.5rem; line-height: 1.2; margin: 0.5rem 0; }
            h1, h2, p, li { overflow-wrap: anywhere; }
            .meta { color: #444; }
            section { border-bottom: 1px solid #ddd; padding: 0.75rem 0; }
            h2 { font-size: 1.2rem; line-height: 1.3; margin: 0.2rem 0; }
            h2 small { font-size: 0.8rem; font-weight: normal; color: #444; background: #eee; border-radius: 0.3rem; padding: 0.1rem 0.4rem; white-space: nowrap; }
            p { margin: 0.3rem 0; }
            .template, .query { color: #444; font-size: 0.95rem; }
            code { font: 0.9em/1.4 ui-monospace, Menlo, monospace; background: #f0f0f0; border-radius: 0.2rem; padding: 0 0.2rem; }
            ul { list-style: none; padding: 0; margin: 0.5rem 0 0; }
            li { margin: 0 0 0.9rem; }
            .scope { color: #555; font-size: 0.9rem; display: block; margin-bottom: 0.2rem; }
            a { display: block; min-height: 44px; box-sizing: border-box; padding: 0.6rem 0.75rem; border: 1px solid #b5cdf5; border-radius: 0.5rem; background: #f2f7ff; color: #0040c0; }
            .path { display: block; padding: 0.5rem 0.75rem; background: #f0f0f0; border-radius: 0.5rem; }
            .note, .aasa { font-size: 0.9rem; display: block; margin-top: 0.3rem; }
            .confirm { display: inline-block; color: #6b4100; background: #fff1d6; border-radius: 0.3rem; padding: 0.1rem 0.5rem; }
            .internal .note { color: #444; }
            .shadowed { color: #a11; }
            .shadowed code { color: #1d1d1f; }
            .opens { color: #070; }
            .browser { color: #a11; }
            </style>
            </head>
            <body>
            <h1>Deep links · \(escape(title))</h1>
            <p class="meta">Schemes: \(listed(file.schemes, domains))<br>Domains: \(listed(domains, file.schemes))</p>
            \(rows)</body>
            </html>

            """
    }

    /// The accepted schemes (or domains), each in `<code>`: `any` when the file lists neither
    /// (everything is accepted), `none` when it lists only the others.
    private func listed(_ names: [String], _ others: [String]) -> String {
        guard !names.isEmpty else { return others.isEmpty ? "any" : "none" }
        return names.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
    }

    /// `text` escaped, with a `<wbr>` (a place to break the line, which copies as nothing) where a
    /// reader expects a break: in a link, after each single `/` (not inside `://`) and before `?`
    /// and `&`; in a name, between a lower-case letter and an upper-case one and after `_`, `-` and
    /// `.`. The page wraps anywhere else only when a part is wider than the screen, never mid-word
    /// when a break like these is near.
    private func breakable(_ text: String, link: Bool) -> String {
        let characters = Array(text)
        var output = ""
        for (index, character) in characters.enumerated() {
            let previous: Character? = index > 0 ? characters[index - 1] : nil
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            if index > 0 {
                let before =
                    link
                    ? character == "?" || character == "&"
                    : character.isUppercase && (previous?.isLowercase ?? false)
                if before { output += "<wbr>" }
            }
            output += escape(String(character))
            let after =
                link
                ? character == "/" && previous != "/" && next != "/" && index > 0 && next != nil
                : (character == "_" || character == "-" || character == ".") && next != nil
            if after { output += "<wbr>" }
        }
        return output
    }

    private func escape(_ text: String) -> String { HTMLText.escape(text) }
}
