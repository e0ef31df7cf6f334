/// An immutable, `Sendable` table of route templates, built by ``RouteTableBuilder``.
///
/// A lookup parses the URL string on its UTF-8 bytes, refuses schemes and domains the table does not
/// accept, splits the percent-encoded path before decoding, and searches a segment trie in
/// precedence order: exact scope before any scope, then priority, then specificity segment by
/// segment (literal > typed parameter > parameter > catch-all), then registration order. Its cost
/// grows with the URL's length, not with the number of routes.
///
/// ```swift
/// let lookup = table.lookup("https://shop.example.com/product/42?ref=mail")
/// lookup.outcome                          // .matched
/// lookup.match?.parameters["id"]          // "42"
/// lookup.url?.query["ref"]                // "mail"
/// ```
public struct RouteTable<Value: Sendable>: Sendable {
    struct Entry: Sendable {
        var template: RouteTemplate
        var scopes: [RouteScope]
        var priority: Int
        var value: Value
    }

    /// The accepted custom schemes, lowercased, primary first.
    public let schemes: [String]
    /// The accepted universal-link domains, lowercased.
    public let domains: [String]
    /// How URLs are compared with templates.
    public let options: RouteTableOptions
    let entries: [Entry]
    let trie: SegmentTrie
    let types: [ParameterType]
    let parameterTypes: [String: ParameterType]
    let scopeIDs: [RouteScope: Int32]
    let acceptedSchemes: Set<String>
    let acceptedDomains: Set<String>
    let hasExactAppScopes: Bool
    let hasExactUniversalScopes: Bool

    init(builder: RouteTableBuilder<Value>) {
        var seenSchemes: Set<String> = []
        schemes = builder.schemes.map { $0.lowercased() }.filter { seenSchemes.insert($0).inserted }
        var seenDomains: Set<String> = []
        domains = builder.domains.map { $0.lowercased() }.filter { seenDomains.insert($0).inserted }
        options = builder.options
        acceptedSchemes = seenSchemes
        acceptedDomains = seenDomains

        var types: [ParameterType] = []
        var typeIndexes: [String: Int32] = [:]
        var scopeIDs: [RouteScope: Int32] = [.appAny: 0, .universalAny: 1]
        var trieBuilder = SegmentTrieBuilder(caseInsensitive: builder.options.caseInsensitivePaths)
        var entries: [Entry] = []
        for (index, registration) in builder.registrations.enumerated() {
            let scopes = TableValidation<Value>.distinct(registration.scopes)
            entries.append(
                Entry(
                    template: registration.template, scopes: scopes, priority: registration.priority,
                    value: registration.value))
            let ids = scopes.map { scope -> Int32 in
                if let id = scopeIDs[scope] { return id }
                let id = Int32(scopeIDs.count)
                scopeIDs[scope] = id
                return id
            }
            for (variantIndex, variant) in registration.template.variants.enumerated() {
                trieBuilder.insert(
                    variant, route: index, variantIndex: variantIndex, priority: registration.priority, scopeIDs: ids
                ) { name in
                    if let existing = typeIndexes[name] { return existing }
                    types.append(builder.parameterTypes[name] ?? ParameterType(name: name) { _ in false })
                    typeIndexes[name] = Int32(types.count - 1)
                    return Int32(types.count - 1)
                }
            }
        }
        self.entries = entries
        self.types = types
        self.parameterTypes = builder.parameterTypes
        self.scopeIDs = scopeIDs
        self.trie = trieBuilder.build()
        hasExactAppScopes = scopeIDs.keys.contains { if case .app = $0 { true } else { false } }
        hasExactUniversalScopes = scopeIDs.keys.contains { if case .universal = $0 { true } else { false } }
    }

    /// The number of registrations.
    public var count: Int { entries.count }

    /// Whether the table accepts every scheme and host (no schemes and no domains were configured).
    public var acceptsEverything: Bool { acceptedSchemes.isEmpty && acceptedDomains.isEmpty }
}
