/// One problem found in an `apple-app-site-association` file, or between a file and a route table.
///
/// ``location`` names where, in the file's own terms (`applinks.details[0].components[2]`, 0-based as
/// in the JSON) or as the route (`route debug`); ``description`` is the line the CLI prints.
public struct AssociationDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How much it matters.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// The file does something its author cannot have meant, or the app and the file disagree.
        case error
        /// Apple ignores or reads it in a way that may surprise.
        case warning
        /// Worth knowing; nothing is wrong.
        case note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        /// Errors first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// What a diagnostic is about.
    public enum Kind: String, Hashable, Sendable {
        /// The file's structure: a key of the wrong type, an unknown key, a legacy form.
        case document
        /// A route the file does not send to the app, from every URL or from some.
        case routeNotSent
        /// A route the app opens only from inside (or only after the user confirms) that the file
        /// sends to the app.
        case restrictedRouteSent
        /// URLs the file sends to the app that no route handles (the app shows its default route
        /// instead of the web page).
        case unhandledURLsSent
        /// The analysis stopped at its work limit; what it reports is true, but it may not be all.
        case incompleteAnalysis
    }

    /// How much it matters.
    public let severity: Severity
    /// What it is about.
    public let kind: Kind
    /// Where: a JSON path into the file, `route NAME`, or the file as a whole (empty).
    public let location: String
    /// The component it is about, as a 0-based index into its entry's `components`, when there is one.
    public let componentIndex: Int?
    /// The route it is about, when there is one.
    public let routeName: String?
    /// What is wrong, and where it matters what to do about it.
    public let message: String
    /// An example URL that shows it, when there is one.
    public let example: String?

    /// Creates a diagnostic.
    public init(
        severity: Severity, kind: Kind, location: String, componentIndex: Int? = nil, routeName: String? = nil,
        message: String, example: String? = nil
    ) {
        self.severity = severity
        self.kind = kind
        self.location = location
        self.componentIndex = componentIndex
        self.routeName = routeName
        self.message = message
        self.example = example
    }

    /// `location: message` (with the example, when there is one).
    public var description: String {
        let place = location.isEmpty ? "" : "\(location): "
        return place + message + (example.map { " (for example \($0))" } ?? "")
    }
}
