import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// The tests that compare Waymark with real data from the project's shared folder: the 123 real
/// Hotwire/Turbo path-configuration documents of `realworld/` (``HotwireCorpusTests``,
/// ``RealWorldDocumentTests``, the JSON reader below) and the benchmarks' route sets of `bench/`.
///
/// Run them with the shared folder beside the clone (`../shared`, as CI lays it out) or named by
/// `WAYMARK_SHARED`: `swift test --filter RealWorldCorpusTests`. Without it, the whole group is
/// skipped with one line that says so (Swift Testing repeats it for each suite of the group); with
/// `CI=true` it runs and fails (``RealWorldCorpus``). The group holds suites only, so that a skip is
/// a line per suite, not per test.
@Suite(.enabled(if: RealWorldCorpus.shouldRun, Comment(rawValue: RealWorldCorpus.skipReason)))
struct RealWorldCorpusTests {}

extension RealWorldCorpusTests {
    /// What the rest of the shared folder is checked for: it is there, Waymark's JSON reader reads its
    /// documents as Foundation does, and the generated route sets are the benchmarks' own.
    @Suite struct SharedFolderTests {
        /// The group runs, so the corpus must be there: this is the failure CI sees when it is not.
        @Test func theCorpusIsThere() throws {
            #expect(RealWorldCorpus.isPresent, "\(RealWorldCorpus.skipReason)")
            _ = try RealWorldCorpus.path("realworld/hotwire-corpus")
            _ = try RealWorldCorpus.path("realworld/path-configurations")
            _ = try RealWorldCorpus.path("bench/deeplink-10k.routes.txt")
        }

        /// Every real document reads to the same value with Waymark's JSON reader as with Foundation's.
        @Test func jsonReaderReadsRealDocumentsAsFoundationReadsThem() throws {
            var compared = 0
            for folder in ["realworld/path-configurations", "realworld/hotwire-corpus"] {
                let directory = try RealWorldCorpus.path(folder)
                for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
                where name.hasSuffix(".json") {
                    let data = try Data(contentsOf: directory.appendingPathComponent(name))
                    // Foundation may refuse what we accept (trailing commas, on some platforms); compare
                    // only where it reads the document.
                    guard let reference = try? JSONDecoder().decode(JSONValue.self, from: data) else { continue }
                    #expect(try JSONParser.parse(data) == reference, "\(name)")
                    compared += 1
                }
            }
            #expect(compared >= 100)
        }

        /// The route sets the tests generate are the benchmarks' own: `DeepLinkRouteSet.deepLinks()`
        /// gives `bench/deeplink-10k.routes.txt` line for line, so the tests tuned on the bench set test
        /// the same table without it.
        @Test func theGeneratedRouteSetIsTheBenchmarksOwn() throws {
            let text = try String(
                contentsOfFile: RealWorldCorpus.path("bench/deeplink-10k.routes.txt").path, encoding: .utf8)
            let bench = text.split(separator: "\n").map(String.init)
            let generated = DeepLinkRouteSet.deepLinks()
            #expect(generated.count == bench.count)
            let firstDifference = zip(generated, bench).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(
                firstDifference == nil,
                "line \((firstDifference?.offset ?? 0) + 1): \(String(describing: firstDifference?.element))")
        }
    }
}
