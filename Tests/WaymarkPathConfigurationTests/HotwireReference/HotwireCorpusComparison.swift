import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTestSupport

/// Every real path-configuration document in ../shared/realworld (hotwire-corpus and
/// path-configurations), looked up with URLs made from its own patterns, must give in Waymark, for
/// every compatibility target, the properties that target's library gives: ``HotwireIOSReference``
/// (Hotwire Native iOS released and `main`, Turbo iOS) and ``HotwireAndroidReference`` (Hotwire
/// Native Android, Turbo Android). Every document is checked under every target, whichever
/// platform it was written for: the references define each library's answer for any document.
///
/// This is the specification of Waymark's Hotwire compatibility; it fails where Waymark differs
/// (``agreementReport()`` counts the differences by category). Documents the reference refuses are
/// not asserted: Waymark loads some on purpose (it skips a bad rule instead of refusing the
/// document); ``agreementReport()`` lists them.
///
/// Set `WAYMARK_HOTWIRE_REPORT` to a file path to have ``agreementReport()`` write the mismatch
/// report there as Markdown.
struct HotwireCorpusComparison {
    typealias Target = PathConfiguration.Target

    /// A corpus document, and the platforms its README says it is for.
    struct CorpusDocument: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var platforms: [PathConfiguration.Platform]
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

        var agrees: Bool { category == nil }

