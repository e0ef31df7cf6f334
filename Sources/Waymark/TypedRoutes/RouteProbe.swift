internal import Foundation

/// Discovers, without any instance, which associated values a ``URLRoute`` case has and of which
/// types: it decodes the case from a decoder that records every key asked for and answers with a
/// placeholder value. This is how the table checks templates against cases when it is built.
struct RouteProbe {
    /// What a field's values can be, as far as template types are concerned.
    enum Family: Equatable {
        case integer
        case float
        case uuid
        case string
        case other
    }

    struct Field {
        enum Kind {
            case scalar(Family)
            case list(Family)
            case nested
            case route(any URLRoute.Type)
        }
        /// The name as written in a URL (`filter[color]` for a nested value).
        var name: String
        var typeName: String
        var kind: Kind
        var isOptional: Bool
        /// The name of the top-level associated value.
        var topName: String { name.firstIndex(of: "[").map { String(name[..<$0]) } ?? name }
    }

    /// Records fields. A class so that every container of one probe writes to it.
    final class Recorder {
        var fields: [Field] = []
        var optionalNames: Set<String> = []
    }

    struct Failure: Error {
        var message: String
    }

    /// The fields of one case, in declaration order.
    static func fields<R: Decodable>(of type: R.Type, caseName: String) throws(Failure) -> [Field] {
        let recorder = Recorder()
        do {
            _ = try R(from: ProbeDecoder(recorder: recorder, position: .routeCase(caseName), codingPath: []))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "\(R.self) has no case '\(caseName)' (or it cannot be decoded: \(error))")
        }
        return recorder.fields
    }

    /// A value of a ``URLRoute`` type made from its first mapped case, for probing its parent.
    static func placeholder<T: Decodable>(route type: T.Type, routeType: any URLRoute.Type) throws -> T {
        guard let first = firstCaseName(routeType) else {
            throw Failure(message: "\(type) has an empty routeMap")
        }
        return try T(from: ProbeDecoder(recorder: Recorder(), position: .routeCase(first), codingPath: []))
    }

    private static func firstCaseName<R: URLRoute>(_ type: R.Type) -> String? {
        R.routeMap.entries.first?.caseName
    }

    static func family(of type: Any.Type) -> Family {
        switch type {
        case is any FixedWidthInteger.Type: .integer
        case is any BinaryFloatingPoint.Type: .float
        case is UUID.Type: .uuid
        case is String.Type: .string
        default: .other
        }
    }

    /// A value of a scalar type, from the first placeholder text it accepts.
    static func scalarPlaceholder<Scalar: ParameterScalar>(_ type: Scalar.Type) -> Scalar? {
        for text in ["0", "00000000-0000-0000-0000-000000000000", "about:blank", "2000-01-01T00:00:00Z"] {
            if let value = Scalar(parameterText: text) { return value }
        }
        return nil
    }

    static func firstCase<Iterable: CaseIterable>(_ type: Iterable.Type) -> Any? {
        Iterable.allCases.first
    }
}

/// The recording decoder of ``RouteProbe``.
struct ProbeDecoder: Decoder {
    enum Position {
        case routeCase(String)
        case parameters(prefix: String?)
        case parameter(String)
        case element(String)
    }

