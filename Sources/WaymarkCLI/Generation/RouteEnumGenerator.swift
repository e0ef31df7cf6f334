import Foundation
import Waymark

/// Writes a route file as a `URLRoute` enum: one case per route, its associated values typed from
/// the templates and the declared query values, its `routeMap` with the options the file declares,
/// and the file's schemes, domains, options and default route (`waymark generate`, and the
/// build-tool plugin, which runs it).
///
/// The enum is checked by the same rules that compile a route map (`CompiledRouteMap`), so a file
/// the generator accepts builds a table that opens what the file's own resolver opens; the tests
/// compare the two on every example link. What a typed case cannot say is an error naming the route
/// and field, located in the file like `waymark check`'s diagnostics: a route name that is not a
/// Swift identifier, an anonymous `*`, templates of one route that carry different values.
struct RouteEnumGenerator {
    let file: RouteFile
    /// The route file's name as the header and the docs name it (`shop.routes.json`).
    let fileName: String
    let enumName: String
    let access: GeneratorConfiguration.Access
    /// Route name → case name, for routes whose names are not Swift identifiers (`waymark-plugin.json`).
    var caseNames: [String: String] = [:]

    /// The case of `route`: the name the configuration gives it, else the route's own name.
    func caseName(of route: RouteFile.Route) -> String {
        caseNames[route.name] ?? route.name
    }

    /// One associated value of a case.
    struct Value: Equatable {
        var label: String
        var swiftType: String
        var fromQuery: Bool
    }

    /// The Swift source, or the problems that keep the file from becoming an enum.
    func generate() -> Result<String, GenerationFailure> {
        var problems: [RouteFileDiagnostic] = []
        var cases: [String] = []
        var mappings: [String] = []
        var usesUUID = false
        // By the name of Codable's keys type (`HomeCodingKeys`): the route and its case.
        var caseOfKeys: [String: (route: String, case: String)] = [:]
        for (index, route) in file.routes.enumerated() {
            func fail(_ field: String?, _ message: String) {
                problems.append(
                    RouteFileDiagnostic(
                        severity: .error, routeIndex: index, routeName: route.name, field: field, message: message))
            }
            let name = caseName(of: route)
            if let problem = Self.caseNameProblem(name, route: route.name, enumName: enumName) {
                fail("name", problem)
                continue
            }
            // Codable gives each case with values a `NameCodingKeys` type, its first letter upper-cased:
            // one name, or two a capital apart, would give two.
            let keysName = name.prefix(1).uppercased() + name.dropFirst() + "CodingKeys"
            if let other = caseOfKeys.updateValue((route.name, name), forKey: keysName) {
                fail(
                    "name",
                    other.case == name
                        ? "the case '\(name)' is already the route '\(other.route)''s; give one of them another name in "
                            + "\(GeneratorConfiguration.fileName)'s \"caseNames\""
                        : "the case '\(name)' differs from the route '\(other.route)''s only in its first letter, so both "
                            + "would have Codable's '\(keysName)'; give one of them another name in "
                            + "\(GeneratorConfiguration.fileName)'s \"caseNames\"")
                continue
            }
            switch values(of: route) {
            case .failure(let problem):
                fail(problem.field, problem.message)
            case .success(let values):
                usesUUID = usesUUID || values.contains { $0.swiftType.hasPrefix("UUID") }
                cases.append(caseDeclaration(route, values: values))
                guard let mapping = mapping(route, queryNames: values.filter(\.fromQuery).map(\.label)) else {
                    fail(
                        "properties",
                        "nest deeper than \(SwiftLiteral.maximumDepth) levels, which generated code does not write")
                    continue
                }
                mappings.append(mapping)
            }
        }
        guard problems.isEmpty else { return .failure(GenerationFailure(diagnostics: problems)) }
        return .success(source(cases: cases, mappings: mappings, usesUUID: usesUUID))
    }

    /// Why `name` cannot name a case, or `nil` when it can.
    static func caseNameProblem(_ name: String, route: String, enumName: String) -> String? {
        let fix =
            "rename the route, or give its case a name in \(GeneratorConfiguration.fileName): "
            + "\"caseNames\": {\"\(route)\": \"\(suggestedName(route))\"}"
        if !SwiftIdentifier.isIdentifier(name) {
            return "'\(name)' is not a Swift identifier (letters, digits and '_', not starting with a digit), "
                + "so it cannot name a case of \(enumName); " + fix
        }
        if SwiftIdentifier.reservedMemberNames.contains(name) {
            return "'\(name)' cannot name a case of \(enumName): "
                + (name == "_" ? "'_' alone is not a name" : "Swift, or the generated enum itself, uses it") + "; "
                + fix
        }
        if name.hasSuffix("CodingKeys") {
            return "'\(name)' cannot name a case: Codable names its own types '…CodingKeys'"
        }
        return nil
    }

    /// Why a route cannot become a case: the field and a message.
    struct Problem: Error {
        var field: String?
        var message: String
    }

