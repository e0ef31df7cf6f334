import ArgumentParser
import BenchmarkSupport
import Foundation

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

    @Option(help: "github-api, deeplink-10k or all.")
    var set = "all"

    @Option(help: "Timed passes over the lookup list; the median pass is reported. 0 builds the table only.")
    var rounds = 50

    @Option(help: "Run just this router (waymark, routing-kit or hummingbird), built once.")
    var only: String?

    @Flag(help: "Print one JSON object per (set, router) per line.")
    var json = false

    @Option(help: "The folder with the data sets (default: ../shared/bench beside the project).")
    var data: String?

    struct Row {
        var set: String
        var router: String
        var buildMs: Double
        var nsPerLookup: Double
        var heapBytes: Int
        var ratio: Double
        var correct: Bool
        var checksum: (hits: Int, sum: Int)
    }

    func run() throws {
        let folder = data.map { URL(fileURLWithPath: $0) } ?? BenchmarkDataSet.defaultFolder
        let names = set == "all" ? BenchmarkDataSet.names : [set]
        let routers = comparedRouters.filter { only == nil || $0.name == only }
        guard !routers.isEmpty else { throw ValidationError("no router is named '\(only ?? "")'") }
        var rows: [Row] = []
        for name in names {
            let dataSet = try BenchmarkDataSet(name: name, folder: folder)
            var setRows: [Row] = []
            for router in routers {
                setRows.append(try measure(router, on: dataSet))
            }
            let reference = setRows.first { $0.router == RoutingKitRouter.name }?.nsPerLookup
            for index in setRows.indices {
                setRows[index].ratio = reference.map { $0 / max(setRows[index].nsPerLookup, 0.001) } ?? .nan
            }
            rows += setRows
        }
        if json {
            for row in rows {
                let ratio = row.ratio.isFinite ? String(format: "%.2f", row.ratio) : "null"
                print(
                    #"{"set":"\#(row.set)","router":"\#(row.router)","buildMs":\#(String(format: "%.3f", row.buildMs)),"#
                        + #""nsPerLookup":\#(String(format: "%.1f", row.nsPerLookup)),"heapBytes":\#(row.heapBytes),"#
                        + #""ratioToRoutingKit":\#(ratio),"correct":\#(row.correct)}"#)
            }
        } else {
            printTable(rows)
        }
        if rows.contains(where: { !$0.correct && rounds > 0 }) { throw ExitCode(2) }
    }

    private func measure(_ router: any ComparedRouter.Type, on dataSet: BenchmarkDataSet) throws -> Row {
        try measureRouter(router, on: dataSet)
    }

    private func measureRouter<Router: ComparedRouter>(_ router: Router.Type, on dataSet: BenchmarkDataSet) throws
        -> Row
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
        var answers = [Int](repeating: -1, count: dataSet.lookups.count)
        var roundTimes: [Double] = []
        if rounds > 1 { walk(instance, dataSet.lookups, into: &answers) }  // warm-up
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            walk(instance, dataSet.lookups, into: &answers)
            let end = DispatchTime.now().uptimeNanoseconds
            roundTimes.append(Double(end - start) / Double(dataSet.lookups.count))
        }
        let hits = answers.filter { $0 > 0 }.count
        let sum = answers.reduce(0) { $0 + max($1, 0) }
        let correct = rounds > 0 && answers == dataSet.expected
        return Row(
            set: dataSet.name, router: router.name, buildMs: median(buildTimes), nsPerLookup: median(roundTimes),
            heapBytes: heapBytes, ratio: .nan, correct: correct, checksum: (hits, sum))
    }

    /// One pass over the lookups, specialized for each router type (no dynamic dispatch per lookup).
    @inline(never)
    private func walk<Router: ComparedRouter>(_ router: Router, _ lookups: [String], into answers: inout [Int]) {
        answers.withUnsafeMutableBufferPointer { answers in
            for index in lookups.indices {
                answers[index] = router.lookup(lookups[index])
            }
        }
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private func printTable(_ rows: [Row]) {
        let header = ["set", "router", "build ms", "ns/lookup", "heap KB", "× RoutingKit", "correct", "hits / Σ lines"]
        var table = [header]
        for row in rows {
            table.append([
                row.set, row.router, String(format: "%.2f", row.buildMs),
                rounds > 0 ? String(format: "%.1f", row.nsPerLookup) : "-",
                String(format: "%.0f", Double(row.heapBytes) / 1024),
                row.ratio.isFinite ? String(format: "%.1f", row.ratio) : "-",
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
