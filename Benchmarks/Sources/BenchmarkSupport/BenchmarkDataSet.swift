import Foundation

/// One route set of `../shared/bench`: the templates to register, the paths to look up, and the
/// 1-based template line each lookup must return (0 for a miss).
public struct BenchmarkDataSet: Sendable {
    /// `github-api` or `deeplink-10k`.
    public let name: String
    /// The templates, in file order (line 1 first), in the data set's own syntax (`:name`, trailing `*`).
    public let routes: [String]
    /// The lookup paths.
    public let lookups: [String]
    /// For each lookup, the expected 1-based template line, or 0 for a miss.
    public let expected: [Int]

    /// The names of the data sets, in the order they are reported.
    public static let names = ["github-api", "deeplink-10k"]

    /// Loads a data set from the folder that holds the `*.routes.txt` files.
    public init(name: String, folder: URL) throws {
        func lines(_ suffix: String) throws -> [String] {
            let url = folder.appendingPathComponent("\(name).\(suffix).txt")
            let text = try String(contentsOf: url, encoding: .utf8)
            return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        self.name = name
        routes = try lines("routes")
        lookups = try lines("lookups")
        expected = try lines("expected").map { Int($0) ?? -1 }
        guard lookups.count == expected.count else {
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [NSLocalizedDescriptionKey: "\(name): lookups and expected differ in length"])
        }
    }

    /// The checksum the data set's README gives for a correct router: hits and the sum of lines.
    public var expectedChecksum: (hits: Int, sum: Int) {
        (expected.filter { $0 > 0 }.count, expected.reduce(0, +))
    }

    /// `../shared/bench` beside the project root, or `$WAYMARK_BENCH_DATA`.
    public static var defaultFolder: URL {
        if let override = ProcessInfo.processInfo.environment["WAYMARK_BENCH_DATA"] {
            return URL(fileURLWithPath: override)
        }
        // Benchmarks/Sources/BenchmarkSupport/BenchmarkDataSet.swift → project root → ../shared/bench
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/bench")
    }
}
