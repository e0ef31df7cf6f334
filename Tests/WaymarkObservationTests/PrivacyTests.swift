import Foundation
import Logging
import MetricsTestKit
import Testing
import Waymark
import WaymarkLogging
import WaymarkMetrics
import WaymarkNavigation

/// A secret in a link never reaches a log line or a metric label: in a path parameter, a query
/// value, a fragment, a user part, an unknown segment, behind a control character or past a
/// limit; whether the link is handled, falls to the default route, is rejected, refused, invalid
/// or over a limit; through a resolution, a confirmation and a preview.
@Suite struct PrivacyTests {
    /// Everything the two adapters wrote for `links`, as text.
    static func written(_ links: [String], configure: (inout RouteResolverBuilder) -> Void = { _ in }) async throws
        -> (log: String, metrics: String, events: [RoutingEvent])
    {
        let log = CapturedLog()
        let metrics = TestMetrics()
        let recorder = EventRecorder()
        var builder = SecretShop.builder()
        builder.addObserver(LoggingObserver(logger: log.logger()))
        builder.addObserver(MetricsObserver(factory: metrics))
        builder.addObserver(recorder)
        configure(&builder)
        let resolver = try builder.build()
        for link in links {
            let result = await resolver.resolve(link)
            _ = await resolver.resolveConfirmed(result)
            _ = resolver.preview(link)
        }
        await resolver.observation?.drain()
        return (log.text, Self.labels(of: metrics), await recorder.events)
    }

    /// Every label and dimension of every metric the test backend holds.
    static func labels(of metrics: TestMetrics) -> String {
        let keys =
            metrics.counters.map { ($0.label, $0.dimensions) } + metrics.timers.map { ($0.label, $0.dimensions) }
        return keys.map { label, dimensions in
            label + " " + dimensions.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    @Test(arguments: SecretShop.kinds.indices)
    func noSecretReachesALogOrAMetric(kind index: Int) async throws {
        let kind = SecretShop.kinds[index]
        let secret = SecretShop.marker + "4711"
        let written = try await Self.written([kind.make(secret)])
        #expect(!written.log.isEmpty, "\(kind.name): nothing was logged, so nothing was checked")
        #expect(!written.metrics.isEmpty, "\(kind.name): nothing was counted, so nothing was checked")
        #expect(!written.log.contains(SecretShop.marker), "\(kind.name): \(written.log)")
        #expect(!written.metrics.contains(SecretShop.marker), "\(kind.name): \(written.metrics)")
        for event in written.events {
            #expect(!event.description.contains(SecretShop.marker), "\(kind.name): \(event)")
            #expect(event.outcome.name == kind.outcome.description || event.source != .resolve)
        }
    }

    /// The same test can fail: a value the route marks loggable, and the link when the app asks for
    /// it, do reach the log; never a metric label.
    @Test func whatTheAppMarksLoggableIsLoggedAndNeverALabel() async throws {
        let secret = SecretShop.marker + "99"
        let written = try await Self.written(["shop://product/42?ref=\(secret)"]) { $0.eventsIncludeURLs = true }
        #expect(written.log.contains("waymark.value.id=42"))
        #expect(written.log.contains("waymark.url=shop://product/42?ref=\(secret)"))
        #expect(!written.metrics.contains(secret))
        #expect(!written.metrics.contains("42"))
    }

    @Test func aFailingDestinationIsAnErrorAndDropsAWarning() async throws {
        let log = CapturedLog()
        let observer = LoggingObserver(logger: log.logger())
        let level = LoggingObserver.level(
            of: RoutingEvent(
                source: .resolve, outcome: RoutingEvent.Outcome(.failed), routeName: nil, template: nil,
                origin: .external,
                linkKind: .app, duration: .zero))
        #expect(level == .error)
        await observer.eventsDropped(3)
        #expect(log.text.contains("waymark.dropped=3"))
    }

    @MainActor @Test func aRouterLogsRouteNamesWithoutTheirValues() async {
        let log = CapturedLog()
        let router = Router(root: NavigationAndLoaderEventTests.Screen.home, logger: log.logger(), isReady: false)
        await router.open(.product(id: 4711))
        router.isReady = true
        router.apply(.product(id: 4712))
        #expect(!log.text.contains("471"), "\(log.text)")
        #expect(log.text.contains("product(<private>)"))
    }

    enum Shop: Route, Codable, Hashable {
        case home
        case search(query: String)
        case account(Account)

        enum Account: Route, Codable, Hashable {
            case order(id: String)
        }
    }

    /// Names come from the route's encoding (or reflection), never parsed from `Route.name`: a
    /// value holding `)` cannot end the parentheses early and leak what follows.
    @Test func aRouteIsNamedByItsCasesNeverByItsValues() {
        let hostile = "a)sekrit) (x"
        #expect(RoutingEvent.caseName(of: Shop.search(query: hostile)) == "search")
        #expect(ValueRedaction.loggableName(of: Shop.search(query: hostile)) == "search(<private>)")
        #expect(ValueRedaction.loggableName(of: Shop.account(.order(id: hostile))) == "account.order(<private>)")
        #expect(ValueRedaction.loggableName(of: Shop.home) == "home")
        // By reflection, for a route that is not Codable.
        #expect(
            ValueRedaction.loggableName(of: NavigationAndLoaderEventTests.Screen.product(id: 7)) == "product(<private>)"
        )
        #expect(RoutingEvent.caseName(of: NavigationAndLoaderEventTests.Screen.home) == "home")
    }

    /// A router's events, log lines and metric labels for routes whose values hold `)`: one label
    /// per case however many values, and no value anywhere.
    @MainActor @Test func aRoutersEventsLogsAndLabelsCarryNoValue() async throws {
        let log = CapturedLog()
        let metrics = TestMetrics()
        let router = Router(root: Shop.home, logger: log.logger(), isReady: false)
        router.observation = ObservationChannel(observers: [
            LoggingObserver(logger: log.logger()), MetricsObserver(factory: metrics),
        ])
        for index in 0..<50 {
            await router.open(.search(query: "q)sekrit\(index))"))
            await router.open(.account(.order(id: "o)sekrit\(index)")))
        }
        router.isReady = true
        await router.observation?.drain()
        #expect(!log.text.contains("sekrit"), "\(log.text.prefix(500))")
        #expect(!Self.labels(of: metrics).contains("sekrit"))
        let routes = Set(
            metrics.counters(label: "waymark_links").compactMap { counter in
                counter.dimensions.first { $0.0 == "route" }?.1
            })
        #expect(routes == ["search", "account.order"])
    }

    @Test(arguments: [
        (
            "segment 1 is \"p\", the template expects 'product'", false,
            "segment 1 is <private>, the template expects 'product'"
        ),
        ("a \"x\" and \"y\" end", false, "a <private> end"),
        ("path segment 2 ('sekrit') is not valid UTF-8", true, "path segment 2 (<private>) is not valid UTF-8"),
        ("odd \"sekrit", false, "odd <private>"),
        ("no quotes", false, "no quotes"),
    ])
    func aReasonLosesWhatTheLinkCarried(reason: String, singleQuotes: Bool, redacted: String) {
        #expect(ValueRedaction.redactingQuotedText(in: reason, singleQuotes: singleQuotes) == redacted)
    }
}
