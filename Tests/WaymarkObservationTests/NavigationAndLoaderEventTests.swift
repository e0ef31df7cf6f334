import Foundation
import Logging
import Testing
import Waymark
import WaymarkLogging
import WaymarkNavigation
import WaymarkPathConfiguration
import WaymarkTesting

/// A router's answers, its deferred routes when they show, and a path-configuration loader's
/// reports reach observers the same way routing events do.
@Suite struct NavigationAndLoaderEventTests {
    enum Screen: Route, Hashable {
        case home
        case product(id: Int)
    }

    @MainActor @Test func aRouterGivesThePolicysAnswerAndTheDeferredRouteWhenItShows() async throws {
        let recorder = EventRecorder()
        let router = Router(root: Screen.home, isReady: false)
        router.observation = ObservationChannel(observers: [recorder])
        await router.open(.product(id: 1))
        router.isReady = true
        await router.open(.product(id: 2))
        await router.observation?.drain()
        let events = await recorder.events
        #expect(events.map(\.source) == [.router, .deferred, .router])
        #expect(events.map(\.outcome.name) == ["deferred", "handled", "handled"])
        #expect(events.allSatisfy { $0.routeName == "product" })
        #expect(events.allSatisfy { $0.origin == .external })
    }

    actor ReportRecorder: PathConfigurationObserver {
        private(set) var reports: [PathConfigurationReport] = []
        func observe(_ report: PathConfigurationReport) { reports.append(report) }
    }

    @Test func aLoaderGivesEveryReportAsItHappens() async throws {
        let recorder = ReportRecorder()
        let log = CapturedLog()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-observe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try TestHTTPServer(script: [
            .document(Data(#"{"rules": []}"#.utf8), etag: "\"v1\""), .notModified, .status(500),
        ])
        let loader = PathConfigurationLoader(
            sources: [
                .data(Data(#"{"rules": [{"patterns": [".*"], "properties": {}}]}"#.utf8)),
                .server(server.url("/ios.json")),
            ],
            cache: PathConfigurationCache(directory: directory),
            observers: [recorder, LoggingObserver(logger: log.logger(label: "waymark.path-configuration"))])
        await loader.load()
        await loader.refresh()
        await loader.refresh()
        await loader.observation?.drain()
        let reports = await recorder.reports
        #expect(reports.map(\.kind) == [.applied, .applied, .notModified, .failed])
        #expect(reports == (await loader.reports))
        #expect(log.lines.map(\.level) == [.info, .info, .debug, .warning])
        #expect(log.lines.last?.metadata["waymark.kind"] == "failed")
    }

    @Test func aServerURLShowsItsQueryAsPrivate() throws {
        let url = try #require(URL(string: "https://shop.example.com/ios.json?key=sekrit#top"))
        #expect(PathConfigurationSource.server(url).description == "https://shop.example.com/ios.json?<private>")
        let plain = try #require(URL(string: "https://shop.example.com/ios.json"))
        #expect(PathConfigurationSource.server(plain).description == "https://shop.example.com/ios.json")
    }

    enum Link: URLRoute, Equatable {
        case product(id: Int)
        static let routeMap: RouteMap<Link> = ["product": "product/:id<int>"]
    }

    @MainActor @Test func aRouterOpeningALinkSaysWhereTheLinkCameFrom() async throws {
        let recorder = EventRecorder()
        let router = Router(root: Link.product(id: 0))
        router.observation = ObservationChannel(observers: [recorder])
        let table = try TypedRouteTable<Link>(schemes: ["shop"], domains: ["shop.example.com"])
        await router.open("https://shop.example.com/product/1", with: table)
        await router.open("product/2", with: table)
        await router.observation?.drain()
        let events = await recorder.events
        #expect(
            events.map { "\($0.origin?.rawValue ?? "-") \($0.linkKind?.rawValue ?? "-")" } == [
                "external universal", "internal internal",
            ])
    }
}
