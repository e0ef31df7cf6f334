import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTestSupport

/// Every real path-configuration document in ../shared/realworld (hotwire-corpus and
/// path-configurations), looked up with URLs made from its own patterns, must give in Waymark the
/// properties Hotwire Native gives: ``HotwireIOSReference`` for iOS documents,
/// ``HotwireAndroidReference`` for Android ones (both for documents meant for both).
///
/// This is the specification of Waymark's Hotwire compatibility; it fails where Waymark differs
/// (``agreementReport()`` counts the differences by category). Documents the reference refuses are
/// not asserted: Waymark loads some on purpose (it skips a bad rule instead of refusing the
/// document); ``agreementReport()`` lists them.
///
/// Set `WAYMARK_HOTWIRE_REPORT` to a file path to have ``agreementReport()`` write the mismatch
/// report there as Markdown.
struct HotwireCorpusComparison {
    /// A corpus document and the platforms it is checked for.
    struct CorpusDocument: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var platforms: [HotwirePlatform]
        var testDescription: String { name }
    }

    /// One lookup of one URL in one document.
    struct Comparison: Sendable {
        var url: String
        /// The reference's match string; `nil` when it could not read the URL.
        var referenceInput: String?
        var waymarkInput: String
        /// The reference's properties; `nil` when it could not read the URL or give them as JSON.
        var reference: [String: JSONValue]?
        var waymark: [String: JSONValue]
        /// Why they differ; `nil` when they agree.
        var category: String?
        /// iOS only: whether Waymark agrees with a reference that reads the URL the older way
        /// (``HotwireIOSReference/legacyMatchString(for:matchQueryStrings:)``); for the report.
        var agreesUnderLegacyPath: Bool?

        var agrees: Bool { category == nil }

        func message(document: String, platform: HotwirePlatform) -> String {
            let referenceText = reference.map { JSONValue.object($0).description } ?? "(no answer)"
            return "\(document) [\(platform.rawValue)] \(url): Waymark \(JSONValue.object(waymark)) "
                + "(input \(String(reflecting: waymarkInput))) vs Hotwire \(referenceText) "
                + "(input \(String(reflecting: referenceInput ?? "-"))): \(category ?? "agree")"
        }
    }

    /// Everything about one document on one platform.
    struct DocumentOutcome: Sendable {
        var document: String
        var platform: HotwirePlatform
        /// Why the reference refuses the document, if it does.
        var referenceRejection: String?
        /// Why Waymark refuses the document, if it does.
        var waymarkRejection: String?
        var comparisons: [Comparison] = []
    }

    static let maximumIssuesPerDocument = 5

    // MARK: - The corpus

    /// The shared folder's `realworld/` (``RealWorldCorpus``).
    static var realWorld: URL { RealWorldCorpus.folder.appendingPathComponent("realworld") }

    /// Every document of both folders, with its platforms: from the Platform column of
    /// hotwire-corpus/README.md ("iOS+Android" is both; a platform naming neither, such as the
    /// desktop shell, is checked as iOS); otherwise Android when the file name says "android",
    /// else iOS. Empty when the folders cannot be read (``corpusIsFound()`` fails then).
    static func documents() -> [CorpusDocument] {
        var found: [CorpusDocument] = []
        for folder in ["hotwire-corpus", "path-configurations"] {
            let directory = realWorld.appendingPathComponent(folder)
            let platforms = readmePlatforms(directory.appendingPathComponent("README.md"))
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".json") {
                let column = platforms[name] ?? (name.lowercased().contains("android") ? "Android" : "iOS")
                var list: [HotwirePlatform] = []
                if column.lowercased().contains("ios") || !column.lowercased().contains("android") {
                    list.append(.iOS)
                }
                if column.lowercased().contains("android") { list.append(.android) }
                found.append(
                    CorpusDocument(
                        name: name, path: directory.appendingPathComponent(name).path, platforms: list))
            }
        }
        return found
    }

    /// The Platform column of a README's Markdown table, by file name.
    static func readmePlatforms(_ readme: URL) -> [String: String] {
        guard let data = try? Data(contentsOf: readme) else { return [:] }
        var platforms: [String: String] = [:]
        var platformColumn: Int?
        for line in String(decoding: data, as: UTF8.self).components(separatedBy: "\n") where line.hasPrefix("|") {
            let cells = line.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if let column = cells.firstIndex(of: "Platform") {
                platformColumn = column
                continue
            }
            guard let column = platformColumn, cells.count > column, cells.count > 1 else { continue }
            let file = cells[1].filter { $0 != "`" }
            if file.hasSuffix(".json") { platforms[file] = cells[column] }
        }
        return platforms
    }

    /// The URLs looked up in a document: the fixed ones (root, bare domain, empty queries, a query,
    /// the historical locations), then for each pattern the paths ``HotwirePatternSampler`` makes,
    /// each also with a trailing slash and, for Android, in upper case.
    static func lookupURLs(patterns: [String], platform: HotwirePlatform) -> [String] {
        var paths = [
            "", "/", "/?", "/posts/new?", "/posts/new?x=1", "/recede_historical_location",
            "/resume_historical_location", "/refresh_historical_location",
        ]
        var seen = Set(paths)
        func add(_ path: String) {
            if seen.insert(path).inserted { paths.append(path) }
        }
        for pattern in patterns {
            for path in HotwirePatternSampler.paths(for: pattern) {
                add(path)
                add(withTrailingSlash(path))
                if platform == .android { add(path.uppercased()) }
            }
        }
        return paths.map { "https://example.com" + $0 }
    }

    /// The path with a `/` after its path part (before any `?` or `#`), unless it ends in one.
    static func withTrailingSlash(_ path: String) -> String {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        guard path[..<end].last != "/" else { return path }
        return String(path[..<end]) + "/" + path[end...]
    }

    // MARK: - Waymark adapter: the one place these tests call Waymark

    /// Loads a document in Waymark as the platform's Hotwire Native would read it: the default
    /// options are iOS's; Android documents get `platform: .android`.
    static func waymarkLoad(document: Data, name: String, platform: HotwirePlatform) throws(PathConfigurationError)
        -> PathConfiguration
    {
        switch platform {
        case .iOS:
            return try PathConfiguration(data: document, options: .init(), source: name)
        case .android:
            return try PathConfiguration(data: document, options: .init(platform: .android), source: name)
        }
    }

    /// Looks a URL up in a document loaded by ``waymarkLoad(document:name:platform:)``.
    static func waymarkMatch(document: PathConfiguration, url: String, platform: HotwirePlatform)
        -> PathConfiguration.Match
    {
        document.match(url: url)
    }

    // MARK: - Comparing

    /// Loads `document` in Waymark and in the platform's reference, and compares every lookup.
    static func outcome(of document: CorpusDocument, platform: HotwirePlatform) -> DocumentOutcome {
        var outcome = DocumentOutcome(document: document.name, platform: platform)
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: document.path)) else {
            outcome.waymarkRejection = "the file cannot be read"
            return outcome
        }
        let configuration: PathConfiguration?
        do {
            configuration = try waymarkLoad(document: data, name: document.name, platform: platform)
        } catch {
            configuration = nil
            outcome.waymarkRejection = error.description
        }
        let documentRules: [HotwireReferenceRule]
        let lookUp: (String) -> (input: String?, properties: [String: Any]?)
        var legacyLookUp: ((String) -> [String: Any]?)?
        switch platform {
        case .iOS:
            do {
                let reference = try HotwireIOSReference(data: data)
                documentRules = reference.documentRules
                lookUp = { url in
                    let input = HotwireIOSReference.matchString(
                        for: url, matchQueryStrings: reference.matchQueryStrings)
                    return (input, input.map(reference.properties(forPath:)))
                }
                legacyLookUp = { url in
                    HotwireIOSReference.legacyMatchString(for: url, matchQueryStrings: reference.matchQueryStrings)
                        .map(reference.properties(forPath:))
                }
            } catch {
                outcome.referenceRejection = error.description
                return outcome
            }
        case .android:
            do {
                let reference = try HotwireAndroidReference(data: data)
                documentRules = reference.documentRules
                lookUp = { url in
                    let input = HotwireAndroidReference.matchString(for: url)
                    return (input, input.map(reference.properties(forPath:)))
                }
            } catch {
                outcome.referenceRejection = error.description
                return outcome
            }
        }
        guard let configuration else { return outcome }

        var skippedRules: Set<Int> = []
        var skippedPatterns: [Int: Set<Int>] = [:]
        for diagnostic in configuration.diagnostics where diagnostic.severity == .skipped {
            guard let rule = diagnostic.ruleIndex else { continue }
            if let pattern = diagnostic.patternIndex {
                skippedPatterns[rule, default: []].insert(pattern)
            } else {
                skippedRules.insert(rule)
            }
        }
        let classifier = HotwireMismatchClassifier(
            platform: platform, documentRules: documentRules, skippedRules: skippedRules,
            skippedPatterns: skippedPatterns)
        for url in lookupURLs(patterns: documentRules.flatMap(\.patterns), platform: platform) {
            let match = waymarkMatch(document: configuration, url: url, platform: platform)
            let waymark = match.properties.raw
            let (input, properties) = lookUp(url)
            let reference = properties.flatMap(HotwireReferenceJSON.jsonValues)
            var comparison = Comparison(
                url: url, referenceInput: input, waymarkInput: match.input, reference: reference, waymark: waymark)
            if let input, let reference {
                if reference != waymark {
                    comparison.category = classifier.category(
                        referenceInput: input, waymarkInput: match.input, waymark: waymark)
                }
            } else {
                comparison.category = input == nil ? "URL refused by the reference" : "reference answer not JSON"
            }
            if let legacy = legacyLookUp?(url) {
                comparison.agreesUnderLegacyPath = HotwireReferenceJSON.jsonValues(legacy) == waymark
            }
            outcome.comparisons.append(comparison)
        }
        return outcome
    }

    // MARK: - Tests

    func corpusIsFound() {
        let documents = Self.documents()
        #expect(documents.count >= 120, "found \(documents.count) documents under \(Self.realWorld.path)")
        #expect(documents.contains { $0.platforms.contains(.android) })
        #expect(documents.contains { $0.platforms == [.iOS, .android] })
    }

    /// Each document, for each of its platforms: Waymark's properties equal the reference's for
    /// every lookup. At most ``maximumIssuesPerDocument`` mismatches are recorded one by one, then
    /// one issue counts the rest.
    func agreesWithHotwire(_ document: CorpusDocument) {
        for platform in document.platforms {
            let outcome = Self.outcome(of: document, platform: platform)
            if outcome.referenceRejection != nil { continue }  // reported by agreementReport, not asserted
            if let rejection = outcome.waymarkRejection {
                Issue.record(
                    "\(document.name) [\(platform.rawValue)]: Hotwire loads it, Waymark refuses it: \(rejection)")
                continue
            }
            var recorded = 0
            var more = 0
            for comparison in outcome.comparisons {
                if comparison.agrees || recorded < Self.maximumIssuesPerDocument {
                    let agrees = comparison.agrees
                    #expect(agrees, "\(comparison.message(document: document.name, platform: platform))")
                    if !comparison.agrees { recorded += 1 }
                } else {
                    more += 1
                }
            }
            let total =
                "\(document.name) [\(platform.rawValue)]: \(more) more mismatches, "
                + "\(recorded + more) of \(outcome.comparisons.count) lookups in all"
            #expect(more == 0, "\(total)")
        }
    }

    /// Runs the whole corpus and summarizes: agreement by platform, mismatches by category with
    /// examples, documents the reference refuses. Prints the summary; writes the Markdown report to
    /// `WAYMARK_HOTWIRE_REPORT` when it is set. Asserts only that there was something to compare.
    func agreementReport() throws {
        var outcomes: [DocumentOutcome] = []
        for document in Self.documents() {
            for platform in document.platforms { outcomes.append(Self.outcome(of: document, platform: platform)) }
        }
        let report = Self.report(outcomes)
        print(report.summary)
        if let path = ProcessInfo.processInfo.environment["WAYMARK_HOTWIRE_REPORT"], !path.isEmpty {
            try Data(report.markdown.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        #expect(outcomes.flatMap(\.comparisons).count >= 1_000)
    }

    // MARK: - The report

    static func report(_ outcomes: [DocumentOutcome]) -> (summary: String, markdown: String) {
        var lines: [String] = ["# Waymark vs Hotwire Native references: corpus mismatches", ""]
        var summary: [String] = []
        lines.append("## Agreement")
        lines.append("")
        lines.append("| platform | documents | refused by the reference | lookups compared | agree | agreement |")
        lines.append("|---|---|---|---|---|---|")
        for platform in HotwirePlatform.allCases {
            let mine = outcomes.filter { $0.platform == platform }
            let compared = mine.filter { $0.referenceRejection == nil }.flatMap(\.comparisons)
            let agreeing = compared.filter(\.agrees).count
            let documentsAgreeing = mine.filter {
                $0.referenceRejection == nil && $0.waymarkRejection == nil && $0.comparisons.allSatisfy(\.agrees)
            }.count
            let rejected = mine.filter { $0.referenceRejection != nil }.count
            let percent = compared.isEmpty ? 0 : Double(agreeing) * 100 / Double(compared.count)
            let percentText = String(Double((percent * 10).rounded()) / 10)
            lines.append(
                "| \(platform.rawValue) | \(mine.count) (\(documentsAgreeing) agree on every lookup) | \(rejected) "
                    + "| \(compared.count) | \(agreeing) | \(percentText)% |")
            summary.append(
                "\(platform.rawValue): \(agreeing)/\(compared.count) lookups agree (\(percentText)%), "
                    + "\(documentsAgreeing)/\(mine.count) documents agree on every lookup, "
                    + "\(rejected) refused by the reference")
        }
        lines.append("")
        let legacy = outcomes.filter { $0.referenceRejection == nil }.flatMap(\.comparisons)
            .compactMap(\.agreesUnderLegacyPath)
        let legacyAgreeing = legacy.filter { $0 }.count
        let legacyPercent =
            legacy.isEmpty ? 0 : Double((Double(legacyAgreeing) * 1_000 / Double(legacy.count)).rounded()) / 10
        lines.append(
            "If Hotwire Native iOS read URLs the older way (`url.path`: percent-decoded, trailing slash stripped), "
                + "\(legacyAgreeing) of \(legacy.count) iOS lookups would agree (\(legacyPercent)%).")
        summary.append(
            "iOS under the older url.path reading: \(legacyAgreeing)/\(legacy.count) (\(legacyPercent)%)")
        lines.append("")

        var byCategory: [String: [(outcome: DocumentOutcome, comparison: Comparison)]] = [:]
        for outcome in outcomes where outcome.referenceRejection == nil {
            for comparison in outcome.comparisons {
                if let category = comparison.category {
                    byCategory[category, default: []].append((outcome, comparison))
                }
            }
        }
        let categories = byCategory.keys.sorted {
            (byCategory[$0]?.count ?? 0, $1) > (byCategory[$1]?.count ?? 0, $0)
        }
        lines.append("## Mismatches by category")
        lines.append("")
        lines.append(
            "A category names the smallest set of Waymark's known differences that, applied to the reference, gives "
                + "Waymark's answer (several joined by +).")
        lines.append("")
        lines.append("| category | lookups | iOS | Android | documents |")
        lines.append("|---|---|---|---|---|")
        for category in categories {
            let entries = byCategory[category] ?? []
            let iOS = entries.filter { $0.outcome.platform == .iOS }.count
            let documents = Set(entries.map { "\($0.outcome.document) \($0.outcome.platform)" }).count
            lines.append("| \(category) | \(entries.count) | \(iOS) | \(entries.count - iOS) | \(documents) |")
            summary.append("  \(entries.count): \(category)")
        }
        lines.append("")

        let refused = outcomes.filter { $0.referenceRejection != nil }
        lines.append("## Documents the reference refuses (not asserted)")
        lines.append("")
        if refused.isEmpty { lines.append("None.") }
        for outcome in refused {
            let waymark = outcome.waymarkRejection.map { "Waymark refuses it too (\($0))" } ?? "Waymark loads it"
            let reason = outcome.referenceRejection ?? ""
            lines.append("- `\(outcome.document)` [\(outcome.platform.rawValue)]: \(reason); \(waymark)")
            summary.append("  refused by the reference: \(outcome.document) [\(outcome.platform.rawValue)]")
        }
        let waymarkOnly = outcomes.filter { $0.referenceRejection == nil && $0.waymarkRejection != nil }
        for outcome in waymarkOnly {
            lines.append(
                "- `\(outcome.document)` [\(outcome.platform.rawValue)]: the reference loads it, Waymark refuses it: "
                    + (outcome.waymarkRejection ?? ""))
        }
        lines.append("")

        lines.append("## Examples (up to 5 per category, from different documents first)")
        for category in categories {
            let entries = byCategory[category] ?? []
            var chosen: [(outcome: DocumentOutcome, comparison: Comparison)] = []
            var documents: Set<String> = []
            for entry in entries where chosen.count < 5 && documents.insert(entry.outcome.document).inserted {
                chosen.append(entry)
            }
            for entry in entries
            where chosen.count < 5
                && !chosen.contains(where: {
                    $0.comparison.url == entry.comparison.url && $0.outcome.document == entry.outcome.document
                })
            {
                chosen.append(entry)
            }
            lines.append("")
            lines.append("### \(category) (\(entries.count))")
            lines.append("")
            var perDocument: [String: Int] = [:]
            for entry in entries {
                perDocument["\(entry.outcome.document) [\(entry.outcome.platform.rawValue)]", default: 0] += 1
            }
            let named = perDocument.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            let listed = named.prefix(12).map { "`\($0.key)` \($0.value)" }.joined(separator: ", ")
            let rest = named.count > 12 ? ", and \(named.count - 12) more" : ""
            lines.append("Documents (\(named.count)): \(listed)\(rest).")
            lines.append("")
            for (outcome, comparison) in chosen {
                lines.append("- `\(outcome.document)` [\(outcome.platform.rawValue)] `\(comparison.url)`")
                lines.append(
                    "  - Waymark (input `\(comparison.waymarkInput)`): `\(JSONValue.object(comparison.waymark))`")
                let reference = comparison.reference.map { JSONValue.object($0).description } ?? "(no answer)"
                lines.append("  - Hotwire (input `\(comparison.referenceInput ?? "-")`): `\(reference)`")
            }
        }
        lines.append("")
        return (summary.joined(separator: "\n"), lines.joined(separator: "\n"))
    }
}

/// The corpus comparison's own helper, which needs no corpus.
@Suite struct HotwireCorpusHelperTests {
    @Test func trailingSlashGoesBeforeTheQuery() {
        #expect(HotwireCorpusComparison.withTrailingSlash("/a?x=1") == "/a/?x=1")
        #expect(HotwireCorpusComparison.withTrailingSlash("/a/") == "/a/")
        #expect(HotwireCorpusComparison.withTrailingSlash("/a") == "/a/")
    }
}
