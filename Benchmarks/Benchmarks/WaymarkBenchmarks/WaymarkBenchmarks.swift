import Benchmark
import BenchmarkSupport
import Waymark

/// Regression suites. Instructions and malloc counts are deterministic and have thresholds checked
/// in under `Thresholds/`; wall clock is reported for reading, not gated (the machine is shared).
///
///     cd Benchmarks && swift package benchmark
///     cd Benchmarks && swift package benchmark thresholds check
///
/// Names use `_`, not `/`: package-benchmark writes a threshold file with `/` replaced by `_`
/// but looks for it under the name as written, so a name with `/` never finds its thresholds.
/// The check reads `Thresholds/` relative to the current directory, hence the `cd`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.instructions, .mallocCountTotal, .wallClock],
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 1_000,
        thresholds: [
            .instructions: BenchmarkThresholds(relative: [.p90: 5]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0]),
        ]
    )
    guard
        let sets = try? BenchmarkDataSet.names.map({
            try BenchmarkDataSet(name: $0, folder: BenchmarkDataSet.defaultFolder)
        })
    else {
        print("waymark benchmarks: cannot read the data sets in \(BenchmarkDataSet.defaultFolder.path)")
        return
    }
    lookupBenchmarks(sets)
    resolutionBenchmarks()
    buildBenchmarks(sets)
}

/// `RouteTable.match(path:)` for each kind of lookup on each data set.
func lookupBenchmarks(_ sets: [BenchmarkDataSet]) {
    for dataSet in sets {
        guard let table = try? WaymarkRouter(converted: WaymarkRouter.convert(dataSet.routes)) else { continue }
        for lookup in dataSet.representativeLookups {
            Benchmark("lookup_\(dataSet.name)_\(lookup.kind)") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(table.match(lookup.path))
                }
            }
        }
    }
}

/// From a URL string to a `RouteRequest` with its decoded query: the lifecycle's creation step.
func resolutionBenchmarks() {
    guard let resolver = try? ResolutionBenchmark.makeResolver() else { return }
    // A pass of 1,000 resolutions makes 3,000 to 5,000 allocations, and its p90 moved by 2 between
    // identical runs (the cause is not traced): a tolerance of 8 a thousand keeps the gate steady
    // and still catches one more allocation per resolution.
    var configuration = Benchmark.defaultConfiguration
    configuration.thresholds?[.mallocCountTotal] = BenchmarkThresholds(absolute: [.p90: 8])
    Benchmark("resolve_app-link-with-query", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(resolver.request(for: ResolutionBenchmark.url))
        }
    }
    Benchmark("resolve_universal-link-with-query", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(resolver.request(for: "https://shop.example.com/user/7/profile/orders?tab=x"))
        }
    }
}

/// Parsing and building a table of 100, 1,000 and 10,000 routes (the first routes of deeplink-10k),
/// and the heap the 10,000-route table keeps.
func buildBenchmarks(_ sets: [BenchmarkDataSet]) {
    guard let deeplink = sets.first(where: { $0.name == "deeplink-10k" }) else { return }
    let converted = WaymarkRouter.convert(deeplink.routes)
    for count in [100, 1_000, 10_000] {
        let routes = Array(converted.prefix(count))
        // A build's p90 malloc count moved by 2 between identical runs, as a resolution's does: a
        // tolerance of 8 keeps the gate steady and still catches one allocation more per 100 routes.
        Benchmark(
            "build_\(count)-routes",
            configuration: .init(
                scalingFactor: .one, maxDuration: .seconds(2), maxIterations: count >= 10_000 ? 20 : 200,
                thresholds: [.mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 8])])
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? WaymarkRouter(converted: routes))
            }
        }
    }
    Benchmark(
        "memory_10000-routes",
        configuration: .init(
            metrics: [.custom("tableHeapBytes", polarity: .prefersSmaller, useScalingFactor: false)],
            scalingFactor: .one, maxIterations: 3,
            thresholds: [
                .custom("tableHeapBytes", polarity: .prefersSmaller, useScalingFactor: false): .init(relative: [.p90: 5]
                )
            ])
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let before = HeapMeter.bytesInUse()
            let table = try? WaymarkRouter(converted: converted)
            benchmark.measurement(
                .custom("tableHeapBytes", polarity: .prefersSmaller, useScalingFactor: false),
                HeapMeter.bytesInUse() - before)
            blackHole(table)
        }
    }
}
