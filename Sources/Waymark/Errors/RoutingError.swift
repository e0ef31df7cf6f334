/// An error from the Waymark core: a template that does not parse, a table that does not build,
/// a parameter that does not convert, or a route file that does not load.
///
/// Switch on ``code``; show ``message`` (or ``description``) to a person. Every message quotes the
/// offending input and says where it is (template column, route index, parameter name).
///
/// ```swift
/// do {
///     _ = try RouteTemplate(parsing: "product/:")
/// } catch {
///     print(error)   // invalidTemplate: "product/:" column 9: ':' must be followed by a parameter name, as in ':id'
/// }
/// ```
public struct RoutingError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What kind of error this is. A struct rather than an enum, so that codes can be added without
    /// breaking a `switch` in client code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Sendable {
            case invalidTemplate
            case duplicateRoute
            case ambiguousRoutes
            case invalidScope
            case invalidScheme
            case invalidDomain
            case unknownParameterType
            case missingParameter
            case invalidParameter
            case invalidRouteFile
            case invalidURL
            case invalidRouteMap
            case linkUnavailable
            case invalidRouteOptions
        }
        private let kind: Kind

        /// A template string does not follow the template grammar.
        public static let invalidTemplate = Code(kind: .invalidTemplate)
        /// Two registrations have the same template in the same scope.
        public static let duplicateRoute = Code(kind: .duplicateRoute)
        /// Two templates differ only in their parameter names, so neither could be told apart.
        public static let ambiguousRoutes = Code(kind: .ambiguousRoutes)
        /// A scope names a scheme or domain the table does not accept, or is otherwise unusable.
        public static let invalidScope = Code(kind: .invalidScope)
        /// A scheme is malformed or is a well-known scheme that cannot be an app scheme.
        public static let invalidScheme = Code(kind: .invalidScheme)
        /// A universal-link domain is malformed (for example, it carries a path).
        public static let invalidDomain = Code(kind: .invalidDomain)
        /// A typed parameter names a type that is neither built in nor registered.
        public static let unknownParameterType = Code(kind: .unknownParameterType)
        /// A parameter that was required is absent.
        public static let missingParameter = Code(kind: .missingParameter)
        /// A parameter is present but does not convert to the requested type.
        public static let invalidParameter = Code(kind: .invalidParameter)
        /// A route file is not valid JSON or does not follow the route-file format.
        public static let invalidRouteFile = Code(kind: .invalidRouteFile)
        /// A URL string cannot be routed at all (control characters, bad percent-encoding).
        public static let invalidURL = Code(kind: .invalidURL)

        /// A typed route's ``RouteMap`` does not agree with its cases (a template parameter without an
        /// associated value, a value in neither path nor query, a type the template cannot carry).
        public static let invalidRouteMap = Code(kind: .invalidRouteMap)
        /// A link cannot be made: the route's scopes exclude that kind of link, a scheme or domain
        /// is not accepted, or a value cannot be written in its place.
        public static let linkUnavailable = Code(kind: .linkUnavailable)

        /// A route's options cannot go together, or not on that route (a default route with
        /// scopes, say).
        public static let invalidRouteOptions = Code(kind: .invalidRouteOptions)

        private init(kind: Kind) { self.kind = kind }

        /// The code's name, as used in ``RoutingError/description``.
        public var description: String { kind.rawValue }
    }

    /// What kind of error this is.
    public var code: Code
    /// A sentence for a person: what is wrong, where, and how to fix it.
    public var message: String
    /// For a template that does not parse, the 1-based column, in Unicode scalars, of the character
    /// the message names (which counts characters): a route file's diagnostics add it to where the
    /// template's string starts, so that an editor shows the error on the character. Not part of
    /// equality: the message already says where.
    package var templateColumn: Int?

    /// Creates an error with a code and a message.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }

    /// Two errors are equal when their codes and messages are.
    public static func == (lhs: RoutingError, rhs: RoutingError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }
}
