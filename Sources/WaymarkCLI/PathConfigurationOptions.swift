import ArgumentParser
import WaymarkPathConfiguration

/// The options every command that reads a path configuration takes, so that `properties`,
/// `check`, `resolve`, `explain` and `navigate` read one document the same way.
struct PathConfigurationOptions: ParsableArguments {
    @Option(
        help:
            "Whose Hotwire Native semantics the path configuration gets: ios (default) or android (case-insensitive, query always matched)."
    )
    var platform = "ios"

    @Flag(name: .customLong("no-query-matching"), help: "Match the path alone, without '?query' (ios only).")
    var noQueryMatching = false

    @Flag(help: "Let the document override the built-in historical-location rules (Hotwire puts them last).")
    var overridableHistoricalRules = false

    /// Checks the flags while the command line is parsed, so that a usage error prints the
    /// command's usage.
    func validate() throws { _ = try options() }

    /// The options these flags stand for.
    ///
    /// - Throws: `ValidationError` for an unknown platform, or `--no-query-matching` with android
    ///   (Hotwire Native Android has no such switch: accepting it would print properties no
    ///   Android app gets).
    func options() throws -> PathConfiguration.Options {
        guard let platform = PathConfiguration.Platform(rawValue: platform.lowercased()) else {
            throw ValidationError("--platform must be ios or android, not '\(platform)'")
        }
        if platform == .android && noQueryMatching {
            throw ValidationError(
                "--no-query-matching applies to ios only: Hotwire Native Android always matches '?query'")
        }
        return PathConfiguration.Options(
            platform: platform, queryStringMatching: !noQueryMatching,
            historicalLocationRules: overridableHistoricalRules ? .beforeDocument : .afterDocument)
    }
}
