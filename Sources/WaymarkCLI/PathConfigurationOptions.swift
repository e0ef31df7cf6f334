import ArgumentParser
import WaymarkPathConfiguration

/// The options every command that reads a path configuration takes, so that `properties`,
/// `check`, `resolve`, `explain` and `navigate` read one document the same way.
struct PathConfigurationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The library whose answers the path configuration gives: "
                + PathConfiguration.Target.allCases.map(\.rawValue).joined(separator: ", ")
                + " (default hotwire-native-ios, the newest release; docs/path-configuration.md lists what each reproduces).",
            valueName: "library"))
    var target = PathConfiguration.Target.hotwireNativeIOS.rawValue

    @Flag(
        inversion: .prefixedNo,
        help:
            "Whether '?query' is appended to the path before matching (iOS targets only; default: the library's own, on for Hotwire Native, off for Turbo)."
    )
    var queryMatching: Bool?

    @Flag(help: "Let the document override the built-in historical-location rules (Hotwire puts them last).")
    var overridableHistoricalRules = false

    /// Checks the flags while the command line is parsed, so that a usage error prints the
    /// command's usage.
    func validate() throws { _ = try options() }

    /// The options these flags stand for.
    ///
    /// - Throws: `ValidationError` for an unknown target, or a query-matching flag with an Android
    ///   target (Android has no such switch: accepting it would print properties no Android app
    ///   gets), or `--overridable-historical-rules` with a Turbo target (which has no such rules).
    func options() throws -> PathConfiguration.Options {
        guard let target = PathConfiguration.Target(rawValue: target.lowercased()) else {
            let known = PathConfiguration.Target.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--target must be one of \(known), not '\(target)'")
        }
        if target.platform == .android, let queryMatching {
            throw ValidationError(
                "--\(queryMatching ? "" : "no-")query-matching applies to iOS targets only: "
                    + "\(target) always matches '?query'")
        }
        if overridableHistoricalRules && !target.hasHistoricalLocationRules {
            throw ValidationError("--overridable-historical-rules: \(target) has no built-in historical-location rules")
        }
        return PathConfiguration.Options(
            target: target, queryStringMatching: queryMatching,
            historicalLocationRules: overridableHistoricalRules ? .beforeDocument : nil)
    }
}
