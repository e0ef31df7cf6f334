import ArgumentParser
import BenchmarkSupport
import Foundation
import Waymark
import WaymarkPathConfiguration

/// Builds every router from the same route set, walks the same lookups, checks every answer, and
/// prints one table (or JSON lines): build time, median ns per lookup, heap bytes of the table, and
/// the speed-up over RoutingKit measured in the same process.
@main
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waymark-compare",
        abstract: "Compare Waymark's route lookup with RoutingKit and Hummingbird on ../shared/bench.",
        discussion: """
            ratio = RoutingKit's ns per lookup divided by the router's (how many times faster than RoutingKit). \
            For instruction counts, run one router once under callgrind: \
            `--only waymark --set github-api --rounds 1`, minus the same with `--rounds 0` (build only), \
            divided by the number of lookups.
            """
    )

    @Option(
        help:
            "github-api, deeplink-10k, path-configuration (100 rules from deeplink-10k: Waymark's engine against NSRegularExpression), url-length (resolution time by URL length up to the default limit), resolution (shop://product/42?ref=mail&utm_source=x to a RouteRequest; --rounds passes of 1,000) hotwire-load (each real path-configuration document loaded and looked up once, against NSRegularExpression as Hotwire Native iOS does it), scaling (hostile input families at 1×, 10× and 100×, each size in its own process: time, extra peak memory), contract (a published-links contract of 100,000 links over deeplink-10k read and checked, beside the hand-written resolve-and-compare loop) or all (all but scaling)."
    )
    var set = "all"

    /// Untimed passes between a turn's cold pass and its warm one (see `run`).
    static let settlingPasses = 2

    @Option(help: "Turns over the lookup list; the median timed pass is reported. 0 builds the table only.")
    var rounds = 50

    @Option(help: "Run just this router (waymark, routing-kit or hummingbird), built once.")
    var only: String?

    @Option(help: "With --set scaling: run only this case (a name from the table).")
    var `case`: String?

    @Option(help: "With --set scaling and --case: run one size (1, 10 or 100 times the base) in this process.")
    var scale: Int?

    @Flag(help: "Print one JSON object per (set, router) per line.")
    var json = false

    @Option(help: "The folder with the data sets (default: ../shared/bench beside the project).")
    var data: String?

    struct Row {
        var set: String
        var router: String
        var buildMs: Double
        var nsPerLookup: Double
        /// The first pass of a turn, after another router's pass (see `run`); NaN where not measured.
        var coldNsPerLookup: Double = .nan
        /// RoutingKit's cold ns per lookup divided by this router's.
        var coldRatio: Double = .nan
        var heapBytes: Int
        var ratio: Double
        var correct: Bool
        var checksum: (hits: Int, sum: Int)
    }

    func run() throws {
        let folder = data.map { URL(fileURLWithPath: $0) } ?? BenchmarkDataSet.defaultFolder
        if set == "contract" {
            try measureContract(folder: folder)
            return
        }
        if set == "url-length" {
            printURLLengthTable()
            return
        }
        if set == "scaling" {
            if let scale, let name = `case` {
                try runScalingChild(name: name, scale: scale)
            } else {
                try printScalingTable(only: `case`)
            }
            return
        }
        if set == "hotwire-load" {
            printHotwireLoadTable()
            return
        }
        if set == "resolution" {
            try measureResolution()
            return
        }
        let names = set == "all" ? BenchmarkDataSet.names : (set == "path-configuration" ? [] : [set])
        let routers = comparedRouters.filter { only == nil || $0.name == only }
        guard !routers.isEmpty else { throw ValidationError("no router is named '\(only ?? "")'") }
        var rows: [Row] = []
        for name in names {
            let dataSet = try BenchmarkDataSet(name: name, folder: folder)
            let prepared = try routers.map { try prepare($0, on: dataSet) }
            // The routers take turns, so that every router meets the same moments of a busy machine
            // and the ratios compare like with like. A turn's first pass starts with the caches full
            // of the previous router's data ("cold"). Its own data is not warm after one pass: on
            // deeplink-10k Waymark's second pass was about 30 ns a lookup slower than its fourth, and
            // the fourth as fast as a router running alone (docs/performance.md). So `settlingPasses`
            // untimed passes follow, then the timed warm pass that the ratio is made of.
            // With `--only`, one router runs alone: one untimed warm-up pass (when more than one round
            // is asked for), then one pass per round, so that callgrind counts exactly those.
            var coldTimes = [[Double]](repeating: [], count: prepared.count)
            var warmTimes = [[Double]](repeating: [], count: prepared.count)
            if only != nil && rounds > 1 { for router in prepared { _ = router.pass() } }
            for _ in 0..<rounds {
                for (index, router) in prepared.enumerated() {
                    if only == nil {
                        coldTimes[index].append(router.pass())
                        for _ in 0..<Self.settlingPasses { _ = router.pass() }
                    }
                    warmTimes[index].append(router.pass())
                }
            }
            var setRows = prepared.enumerated().map { index, router in
                router.row(median(warmTimes[index]), median(coldTimes[index]))
            }
            let reference = setRows.first { $0.router == RoutingKitRouter.name }?.nsPerLookup
            let coldReference = setRows.first { $0.router == RoutingKitRouter.name }?.coldNsPerLookup
            for index in setRows.indices {
                setRows[index].ratio = reference.map { $0 / max(setRows[index].nsPerLookup, 0.001) } ?? .nan
                setRows[index].coldRatio =
                    coldReference.map { $0 / max(setRows[index].coldNsPerLookup, 0.001) } ?? .nan
            }
            rows += setRows
        }
        var configurationRows: [Row] = []
        if set == "all" || set == "path-configuration" {
            configurationRows = try measurePathConfiguration(folder: folder)
        }
        if json {
            for row in configurationRows {
                print(
                    #"{"set":"path-configuration-100","router":"\#(row.router)","buildMs":\#(String(format: "%.3f", row.buildMs)),"#
                        + #""nsPerLookup":\#(String(format: "%.1f", row.nsPerLookup)),"#
                        + #""ratioToNSRegularExpression":\#(String(format: "%.2f", row.ratio)),"correct":\#(row.correct)}"#
                )
            }
            for row in rows {
                let ratio = row.ratio.isFinite ? String(format: "%.2f", row.ratio) : "null"
                print(
                    #"{"set":"\#(row.set)","router":"\#(row.router)","buildMs":\#(String(format: "%.3f", row.buildMs)),"#
                        + #""nsPerLookup":\#(String(format: "%.1f", row.nsPerLookup)),"#
                        + #""nsPerLookupCold":\#(row.coldNsPerLookup.isFinite ? String(format: "%.1f", row.coldNsPerLookup) : "null"),"#
                        + #""ratioToRoutingKitCold":\#(row.coldRatio.isFinite ? String(format: "%.2f", row.coldRatio) : "null"),"#
                        + #""heapBytes":\#(row.heapBytes),"#
                        + #""ratioToRoutingKit":\#(ratio),"correct":\#(row.correct)}"#)
            }
        } else {
            if !rows.isEmpty { printTable(rows) }
            if !configurationRows.isEmpty {
                if !rows.isEmpty { print("") }
                printConfigurationTable(configurationRows)
                print("")
                printHostilePatterns()
            }
        }
        if (rows + configurationRows).contains(where: { !$0.correct && rounds > 0 }) { throw ExitCode(2) }
    }

    /// The rules matching each lookup, by Waymark's engine and by a scan of precompiled
    /// NSRegularExpressions (at most 5 timed passes: the scan is slow).
    private func measurePathConfiguration(folder: URL) throws -> [Row] {
        let benchmark = PathConfigurationBenchmark(dataSet: try BenchmarkDataSet(name: "deeplink-10k", folder: folder))
        let passes = min(rounds, 5)
        var start = DispatchTime.now().uptimeNanoseconds
        let configuration = try benchmark.waymark()
        let waymarkBuild = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        start = DispatchTime.now().uptimeNanoseconds
        let expressions = try benchmark.foundation()
        let foundationBuild = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        var waymarkAnswers: [[Int]] = []
        var foundationAnswers: [[Int]] = []
        func time(_ body: () -> Void) -> Double {
            var passTimes: [Double] = []
            for _ in 0..<max(passes, 1) {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                passTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(benchmark.lookups.count))
            }
            return median(passTimes)
        }
        let waymarkNs = time {
            waymarkAnswers = benchmark.lookups.map { configuration.match(path: $0).matchedRules }
        }
        let foundationNs = time {
            foundationAnswers = benchmark.lookups.map { PathConfigurationBenchmark.scan(expressions, $0) }
        }
        let correct = waymarkAnswers == foundationAnswers
        return [
            Row(
                set: "path-configuration-100", router: "ns-regular-expression", buildMs: foundationBuild,
                nsPerLookup: foundationNs, heapBytes: 0, ratio: 1, correct: true,
                checksum: (foundationAnswers.filter { $0.count > 1 }.count, foundationAnswers.map(\.count).reduce(0, +))
            ),
            Row(
                set: "path-configuration-100", router: "waymark", buildMs: waymarkBuild, nsPerLookup: waymarkNs,
                heapBytes: 0, ratio: foundationNs / max(waymarkNs, 0.001), correct: correct,
                checksum: (waymarkAnswers.filter { $0.count > 1 }.count, waymarkAnswers.map(\.count).reduce(0, +))),
        ]
    }

    /// Resolution (to a RouteRequest) of URLs of growing length, up to the default limit: a long
    /// catch-all path, and a long query; ns per resolution and ns per byte (flat when linear).
    private func printURLLengthTable() {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("files/*path", name: "files") { _ in .handled }
        builder.add("search", name: "search") { _ in .handled }
        guard let resolver = try? builder.build() else { return }
        let limit = RouteLimits.default.maximumURLLength
        print("| URL bytes | path: ns | path: ns/byte | query: ns | query: ns/byte |")
        print("|---|---|---|---|---|")
        for length in [256, 1_024, 4_096, limit] {
            // Long segments and items, so that the URL reaches the length limit before the segment
            // (128) and query-item (512) limits.
            let segment = String(repeating: "a", count: 199) + "/"
            let item = "k=" + String(repeating: "v", count: 38) + "&"
            let pathURL = "shop://files/" + String(repeating: segment, count: max(1, (length - 13) / 200))
            let queryURL = "shop://search?" + String(repeating: item, count: max(1, (length - 14) / 41))
            func time(_ url: String) -> Double {
                let passes = max(1, 2_000_000 / length)
                var samples: [Double] = []
                for _ in 0..<5 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<passes { _ = resolver.request(for: url) }
                    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(passes))
                }
                return median(samples)
            }
            let path = time(pathURL)
            let query = time(queryURL)
            print(
                "| \(pathURL.utf8.count) | \(String(format: "%.0f", path)) | \(String(format: "%.2f", path / Double(pathURL.utf8.count))) | "
                    + "\(String(format: "%.0f", query)) | \(String(format: "%.2f", query / Double(queryURL.utf8.count))) |"
            )
        }
    }

    /// `RouteResolver.request(for:)` on ``ResolutionBenchmark/url``: `rounds` timed passes of 1,000
    /// (the median pass is reported), each answer checked. With `--rounds 0` it builds the resolver
    /// and resolves nothing, for callgrind (`scripts/instructions.sh waymark resolution N`).
    private func measureResolution() throws {
        let resolver = try ResolutionBenchmark.makeResolver()
        let url = ResolutionBenchmark.url
        var correct = true
        var samples: [Double] = []
        if rounds > 1 {
            for _ in 0..<ResolutionBenchmark.resolutionsPerPass { _ = resolver.request(for: url) }  // warm-up
        }
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 1..<ResolutionBenchmark.resolutionsPerPass { _ = resolver.request(for: url) }
            let last = resolver.request(for: url)
            let end = DispatchTime.now().uptimeNanoseconds
            correct = ResolutionBenchmark.isExpected(last) && correct
            samples.append(Double(end - start) / Double(ResolutionBenchmark.resolutionsPerPass))
        }
        // Formatted in every mode, so that a run with no resolutions differs only by them.
        let nanoseconds = String(format: "%.1f", median(samples))
        if json {
            print(
                #"{"set":"resolution","router":"waymark","nsPerResolution":\#(rounds > 0 ? nanoseconds : "null"),"correct":\#(rounds > 0 && correct)}"#
            )
        } else {
            print("| resolution | ns/resolution | correct |")
            print("|---|---|---|")
            print("| \(url) | \(rounds > 0 ? nanoseconds : "-") | \(rounds > 0 ? (correct ? "yes" : "NO") : "-") |")
        }
        if rounds > 0 && !correct { throw ExitCode(2) }
    }

    /// Catastrophic-backtracking patterns, one document each, on a 10,001-character path: the
    /// slowest first lookup (which builds the automaton's states) and the slowest repeat.
    private func printHostilePatterns() {
        let patterns = [
            "(a+)+$", "(a|a)*$", "(a|aa)+$", "(a*)*b", "((a+)+)+b", "(.*a){20}", "^(a?){25}a{25}$", "(x+x+)+y",
            "(\\w+\\s?)*$", "([a-zA-Z]+)*$", "(a|b|ab)*c", "(.*)*b", "^(([a-z])+.)+[A-Z]([a-z])+$", "(a|b)*a(a|b){15}",
        ]
        let path = "/" + String(repeating: "a", count: 10_000) + "!"
        var worstFirst = 0.0
        var worstRepeat = 0.0
        var worstPattern = ""
        for pattern in patterns {
            let json = #"{"rules": [{"patterns": [\#(String(reflecting: pattern))], "properties": {}}]}"#
            guard let document = try? PathConfiguration(data: Data(json.utf8)) else { continue }
            var start = DispatchTime.now().uptimeNanoseconds
            _ = document.match(path: path)
            let first = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            start = DispatchTime.now().uptimeNanoseconds
            _ = document.match(path: path)
            let again = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if first > worstFirst { (worstFirst, worstPattern) = (first, pattern) }
            worstRepeat = max(worstRepeat, again)
        }
        print(
            "hostile patterns (\(patterns.count), 10,001-character path): slowest first lookup "
                + String(format: "%.2f", worstFirst) + " ms (\(worstPattern)), slowest repeat "
                + String(format: "%.3f", worstRepeat) + " ms")
    }

    private func printConfigurationTable(_ rows: [Row]) {
        print("| path configuration, 100 rules | build ms | ns/lookup | × NSRegularExpression | same rules |")
        print("|---|---|---|---|---|")
        for row in rows {
            print(
                "| \(row.router) | \(String(format: "%.2f", row.buildMs)) | \(String(format: "%.1f", row.nsPerLookup)) | "
                    + "\(String(format: "%.1f", row.ratio)) | \(row.correct ? "yes" : "NO") |")
        }
    }

    /// A router built from a data set, ready for timed passes.
    struct PreparedRouter {
        /// One pass over the lookups, in ns per lookup; the answers are kept for the check.
        var pass: () -> Double
        /// The report row, given the median ns per lookup, warm and cold.
        var row: (Double, Double) -> Row
    }

    /// Prepares each router through its concrete type, so that ``walk(_:_:into:)`` is specialized
    /// for it: opened from the existential, it was compiled once, generic, and each lookup paid a
    /// witness-table call and a retain and release of the lookup string (two atomic operations),
    /// about 10 ns charged to every router.
    private func prepare(_ router: any ComparedRouter.Type, on dataSet: BenchmarkDataSet) throws -> PreparedRouter {
        switch router {
        case is WaymarkRouter.Type: try prepareRouter(WaymarkRouter.self, on: dataSet)
        case is RoutingKitRouter.Type: try prepareRouter(RoutingKitRouter.self, on: dataSet)
        case is HummingbirdRouter.Type: try prepareRouter(HummingbirdRouter.self, on: dataSet)
        default: try prepareRouter(router, on: dataSet)
        }
    }

    /// Holds a router's answers between passes.
    final class Answers {
        var values: [Int]
        init(count: Int) { values = [Int](repeating: -1, count: count) }
    }

    private func prepareRouter<Router: ComparedRouter>(_ router: Router.Type, on dataSet: BenchmarkDataSet) throws
        -> PreparedRouter
    {
        let converted = router.convert(dataSet.routes)
        // Build: the median of several builds (one when a single router is being profiled).
        let builds = only == nil ? 5 : 1
        var buildTimes: [Double] = []
        var built: Router?
        var heapBytes = 0
        for _ in 0..<builds {
            built = nil
            let before = HeapMeter.bytesInUse()
            let start = DispatchTime.now().uptimeNanoseconds
            let instance = try router.init(converted: converted)
            let end = DispatchTime.now().uptimeNanoseconds
            heapBytes = HeapMeter.bytesInUse() - before
            buildTimes.append(Double(end - start) / 1e6)
            built = instance
        }
        guard let instance = built else { throw ValidationError("the router did not build") }
        let answers = Answers(count: dataSet.lookups.count)
        let lookups = dataSet.lookups
        let buildMs = median(buildTimes)
        let rounds = self.rounds
        return PreparedRouter(
            pass: {
                let start = DispatchTime.now().uptimeNanoseconds
                Self.walk(instance, lookups, into: &answers.values)
                let end = DispatchTime.now().uptimeNanoseconds
                return Double(end - start) / Double(lookups.count)
            },
            row: { nsPerLookup, coldNsPerLookup in
                let values = answers.values
                let hits = values.filter { $0 > 0 }.count
                let sum = values.reduce(0) { $0 + max($1, 0) }
                // Computed in every mode, like the table's cells, so that a run with no lookups does
                // the same work apart from the lookups and the instruction difference counts lookups only.
                let matchesExpected = values == dataSet.expected
                return Row(
                    set: dataSet.name, router: router.name, buildMs: buildMs, nsPerLookup: nsPerLookup,
                    coldNsPerLookup: coldNsPerLookup, heapBytes: heapBytes, ratio: .nan,
                    correct: rounds > 0 && matchesExpected, checksum: (hits, sum))
            })
    }

    /// One pass over the lookups, specialized for each router type (no dynamic dispatch per lookup).
    @inline(never)
    private static func walk<Router: ComparedRouter>(_ router: Router, _ lookups: [String], into answers: inout [Int]) {
        answers.withUnsafeMutableBufferPointer { answers in
            for index in lookups.indices {
                answers[index] = router.lookup(lookups[index])
            }
        }
    }

    func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private func printTable(_ rows: [Row]) {
        let header = [
            "set", "router", "build ms", "ns/lookup", "× RoutingKit", "cold ns", "cold ×", "heap KB", "correct",
            "hits / Σ lines",
        ]
        var table = [header]
        for row in rows {
            // Every cell is formatted whatever the mode (see `prepareRouter`); `-` replaces it after.
            let nsPerLookup = String(format: "%.1f", row.nsPerLookup)
            let ratio = String(format: "%.1f", row.ratio)
            let coldNsPerLookup = String(format: "%.1f", row.coldNsPerLookup)
            let coldRatio = String(format: "%.1f", row.coldRatio)
            table.append([
                row.set, row.router, String(format: "%.2f", row.buildMs),
                rounds > 0 ? nsPerLookup : "-",
                row.ratio.isFinite ? ratio : "-",
                rounds > 0 && row.coldNsPerLookup.isFinite ? coldNsPerLookup : "-",
                row.coldRatio.isFinite ? coldRatio : "-",
                String(format: "%.0f", Double(row.heapBytes) / 1024),
                rounds > 0 ? (row.correct ? "yes" : "NO") : "-",
                "\(row.checksum.hits) / \(row.checksum.sum)",
            ])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for (index, line) in table.enumerated() {
            print(
                "| "
                    + line.enumerated().map {
                        $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0)
                    }
                    .joined(separator: " | ") + " |")
            if index == 0 {
                print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
            }
        }
    }
}
