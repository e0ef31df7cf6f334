/// Why a published-links contract could not be read: every problem found, each naming where it is
/// (`links[3].parameters.id`), so that one run lists them all.
public struct LinkContractError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One problem: where, and what is wrong.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// Where it is: `links[3].route`, `version`, or empty for the file as a whole.
        public let location: String
        /// What is wrong and how to write it instead.
        public let message: String

        /// `location: message`.
        public var description: String { location.isEmpty ? message : "\(location): \(message)" }
    }

    /// Every problem, in the file's order.
    public let problems: [Problem]
    /// The contract's name in messages: its path, or the name the caller gave.
    public let source: String

    /// Every problem, one per line, each prefixed with the source.
    public var description: String { problems.map { "\(source): \($0)" }.joined(separator: "\n") }
}
