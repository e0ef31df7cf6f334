import ArgumentParser
import Foundation
import Waymark

/// `waymark link`: the URL of one named route of a route file.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Print the app link (or universal link) of a named route.",
        discussion: """
            Every value is percent-encoded for its place, so any text survives the trip back through \
            'waymark resolve'. Exits with status 1, naming the problem, when the route does not exist, a \
            parameter is missing, unknown or not of its type, or the route's scopes exclude the link.
            """
    )

    @OptionGroup var source: RouteSourceOptions

    @Argument(help: "The route's name, as in the route file.")
    var name: String

    @Option(
        name: .customLong("param"),
        help: "A route parameter, as NAME=VALUE (repeatable). A catch-all's value is split on '/' into segments.")
    var parameters: [KeyValueArgument] = []

    @Option(name: .customLong("query"), help: "A query item, as NAME=VALUE (repeatable, in order).")
    var query: [KeyValueArgument] = []

    @Option(
        name: .long,
        help: "A fragment to end the link with (without '#'), for a route whose template requires none.")
    var fragment: String?

    @Flag(name: .long, help: "Print the universal link (https://DOMAIN/…) instead of the app link.")
    var universal = false

    @Option(name: .long, help: "The app scheme. Default: the first the route allows.")
    var scheme: String?

    @Option(
        name: .long,
        help: "The universal-link domain (a host; implies --universal). Default: the first the route allows.")
    var domain: String?

    func run() throws {
        let file = try source.load()
        guard let route = file.route(named: name) else {
            printError(
                "\(source.sourceName): no route named '\(name)'; routes: \(file.routes.map(\.name).joined(separator: ", "))"
            )
            throw ExitCode(1)
        }
        let links = LinkCreator(schemes: file.schemes, domains: file.domains)
        if route.isInternal {
            printError("\(source.sourceName): route \(name) is internal-only: no outside link can reach it")
            throw ExitCode(1)
        }
        // A catch-all's value is a path: '--param topic=guides/install' gives two segments.
        let catchAll = route.template.variants.last?.segments.lazy.compactMap(\.catchAllName).first
        let parameters = RouteParameters(
            self.parameters.flatMap { parameter in
                guard parameter.name == catchAll else { return [(name: parameter.name, value: parameter.value)] }
                return parameter.value.split(separator: "/").map { (name: parameter.name, value: String($0)) }
            })
        let items = QueryParameters(query.map { QueryParameters.Item(name: $0.name, value: $0.value) })
        do {
            let link =
                universal || domain != nil
                ? try links.universalLink(
                    for: route.template, parameters: parameters, query: items, fragment: fragment,
                    scopes: route.scopes, domain: domain)
                : try links.appLink(
                    for: route.template, parameters: parameters, query: items, fragment: fragment,
                    scopes: route.scopes, scheme: scheme)
            printLine(link)
        } catch {
            let hint = error.code == .missingParameter ? "; pass each as --param NAME=VALUE" : ""
            printError("\(source.sourceName): route \(name): \(error.message)\(hint)")
            throw ExitCode(1)
        }
    }
}

/// `NAME=VALUE`, split at the first `=`.
struct KeyValueArgument: ExpressibleByArgument {
    let name: String
    let value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}
