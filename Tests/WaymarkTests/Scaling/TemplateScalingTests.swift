import Testing
import WaymarkTestSupport

@testable import Waymark

/// Parsing a template and checking routes for conflicts take work linear in the size: issue 17,
/// finding 10, where a template of 40,000 parameters took 9 s to check for repeated names.
@Suite struct TemplateScalingTests {
    static func parseWork(_ pattern: String) throws -> Int {
        var work = 0
        _ = try TemplateParser(pattern: pattern).parse(work: &work)
        return work
    }

    /// Six-digit numbers, so that every segment is as long at every size.
    static func fixed(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    @Test func aTemplateOfNParametersParsesInLinearWork() throws {
        try LinearGrowth.expectLinear("template of n parameters", base: 1_000) { count in
            try Self.parseWork((0..<count).map { ":p\(Self.fixed($0))" }.joined(separator: "/"))
        }
    }

    /// 64 variants (six optional groups) of n parameters each: linear in n.
    @Test func variantsOfNParametersParseInLinearWork() throws {
        try LinearGrowth.expectLinear("6 groups around n parameters", base: 256) { count in
            let chunk = count / 6
            let groups = (0..<6).map { group in
                "(/" + (0..<chunk).map { ":g\(group)p\(Self.fixed($0))" }.joined(separator: "/") + ")"
            }
            return try Self.parseWork("start" + groups.joined())
        }
    }

    /// A parameter name used twice is still found, wherever the two are.
    @Test func aRepeatedNameIsFoundAmongMany() {
        let names = (0..<5_000).map { ":p\($0)" } + [":p2500"]
        #expect(throws: RoutingError.self) { try RouteTemplate(parsing: names.joined(separator: "/")) }
        #expect(
            (try? RouteTemplate(parsing: names.dropLast().joined(separator: "/")))?.parameterNames.count == 5_000)
    }

    static func conflictWork(copies: Int) -> (work: Int, errors: [RouteDiagnostic]) {
        let definitions = (0..<copies).map { index in
            RouteDefinition(
                template: index.isMultiple(of: 2) ? "item/:id<int>" : "item/:other<int>",
                scopes: RouteScope.defaultScopes, priority: 0)
        }
        let plan = TablePlan(
            definitions: definitions, schemes: [], domains: [], options: RouteTableOptions(),
            parameterTypes: ParameterType.builtIns)
        return (plan.conflictWork, plan.errors)
    }

    /// n copies of one shape: each is reported once, against the first, in work linear in n (the
    /// check compared every pair, and reported every pair: n²/2 errors).
    @Test func copiesOfOneRouteAreReportedOnceEachInLinearWork() {
        LinearGrowth.expectLinear("n copies of one route", base: 500) { Self.conflictWork(copies: $0).work }
        let errors = Self.conflictWork(copies: 5).errors
        #expect(errors.map(\.registrationIndex) == [1, 2, 3, 4])
        #expect(errors.map(\.relatedRegistrationIndices) == [[0], [0], [0], [0]])
        #expect(errors.map(\.code) == [.ambiguousRoutes, .duplicateRoute, .ambiguousRoutes, .duplicateRoute])
    }

    /// Scopes that do not overlap are no conflict; the first route in a shared scope is the one named.
    @Test func theFirstRouteInASharedScopeIsNamed() {
        var builder = RouteTableBuilder<Int>(schemes: ["a", "b"])
        builder.add("x", scopes: [.app(scheme: "a")], to: 0)
        builder.add("x", scopes: [.app(scheme: "b")], to: 1)
        builder.add("x", scopes: [.app(scheme: "b"), .app(scheme: "a")], to: 2)
        let errors = builder.diagnostics().filter { $0.severity == .error }
        #expect(errors.map(\.registrationIndex) == [2])
        #expect(errors.map(\.relatedRegistrationIndices) == [[0]])
        #expect(errors.first?.message.contains("in scope app(a)") == true)
    }
}
