/// Derives a route's name from its `Encodable` form, without reflection.
///
/// `Mirror` and `String(describing:)` read case names and labels from reflection metadata, which an
/// app may strip (`-disable-reflection-metadata`, or Xcode's "Reflection Metadata Level: None"):
/// then every route would be named after its type alone. Synthesized `Codable` writes the case name
/// and labels as string keys compiled into the code, so they survive. A synthesized enum encodes as
/// one key, the case name, holding the associated values under their labels (`_0`, `_1` for
/// unlabelled ones): `product(id: 42)` is `{"product": {"id": 42}}`, and the name `product(42)`.
enum RouteNameEncoder {
    /// What `route` encodes to, or `nil` when its encoding throws: what ``name(of:)``,
    /// ``caseChain(of:)`` and ``nestedRoute(of:)`` each read.
    private static func encoded(_ route: some Encodable) -> Node? {
        let root = Node()
        do {
            try route.encode(to: NameEncoder(node: root))
        } catch {
            return nil
        }
        return root
    }

    /// The name of `route`, or `nil` when its encoding throws.
    static func name(of route: some Encodable) -> String? {
        guard let root = encoded(route) else { return nil }
        // An enum case: one key (the case name), its values in a keyed container, or none.
        if case .keyed(let cases) = root.kind, cases.count == 1, let (caseName, payload) = cases.first {
            switch payload.kind {
            case .keyed(let values): return caseName + described(values.map(\.1))
            case .unset, .nil: return caseName
            default: return caseName + described([payload])
            }
        }
        // A single value (a raw-value enum encodes as its raw value): that value.
        if case .text(let text) = root.kind { return text }
        return "\(type(of: route))\(described([root]))"
    }

    /// The case chain of `route` without its values (`product`, `account.order`), and whether it
    /// carries any; `nil` when its encoding throws. Read from the encoding's keys, which the
    /// compiler writes, never from a value: a value may hold any text (`a)b`), and a name printed
    /// with values cannot be parsed back safely.
    static func caseChain(of route: some Encodable) -> (chain: String, hasValues: Bool)? {
        guard let root = encoded(route) else { return nil }
        if case .keyed(let cases) = root.kind, cases.count == 1, let (caseName, payload) = cases.first {
            let values: [Node] =
                switch payload.kind {
                case .keyed(let members): members.map(\.1)
                case .unset, .nil: []
                default: [payload]
                }
            var chain = caseName
            var hasValues = false
            for value in values {
                if case .route(let nested) = value.kind {
                    let inner = RouteName.caseChain(of: nested)
                    chain += "." + inner.chain
                    hasValues = hasValues || inner.hasValues
                } else {
                    hasValues = true
                }
            }
            return (chain, hasValues)
        }
        // A raw-value enum encodes as its raw value: a constant the type declares, not a value.
        if case .text(let text) = root.kind { return (text, false) }
        return ("\(type(of: route))", true)
    }

    /// The route the case of `route` carries (`account(AccountRoute)` carries an `AccountRoute`),
    /// or `nil` when it carries none or its encoding throws.
    static func nestedRoute(of route: some Encodable) -> (any Route)? {
        guard let root = encoded(route) else { return nil }
        guard case .keyed(let cases) = root.kind, cases.count == 1, let payload = cases.first?.1 else { return nil }
        let values: [Node] =
            if case .keyed(let members) = payload.kind { members.map(\.1) } else { [payload] }
        for value in values {
            if case .route(let nested) = value.kind { return nested }
        }
        return nil
    }

    /// `(a, b)` for plain values, then `.name` for a nested route: `edit(email)`, `account.orders`.
    private static func described(_ values: [Node]) -> String {
        var plain: [String] = []
        var suffix = ""
        for value in values {
            if case .route(let nested) = value.kind {
                suffix = "." + nested.name
            } else {
                plain.append(render(value))
            }
        }
        return (plain.isEmpty ? "" : "(" + plain.joined(separator: ", ") + ")") + suffix
    }

    /// A value as text. Recursion here follows the nesting of the route's own types (a value's
    /// depth is its type's), never a depth chosen by a URL.
    private static func render(_ node: Node) -> String {
        switch node.kind {
        case .unset, .nil: "nil"
        case .text(let text): text
        case .route(let nested): nested.name
        case .keyed(let members): "{" + members.map { "\($0.0): \(render($0.1))" }.joined(separator: ", ") + "}"
        case .unkeyed(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        }
    }

    /// What one encoded value turned out to be.
    final class Node {
        enum Kind {
            case unset
            case `nil`
            case text(String)
            /// A nested route: its name and routing type are its own.
            case route(any Route)
            case keyed([(String, Node)])
            case unkeyed([Node])
        }
        var kind = Kind.unset

        /// The node for `key` in a keyed value, made on first use.
        func member(_ key: String) -> Node {
            if case .keyed(let members) = kind, let existing = members.first(where: { $0.0 == key }) {
                return existing.1
            }
            let node = Node()
            var members: [(String, Node)] = []
            if case .keyed(let existing) = kind { members = existing }
            members.append((key, node))
            kind = .keyed(members)
            return node
        }

        /// A new last item of an unkeyed value.
        func appended() -> Node {
            var items: [Node] = []
            if case .unkeyed(let existing) = kind { items = existing }
            let node = Node()
            items.append(node)
            kind = .unkeyed(items)
            return node
        }

        /// Stores a value: a nested route by its name, a number or string as text, anything else by
        /// encoding it into this node.
        func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            if let route = value as? any Route {
                kind = .route(route)
            } else if let text = value as? any LosslessStringConvertible {
                kind = .text(text.description)
            } else {
                try value.encode(to: NameEncoder(node: self, codingPath: codingPath))
            }
        }
    }

    private struct NameEncoder: Encoder {
        let node: Node
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .unset = node.kind { node.kind = .keyed([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .unset = node.kind { node.kind = .unkeyed([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).kind = .nil }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
        }

        // Synthesized code writes an optional with `encodeIfPresent`, whose default skips `nil`:
        // recorded here, so `category(shoes, nil)` keeps its place for the missing value.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

        private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            NameEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NameEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NameEncoder(node: node.member("super"), codingPath: codingPath) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            NameEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int {
            if case .unkeyed(let items) = node.kind { return items.count }
            return 0
        }

        mutating func encodeNil() throws { node.appended().kind = .nil }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try node.appended().store(value, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            NameEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NameEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { NameEncoder(node: node.appended(), codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.kind = .nil }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
    }
}
