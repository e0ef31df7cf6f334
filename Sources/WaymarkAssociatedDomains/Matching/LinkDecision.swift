/// What an `apple-app-site-association` file decides for one URL and one app.
public struct LinkDecision: Hashable, Sendable, CustomStringConvertible {
    /// Whether the URL opens the app.
    public let opens: Bool
    /// The entry of `details` whose component decided, 0-based; `nil` when nothing matched.
    public let detailsIndex: Int?
    /// The component (or, in a legacy entry, the `paths` pattern) that decided, 0-based; `nil`
    /// when nothing matched.
    public let componentIndex: Int?
    /// Whether a legacy `paths` pattern decided.
    public let decidedByLegacyPath: Bool

    /// Creates a decision.
    public init(opens: Bool, detailsIndex: Int?, componentIndex: Int?, decidedByLegacyPath: Bool = false) {
        self.opens = opens
        self.detailsIndex = detailsIndex
        self.componentIndex = componentIndex
        self.decidedByLegacyPath = decidedByLegacyPath
    }

    /// The JSON path of what decided (`applinks.details[0].components[2]`), or `nil`.
    public var location: String? {
        guard let detailsIndex, let componentIndex else { return nil }
        return Self.location(details: detailsIndex, component: componentIndex, legacyPath: decidedByLegacyPath)
    }

    /// The JSON path of a component, or of a legacy `paths` pattern.
    static func location(details: Int, component: Int, legacyPath: Bool) -> String {
        "applinks.details[\(details)].\(legacyPath ? "paths" : "components")[\(component)]"
    }

    /// `opens (applinks.details[0].components[1])`, `excluded (…)` or `no component matches`.
    public var description: String {
        guard let location else { return "no component matches" }
        return "\(opens ? "opens" : "excluded") (\(location))"
    }
}
