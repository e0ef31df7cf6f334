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
        for (index, route) in file.routes.enumerated() {
            func fail(_ field: String?, _ message: String) {
                problems.append(
                    RouteFileDiagnostic(
                        severity: .error, routeIndex: index, routeName: route.name, field: field, message: message))
            }
            guard SwiftIdentifier.isIdentifier(route.name), route.name != "_" else {
                fail(
                    "name",
                    "'\(route.name)' is not a Swift identifier, so it cannot name a case of \(enumName); "
                        + "rename the route with letters, digits and '_' (for example '\(Self.suggestedName(route.name))')"
                )
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
            values.append(
                Value(
                    label: query.name, swiftType: Self.swiftQueryType(query.type) + (query.isRequired ? "" : "?"),
                    fromQuery: true))
        }
        return .success(values)
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
            var traits = [value.isCatchAll ? "catch-all" : value.type ?? "text"]
            if !value.isRequired { traits.append("optional") }
            return "\(value.name) (\(traits.joined(separator: ", ")))"
        }
        return "the values " + parts.joined(separator: ", ")
    }

    /// A name made of the identifier characters of `name`, in lower camel case.
    static func suggestedName(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let head = words.first else { return "route" }
        let joined = head.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isNumber == true ? "route" + joined : joined
    }
}

/// The problems that keep a route file from becoming an enum, each located as `waymark check`
/// locates its own.
struct GenerationFailure: Error {
    var diagnostics: [RouteFileDiagnostic]
}
