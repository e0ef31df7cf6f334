/// One segment of a parsed ``RouteTemplate``.
///
/// A closed set: the template grammar has exactly these four kinds of segment.
public enum TemplateSegment: Hashable, Sendable, CustomStringConvertible {
    /// Matches one URL segment whose percent-decoded text equals the literal.
    case literal(String)
    /// `:name` or `:name<type>`: matches exactly one non-empty segment, and captures it.
    ///
    /// A typed parameter only matches a segment its type accepts; see ``ParameterType``.
    case parameter(name: String, type: String?)
    /// `*` in the middle of a template: matches exactly one segment and captures nothing.
    case anonymous
    /// `*` or `*name` at the end of a template: matches zero or more remaining segments.
    case catchAll(name: String?)

    /// The segment as it is written in a template.
    public var description: String {
        switch self {
        case .literal(let text): text
        case .parameter(let name, let type?): ":\(name)<\(type)>"
        case .parameter(let name, nil): ":\(name)"
        case .anonymous: "*"
        case .catchAll(let name): "*\(name ?? "")"
        }
    }
}
