import BenchmarkSupport
import Foundation

/// `--set hotwire-load`: each real document loaded and looked up once, by Waymark and the way Hotwire
/// Native iOS does it, taking turns in one run; the median of `rounds` (at most 20) per document.
extension CompareCommand {
    func printHotwireLoadTable() {
        printHotwireLoadTable(later: 0)
        print("")
        printHotwireLoadTable(later: HotwireLoadBenchmark.laterURLs.count)
    }

    /// One table: load and the first lookup, then `later` lookups more.
    private func printHotwireLoadTable(later: Int) {
        let benchmark = HotwireLoadBenchmark()
        let passes = max(1, min(rounds, 20))
        var rows: [(name: String, bytes: Int, waymark: Double, hotwire: Double, same: Bool)] = []
        for document in benchmark.documents {
            var waymarkTimes: [Double] = []
            var hotwireTimes: [Double] = []
            var answers = (0, 0)
            for _ in 0..<passes {
                var start = DispatchTime.now().uptimeNanoseconds
                answers.0 = HotwireLoadBenchmark.waymark(document, later: later)
                waymarkTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
                start = DispatchTime.now().uptimeNanoseconds
                answers.1 = HotwireLoadBenchmark.hotwire(document, later: later)
                hotwireTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
            }
            rows.append(
                (document.name, document.data.count, median(waymarkTimes), median(hotwireTimes), answers.0 == answers.1)
            )
        }
        let waymarkTotal = rows.map(\.waymark).reduce(0, +)
        let hotwireTotal = rows.map(\.hotwire).reduce(0, +)
        let ratios = rows.map { $0.hotwire / max($0.waymark, 0.001) }.sorted()
        print("load, then \(later + 1) lookup(s):")
        print(
            "| documents | Waymark µs (sum of medians) | NSRegularExpression µs | × | per-document ratio: min / median / max | same property count |"
        )
        print("|---|---|---|---|---|---|")
        print(
            "| \(rows.count) | \(String(format: "%.0f", waymarkTotal)) | \(String(format: "%.0f", hotwireTotal)) | "
                + "\(String(format: "%.2f", hotwireTotal / max(waymarkTotal, 0.001))) | "
                + "\(String(format: "%.2f", ratios.first ?? .nan)) / \(String(format: "%.2f", ratios.isEmpty ? .nan : ratios[ratios.count / 2])) / "
                + "\(String(format: "%.2f", ratios.last ?? .nan)) | \(rows.filter(\.same).count) of \(rows.count) |")
        let slowest = rows.sorted { $0.waymark > $1.waymark }.prefix(3)
        for row in slowest {
            print(
                "slowest for Waymark: \(row.name) (\(row.bytes) bytes): \(String(format: "%.0f", row.waymark)) µs, "
                    + "NSRegularExpression \(String(format: "%.0f", row.hotwire)) µs")
        }
    }
}
