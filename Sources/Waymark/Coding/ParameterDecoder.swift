/// The `Decoder` behind ``RouteInputDecoder``: one per position in the input, over one shared
/// ``ParameterSource``.
struct ParameterDecoder: Decoder {
    enum Position {
        /// A keyed container over the parameters: top level (`nil`) or nested under a name.
        case parameters(prefix: String?)
        /// One named parameter: a scalar, a list or a nested value.
        case parameter(String)
        /// One element of a list.
        case element(name: String, text: String)
        /// A typed route's case, chosen by the match: its keyed container holds just that case.
        case routeCase(chain: ArraySlice<String>)
    }

    let source: ParameterSource
    let position: Position
    let codingPath: [any CodingKey]
    /// The cases still to open below a typed route's case (nested route enums).
    let chain: ArraySlice<String>
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch position {
        case .parameters(let prefix):
            return KeyedDecodingContainer(ParameterKeyedDecoding(decoder: self, prefix: prefix))
        case .parameter(let name):
            return KeyedDecodingContainer(ParameterKeyedDecoding(decoder: self, prefix: name))
        case .routeCase(let chain):
            return KeyedDecodingContainer(RouteCaseDecoding<Key>(decoder: self, chain: chain))
        case .element(let name, _):
            throw RouteInputError(
                kind: .unsupported, parameter: name, value: nil, expectedType: "a list of nested values",
                message: "parameter '\(name)' is a list of nested values, which URL parameters cannot carry")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .parameter(let name) = position else {
            if case .element(let name, _) = position {
                throw RouteInputError(
                    kind: .unsupported, parameter: name, value: nil, expectedType: "a list of lists",
                    message: "parameter '\(name)' is a list of lists, which URL parameters cannot carry")
            }
            throw RouteInputError(
                kind: .unsupported, parameter: "", value: nil, expectedType: "a list",
                message: "the input must be a struct or enum with named fields, not a list")
        }
        return ParameterUnkeyedDecoding(decoder: self, name: name, elements: source.list(name) ?? [])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        switch position {
        case .parameter(let name): ParameterSingleValueDecoding(decoder: self, name: name, text: source.first(name))
        case .element(let name, let text): ParameterSingleValueDecoding(decoder: self, name: name, text: text)
        case .parameters, .routeCase:
            throw RouteInputError(
                kind: .unsupported, parameter: "", value: nil, expectedType: "a single value",
                message: "the input must be a struct or enum with named fields, not a single value")
        }
    }

    /// The parameter this decoder stands for (`""` at the top level).
    var parameterName: String {
        switch position {
        case .parameters(let prefix): prefix ?? ""
        case .parameter(let name), .element(let name, _): name
        case .routeCase: ""
        }
    }

    /// Decodes a value of any type at a named parameter: scalars directly, everything else
    /// through its own `init(from:)`, with the errors it throws named after the parameter.
    func decodeValue<T: Decodable>(_ type: T.Type, name: String, text: String?, path: [any CodingKey]) throws -> T {
        if let scalar = type as? any ParameterScalar.Type {
            return try Self.scalar(scalar, as: type, name: name, text: text, source: source)
        }
        if !chain.isEmpty, type is any URLRoute.Type {
            let child = ParameterDecoder(
                source: source, position: .routeCase(chain: chain), codingPath: path, chain: chain)
            return try T(from: child)
        }
        let position: Position = text.map { .element(name: name, text: $0) } ?? .parameter(name)
        let child = ParameterDecoder(source: source, position: position, codingPath: path, chain: [])
        do {
            return try T(from: child)
        } catch let error as RouteInputError {
            // A raw-value enum asks for its raw value: report the enum, not `String`.
            if error.parameter == name, error.kind != .unsupported, type is any RawRepresentable.Type {
                throw RouteInputError(kind: error.kind, parameter: name, value: error.value, expectedType: "\(type)")
            }
            throw error
        } catch {
            let value = text ?? source.first(name)
            guard let value else {
                throw RouteInputError(kind: .missing, parameter: name, value: nil, expectedType: "\(type)")
            }
            throw RouteInputError(kind: .invalid, parameter: name, value: value, expectedType: "\(type)")
        }
    }

