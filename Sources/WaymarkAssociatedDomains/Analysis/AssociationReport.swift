/// What checking an `apple-app-site-association` file against a route table found.
public struct AssociationReport: Sendable {
    /// Everything found: the file's own diagnostics, then the disagreements with the routes
    /// (errors, then warnings, then notes).
    public var diagnostics: [AssociationDiagnostic]
    /// Whether the analysis walked every kind of path; when `false`, what it reports is true but
    /// may not be all.
    public var isComplete: Bool
    /// The product states the analysis visited: the measure of its work, which grows with the size of
    /// the routes and patterns, not with the number of paths they match.
    public var statesVisited: Int
    /// The automaton steps it took.
    public var work: Int

    /// The errors and warnings: what makes `waymark aasa --check` fail.
    public var problems: [AssociationDiagnostic] { diagnostics.filter { $0.severity != .note } }

    /// The URLs the file sends to the app that no route handles because AASA patterns can express
    /// no narrower set (notes of kind ``AssociationDiagnostic/Kind/unhandledURLsSent``).
    public var overApproximation: [AssociationDiagnostic] {
        diagnostics.filter { $0.kind == .unhandledURLsSent && $0.severity == .note }
    }
}
