import Foundation
import Logging
import MetricsTestKit
import Testing
import Waymark
import WaymarkLogging
import WaymarkMetrics

/// 10,000 generated links, each with a secret of its own, through the swift-log and swift-metrics
/// adapters at once: the counts are exactly what the generator says each link is, every link has
/// one log line at its level, and no secret is anywhere.
@Suite struct TenThousandLinksTests {
    @Test func theAdaptersCountEveryLinkExactlyAndLeakNoSecret() async throws {
        let links = SecretShop.links(count: 10_000)
        let log = CapturedLog()
        let metrics = TestMetrics()
        var builder = SecretShop.builder()
        // Large enough that nothing is dropped, so that the counts can be exact; the drop path has
        // tests of its own.
        builder.eventBufferSize = links.count
        builder.addObserver(LoggingObserver(logger: log.logger()))
        builder.addObserver(MetricsObserver(factory: metrics))
        let resolver = try builder.build()
        for (kind, link, _) in links {
            let result = await resolver.resolve(link)
            #expect(result.status == kind.outcome, "\(kind.name)")
        }
        await resolver.observation?.drain()
        #expect(resolver.observation?.statistics.dropped == 0)

        var expected: [String: Int64] = [:]
        var expectedLevels: [Logger.Level: Int] = [:]
        for (kind, _, _) in links {
            expected["\(kind.outcome) \(kind.routeLabel)", default: 0] += 1
            let level: Logger.Level =
                kind.outcome == .handled ? .debug : kind.outcome == .handledByDefault ? .notice : .warning
            expectedLevels[level, default: 0] += 1
        }
        var counted: [String: Int64] = [:]
        for counter in metrics.counters(label: "waymark_links") {
            let dimensions = Dictionary(counter.dimensions, uniquingKeysWith: { first, _ in first })
            #expect(dimensions["source"] == "resolve")
            let origin = dimensions["origin"]
            #expect(origin == "external" || (origin == "none" && dimensions["route"] == "none"))
            counted["\(dimensions["outcome"] ?? "?") \(dimensions["route"] ?? "?")", default: 0] +=
                counter.values.reduce(0, +)
        }
        #expect(counted == expected)
        // Bounded by construction: one series per (outcome, route) the generator's kinds make, never
        // one per link, though every link differs.
        #expect(metrics.counters(label: "waymark_links").count == expected.count)
        #expect(metrics.timers(label: "waymark_link_duration").count <= Set(SecretShop.kinds.map(\.routeLabel)).count)
        #expect(metrics.timers(label: "waymark_link_duration").reduce(0) { $0 + $1.values.count } == links.count)

        let lines = log.lines
        #expect(lines.count == links.count)
        #expect(Dictionary(grouping: lines, by: \.level).mapValues(\.count) == expectedLevels)
        let text = log.text + "\n" + PrivacyTests.labels(of: metrics)
        #expect(!text.contains(SecretShop.marker))
        // Each generated secret differs; a spot check that the generator put them in the links.
        #expect(links.allSatisfy { $0.link.contains($0.secret) })
    }
}
