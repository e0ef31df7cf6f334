import Testing

@testable import Waymark

/// A route table stores its indexes as `Int32` on every platform (``Int32/init(tableIndex:)``).
/// `TablePlan` reserves room for each registration before adding anything of it, and refuses one
/// that does not fit, instead of the build trapping on a conversion.
@Suite struct TableIndexTests {
    @Test func aRegistrationThatCannotFitIsRefusedNamingTheTemplate() throws {
        let huge = String(repeating: "a", count: TablePlan.indexBudget / 1024 + 1)
        var builder = RouteTableBuilder<String>()
        builder.add("small/:id", to: "small")
        builder.add(RouteTemplate(stringLiteral: huge), to: "huge")
        let error = #expect(throws: RoutingError.self) { try builder.build() }
        #expect(error?.code == .invalidTemplate)
        #expect(
            error?.message
                == "\"\(String(repeating: "a", count: 60))…\" does not fit: the table's arrays would pass 1073741823 "
                + "entries (they are indexed with Int32 on every platform); split the routes over several tables")
    }

    /// The reservation bounds every array the table indexes with `Int32`, for templates with optional
    /// groups, parameters, scopes and literals whose comparable form is longer than written.
    @Test func theReservationBoundsEveryArray() throws {
        let patterns: [RouteTemplate] = [
            "product/:id<int>(/reviews(/:page<int>))", "İSTANBUL/ǅ/ΐ/𝅘𝅥𝅮", "files/*path", "a/*/b/:c(/d)(/e)(/f)",
            "user/:user_id/profile(/:tab)", "help", "/", "x(/y(/z))",
        ]
        for caseInsensitive in [false, true] {
            let definitions = patterns.enumerated().map { index, template in
                RouteDefinition(
                    template: template, scopes: index.isMultiple(of: 2) ? [.app(scheme: "shop"), .appAny] : [],
                    priority: index)
            }
            let plan = TablePlan(
                definitions: definitions, schemes: ["shop"], domains: [],
                options: RouteTableOptions(caseInsensitivePaths: caseInsensitive),
                parameterTypes: ParameterType.builtIns)
            let trie = plan.trie.build(types: plan.types)
            let counts = [
                trie.nodes.count, trie.slots.count, trie.keys.count, trie.foldedRootEdges.count, trie.leaves.count,
                trie.leafScopes.count, trie.typedSlots.count, trie.parameterPositions.count, trie.names.count,
                plan.types.count, plan.scopeList.count, patterns.reduce(0) { $0 + $1.pattern.utf8.count },
            ]
            for count in counts {
                #expect(count <= plan.indexEntries + 1, "\(counts) within \(plan.indexEntries)")
            }
        }
    }
}
