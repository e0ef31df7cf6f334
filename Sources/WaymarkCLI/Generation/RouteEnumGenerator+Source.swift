import Waymark

extension RouteEnumGenerator {
    /// The access modifier and a space, or nothing for `internal` (the default, not written).
    private var modifier: String { access == .internal ? "" : access.rawValue + " " }

    /// A case with its documentation: each template, then what the options change.
    func caseDeclaration(_ route: RouteFile.Route, values: [Value]) -> String {
        var lines = ["/// `\(Self.documented(route.template.pattern))`"]
        if caseName(of: route) != route.name {
            lines.append("/// The route file's `\(Self.documented(route.name))`.")
        }
        for other in route.alsoMatches {
            lines.append("/// Also opened by `\(Self.documented(other.pattern))`.")
        }
        var notes: [String] = []
        if route.isInternal { notes.append("Internal only: external links do not open it.") }
        if route.requiresConfirmation { notes.append("An external link waits for the user's confirmation.") }
        if !route.query.isEmpty {
            notes.append(
                "Reads " + route.query.map { "`\(Self.documented($0.name))` (\($0.typeName))" }.joined(separator: ", ")
                    + " from the query.")
        }
        if !notes.isEmpty { lines.append("///") }
        lines += notes.flatMap { Self.wrapped($0, width: Self.lineLength - 8).map { "/// \($0)" } }
        let name = SwiftIdentifier.escaped(caseName(of: route))
        let items = values.map { "\(SwiftIdentifier.escaped($0.label)): \($0.swiftType)" }
        let line = "case \(name)" + (values.isEmpty ? "" : "(\(items.joined(separator: ", ")))")
        if line.count + 4 <= Self.lineLength {
            lines.append(line)
        } else {
            // One value a line, as swift-format writes a long list.
            lines.append("case \(name)(")
            lines += items.enumerated().map { "    " + $1 + ($0 < items.count - 1 ? "," : "") }
            lines.append(")")
        }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// Text from the route file in a doc comment or a `//` comment: a backtick would end the code
    /// span, a line break the comment, and a control or format character (a bidi override) could
    /// change what a reviewer sees; each is written as `?`.
    static func documented(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                result += "?"
            default:
                result.unicodeScalars.append(scalar == "`" ? "?" : scalar)
            }
        }
        return result
    }

    /// The case's `routeMap` entry, or `nil` when its properties nest too deep to write.
    func mapping(_ route: RouteFile.Route, queryNames: [String]) -> String? {
        let pattern = SwiftLiteral.string(
            CompiledRouteMap.mapping(template: route.template.pattern, queryNames: queryNames))
        var options: [String] = []
        if route.scopes != RouteScope.defaultScopes {
            options.append(".scopes(" + route.scopes.map(Self.scope).joined(separator: ", ") + ")")
        }
        if route.priority != 0 { options.append(".priority(\(route.priority))") }
        if route.isInternal { options.append(".internalOnly") }
        if route.requiresConfirmation { options.append(".requiresConfirmation") }
        var propertiesIndex: Int?
        if !route.properties.isEmpty {
            guard let properties = SwiftLiteral.json(.object(route.properties)) else { return nil }
            propertiesIndex = options.count
            options.append(".properties(\(properties))")
        }
        if !route.alsoMatches.isEmpty {
            options.append(
                ".alsoMatches(" + route.alsoMatches.map { SwiftLiteral.string($0.pattern) }.joined(separator: ", ")
                    + ")")
        }
        if route.logsEveryValue {
            options.append(".loggable")
        } else if !route.loggableNames.isEmpty {
            options.append(".loggable(" + route.loggableNames.map(SwiftLiteral.string).joined(separator: ", ") + ")")
        }
        let key = SwiftLiteral.string(caseName(of: route))
        guard !options.isEmpty else { return "        \(key): \(pattern)," }
        let line = "        \(key): .template(\(pattern), \(options.joined(separator: ", "))),"
        guard line.count > Self.lineLength else { return line }
        // Too long for a line: one argument a line, and a long properties literal one member a
        // line, as swift-format writes them. A single value longer than a line stays whole.
        if let propertiesIndex, options[propertiesIndex].count + 13 > Self.lineLength {
            var members = [".properties(["]
            for name in route.properties.keys.sorted() {
                guard let value = route.properties[name], let text = SwiftLiteral.json(value) else { return nil }
                members.append("                \(SwiftLiteral.string(name)): \(text),")
            }
            members.append("            ])")
            options[propertiesIndex] = members.joined(separator: "\n")
        }
        let arguments = ([pattern] + options).map { "            " + $0 }.joined(separator: ",\n")
        return "        \(key): .template(\n\(arguments)),"
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a word longer than a line
    /// stays whole).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The longest line the generated code writes where it can choose: this project's
    /// swift-format setting, and a common one.
    static let lineLength = 120

    private static func scope(_ scope: RouteScope) -> String {
        switch scope {
        case .appAny: ".appAny"
        case .universalAny: ".universalAny"
        case .app(let scheme): ".app(scheme: \(SwiftLiteral.string(scheme)))"
        case .universal(let domain): ".universal(domain: \(SwiftLiteral.string(domain)))"
        }
    }

    /// The routing type a case shows with, as Swift.
    private static func routingType(_ type: RoutingType) -> String {
        switch type {
        case .push: ".push"
        case .sheet(let withStack): withStack ? ".sheet()" : ".sheet(withStack: false)"
        case .cover: ".cover"
        case .root: ".root"
        }
    }

    /// The whole file.
    func source(cases: [String], mappings: [String], usesUUID: Bool) -> String {
        let importing = access == .internal ? "import" : "\(access.rawValue) import"
        var out: [String] = [
            "// Generated by `waymark generate` from \(Self.commentText(fileName)). Do not edit: change the route file,",
            "// and the build (or `waymark generate`) writes this file again.",
            "",
        ]
        if usesUUID { out.append("\(importing) Foundation") }
        out.append("\(importing) Waymark")
        out += [
            "",
            "/// The routes of `\(Self.commentText(fileName))`, one case per route. Make a table once with",
            "/// `\(enumName).Table.make()`, then open a link with its `route(for:)` and print one with",
            "/// `appLink(for:)` or `universalLink(for:)`.",
            "\(modifier)enum \(enumName): URLRoute, Hashable, Sendable {",
        ]
        out.append(cases.joined(separator: "\n\n"))
        out += [
            "",
            "    /// Each case's template and the options the route file declares.",
            "    \(modifier)static let routeMap: RouteMap<\(enumName)> = [",
        ]
        out += mappings
        out.append("    ]")
        let routed = file.routes.filter { $0.routingType != .push }
        if !routed.isEmpty {
            out += [
                "",
                "    /// How a navigation model shows each case (`\"routingType\"` in the route file).",
                "    \(modifier)var routingType: RoutingType {",
                "        switch self {",
            ]
            for route in routed {
                out.append(
                    "        case .\(SwiftIdentifier.escaped(caseName(of: route))): \(Self.routingType(route.routingType))"
                )
            }
            if routed.count < file.routes.count { out.append("        default: .push") }
            out += ["        }", "    }"]
        }
        out += tableSource()
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// The nested `Table`: the file's schemes, domains, options and default route, and a table
    /// made with them.
    private func tableSource() -> [String] {
        // A list on the line of its declaration, or one item a line when that is too long.
        let list = { (items: [String]) -> String in
            let line = "[" + items.map(SwiftLiteral.string).joined(separator: ", ") + "]"
            guard line.count + 48 > Self.lineLength else { return line }
            return "[\n" + items.map { "            " + SwiftLiteral.string($0) + ",\n" }.joined() + "        ]"
        }
        let options = file.options
        return [
            "",
            "    /// What the route file says besides its routes.",
            "    \(modifier)enum Table {",
            "        /// The custom schemes links may use; the first prints app links.",
            "        \(modifier)static let schemes: [String] = \(list(file.schemes))",
            "        /// The universal-link domains; the first prints universal links.",
            "        \(modifier)static let domains: [String] = \(list(file.domains))",
            "        /// The file's matching options.",
            "        \(modifier)static let options = RouteTableOptions(",
            "            caseInsensitivePaths: \(options.caseInsensitivePaths), strictTrailingSlash: \(options.strictTrailingSlash))",
            "        /// The route the file opens when no other does (`\"default\"`), as the file names it, or",
            "        /// `nil`.",
            "        \(modifier)static let defaultRouteName: String? = \(file.defaultRouteName.map(SwiftLiteral.string) ?? "nil")",
            "        /// That route as a value, for a table's `route(for:) ?? defaultRoute`: `nil` when the file",
            "        /// names none, or when its case carries values.",
            "        \(modifier)static let defaultRoute: \(enumName)? = \(defaultRouteValue)",
            "",
            "        /// A table of every case, with the file's schemes, domains and options. Make it once",
            "        /// and keep it: making it compiles the route map.",
            "        \(modifier)static func make() throws(RoutingError) -> TypedRouteTable<\(enumName)> {",
            "            try TypedRouteTable(schemes: schemes, domains: domains, options: options)",
            "        }",
            "    }",
        ]
    }

    /// The default route's case as Swift (`.home`), or `nil` when there is none or it has values.
    private var defaultRouteValue: String {
        guard let name = file.defaultRouteName, let route = file.route(named: name),
            case .success(let values) = values(of: route), values.isEmpty
        else { return "nil" }
        return "." + SwiftIdentifier.escaped(caseName(of: route))
    }

    /// Text for a `//` comment: one line, whatever the file name holds (see ``documented(_:)``).
    private static func commentText(_ text: String) -> String {
        documented(text)
    }
}
