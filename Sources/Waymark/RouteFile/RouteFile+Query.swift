extension RouteFile {
    /// A query value a route of a file declares, with its type and whether a link must carry it.
    ///
    /// A route lists them under `"query"`, from name to type; the types are the template types, and
    /// `?` after one makes the value optional:
    ///
    /// ```json
    /// { "name": "open", "template": "open", "query": { "document": "string", "page": "int?" } }
    /// ```
    ///
    /// The resolver the file makes (``RouteFile/makeResolver(destination:)``,
    /// ``RouteFile/makeBuilder(destination:)`` and ``RouteFile/makeBuilder(binding:to:)``) checks them
    /// when a template of the route matched, before the route's destination runs: a required value
    /// that is missing, or a declared value that is present but not of its type, ends the request as
    /// ``RoutingStatus/invalid`` with a ``RouteInputError`` that names the value and its type, never
    /// what the link carried. Query values the route does not declare are left alone, and the
    /// default route standing in for a link no template matched checks none.
    public struct QueryValue: Hashable, Sendable {
        /// The type of a declared query value: one of the template types.
        public enum ValueType: String, Hashable, Sendable, CaseIterable {
            /// Any text, the empty string included.
            case string
            /// An integer, as ``ParameterType/int`` accepts it.
            case int
            /// A decimal number, as ``ParameterType/float`` accepts it.
            case float
            /// A UUID, as ``ParameterType/uuid`` accepts it.
            case uuid
        }

        /// The query name, as links write it (`document`).
        public let name: String
        /// The type every value of that name must have.
        public let type: ValueType
        /// Whether a link must carry the value (its type is written without `?`).
        public let isRequired: Bool

        /// The type as the file writes it: `int`, or `int?` for an optional value.
        public var typeName: String { type.rawValue + (isRequired ? "" : "?") }

        /// Creates a declaration.
        ///
        /// - Parameters:
        ///   - name: The query name.
        ///   - type: The type every value of that name must have.
        ///   - isRequired: Whether a link must carry the value.
        public init(name: String, type: ValueType, isRequired: Bool) {
            self.name = name
            self.type = type
            self.isRequired = isRequired
        }

        /// A declaration from the type as a file writes it (`"int"`, `"uuid?"`), or `nil` for a type
        /// that is not one of ``ValueType``.
        init?(name: String, written: String) {
            let optional = written.hasSuffix("?")
            guard let type = ValueType(rawValue: optional ? String(written.dropLast()) : written) else { return nil }
            self.init(name: name, type: type, isRequired: !optional)
        }

        /// Whether a percent-decoded value is of ``type`` (an item written without `=` reads as `""`).
        public func accepts(_ value: String) -> Bool {
            switch type {
            case .string: true
            case .int: ParameterType.int.accepts(value)
            case .float: ParameterType.float.accepts(value)
            case .uuid: ParameterType.uuid.accepts(value)
            }
        }

        /// The sentence a reading error ends with: what types there are.
        static let typesSentence =
            "the types are " + ValueType.allCases.map(\.rawValue).joined(separator: ", ")
            + ", each optionally followed by '?'"
    }
}

extension RouteFile.Route {
    /// The first declared query value (in ``query``'s order) that `query` does not satisfy, as the
    /// error the resolver throws, or `nil` when every one is satisfied.
    ///
    /// The error names the value and its type and never holds what the link carried: a query value
    /// may be a token or a person's data, and results and logs print the error.
    func queryInputError(_ query: QueryParameters) -> RouteInputError? {
        guard !self.query.isEmpty else { return nil }
        // One pass over the items and one over the declarations: linear in both, whatever the link.
        var positions: [String: Int] = [:]
        for (position, declared) in self.query.enumerated() { positions[declared.name] = position }
        var present = [Bool](repeating: false, count: self.query.count)
        var mistyped = [Bool](repeating: false, count: self.query.count)
        for item in query {
            guard let position = positions[item.name] else { continue }
            present[position] = true
            if !mistyped[position] && !self.query[position].accepts(item.value ?? "") { mistyped[position] = true }
        }
        for (position, declared) in self.query.enumerated() {
            let expected = declared.type.rawValue
            if !present[position] && declared.isRequired {
                return RouteInputError(
                    kind: .missing, parameter: declared.name, value: nil, expectedType: expected,
                    message: "query parameter '\(declared.name)' is missing (expected \(expected))")
            }
            if mistyped[position] {
                return RouteInputError(
                    kind: .invalid, parameter: declared.name, value: nil, expectedType: expected,
                    message: "query parameter '\(declared.name)' is not a valid \(expected)")
            }
        }
        return nil
    }
}
