import ArgumentParser
import Foundation
import Waymark
import WaymarkNavigation

/// `waymark navigate`: what a sequence of links does to the navigation.
struct NavigateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigate",
        abstract: "Apply URLs in order to a fresh navigation state and print the state after each.",
        discussion: """
            The state starts at the default route (or the first route). A link with a scheme is opened as a \
            deep link (dismiss everything, pop to the root, then apply); a string without one is in-app \
            navigation, applied on top. A route's "routingType" in the route file (push, sheet, \
            sheetWithoutStack, cover, root) decides how it is shown; for a route that leaves it at push, \
            path properties decide the presentation: context modal presents a \
            sheet (a cover for modal_style full), presentation pop / replace / replace_root / clear_all / \
            refresh / none act as in Hotwire Native. Unknown values are printed to standard error. A link \
            that no route matches and the default route handles (deep link or in-app string) resets the \
            state to the default route alone, as the root: it is shown once, never pushed onto itself \
            (behavior 'back to the root'). With --json, prints one JSON object per URL per line with the \
            keys url, outcome, route, behavior and state. Exit status: 0 when every URL was handled \
            (matched, or handled by the default route); 1 when any was not, after every URL is applied \
            and printed; 2 for a usage error.
            """ + "\n\n" + URLInputOptions.discussion
    )

    @OptionGroup var source: RouteSourceOptions
    @OptionGroup var pathOptions: PathConfigurationOptions

    @Flag(name: .long, help: "Print one JSON object per URL per line.")
    var json = false

    @OptionGroup var input: URLInputOptions

    @Argument(help: "URLs and route strings, applied in order (or --input FILE).")
    var urls: [String] = []

    func validate() throws { try input.validate(arguments: urls) }

    func run() async throws {
        var urlSource = try input.source(arguments: urls)
        let (file, resolver) = try source.resolver(pathOptions: pathOptions)
        let rootName = file.defaultRouteName ?? file.routes.first?.name ?? "root"
        var state = NavigationState(root: FileRoute(route: rootName, parameters: [], routingType: .push))
        // Each route's `"routingType"`; route names are unique in a file.
        let routingTypes = Dictionary(file.routes.map { ($0.name, $0.routingType) }) { first, _ in first }
        var allHandled = true
        while let url = try urlSource.next() {
            let result = await resolver.resolve(url)
            guard let request = result.request, let name = request.routeName, result.status.isHandled else {
                allHandled = false
                if json {
                    print(Self.json(url, result.status.description, nil, nil, state))
                } else {
                    printLines([
                        url, "  not opened: " + (result.reason.map { "\(result.status): \($0)" } ?? "\(result.status)"),
                        "",
                    ])
                }
                continue
            }
            let route = FileRoute(
                route: name, parameters: (request.routeParameters ?? RouteParameters()).map { [$0.name, $0.value] },
                routingType: routingTypes[name] ?? .push)
            let how = request.origin == .external ? "deep link" : "in-app"
            if result.status == .handledByDefault {
                // The default route stands for "nothing matched": show it once, as the root (it is the
                // root already, unless the file has no default and the first route is), never on top
                // of itself or of the screen the link left.
                state.replaceRoot(with: route)
                if json {
                    print(Self.json(url, result.status.description, route, nil, state, behavior: "back to the root"))
                } else {
                    printLines(
                        [url, "  route: \(route.name) (default route: back to the root, \(how))"]
                            + NavigationDescription.outline(state, indent: "  ") + [""])
                }
                continue
            }
            let (behavior, problems) = NavigationBehavior.resolve(route, properties: request.properties)
            for problem in problems { printError("\(url): \(problem)") }
            if request.origin == .external {
                state.dismissAll()
                state.popToRoot()
            }
            let before = state.presentationDepth
            state.apply(route, behavior: behavior)
            let replaced = Self.presents(behavior) && before == NavigationState<FileRoute>.maximumPresentationDepth
            if json {
                print(Self.json(url, result.status.description, route, behavior, state))
            } else {
                var lines = [url, "  route: \(route.name) (\(Self.describe(behavior)), \(how))"]
                if replaced {
                    lines.append(
                        "  (\(NavigationState<FileRoute>.maximumPresentationDepth) presentations are stacked, the most "
                            + "there can be: this one replaced the top-most)")
                }
                lines += NavigationDescription.outline(state, indent: "  ")
                printLines(lines + [""])
            }
        }
        if !allHandled || urlSource.hadUnreadableLine { throw ExitCode(1) }
    }

    /// Whether a behaviour presents (a sheet or a cover).
    static func presents(_ behavior: NavigationBehavior) -> Bool {
        switch behavior {
        case .show(.sheet), .show(.cover): true
        default: false
        }
    }

    static func describe(_ behavior: NavigationBehavior) -> String {
        switch behavior {
        case .show(.push): "push"
        case .show(.sheet(let withStack)): withStack ? "sheet" : "sheet without a stack"
        case .show(.cover): "cover"
        case .show(.root): "replace root"
        case .pop: "pop"
        case .replace: "replace"
        case .clearAll: "clear all"
        case .refresh: "refresh"
        case .none: "none"
        }
    }

    /// One URL's JSON line; `behavior` names a step that is no `NavigationBehavior` (the default
    /// route's reset).
    static func json(
        _ url: String, _ outcome: String, _ route: FileRoute?, _ behavior: NavigationBehavior?,
        _ state: NavigationState<FileRoute>, behavior named: String? = nil
    ) -> String {
        OrderedJSON.object([
            ("url", .string(url)),
            ("outcome", .string(outcome)),
            ("route", route.map { .string($0.name) } ?? .null),
            ("behavior", .optional(behavior.map(describe) ?? named)),
            ("state", stateJSON(state)),
        ]).rendered
    }

    /// The state as JSON: a stack longer than `NavigationDescription.maximumStackShown` lists its
    /// first and last routes only (as the text does), and `stackCount` says how many it has.
    static func stateJSON(_ state: NavigationState<FileRoute>) -> OrderedJSON {
        var fields: [(String, OrderedJSON)] = [("root", .string(state.root.name))]
        if state.stack.count > NavigationDescription.maximumStackShown {
            let shown =
                state.stack.prefix(NavigationDescription.stackHead)
                + state.stack.suffix(NavigationDescription.stackTail)
            fields.append(("stack", .array(shown.map { .string($0.name) })))
            fields.append(("stackCount", .value(.number(Double(state.stack.count)))))
        } else {
            fields.append(("stack", .array(state.stack.map { .string($0.name) })))
        }
        if let presentation = state.presentation {
            fields.append(("presented", .string(NavigationDescription.styleName(presentation.style))))
            fields.append(("presentation", stateJSON(presentation.state)))
        }
        return .object(fields)
    }
}

/// A route of a route file, as the navigation model sees it: the route's name and its parameters.
struct FileRoute: Route, Codable {
    let route: String
    let parameters: [[String]]
    /// The route's `"routingType"` in the file.
    let routingType: RoutingType

    /// `product(id=42)`, or the route's name alone.
    var name: String {
        parameters.isEmpty ? route : "\(route)(\(parameters.map { $0.joined(separator: "=") }.joined(separator: ", ")))"
    }
}