    private static func scalar<Scalar: ParameterScalar, T>(
        _ scalar: Scalar.Type, as type: T.Type, name: String, text: String?, source: ParameterSource
    ) throws -> T {
        guard let text = text ?? source.first(name) else {
            throw RouteInputError(kind: .missing, parameter: name, value: nil, expectedType: "\(type)")
        }
        if scalar == Bool.self, source.isBareFlag(name), let flag = true as? T { return flag }
        guard let value = Scalar(parameterText: text) as? T else {
            throw RouteInputError(kind: .invalid, parameter: name, value: text, expectedType: "\(type)")
        }
        return value
    }
}

/// A keyed container over parameters named `key` (top level) or `prefix[key]`.
struct ParameterKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ParameterDecoder
    let prefix: String?
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        decoder.source.entries.keys.compactMap { name in
            guard let prefix else { return Key(stringValue: name) }
            let start = prefix + "["
            guard name.hasPrefix(start), name.hasSuffix("]") else { return nil }
            return Key(stringValue: String(name.dropFirst(start.count).dropLast()))
        }
    }

    func name(_ key: Key) -> String {
        prefix.map { "\($0)[\(key.stringValue)]" } ?? key.stringValue
    }

    func contains(_ key: Key) -> Bool { decoder.source.contains(name(key)) }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(type, name: name(key), text: nil, path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(ParameterKeyedDecoding<NestedKey>(decoder: decoder, prefix: name(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ParameterUnkeyedDecoding(decoder: decoder, name: name(key), elements: decoder.source.list(name(key)) ?? [])
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ParameterDecoder(
            source: decoder.source, position: .parameter(name(key)), codingPath: codingPath + [key], chain: [])
    }
}

/// The elements of a list parameter.
struct ParameterUnkeyedDecoding: UnkeyedDecodingContainer {
    let decoder: ParameterDecoder
    let name: String
    let elements: [String]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw RouteInputError(kind: .missing, parameter: name, value: nil, expectedType: "\(type)")
        }
        let text = elements[currentIndex]
        let value = try decoder.decodeValue(type, name: name, text: text, path: codingPath)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw RouteInputError(
            kind: .unsupported, parameter: name, value: nil, expectedType: "a list of nested values",
            message: "parameter '\(name)' is a list of nested values, which URL parameters cannot carry")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RouteInputError(
            kind: .unsupported, parameter: name, value: nil, expectedType: "a list of lists",
            message: "parameter '\(name)' is a list of lists, which URL parameters cannot carry")
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}

/// One value: a named parameter or one element of a list.
struct ParameterSingleValueDecoding: SingleValueDecodingContainer {
    let decoder: ParameterDecoder
    let name: String
    let text: String?
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { text == nil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let text else {
            throw RouteInputError(kind: .missing, parameter: name, value: nil, expectedType: "\(type)")
        }
        return try decoder.decodeValue(type, name: name, text: text, path: codingPath)
    }
}

/// A typed route's keyed container: just the case the match chose, whose values are parameters.
struct RouteCaseDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ParameterDecoder
    let chain: ArraySlice<String>
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { chain.first.flatMap { Key(stringValue: $0) }.map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { key.stringValue == chain.first }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = ParameterDecoder(
            source: decoder.source, position: .parameters(prefix: nil), codingPath: codingPath + [key],
            chain: chain.dropFirst())
        return try T(from: child)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let child = ParameterDecoder(
            source: decoder.source, position: .parameters(prefix: nil), codingPath: codingPath + [key],
            chain: chain.dropFirst())
        return KeyedDecodingContainer(ParameterKeyedDecoding<NestedKey>(decoder: child, prefix: nil))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RouteInputError(
            kind: .unsupported, parameter: key.stringValue, value: nil, expectedType: "a route case",
            message: "the route case '\(key.stringValue)' must carry named values")
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}
