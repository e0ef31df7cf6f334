/// A family of hostile inputs that grows with one size, run at 1×, 10× and 100× of it to show how the
/// work grows (`waymark-compare --set scaling`, docs/security.md, "Worst cases").
///
/// Each size runs in its own child process, so that its peak memory is its own.
public struct ScalingCase: Sendable {
    /// A short name, unique among the cases: `--case` selects a case by it.
    public let name: String
    /// What the input is, with `n` standing for the size.
    public let input: String
    /// The size at 1×.
    public let baseSize: Int
    /// Builds the input for a size (not timed) and returns the work to time. The work returns a number
    /// that depends on its answer (a count of rules, routes or states), printed so that a wrong answer shows.
    public let prepare: @Sendable (Int) throws -> @Sendable () throws -> Int

    public init(
        name: String, input: String, baseSize: Int,
        prepare: @escaping @Sendable (Int) throws -> @Sendable () throws -> Int
    ) {
        self.name = name
        self.input = input
        self.baseSize = baseSize
        self.prepare = prepare
    }
}

/// Every scaling case, by area. Each area's cases are in a file of this folder.
public enum ScalingCases {
    public static var all: [ScalingCase] {
        patternCases + loadingCases + jsonEscapeCases + navigationCases
    }
}
