public import Foundation

/// Where the tests find the project's shared folder — the real-world path-configuration documents
/// (`realworld/`) and the benchmark route sets (`bench/`) — and what happens when it is not there.
///
/// Only the tests that compare Waymark with that data read it (the test `realWorldCorpus`);
/// every other test makes what it needs. The folder is `$WAYMARK_SHARED` when that is set, else
/// `shared/` beside the package's folder, as this project's CI lays it out. A clone from a Git host
/// has no such folder: the comparisons are then skipped, with one line that says so, unless the
/// environment has `CI=true`, where a missing corpus is a failure, so that CI can never silently stop
/// comparing.
public enum RealWorldCorpus {
    /// The environment variable that names the shared folder.
    public static let environmentVariable = "WAYMARK_SHARED"

    /// The shared folder: `$WAYMARK_SHARED`, else `shared/` beside the package.
    public static var folder: URL {
        if let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }

    /// The package's own folder (this file is `Tests/WaymarkTestSupport/RealWorldCorpus.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Whether the corpus is there: the shared folder holds `realworld/` and `bench/`.
    public static var isPresent: Bool {
        ["realworld", "bench"].allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }

    /// Whether a missing corpus is a failure: the environment says `CI=true`.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }

    /// Whether the comparisons run: the corpus is there, or CI requires it (and they then fail).
    public static var shouldRun: Bool { isPresent || isRequired }

    /// The one line a run without the corpus prints for the whole group.
    public static var skipReason: String {
        "no corpus at \(folder.path): the comparisons with real Hotwire documents and the bench route "
            + "sets need the shared folder beside the clone or \(environmentVariable)=/path/to/shared "
            + "(swift test --filter realWorldCorpus); with CI=true this is a failure"
    }

    /// A file or folder inside the shared folder (`realworld/path-configurations`, `bench/…`), or an
    /// error that says what is missing and how to provide it.
    public static func path(_ relative: String) throws -> URL {
        let url = folder.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }

    /// The corpus, or a part of it, is not where the tests look.
    public struct Missing: Error, CustomStringConvertible {
        /// The path that does not exist.
        public var path: String
        /// What is missing and how to provide it.
        public var description: String {
            "\(path) does not exist: the corpus tests need the project's shared folder beside the package, "
                + "or \(RealWorldCorpus.environmentVariable) naming it"
        }
    }
}
