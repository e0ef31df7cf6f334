/// The `Encoder` behind ``RouteInputEncoder``: writes an input as named parameter values, in order,
/// and for a typed route, the chain of cases from the outer enum to the innermost one.
struct ParameterEncoder: Encoder {
    /// What encoding collects. A class so that every container of one encoding appends to it.
    final class Output {
        var items: [QueryParameters.Item] = []
        var chain: [String] = []
    }

    enum Position {
        case parameters(prefix: String?)
        case parameter(String)
        /// One element of a list: appended under the list's name.
        case element(String)
        case routeCase
    }

    let output: Output
    let position: Position
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch position {
        case .parameters(let prefix):
            return KeyedEncodingContainer(ParameterKeyedEncoding(encoder: self, prefix: prefix))
        case .parameter(let name):
            return KeyedEncodingContainer(ParameterKeyedEncoding(encoder: self, prefix: name))
        case .element(let name):
            return KeyedEncodingContainer(FailingKeyedEncoding(error: Self.nestedInList(name), codingPath: codingPath))
        case .routeCase:
            return KeyedEncodingContainer(RouteCaseEncoding(encoder: self))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        var container = ParameterUnkeyedEncoding(encoder: self, name: parameterName)
        switch position {
        case .parameters, .routeCase:
            container.refusal = RouteInputError(
                kind: .unsupported, parameter: "", value: nil, expectedType: "a list",
                message: "the input must be a struct or enum with named fields, not a list")
        case .parameter, .element:
            break
        }
        return container
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ParameterSingleValueEncoding(encoder: self, name: parameterName)
    }

    var parameterName: String {
        switch position {
        case .parameters(let prefix): prefix ?? ""
        case .parameter(let name), .element(let name): name
        case .routeCase: ""
        }
    }

    /// Writes a value of any type under a name: scalars as text, typed routes as cases, anything
    /// else through its own `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T, name: String, inList: Bool, path: [any CodingKey]) throws {
        if let scalar = value as? any ParameterScalar {
            output.items.append(QueryParameters.Item(name: name, value: scalar.parameterText))
            return
        }
        if value is any URLRoute {
            try value.encode(to: ParameterEncoder(output: output, position: .routeCase, codingPath: path))
            return
        }
        let position: Position = inList ? .element(name) : .parameter(name)
        try value.encode(to: ParameterEncoder(output: output, position: position, codingPath: path))
    }

    static func nestedInList(_ name: String) -> RouteInputError {
        RouteInputError(
            kind: .unsupported, parameter: name, value: nil, expectedType: "a list of nested values",
            message: "parameter '\(name)' is a list of nested values, which URL parameters cannot carry")
    }

    static func unsupported(_ name: String, _ what: String) -> RouteInputError {
        RouteInputError(
            kind: .unsupported, parameter: name, value: nil, expectedType: what,
            message:
                "\(name.isEmpty ? "the input" : "parameter '\(name)'") is \(what), which URL parameters cannot carry")
    }
}

struct ParameterKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ParameterEncoder
    let prefix: String?
    var codingPath: [any CodingKey] { encoder.codingPath }

    func name(_ key: Key) -> String {
        prefix.map { "\($0)[\(key.stringValue)]" } ?? key.stringValue
    }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encodeValue(value, name: name(key), inList: false, path: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(ParameterKeyedEncoding<NestedKey>(encoder: encoder, prefix: name(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ParameterUnkeyedEncoding(encoder: encoder, name: name(key))
    }

    mutating func superEncoder() -> any Encoder { encoder }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ParameterEncoder(output: encoder.output, position: .parameter(name(key)), codingPath: codingPath + [key])
    }
}

/// A list: every element is written under the list's name (repeated keys).
struct ParameterUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: ParameterEncoder
    let name: String
    var count = 0
    /// Set when a list is not allowed where it was asked for: thrown on first use.
    var refusal: RouteInputError?
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {
        if let refusal { throw refusal }
        throw ParameterEncoder.unsupported(name, "a list with an empty element")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let refusal { throw refusal }
        if case .element = encoder.position { throw ParameterEncoder.unsupported(name, "a list of lists") }
        try encoder.encodeValue(value, name: name, inList: true, path: codingPath)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            FailingKeyedEncoding(error: ParameterEncoder.nestedInList(name), codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ParameterUnkeyedEncoding(
            encoder: ParameterEncoder(output: encoder.output, position: .element(name), codingPath: codingPath),
            name: name)
    }

    mutating func superEncoder() -> any Encoder { encoder }
}

struct ParameterSingleValueEncoding: SingleValueEncodingContainer {
    let encoder: ParameterEncoder
    let name: String
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws {}

    mutating func encode<T: Encodable>(_ value: T) throws {
        if case .parameters = encoder.position {
            throw ParameterEncoder.unsupported(name, "a single value")
        }
        try encoder.encodeValue(value, name: name, inList: false, path: codingPath)
    }
}

/// A typed route's keyed container: records the case name, then its values as parameters.
struct RouteCaseEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ParameterEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.output.chain.append(key.stringValue)
        try value.encode(
            to: ParameterEncoder(
                output: encoder.output, position: .parameters(prefix: nil), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.output.chain.append(key.stringValue)
        return KeyedEncodingContainer(
            ParameterKeyedEncoding<NestedKey>(
                encoder: ParameterEncoder(
                    output: encoder.output, position: .parameters(prefix: nil), codingPath: codingPath + [key]),
                prefix: nil))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.output.chain.append(key.stringValue)
        return ParameterUnkeyedEncoding(encoder: encoder, name: key.stringValue)
    }

    mutating func superEncoder() -> any Encoder { encoder }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// A container that fails on first use: `Encoder` cannot throw when a container is asked for.
struct FailingKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let error: RouteInputError
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw error }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(FailingKeyedEncoding<NestedKey>(error: error, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ParameterUnkeyedEncoding(
            encoder: ParameterEncoder(output: .init(), position: .element(error.parameter), codingPath: codingPath),
            name: error.parameter)
    }
    mutating func superEncoder() -> any Encoder {
        ParameterEncoder(output: .init(), position: .element(error.parameter), codingPath: codingPath)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}
