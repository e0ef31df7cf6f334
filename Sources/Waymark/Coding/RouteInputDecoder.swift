/// Decodes a typed input from a request's route parameters and query items.
///
/// A route parameter wins over a query item of the same name. Supported field types: `String`,
/// every integer and floating-point type, `Bool` (`true`/`false`/`1`/`0`/`yes`/`no`; a bare
/// `?flag` is `true`), `UUID`, `URL`, `Date` (ISO-8601), raw-value enums, optionals, arrays
/// (repeated names, a comma list, or a catch-all's segments) and nested `Codable` values written
/// `name[field]`. Types that adopt ``RouteInputDefaults`` take missing fields from their defaults.
///
/// ```swift
/// struct Search: Codable {
///     var q: String
///     var page: Int?
///     var tag: [String]
/// }
/// let query = QueryParameters(parsing: "q=red+shoes&tag=sale&tag=new")
/// let search = try RouteInputDecoder().decode(Search.self, query: query)
/// // Search(q: "red shoes", page: nil, tag: ["sale", "new"])
/// ```
public struct RouteInputDecoder: Sendable {
    /// The deepest nesting of parameter names read (`a[b][c]` is 3); deeper names are an error.
    public var maximumKeyDepth: Int

    /// Creates a decoder.
    public init(maximumKeyDepth: Int = RouteLimits.default.maximumKeyDepth) {
        self.maximumKeyDepth = maximumKeyDepth
    }

    /// Decodes an input from a routed request.
    ///
    /// Comma lists are split on the query as written, so an element that contains an encoded
    /// comma (`%2C`) stays one element.
    ///
    /// - Throws: ``RouteInputError`` naming the parameter, its value and the expected type.
    public func decode<Input: Decodable>(_ type: Input.Type, from request: RouteRequest) throws(RouteInputError)
        -> Input
    {
        try decode(type, source: Self.source(for: request), chain: [])
    }

    /// Decodes an input from route parameters and already-decoded query items. A single value
    /// decoded into a list is split on every comma.
    ///
    /// - Throws: ``RouteInputError`` naming the parameter, its value and the expected type.
    public func decode<Input: Decodable>(
        _ type: Input.Type, routeParameters: RouteParameters = RouteParameters(), query: QueryParameters
    ) throws(RouteInputError) -> Input {
        try decode(type, source: ParameterSource(routeParameters: routeParameters, query: query), chain: [])
    }

    /// The values of a request: its route parameters, and the query items not named as a path
    /// parameter of `templates` (by default the one that matched; pass every template of the route
    /// when it has several), so that a path parameter's value never comes from the query.
    static func source(for request: RouteRequest, templates: [RouteTemplate]? = nil) -> ParameterSource {
        let catchAll = request.matchedTemplate?.variants.last?.segments.lazy.compactMap(\.catchAllName).first
        let templates = templates ?? request.matchedTemplate.map { [$0] } ?? []
        return ParameterSource(
            routeParameters: request.routeParameters, catchAll: catchAll, wildcard: request.wildcard,
            rawQuery: request.url.rawQuery, pathNames: Set(templates.flatMap(\.parameterNames)))
    }

    func decode<Input: Decodable>(_ type: Input.Type, source: ParameterSource, chain: [String])
        throws(RouteInputError) -> Input
    {
        var source = source
        if let (name, depth) = source.deepestName(), depth > maximumKeyDepth {
            throw RouteInputError(
                kind: .unsupported, parameter: String(name.prefix(100)), value: nil, expectedType: "\(type)",
                message: RouteLimits.message(.keyDepth, depth, maximumKeyDepth))
        }
        if let defaults = type as? any RouteInputDefaults.Type {
            source.addMissing(Self.defaultItems(defaults))
        }
        let position: ParameterDecoder.Position =
            chain.isEmpty ? .parameters(prefix: nil) : .routeCase(chain: chain[...])
        let decoder = ParameterDecoder(source: source, position: position, codingPath: [], chain: chain[...])
        do {
            return try Input(from: decoder)
        } catch let error as RouteInputError {
            throw error
        } catch {
            throw RouteInputError(
                kind: .invalid, parameter: "", value: nil, expectedType: "\(type)",
                message: "the parameters do not make a \(type): \(error)")
        }
    }

    private static func defaultItems<Defaults: RouteInputDefaults>(_ type: Defaults.Type) -> [QueryParameters.Item] {
        (try? RouteInputEncoder().encode(type.defaultInput).items) ?? []
    }
}

/// An input type whose missing fields take the values of a default instance.
///
/// ```swift
/// struct Listing: Codable, RouteInputDefaults {
///     var page: Int
///     var sort: String
///     static let defaultInput = Listing(page: 1, sort: "popular")
/// }
/// try RouteInputDecoder().decode(Listing.self, query: QueryParameters(parsing: "sort=new"))
/// // Listing(page: 1, sort: "new")
/// ```
public protocol RouteInputDefaults: Encodable {
    /// The instance whose encoded fields fill the fields a URL leaves out.
    static var defaultInput: Self { get }
}

/// Encodes a typed input into named parameter values, the inverse of ``RouteInputDecoder``: lists
/// become repeated names, nested values `name[field]`, `nil` is left out.
///
/// ```swift
/// let items = try RouteInputEncoder().encode(Search(q: "red shoes", page: 2, tag: ["sale", "new"]))
/// items.description   // "q=red shoes&page=2&tag=sale&tag=new"
/// ```
public struct RouteInputEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The input's values, in field order.
    ///
    /// - Throws: ``RouteInputError`` (``RouteInputError/Kind/unsupported``) for shapes parameters
    ///   cannot carry: a single value at the top level, lists of lists, lists of nested values.
    public func encode<Input: Encodable>(_ input: Input) throws(RouteInputError) -> QueryParameters {
        QueryParameters(try encodeWithChain(input).items)
    }

    func encodeWithChain<Input: Encodable>(_ input: Input) throws(RouteInputError) -> ParameterEncoder.Output {
        let output = ParameterEncoder.Output()
        let position: ParameterEncoder.Position = input is any URLRoute ? .routeCase : .parameters(prefix: nil)
        do {
            try input.encode(to: ParameterEncoder(output: output, position: position, codingPath: []))
        } catch let error as RouteInputError {
            throw error
        } catch {
            throw RouteInputError(
                kind: .unsupported, parameter: "", value: nil, expectedType: "\(Input.self)",
                message: "\(Input.self) could not be written as parameters: \(error)")
        }
        return output
    }
}
