import Logging
import Testing
import Waymark
import WaymarkLogging
import WaymarkMetrics

// The samples of the article "Link health" (Waymark.docc/LinkHealth.md), each run and checked
// against what the article says it does.

// sample: LinkHealth#1
actor EventLog: RoutingObserver {
    private(set) var lines: [String] = []

    func observe(_ event: RoutingEvent) {
        lines.append(event.description)
    }
}
// end sample

@Suite struct LinkHealthSamples {
    /// The three lines the article shows, with each duration as it came.
    @Test func anObserverSeesEveryLinkWithoutItsSecrets() async throws {
        // sample: LinkHealth#2
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id<int>", name: "product", .loggable("id")) { _ in .handled }
        builder.add("sign-in/:token", name: "signIn") { _ in .handled }
        builder.setDefaultRoute(name: "home") { _ in .handled }
        let events = EventLog()
        builder.addObserver(events)
        let resolver = try builder.build()

        _ = await resolver.resolve("shop://sign-in/8f2c1e?next=/orders")
        _ = await resolver.resolve("shop://product/42")
        _ = await resolver.resolve("shop://promo/spring")
        await resolver.observation?.drain()  // in a test: wait until the observers have every event
        // end sample

        let lines = await events.lines.map { line in
            line.split(separator: " ").map { $0.hasPrefix("duration_us=") ? "duration_us=4" : String($0) }
                .joined(separator: " ")
        }
        #expect(
            lines == [
                "resolve handled route=signIn template=sign-in/:token origin=external link=app duration_us=4",
                "resolve handled route=product template=product/:id<int> origin=external link=app duration_us=4 value.id=42",
                "resolve handledByDefault route=home origin=external link=app duration_us=4",
            ])

        // sample: LinkHealth#4
        var report = LinkHealthReport(resolver: resolver)
        for line in ["shop://product/42", "3 shop://p/42?token=8f2c1e", "shop://promo/spring"] {
            report.add(line: line)
        }
        let outcomes = report.outcomes.map { "\($0.outcome.rawValue) \($0.count)" }
        // ["opensDefault 4", "opens 1"]
        let commonest = report.defaultRouteGroups.first?.description
        // "4 link(s): opensDefault, nearest product (product/:id<int>) — segment 1 is <private>, the template expects 'product'"
        // end sample
        #expect(outcomes == ["opensDefault 4", "opens 1"])
        #expect(
            commonest
                == "4 link(s): opensDefault, nearest product (product/:id<int>) — segment 1 is <private>, the template expects 'product'"
        )
    }

    @Test func theAdaptersAreObserversLikeAnyOther() async throws {
        // sample: LinkHealth#3
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.addObserver(LoggingObserver(logger: Logger(label: "shop.links")))
        builder.addObserver(MetricsObserver())
        let resolver = try builder.build()
        // end sample
        _ = await resolver.resolve("shop://product/42")
        await resolver.observation?.drain()
        #expect(resolver.observation?.statistics == ObservationStatistics(sent: 1, delivered: 2, dropped: 0, failed: 0))
    }
}
