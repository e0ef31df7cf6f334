import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// The link-health report: exact counts per outcome and route, groups by nearest template and
/// reason with values redacted, the three line formats, explanations shared by shape exactly as
/// explaining every link would group them, and bounded memory.
@Suite struct LinkHealthReportTests {
    static func shop() throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.add("category/:slug", name: "category") { _ in .handled }
        builder.add("orders/:id<int>/items", name: "items") { _ in .handled }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
        builder.add("transfer/:amount", name: "transfer", .requiresConfirmation) { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return try builder.build()
    }

    static func report(_ lines: [String], options: LinkHealthReport.Options = .init()) throws -> LinkHealthReport {
        var report = LinkHealthReport(resolver: try shop(), options: options)
        for line in lines { report.add(line: line) }
        return report
    }

    @Test func everyLinkIsCountedUnderItsOutcomeAndRoute() throws {
        let report = try Self.report([
            "shop://product/1", "3 shop://product/2", "https://shop.example.com/category/shoes",
            "shop://p/1", "shop://debug/menu", "shop://transfer/10", "https://evil.example/product/1",
            "shop://product/1?pad=" + String(repeating: "a", count: 20_000), "",
            "# a comment",
        ])
        #expect(report.lines == 10)
        #expect(report.skippedLines == 2)
        #expect(report.links == 10)
        #expect(
            report.outcomes.map { "\($0.outcome.rawValue) \($0.count)" } == [
                "opens 5", "opensDefault 2", "internalOnly 1", "limitExceeded 1", "needsConfirmation 1",
            ])
        #expect(
            report.routes.map { "\($0.route) \($0.count)" } == [
                "product 4", "default 2", "category 1", "debug 1", "none 1", "transfer 1",
            ])
    }

    @Test func failuresAreGroupedByNearestTemplateAndReasonWithValuesRedacted() throws {
        let report = try Self.report([
            "shop://p/1?token=sekrit1", "shop://p/22", "shop://produkt/3", "shop://orders/7/itemz",
            "shop://debug/menu?session=sekrit2",
        ])
        #expect(
            report.defaultRouteGroups.map(\.description) == [
                "3 link(s): opensDefault, nearest product (product/:id<int>) — segment 1 is <private>, the template expects 'product'",
                "1 link(s): opensDefault, nearest items (orders/:id<int>/items) — segment 3 is <private>, the template expects 'items'",
            ])
        #expect(
            report.problems.map(\.description) == [
                "1 link(s): internalOnly, nearest debug (debug/menu) — the route is internal-only; links from outside cannot open it"
            ])
        let everything = (report.problems + report.defaultRouteGroups).map(\.description).joined()
        #expect(!everything.contains("sekrit"))
        #expect((report.problems + report.defaultRouteGroups).allSatisfy { $0.example == nil })
    }

    @Test func showValuesQuotesTheLinksAndKeepsAnExample() throws {
        let report = try Self.report(
            ["shop://p/1?token=sekrit1", "shop://produkt/3"], options: .init(showValues: true))
        #expect(
            report.defaultRouteGroups.map(\.reason).sorted() == [
                "segment 1 is \"p\", the template expects 'product'",
                "segment 1 is \"produkt\", the template expects 'product'",
            ])
        #expect(
            report.defaultRouteGroups.compactMap(\.example).sorted() == [
                "shop://p/1?token=sekrit1", "shop://produkt/3",
            ])
    }

    @Test func anInvalidLinkIsGroupedWithItsQuotedTextRedacted() throws {
        let report = try Self.report(["https://shop.example.com/product/%FFsekrit"])
        let group = try #require(report.problems.first)
        #expect(group.outcome == .invalid)
        #expect(!group.reason.contains("sekrit"))
        #expect(group.reason.contains(ValueRedaction.placeholder))
    }

    /// Traffic read from logs is not links the app opened: a report over an observed resolver
    /// gives its observers nothing.
    @Test func aReportGivesTheResolversObserversNoEvent() async throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        let seen = ObservationCounters()
        builder.addObserver(RoutingObserverClosure { _ in seen.delivered(failed: false) })
        let resolver = try builder.build()
        var report = LinkHealthReport(resolver: resolver)
        for line in ["shop://product/1", "shop://nowhere"] { report.add(line: line) }
        _ = resolver.preview("shop://product/2")
        await resolver.observation?.drain()
        #expect(report.links == 2)
        #expect(seen.snapshot().delivered == 1)
    }

    // MARK: - Lines

    @Test(arguments: [
        ("shop://product/1", 1, "shop://product/1"),
        ("42 shop://product/1", 42, "shop://product/1"),
        ("7\t  https://shop.example.com/product/1", 7, "https://shop.example.com/product/1"),
        (
            #"203.0.113.9 - - [29/Nov/2026:01:00:00 +0000] "GET /product/1?ref=a HTTP/1.1" 200 512 "-" "Mozilla/5.0""#,
            1,
            "https://shop.example.com/product/1?ref=a"
        ),
        (
            #"::1 - alice [29/Nov/2026:01:00:00 +0000] "HEAD /category/x HTTP/2.0" 200 0"#, 1,
            "https://shop.example.com/category/x"
        ),
        (
            #"10.0.0.1 - - [29/Nov/2026:01:00:00 +0000] "GET https://shop.example.com/p/2 HTTP/1.1" 301 0 "-" "-""#, 1,
            "https://shop.example.com/p/2"
        ),
        ("shop://product/1 \r", 1, "shop://product/1"),
        ("999999999999999999 shop://product/1", Int.max, "shop://product/1"),
    ])
    func aLineIsAURLACountedURLOrAnAccessLogLine(line: String, count: Int, link: String) throws {
        let read = try #require(TrafficLine.read(line, base: "https://shop.example.com"))
        #expect(read.link == link)
        #expect(read.count == min(count, 999_999_999_999_999_999))
    }

    @Test(arguments: [
        "", "   ", "# comment", #"203.0.113.9 - - [29/Nov/2026:01:00:00 +0000] "-" 400 0 "-" "-""#,
        #"203.0.113.9 - - [29/Nov/2026:01:00:00 +0000] "\x16\x03\x01" 400 0 "-" "-""#,
    ])
    func aLineWithoutALinkIsSkipped(line: String) {
        #expect(TrafficLine.read(line, base: "https://shop.example.com") == nil)
    }

    /// The family around the line formats: lines built from the characters the readers look for
    /// (quotes, brackets, digits, spaces, methods, `HTTP/`), of growing length. Nothing traps, and
    /// a link read is always a part of its line (or the base and a part): a reader never makes up
    /// text.
    @Test func generatedLinesOfEveryShapeAreReadWithoutSurprises() throws {
        var random = SplitMix64(seed: 36_036)
        let pieces = ["\"", " ", "[", "]", "7", "42 ", "GET ", "/p/1", " HTTP/1.1", "shop://x", "\t", "#", "-"]
        for length in [1, 10, 100, 1_000] {
            for _ in 0..<200 {
                let line = (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
                guard let read = TrafficLine.read(line, base: "https://b") else { continue }
                #expect(read.count >= 0)
                let link = read.link.hasPrefix("https://b/") ? String(read.link.dropFirst(9)) : read.link
                #expect(line.contains(link), "\(line) → \(read.link)")
            }
        }
    }

    @Test func aCountOfEighteenDigitsSaturatesAndNeverTraps() throws {
        let report = try Self.report(Array(repeating: "999999999999999999 shop://product/1", count: 20))
        #expect(report.links == Int.max)
        #expect(report.routes.first?.count == Int.max)
    }

    // MARK: - Explanations shared by shape

    /// Failing links of many shapes, numbers in every position; the oracle explains every link on
    /// its own, and the report, sharing explanations by shape, must group them exactly alike.
    @Test func sharingExplanationsByShapeGroupsExactlyAsExplainingEveryLink() throws {
        var random = SplitMix64(seed: 3_600)
        let stems = ["p", "produkt", "product", "orders", "category", "debug", "x"]
        var links: [String] = []
        for _ in 0..<6_000 {
            // Numbers of every length from 1 to 10 digits (10 is past the shared class).
            let segments = (0..<Int(random.next() % 3)).map { _ in
                random.next() % 4 != 0
                    ? String(random.next() % [10, 1_000, 100_000, 10_000_000_000][Int(random.next() % 4)])
                    : stems[Int(random.next() % 7)]
            }
            let base = random.next() % 2 == 0 ? "shop://" : "https://shop.example.com/"
            links.append(base + ([stems[Int(random.next() % 7)]] + segments).joined(separator: "/"))
        }
        let resolver = try Self.shop()
        var report = LinkHealthReport(resolver: resolver, options: .init(top: 10_000))
        var expected: [String: Int] = [:]
        for link in links {
            report.add(link)
            let preview = resolver.preview(link)
            guard [.opensDefault, .unmatched, .refused].contains(preview.outcome) else { continue }
            let attempt = resolver.table.explain(link, nearest: 1).attempts.first { !$0.matched }
            let reason = ValueRedaction.redactingQuotedText(in: attempt?.failure ?? preview.reason ?? "")
            expected["\(preview.outcome.rawValue) \(attempt?.template.pattern ?? "-") \(reason)", default: 0] += 1
        }
        let grouped = Dictionary(
            (report.problems + report.defaultRouteGroups).filter { $0.outcome != .internalOnly }.map {
                ("\($0.outcome.rawValue) \($0.template ?? "-") \($0.reason)", $0.count)
            }, uniquingKeysWith: +)
        #expect(grouped == expected)
        // Shared: far fewer explanations than failing links.
        #expect(report.explanations * 2 < expected.values.reduce(0, +))
    }

    @Test func shapesAreNotSharedWhenATemplateCanTellNumbersApart() throws {
        for template in ["v2/items", "files/{name}.json", "item/:code<hex>"] {
            let parsed = try RouteTemplate(parsing: template)
            #expect(!LinkShape(templates: [parsed], types: ParameterType.builtIns).isExact, "\(template)")
        }
        let plain = try RouteTemplate(parsing: "item/:id<int>/:name")
        #expect(LinkShape(templates: [plain], types: ParameterType.builtIns).isExact)
        // A custom type registered under a built-in's name replaces it, and may tell numbers apart.
        let even = ParameterType(name: "int") { Int($0).map { $0.isMultiple(of: 2) } ?? false }
        #expect(!LinkShape(templates: [plain], types: ["int": even]).isExact)
    }

    // MARK: - Bounded memory, linear work

    @Test func manyDistinctGroupsKeepTheTableBoundedAndTheHeavyHittersExact() throws {
        var report = LinkHealthReport(
            resolver: try Self.shop(), options: .init(top: 3, showValues: true, distinctGroups: 64))
        // 5,000 distinct reasons (values shown), and three links far commoner than the rest.
        for index in 0..<5_000 {
            report.add("shop://distinct\(index)/x")
            if index % 10 == 0 {
                report.add("shop://common-a/x")
                report.add("shop://common-b/x")
                report.add("shop://common-c/x")
            }
        }
        let top = report.defaultRouteGroups
        #expect(top.count == 3)
        #expect(Set(top.compactMap(\.example)) == ["shop://common-a/x", "shop://common-b/x", "shop://common-c/x"])
        #expect(top.allSatisfy { $0.count >= 500 && $0.count - $0.uncertainty <= 500 })
        #expect(report.links == 6_500)
    }

    @Test func theWorkGrowsLinearlyWithTheNumberOfDistinctFailingLinks() throws {
        var counts: [Int] = []
        let sizes = [1_000, 2_000, 4_000]
        for size in sizes {
            var report = LinkHealthReport(resolver: try Self.shop(), options: .init(showValues: true))
            for index in 0..<size { report.add("shop://missing-\(index)/\(index)") }
            counts.append(report.explanations)
        }
        #expect(counts == sizes)
    }
}

/// The bounded counter behind the report's groups.
@Suite struct TopCountsTests {
    @Test func underCapacityEveryCountIsExact() {
        var counts = TopCounts<String>(capacity: 10)
        for (key, count) in [("a", 5), ("b", 3), ("c", 9)] { counts.add(key, count: count) }
        #expect(counts.top(2, by: <).map { "\($0.key) \($0.entry.count) \($0.entry.error)" } == ["c 9 0", "a 5 0"])
    }

    @Test func overCapacityTheRarestHalfGoesAndLaterCountsCarryTheirError() {
        var counts = TopCounts<Int>(capacity: 4)
        for key in 0..<4 { counts.add(key, count: key + 1) }
        counts.add(99)
        #expect(counts.entries.count == 3)
        #expect(counts.floor == 2)
        #expect(counts.entries[99]?.count == 3)
        #expect(counts.entries[99]?.error == 2)
        #expect(counts.entries[3]?.count == 4)
    }
}