    /// The case's values: the first template's, in order of first appearance, then the declared
    /// query values (by name). Every other template must carry the same values, as a typed case's
    /// templates must.
    func values(of route: RouteFile.Route) -> Result<[Value], Problem> {
        let templates = [route.template] + route.alsoMatches
        var first: [CompiledRouteMap.TemplateValue]?
        for (position, template) in templates.enumerated() {
            let field = templates.count == 1 ? "template" : "template[\(position)]"
            let found: (values: [CompiledRouteMap.TemplateValue], hasAnonymous: Bool)
            do {
                found = try CompiledRouteMap.templateValues(of: template.pattern)
            } catch {
                return .failure(Problem(field: field, message: error.message))
            }
            if let item = CompiledRouteMap.presenceItems(of: template.pattern).first {
                return .failure(
                    Problem(
                        field: field,
                        message:
                            "'\(template.pattern)' requires the query item '\(item)' by name alone, which a case cannot "
                            + "say (a route map reads a bare name as a value of the case); capture it ('\(item)={\(item)}') "
                            + "or declare it in \"query\""))
            }
            if let bad = found.values.first(where: { !Self.isLabel($0.name) }) {
                return .failure(
                    Problem(
                        field: field,
                        message: "the parameter '\(bad.name)' cannot label a value of the case (Codable reads '_' and "
                            + "'_0' as unlabelled values); name it with a letter first"))
            }
            if found.hasAnonymous {
                return .failure(
                    Problem(
                        field: field,
                        message:
                            "'\(template.pattern)' has an anonymous '*'; a case names every value, so name it ('*rest')"
                    ))
            }
            if let first, Set(first) != Set(found.values) {
                return .failure(
                    Problem(
                        field: field,
                        message:
                            "'\(template.pattern)' carries \(Self.describe(found.values)), but '\(route.pattern)' carries "
                            + "\(Self.describe(first)); every template of a case must carry the same values, with the same types"
                    ))
            }
            first = first ?? found.values
        }
        var values = (first ?? []).map { value in
            Value(label: value.name, swiftType: Self.swiftType(value), fromQuery: false)
        }
        for query in route.query {
            guard Self.isLabel(query.name) else {
                return .failure(
                    Problem(
                        field: "query.\(query.name)",
                        message:
                            "'\(query.name)' is not a Swift identifier (letters, digits and '_', not starting with a "
                            + "digit), so it cannot label a value of the case, which reads the query item of its label's "
                            + "name; only a route whose query names are identifiers becomes a case"))
            }
            values.append(
                Value(
                    label: query.name, swiftType: Self.swiftQueryType(query.type) + (query.isRequired ? "" : "?"),
                    fromQuery: true))
        }
        return .success(values)
    }

    /// Whether `name` can label an associated value: an identifier Codable keys by its name
    /// (`_` and `_0`, `_1`… are how Codable names values without a label).
    static func isLabel(_ name: String) -> Bool {
        SwiftIdentifier.isIdentifier(name) && !(name.hasPrefix("_") && name.dropFirst().allSatisfy(\.isNumber))
    }

    /// `Int` for `<int>`, `Double` for `<float>`, `UUID` for `<uuid>`, `String` for text and
    /// patterns, `[String]` for a catch-all; optional when a variant leaves it out.
    static func swiftType(_ value: CompiledRouteMap.TemplateValue) -> String {
        let base: String
        if value.isCatchAll {
            base = "[String]"
        } else {
            switch value.type {
            case "int": base = "Int"
            case "float": base = "Double"
            case "uuid": base = "UUID"
            default: base = "String"
            }
        }
        return value.isRequired ? base : base + "?"
    }

    static func swiftQueryType(_ type: RouteFile.QueryValue.ValueType) -> String {
        switch type {
        case .string: "String"
        case .int: "Int"
        case .float: "Double"
        case .uuid: "UUID"
        }
    }

    /// `the values id (int), tab (optional)` or `no values`, for a message.
    static func describe(_ values: [CompiledRouteMap.TemplateValue]) -> String {
        guard !values.isEmpty else { return "no values" }
        let parts = values.sorted { $0.name < $1.name }.map { value in
            var traits = [value.isCatchAll ? "catch-all" : value.type ?? "string"]
            if !value.isRequired { traits.append("optional") }
            return "\(value.name) (\(traits.joined(separator: ", ")))"
        }
        return "the values " + parts.joined(separator: ", ")
    }

    /// A name made of the identifier characters of `name`, in lower camel case (`route` when none
    /// is left, or when what is left is reserved); `…` for a name with letters beyond ASCII, which
    /// dropping would misspell (`café` is not `caf`).
    static func suggestedName(_ name: String) -> String {
        if name.contains(where: { !$0.isASCII && $0.isLetter }) { return "…" }
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let head = words.first, !SwiftIdentifier.reservedMemberNames.contains(name) else {
            return name.isEmpty || name == "_" ? "route" : name + "Route"
        }
        let joined = head.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isNumber == true ? "route" + joined : joined
    }
}

/// The problems that keep a route file from becoming an enum, each located as `waymark check`
/// locates its own.
struct GenerationFailure: Error {
    var diagnostics: [RouteFileDiagnostic]
}
