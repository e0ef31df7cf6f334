public import Foundation

/// The values captured by a template's `:name` parameters and named catch-all, percent-decoded, in
/// template order.
///
/// ```swift
/// let match = table.match(path: "/product/42")
/// match?.parameters["id"]                         // "42"
/// try match?.parameters.require("id", as: Int.self)   // 42
/// ```
public struct RouteParameters: Hashable, Sendable, RandomAccessCollection {
    /// One captured parameter.
    public struct Parameter: Hashable, Sendable {
        /// The name written in the template.
        public let name: String
        /// The percent-decoded value. For a named catch-all, its segments joined by `/`.
        public let value: String

        /// Creates a parameter.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The first parameter inline and the others in an array: most templates have one parameter,
    /// and a request for them then allocates no array. Always normalized (`head` is `nil` only when
    /// there are no parameters), so the synthesized equality compares the sequences.
    /// Named so as not to shadow `Collection.first` inside the module.
    private let head: Parameter?
    private let rest: [Parameter]

    /// Creates parameters from name–value pairs, in order.
    public init(_ pairs: [(name: String, value: String)] = []) {
        self.init(parameters: pairs.map { Parameter(name: $0.name, value: $0.value) })
    }

    init(parameters: [Parameter]) {
        head = parameters.first
        rest = Array(parameters.dropFirst())
    }

    /// Exactly one parameter.
    init(_ parameter: Parameter) {
        head = parameter
        rest = []
    }

    /// Every parameter, in order.
    private var storage: [Parameter] { head.map { [$0] + rest } ?? [] }

    /// The value of a parameter, or `nil` when the matched template has no parameter of that name.
    public subscript(name: String) -> String? {
        guard let head else { return nil }
        return head.name == name ? head.value : rest.first { $0.name == name }?.value
    }

    /// The parameters as a dictionary.
    public var dictionary: [String: String] {
        Dictionary(storage.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position of the first parameter.
    public var startIndex: Int { 0 }
    /// The position after the last parameter.
    public var endIndex: Int { head == nil ? 0 : rest.count + 1 }
    /// The parameter at a position, in template order.
    public subscript(position: Int) -> Parameter {
        if position == 0, let head { return head }
        return rest[position - 1]  // out of range traps, as `Array`'s subscript does
    }

    /// The value of a parameter that must exist.
    ///
    /// - Throws: ``RoutingError/Code/missingParameter`` naming the parameter and the ones that exist.
    public func require(_ name: String) throws(RoutingError) -> String {
        guard let value = self[name] else {
            let known =
                storage.isEmpty
                ? "the route has none" : "its parameters are " + storage.map(\.name).joined(separator: ", ")
            throw RoutingError(code: .missingParameter, message: "the route has no parameter '\(name)'; \(known)")
        }
        return value
    }

    /// The value of a parameter converted to a type such as `Int`, `Double` or `Bool`.
    ///
    /// ```swift
    /// try parameters.require("id", as: Int.self)   // throws for "abc":
    /// // invalidParameter: parameter 'id' is not a valid Int   (the value is never quoted: ValueRedaction)
    /// ```
    public func require<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws(RoutingError)
        -> Value
    {
        let text = try require(name)
        guard let value = Value(text) else { throw Self.invalid(name, String(describing: type)) }
        return value
    }

    /// The value of a parameter converted to a `UUID`.
    public func require(_ name: String, as type: UUID.Type) throws(RoutingError) -> UUID {
        let text = try require(name)
        guard let value = UUID(uuidString: text) else { throw Self.invalid(name, "UUID") }
        return value
    }

    private static func invalid(_ name: String, _ type: String) -> RoutingError {
        RoutingError(code: .invalidParameter, message: "parameter '\(name)' is not a valid \(type)")
    }
}