        func message(document: String, target: Target) -> String {
            let referenceText = reference.map { JSONValue.object($0).description } ?? "(no answer)"
            return "\(document) [\(target)] \(url): Waymark \(JSONValue.object(waymark)) "
                + "(input \(String(reflecting: waymarkInput))) vs Hotwire \(referenceText) "
                + "(input \(String(reflecting: referenceInput ?? "-"))): \(category ?? "agree")"
        }
    }

    /// Everything about one document on one platform.
    struct DocumentOutcome: Sendable {
        var document: String
        var target: Target
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
                var list: [PathConfiguration.Platform] = []
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
    static func lookupURLs(patterns: [String], target: Target) -> [String] {
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
                if target.platform == .android { add(path.uppercased()) }
            }
        }
        // Foundation's `URL(string:)` refuses a backslash in the authority: no iOS library sees one.
        let others = target.platform == .android ? otherLocations : otherLocations.filter { !$0.contains("\\") }
        return paths.map { "https://example.com" + $0 } + others
    }

    /// Locations that are not `https://example.com` paths: schemes Android's `URL` refuses (whose
    /// match string is `""` there), a mail link, an app link, dot segments (which Android's `URL`
    /// removes), a backslash after the host, an empty authority, and a port.
    static let otherLocations = [
        "tel:+15551234567", "sms:+15551234567", "mailto:test@example.com", "shop://product/42",
        "myapp://posts/new", "myapp:///posts/new?x=1", "https://example.com/x/../profile",
        "https://example.com/a/./b/../c/", "https://example.com/x/..", "https://example.com/../new",
        "https://example.com\\evil/new", "https:////x/new", "https://example.com:8080/posts/new",
        "http://example.com/posts/new#frag?x", "HTTPS://EXAMPLE.COM/Posts/New",
    ]

    /// The path with a `/` after its path part (before any `?` or `#`), unless it ends in one.
    static func withTrailingSlash(_ path: String) -> String {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        guard path[..<end].last != "/" else { return path }
        return String(path[..<end]) + "/" + path[end...]
    }

    // MARK: - Waymark adapter: the one place these tests call Waymark

    /// Loads a document in Waymark as the target's library would read it.
    static func waymarkLoad(document: Data, name: String, target: Target) throws(PathConfigurationError)
        -> PathConfiguration
    {
        try PathConfiguration(data: document, options: .init(target: target), source: name)
    }

    /// Looks a URL up in a document loaded by ``waymarkLoad(document:name:target:)``.
    static func waymarkMatch(document: PathConfiguration, url: String) -> PathConfiguration.Match {
        document.match(url: url)
    }

    // MARK: - The references

    /// A target's reference for a document: its rules, and a lookup giving the match string and
    /// the merged properties (`nil` where the library gives no answer).
    static func reference(for target: Target, data: Data) throws -> (
        rules: [HotwireReferenceRule], lookUp: (String) -> (input: String?, properties: [String: Any]?)
    ) {
        switch target {
        case .hotwireNativeIOS, .hotwireNativeIOSMain, .turboIOS:
            let library: HotwireIOSReference.Library =
                target == .turboIOS ? .turbo : target == .hotwireNativeIOS ? .released : .main
            let reference = try HotwireIOSReference(data: data, library: library)
            return (
                reference.documentRules,
                { url in
                    let input = reference.matchString(for: url)
                    return (input, input.map(reference.properties(forPath:)))
                }
            )
        case .hotwireNativeAndroid, .turboAndroid:
            let reference = try HotwireAndroidReference(
                data: data, library: target == .turboAndroid ? .turbo : .hotwire)
            return (
                reference.documentRules,
                { url in
                    let input = reference.matchString(for: url)
                    return (input, input.map(reference.properties(forPath:)))
                }
            )
        }
    }

    // MARK: - Comparing

    /// Loads `document` in Waymark and in the target's reference, and compares every lookup.
    static func outcome(of document: CorpusDocument, target: Target) -> DocumentOutcome {
        var outcome = DocumentOutcome(document: document.name, target: target)
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: document.path)) else {
            outcome.waymarkRejection = "the file cannot be read"
            return outcome
        }
        let configuration: PathConfiguration?
        do {
            configuration = try waymarkLoad(document: data, name: document.name, target: target)
        } catch {
            configuration = nil
            outcome.waymarkRejection = error.description
        }
        let documentRules: [HotwireReferenceRule]
        let lookUp: (String) -> (input: String?, properties: [String: Any]?)
        do {
            (documentRules, lookUp) = try reference(for: target, data: data)
        } catch {
            outcome.referenceRejection = "\(error)"
            return outcome
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
            target: target, documentRules: documentRules, skippedRules: skippedRules,
            skippedPatterns: skippedPatterns)
        for url in lookupURLs(patterns: documentRules.flatMap(\.patterns), target: target) {
            let match = waymarkMatch(document: configuration, url: url)
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
            } else if input == nil && target == .turboAndroid && match.input.isEmpty {
                // Turbo Android's `path()` throws where Android's `URL` refuses the location (its
                // navigator drops such locations first); Waymark answers as for "", as Hotwire does.
                comparison.reference = waymark
            } else {
                comparison.category = input == nil ? "URL refused by the reference" : "reference answer not JSON"
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

    /// Each document, for each target: Waymark's properties equal the reference's for every
    /// lookup. At most ``maximumIssuesPerDocument`` mismatches are recorded one by one, then one
    /// issue counts the rest.
    func agreesWithHotwire(_ document: CorpusDocument) {
        for target in Target.allCases {
            let outcome = Self.outcome(of: document, target: target)
            if outcome.referenceRejection != nil { continue }  // reported by agreementReport, not asserted
            if let rejection = outcome.waymarkRejection {
                Issue.record(
                    "\(document.name) [\(target)]: the library loads it, Waymark refuses it: \(rejection)")
                continue
            }
            var recorded = 0
            var more = 0
            for comparison in outcome.comparisons {
                if comparison.agrees || recorded < Self.maximumIssuesPerDocument {
                    let agrees = comparison.agrees
                    #expect(agrees, "\(comparison.message(document: document.name, target: target))")
                    if !comparison.agrees { recorded += 1 }
                } else {
                    more += 1
                }
            }
            let total =
                "\(document.name) [\(target)]: \(more) more mismatches, "
                + "\(recorded + more) of \(outcome.comparisons.count) lookups in all"
            #expect(more == 0, "\(total)")
        }
    }

    /// The linter on every real document, as the platform its README names reads it: every check
    /// finishes within the bound, and every claim holds in the target's reference — the example
    /// URL is matched by the rules the finding names, a pattern said to match nothing matches none
    /// of the document's lookup URLs, and a key said to be always overridden is set again by a
    /// later matching rule on every lookup URL the rule matches. Set `WAYMARK_LINT_REPORT` to a
    /// file to have the findings written there.
    func lintFindingsHold() throws {
        var lines: [String] = []
        var work = 0
        var largest = (work: 0, document: "")
        for document in Self.documents() {
            let target: Target = document.platforms.contains(.iOS) ? .hotwireNativeIOS : .hotwireNativeAndroid
            let data = try Data(contentsOf: URL(fileURLWithPath: document.path))
            let configuration = try Self.waymarkLoad(document: data, name: document.name, target: target)
            let report = configuration.lint()
            work += report.work
            if report.work > largest.work { largest = (report.work, document.name) }
            #expect(report.unfinishedChecks == 0, "\(document.name)")
            guard !report.findings.isEmpty, let (rules, lookUp) = try? Self.reference(for: target, data: data) else {
                continue
            }
            let reference = rules.map { rule in
                rule.patterns.compactMap {
                    try? NSRegularExpression(
                        pattern: $0, options: target.platform == .android ? [.caseInsensitive] : [])
                }
            }
            func matches(_ rule: Int, _ input: String, pattern: Int? = nil) -> Bool {
                let regexes =
                    pattern.map {
                        [rules[rule].patterns[$0]].compactMap {
                            try? NSRegularExpression(
                                pattern: $0, options: target.platform == .android ? [.caseInsensitive] : [])
                        }
                    } ?? reference[rule]
                return regexes.contains {
                    $0.firstMatch(in: input, range: NSRange(input.startIndex..., in: input)) != nil
                }
            }
            let lookups = Self.lookupURLs(patterns: rules.flatMap(\.patterns), target: target).compactMap {
                lookUp($0).input
            }
            for finding in report.findings {
                lines.append("\(document.name) [\(target)]: \(finding)")
                if let url = finding.exampleURL, let input = lookUp(url).input {
                    #expect(matches(finding.ruleIndex, input), "\(document.name): \(finding)")
                    for other in finding.otherRules { #expect(matches(other, input), "\(document.name): \(finding)") }
                }
                switch finding.kind {
                case .neverMatches:
                    let pattern = try #require(finding.patternIndex)
                    #expect(!lookups.contains { matches(finding.ruleIndex, $0, pattern: pattern) }, "\(finding)")
                case .alwaysOverridden:
                    let keys = finding.key.map { [$0] } ?? Array(rules[finding.ruleIndex].properties.keys)
                    for input in lookups where matches(finding.ruleIndex, input) {
                        for key in keys {
                            let later = (finding.ruleIndex + 1..<rules.count).filter {
                                rules[$0].properties[key] != nil
                            }
                            let builtIn =
                                target.hasHistoricalLocationRules
                                && ["presentation", "context", "historical_location"].contains(key)
                                && input.lowercased().contains("_historical_location")
                            #expect(
                                later.contains { matches($0, input) } || builtIn,
                                "\(document.name): \(finding) at \(input)")
                        }
                    }
                case .overriddenByBroaderRule, .matchesInsideSegment:
                    break
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["WAYMARK_LINT_REPORT"], !path.isEmpty {
            try Data(
                (lines + ["work: \(work) in all, at most \(largest.work) (\(largest.document))"]).joined(
                    separator: "\n"
                ).utf8
            ).write(to: URL(fileURLWithPath: path))
        }
        #expect(!lines.isEmpty)
    }

    /// Runs the whole corpus and summarizes: agreement by platform, mismatches by category with
    /// examples, documents the reference refuses. Prints the summary; writes the Markdown report to
    /// `WAYMARK_HOTWIRE_REPORT` when it is set. Asserts only that there was something to compare.
    func agreementReport() throws {
        var outcomes: [DocumentOutcome] = []
        for document in Self.documents() {
            for target in Target.allCases { outcomes.append(Self.outcome(of: document, target: target)) }
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
        lines.append("| target | documents | refused by the reference | lookups compared | agree | agreement |")
        lines.append("|---|---|---|---|---|---|")
        for target in Target.allCases {
            let mine = outcomes.filter { $0.target == target }
            let compared = mine.filter { $0.referenceRejection == nil }.flatMap(\.comparisons)
            let agreeing = compared.filter(\.agrees).count
            let documentsAgreeing = mine.filter {
                $0.referenceRejection == nil && $0.waymarkRejection == nil && $0.comparisons.allSatisfy(\.agrees)
            }.count
            let rejected = mine.filter { $0.referenceRejection != nil }.count
            let percent = compared.isEmpty ? 0 : Double(agreeing) * 100 / Double(compared.count)
            let percentText = String(Double((percent * 10).rounded()) / 10)
            lines.append(
                "| \(target) | \(mine.count) (\(documentsAgreeing) agree on every lookup) | \(rejected) "
                    + "| \(compared.count) | \(agreeing) | \(percentText)% |")
            summary.append(
                "\(target): \(agreeing)/\(compared.count) lookups agree (\(percentText)%), "
                    + "\(documentsAgreeing)/\(mine.count) documents agree on every lookup, "
                    + "\(rejected) refused by the reference")
        }
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
        lines.append("| category | lookups | iOS targets | Android targets | documents |")
        lines.append("|---|---|---|---|---|")
        for category in categories {
            let entries = byCategory[category] ?? []
            let iOS = entries.filter { $0.outcome.target.platform == .iOS }.count
            let documents = Set(entries.map { "\($0.outcome.document) \($0.outcome.target)" }).count
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
            lines.append("- `\(outcome.document)` [\(outcome.target)]: \(reason); \(waymark)")
            summary.append("  refused by the reference: \(outcome.document) [\(outcome.target)]")
        }
        let waymarkOnly = outcomes.filter { $0.referenceRejection == nil && $0.waymarkRejection != nil }
        for outcome in waymarkOnly {
            lines.append(
                "- `\(outcome.document)` [\(outcome.target)]: the reference loads it, Waymark refuses it: "
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
                perDocument["\(entry.outcome.document) [\(entry.outcome.target)]", default: 0] += 1
            }
            let named = perDocument.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            let listed = named.prefix(12).map { "`\($0.key)` \($0.value)" }.joined(separator: ", ")
            let rest = named.count > 12 ? ", and \(named.count - 12) more" : ""
            lines.append("Documents (\(named.count)): \(listed)\(rest).")
            lines.append("")
            for (outcome, comparison) in chosen {
                lines.append("- `\(outcome.document)` [\(outcome.target)] `\(comparison.url)`")
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
