/// Everything a route table needs to match, without its values.
///
/// Not generic, so that the hot path is compiled once, specialized, whatever a table's value type;
/// ``RouteTable`` is a thin generic shell around it. Immutable after `init`, hence `Sendable` without
/// locks (every stored property is a `let` of a `Sendable` type).
@usableFromInline
final class MatchingCore: Sendable {
    let definitions: [RouteDefinition]
    let trie: FlatTrie
    let parameterTypes: [String: ParameterType]
    /// Scopes by ID: 0 is `appAny`, 1 is `universalAny`.
    let scopeList: [RouteScope]
    let scopeIDs: [RouteScope: Int32]
    let schemes: [String]
    let domains: [String]
    let options: RouteTableOptions
    let hasExactAppScopes: Bool
    let hasExactUniversalScopes: Bool
    /// The scope ID of `.app(primary scheme)`, for internal route strings; -1 when not registered.
    let primaryAppScopeID: Int32

    init(plan: TablePlan) {
        definitions = plan.definitions
        trie = FlatTrie(plan.trie.build(), types: plan.types)
        parameterTypes = plan.parameterTypes
        scopeList = plan.scopeList
        scopeIDs = plan.scopeIDs
        schemes = plan.schemes
        domains = plan.domains
        options = plan.options
        hasExactAppScopes = plan.scopeList.contains { if case .app = $0 { true } else { false } }
        hasExactUniversalScopes = plan.scopeList.contains { if case .universal = $0 { true } else { false } }
        primaryAppScopeID = plan.schemes.first.flatMap { plan.scopeIDs[.app(scheme: $0)] } ?? -1
    }

    var acceptsEverything: Bool { schemes.isEmpty && domains.isEmpty }
}