    let recorder: RouteProbe.Recorder
    let position: Position
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var name: String {
        switch position {
        case .routeCase: ""
        case .parameters(let prefix): prefix ?? ""
        case .parameter(let name), .element(let name): name
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch position {
        case .routeCase(let caseName):
            return KeyedDecodingContainer(ProbeCaseContainer<Key>(decoder: self, caseName: caseName))
        case .parameters(let prefix):
            return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self, prefix: prefix))
        case .parameter(let name):
            recorder.fields.append(
                RouteProbe.Field(
                    name: name, typeName: "", kind: .nested, isOptional: recorder.optionalNames.contains(name)))
            return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self, prefix: name))
        case .element(let name):
            throw RouteProbe.Failure(message: "'\(name)' is a list of nested values, which URL parameters cannot carry")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .parameter(let name) = position else {
            throw RouteProbe.Failure(message: "'\(self.name)' is a list of lists, which URL parameters cannot carry")
        }
        return ProbeUnkeyedContainer(decoder: self, name: name)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValue(decoder: self)
    }

    /// Records and answers one value.
    func probe<T: Decodable>(_ type: T.Type, name: String, inList: Bool) throws -> T {
        let optional = recorder.optionalNames.contains(name)
        if let scalar = type as? any ParameterScalar.Type {
            if !inList {
                recorder.fields.append(
                    RouteProbe.Field(
                        name: name, typeName: "\(type)", kind: .scalar(RouteProbe.family(of: type)),
                        isOptional: optional))
            }
            guard let value = Self.placeholder(scalar) as? T else {
                throw RouteProbe.Failure(message: "no placeholder for \(type)")
            }
            return value
        }
        if let route = type as? any URLRoute.Type {
            recorder.fields.append(
                RouteProbe.Field(name: name, typeName: "\(type)", kind: .route(route), isOptional: optional))
            return try RouteProbe.placeholder(route: type, routeType: route)
        }
        if let iterable = type as? any CaseIterable.Type, let first = RouteProbe.firstCase(iterable) as? T {
            if !inList {
                recorder.fields.append(
                    RouteProbe.Field(name: name, typeName: "\(type)", kind: .scalar(.other), isOptional: optional))
            }
            return first
        }
        let position: ProbeDecoder.Position = inList ? .element(name) : .parameter(name)
        do {
            return try T(from: ProbeDecoder(recorder: recorder, position: position, codingPath: codingPath))
        } catch let failure as RouteProbe.Failure {
            throw failure
        } catch {
            throw RouteProbe.Failure(
                message: "'\(name)' has the type \(type), which cannot be checked; make \(type) CaseIterable "
                    + "(for an enum) or a ParameterScalar")
        }
    }

    private static func placeholder<Scalar: ParameterScalar>(_ type: Scalar.Type) -> Scalar? {
        RouteProbe.scalarPlaceholder(type)
    }
}

struct ProbeCaseContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    let caseName: String
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { Key(stringValue: caseName).map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { key.stringValue == caseName }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: ProbeDecoder(recorder: decoder.recorder, position: .parameters(prefix: nil), codingPath: [key]))
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(
            ProbeKeyedContainer<NestedKey>(
                decoder: ProbeDecoder(
                    recorder: decoder.recorder, position: .parameters(prefix: nil), codingPath: [key]),
                prefix: nil))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RouteProbe.Failure(message: "the case '\(caseName)' must carry named values")
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    let prefix: String?
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }
    func name(_ key: Key) -> String { prefix.map { "\($0)[\(key.stringValue)]" } ?? key.stringValue }
    func contains(_ key: Key) -> Bool {
        decoder.recorder.optionalNames.insert(name(key))
        return true
    }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.probe(type, name: name(key), inList: false)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: decoder, prefix: name(key)))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(decoder: decoder, name: name(key))
    }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

/// A list of one placeholder element; records the list and its element type.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    let name: String
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex >= 1 }
    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        decoder.recorder.fields.append(
            RouteProbe.Field(
                name: name, typeName: "[\(type)]", kind: .list(RouteProbe.family(of: type)),
                isOptional: decoder.recorder.optionalNames.contains(name)))
        currentIndex += 1
        return try decoder.probe(type, name: name, inList: true)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw RouteProbe.Failure(message: "'\(name)' is a list of nested values, which URL parameters cannot carry")
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RouteProbe.Failure(message: "'\(name)' is a list of lists, which URL parameters cannot carry")
    }
    mutating func superDecoder() throws -> any Decoder { decoder }
}

struct ProbeSingleValue: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if case .element = decoder.position {
            return try decoder.probe(type, name: decoder.name, inList: true)
        }
        return try decoder.probe(type, name: decoder.name, inList: false)
    }
}
