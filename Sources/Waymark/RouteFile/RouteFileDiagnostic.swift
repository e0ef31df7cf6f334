package import Foundation

/// A problem in a route file, located by route and field.
///
/// ```
/// routes[2] (product): error: template: "product/:" column 9: ':' must be followed by a parameter name, as in ':id'
/// ```
public struct RouteFileDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious it is.
    public let severity: RouteDiagnostic.Severity
    /// The 0-based index of the route in the file's `routes` array, or `nil` for the file as a whole.
    public let routeIndex: Int?
    /// The route's name, when it has one.
    public let routeName: String?
    /// The field the problem is in (`template`, `scopes[1]`, `default`, …), when there is one.
    public let field: String?
    /// What is wrong and how to fix it.
    public let message: String
    /// The line (from 1) of the value the problem is in, when the diagnostic comes from a file's
    /// text (``RouteFile/diagnostics(for:)``, ``RouteFileError``): the field's value, or the
    /// route's object when the field is missing, or the document for the file as a whole.
    public internal(set) var line: Int?
    /// The column (from 1, in Unicode scalars) on ``line``: the value's first character, or, for a
    /// template that does not parse, the character its message names (`"product/:" column 9`).
    public internal(set) var column: Int?
    /// For a template error, the 1-based Unicode scalar of the template string the message names.
    var characterInValue = 0

    /// Creates a diagnostic.
    public init(
        severity: RouteDiagnostic.Severity, routeIndex: Int?, routeName: String?, field: String?, message: String
    ) {
        self.severity = severity
        self.routeIndex = routeIndex
        self.routeName = routeName
        self.field = field
        self.message = message
    }

    /// Where the problem is: `routes[2] (product)`, or empty for the file as a whole.
    ///
    /// The index is 0-based, as in the file's JSON (and as fields such as `scopes[1]` are, and a
    /// path configuration's `rules[3].patterns[0]`): one base everywhere, so a position in a
    /// message is the position a JSON tool (`jq '.routes[2]'`) finds.
    public var location: String {
        guard let routeIndex else { return "" }
        return Self.location(routeIndex, name: routeName)
    }

    /// `routes[N]`, followed by ` (name)` when there is a name: how every message names a route of a file.
    static func location(_ index: Int, name: String?) -> String {
        "routes[\(index)]" + (name.map { " (\($0))" } ?? "")
    }

    /// The message with its field: `template: "product/:" column 9: …`.
    public var detail: String { field.map { "\($0): \(message)" } ?? message }

    /// `location: severity: field: message`.
    public var description: String {
        (location.isEmpty ? "" : location + ": ") + "\(severity.rawValue): " + detail
    }

    /// The diagnostic as a compiler writes one, which Xcode and `swift build` show on the file's
    /// line: `FILE:LINE:COLUMN: error: routes[2] (product): template: …` (without a position,
    /// `FILE: error: …`).
    ///
    /// - Parameter file: The file's path, as the build names it.
    public func compilerStyle(file: String) -> String {
        let place = line.map { line in "\(file):\(line):\(column ?? 1):" } ?? "\(file):"
        return place + " \(severity.rawValue): " + (location.isEmpty ? "" : location + ": ") + detail
    }

    /// `diagnostics` of the route file `data`, each given the ``line`` and ``column`` of the value
    /// it is about, in one pass over the text (a diagnostic that has a position keeps it): for
    /// problems found after loading, such as those of the enum generator.
    package static func locating(_ diagnostics: [RouteFileDiagnostic], in data: Data) -> [RouteFileDiagnostic] {
        guard !diagnostics.isEmpty else { return diagnostics }
        let queries = diagnostics.map {
            JSONLocator.Query(components: $0.valueComponents, characterInString: max(0, $0.characterInValue - 1))
        }
        var located = diagnostics
        for (index, position) in JSONLocator.positions(of: queries, in: data).enumerated()
        where located[index].line == nil {
            located[index].line = position.line
            located[index].column = position.column
        }
        return located
    }

    /// The path of the value the problem is in: `routes`, 2, `template`, 1 for `routes[2].template[1]`;
    /// `default`; none for the file as a whole. A field's name from the file (`query.NAME`,
    /// `options.KEY`) is one key, whatever it holds: the file's text chose it.
    var valueComponents: [JSONLocator.Component] {
        let route: [JSONLocator.Component] = routeIndex.map { [.key("routes"), .index($0)] } ?? []
        guard let field else { return route }
        for prefix in ["query.", "options."] where field.hasPrefix(prefix) {
            return route + [.key(String(prefix.dropLast())), .key(String(field.dropFirst(prefix.count)))]
        }
        // `template[1]`, `scopes[0]`, `loggable[2]`: a key, then an index.
        if field.hasSuffix("]"), let open = field.lastIndex(of: "["),
            let index = Int(field[field.index(after: open)..<field.index(before: field.endIndex)])
        {
            return route + [.key(String(field[..<open])), .index(index)]
        }
        return route + [.key(field)]
    }
}

/// A route file that cannot be used; ``diagnostics`` lists every problem found.
public struct RouteFileError: Error, Sendable, CustomStringConvertible {
    /// Every problem, errors first.
    public let diagnostics: [RouteFileDiagnostic]
    /// The file's name or path, for messages.
    public let source: String

    /// One line per problem, each starting with the source.
    public var description: String {
        diagnostics.map { "\(source): \($0)" }.joined(separator: "\n")
    }
}
