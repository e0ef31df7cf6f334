/// One segment of a parsed ``RouteTemplate``.
///
/// A closed set: the template grammar has exactly these five kinds of segment.
public enum TemplateSegment: Hashable, Sendable, CustomStringConvertible {
    /// Matches one URL segment whose percent-decoded text equals the literal.
    case literal(String)
    /// `:name` or `:name<type>`: matches exactly one non-empty segment, and captures it.
    ///
    /// A typed parameter only matches a segment its type accepts; see ``ParameterType``.
    case parameter(name: String, type: String?)
    /// Literal text with parameters inside it, such as `{id}.json` or `v{major}.{minor}`: matches
    /// one segment whose text the pattern splits (see ``SegmentPattern``), and captures each
    /// parameter.
    case pattern(SegmentPattern)
    /// `*` in the middle of a template: matches exactly one segment and captures nothing.
    case anonymous
    /// `*` or `*name` at the end of a template: matches zero or more remaining segments.
    case catchAll(name: String?)

    /// The segment as it is written in a template.
    public var description: String {
        switch self {
        case .literal(let text): SegmentPattern.written(text, atSegmentStart: true)
        case .parameter(let name, let type?): ":\(name)<\(type)>"
        case .parameter(let name, nil): ":\(name)"
        case .pattern(let pattern): pattern.description
        case .anonymous: "*"
        case .catchAll(let name): "*\(name ?? "")"
        }
    }
}

// What the rest of the package asks of a segment, each answer one exhaustive `switch`: a new kind
// of segment makes the compiler stop here, and nowhere else needs a `default:`.
extension TemplateSegment {
    /// Calls `body` with each one-segment parameter the segment captures, and its type: `:id<int>`
    /// gives `("id", "int")`. A catch-all is not one of them (see ``catchAllName``). No array is
    /// made: the parser and the table build call this for every segment.
    @inline(__always)
    package func forEachParameterCapture(_ body: (_ name: String, _ type: String?) -> Void) {
        switch self {
        case .parameter(let name, let type): body(name, type)
        case .pattern(let pattern): for (name, type) in pattern.captures { body(name, type) }
        case .literal, .anonymous, .catchAll: break
        }
    }

    /// Calls `body` with every name the segment captures under: its parameters', or a named
    /// catch-all's.
    @inline(__always)
    package func forEachCapturedName(_ body: (String) -> Void) {
        switch self {
        case .parameter(let name, _): body(name)
        case .pattern(let pattern): for (name, _) in pattern.captures { body(name) }
        case .catchAll(let name?): body(name)
        case .catchAll(nil), .literal, .anonymous: break
        }
    }

    /// The one-segment parameters the segment captures, with their types
    /// (``forEachParameterCapture(_:)``).
    package var parameterCaptures: [(name: String, type: String?)] {
        var captures: [(name: String, type: String?)] = []
        forEachParameterCapture { captures.append(($0, $1)) }
        return captures
    }

    /// Every name the segment captures under (``forEachCapturedName(_:)``).
    package var capturedNames: [String] {
        var names: [String] = []
        forEachCapturedName { names.append($0) }
        return names
    }

    /// Whether the segment is a catch-all, named or not.
    package var isCatchAll: Bool {
        switch self {
        case .catchAll: true
        case .literal, .parameter, .pattern, .anonymous: false
        }
    }

    /// The name of a named catch-all; `nil` for every other segment and for `*`.
    package var catchAllName: String? {
        switch self {
        case .catchAll(let name): name
        case .literal, .parameter, .pattern, .anonymous: nil
        }
    }
}
