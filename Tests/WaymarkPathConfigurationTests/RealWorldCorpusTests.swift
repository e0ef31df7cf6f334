import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// Every comparison of Waymark with real data from the project's shared folder: the 123 real
/// Hotwire/Turbo path-configuration documents of `realworld/` (``HotwireCorpusComparison``,
/// ``RealWorldDocumentChecks``, the JSON reader) and the benchmarks' route sets of `bench/`
/// (``SharedFolderChecks``).
///
/// They are the cases of one test, so that a run without the folder skips them with one line:
/// `Test realWorldCorpus(_:) skipped: "no corpus at …"`. Run them with the shared folder beside
/// the clone (`../shared`, as CI lays it out) or named by `WAYMARK_SHARED`:
/// `swift test --filter realWorldCorpus`. With `CI=true` they run, and fail, when the folder is
/// missing (``RealWorldCorpus``).
@Test(
    .enabled(if: RealWorldCorpus.shouldRun, Comment(rawValue: RealWorldCorpus.skipReason)),
    arguments: CorpusCheck.all())
func realWorldCorpus(_ check: CorpusCheck) throws {
    try check.run()
}

/// One comparison with the shared folder.
enum CorpusCheck: Sendable, CustomTestStringConvertible {
    case corpusIsThere
    case jsonReader
    case generatedRouteSet
    case hotwireCorpusIsFound
    case hotwireAgreement(HotwireCorpusComparison.CorpusDocument)
    case hotwireAgreementReport
    case documentExpectations(String)
    case everyDocumentLoads
    case unknownValuesAreReported
    case turboDemoPresentsModally
    case settingsAreKeptAsWritten
    case lintFindingsHold

    /// Every check: one a document for the Hotwire comparison (none when the corpus is missing,
    /// which ``corpusIsThere`` and ``hotwireCorpusIsFound`` then report).
    static func all() -> [CorpusCheck] {
        [.corpusIsThere, .jsonReader, .generatedRouteSet, .hotwireCorpusIsFound, .hotwireAgreementReport]
            + HotwireCorpusComparison.documents().map { .hotwireAgreement($0) }
            + RealWorldDocumentChecks.expectations.keys.sorted().map { .documentExpectations($0) }
            + [
                .everyDocumentLoads, .unknownValuesAreReported, .turboDemoPresentsModally, .settingsAreKeptAsWritten,
                .lintFindingsHold,
            ]
    }

    var testDescription: String {
        switch self {
        case .hotwireAgreement(let document): "agrees with Hotwire: \(document.name)"
        case .documentExpectations(let name): "answers as Hotwire does: \(name)"
        default: "\(self)"
        }
    }

    func run() throws {
        let shared = SharedFolderChecks()
        let hotwire = HotwireCorpusComparison()
        let documents = RealWorldDocumentChecks()
        switch self {
        case .corpusIsThere: try shared.theCorpusIsThere()
        case .jsonReader: try shared.jsonReaderReadsRealDocumentsAsFoundationReadsThem()
        case .generatedRouteSet: try shared.theGeneratedRouteSetIsTheBenchmarksOwn()
        case .hotwireCorpusIsFound: hotwire.corpusIsFound()
        case .hotwireAgreement(let document): hotwire.agreesWithHotwire(document)
        case .hotwireAgreementReport: try hotwire.agreementReport()
        case .documentExpectations(let name): try documents.documentLoadsAndAnswersAsHotwireDoes(name: name)
        case .everyDocumentLoads: try documents.everyDocumentInTheFolderLoads()
        case .unknownValuesAreReported: try documents.unknownValuesAreReportedWithTheirRule()
        case .turboDemoPresentsModally: try documents.theTurboDemosPresentationModalPresentsModally()
        case .settingsAreKeptAsWritten: try documents.settingsAreKeptAsWritten()
        case .lintFindingsHold: try hotwire.lintFindingsHold()
        }
    }
}

/// What the rest of the shared folder is checked for: it is there, Waymark's JSON reader reads its
/// documents as Foundation does, and the generated route sets are the benchmarks' own.
struct SharedFolderChecks {
    /// The comparisons run, so the corpus must be there: this is the failure CI sees when it is not.
    func theCorpusIsThere() throws {
        #expect(RealWorldCorpus.isPresent, "\(RealWorldCorpus.skipReason)")
        _ = try RealWorldCorpus.path("realworld/hotwire-corpus")
        _ = try RealWorldCorpus.path("realworld/path-configurations")
        _ = try RealWorldCorpus.path("bench/deeplink-10k.routes.txt")
    }

    /// Every real document reads to the same value with Waymark's JSON reader as with Foundation's.
    func jsonReaderReadsRealDocumentsAsFoundationReadsThem() throws {
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
    func theGeneratedRouteSetIsTheBenchmarksOwn() throws {
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
