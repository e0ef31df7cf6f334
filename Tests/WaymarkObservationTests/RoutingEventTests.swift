import Foundation
import Testing
import Waymark
import WaymarkNavigation

/// What each way of opening a link tells its observers: one event per call, with the outcome,
/// route, template, origin, link kind, filter, redirects, feature and limit.
@Suite struct RoutingEventTests {
    /// The shop with a recorder, and what it recorded after `body` ran.
    func events(
        _ configure: (inout RouteResolverBuilder) -> Void = { _ in }, _ body: (RouteResolver) async -> Void
    ) async throws -> [RoutingEvent] {
        let recorder = EventRecorder()
        var builder = SecretShop.builder()
        builder.addObserver(recorder)
        configure(&builder)
        let resolver = try builder.build()
        await body(resolver)
        await resolver.observation?.drain()
        return await recorder.events
    }

    @Test func aResolutionGivesOneEventWithWhatRoutingDecided() async throws {
        let events = try await events { _ = await $0.resolve("shop://product/42?ref=mail") }
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.source == .resolve)
        #expect(event.outcome == RoutingEvent.Outcome(.handled))
        #expect(event.routeName == "product")
        #expect(event.template == "product/:id<int>")
        #expect(event.origin == .external)
        #expect(event.linkKind == .app)
        #expect(event.loggableValues == [RoutingEvent.LoggableValue(name: "id", value: "42")])
        #expect(event.url == nil)
        #expect(event.duration >= .zero)
    }

    @Test func eachOutcomeNamesWhatStoppedTheLink() async throws {
        let events = try await events { resolver in
            _ = await resolver.resolve("shop://orders/x1")
            _ = await resolver.resolve("shop://pro/gold")
            _ = await resolver.resolve("https://shop.example.com/nowhere")
            _ = await resolver.resolve("shop://debug/menu")
            _ = await resolver.resolve("debug/menu")
            _ = await resolver.resolve("shop://product/1?pad=" + String(repeating: "a", count: 600))
        }
        #expect(
            events.map(\.outcome.name) == [
                "rejected", "featureUnavailable", "handledByDefault", "internalOnly", "handled", "limitExceeded",
            ])
        #expect(events[0].filter == "known-order")
        #expect(events[1].feature == "pro")
        #expect(events[2].routeName == "home")
        #expect(events[2].template == nil)
        #expect(events[2].linkKind == .universal)
        #expect(events[2].outcome.tookDefaultRoute)
        #expect(events[3].outcome.isFailure)
        #expect(events[4].origin == .internal)
        #expect(events[4].linkKind == .internal)
        #expect(events[5].exceededLimit == .urlLength)
        #expect(events[5].origin == nil)
    }

    @Test func aRedirectChainIsCountedAndItsLastFilterNamed() async throws {
        let events = try await events(
            { builder in
                builder.add(
                    "old/:id", name: "old",
                    .filters(
                        FilterClosure(name: "moved") { request in
                            .redirect(to: "product/\(request.routeParameters?["id"] ?? "")")
                        })
                ) { _ in .handled }
            },
            { _ = await $0.resolve("old/7") })
        #expect(events.count == 1)
        #expect(events[0].redirectCount == 1)
        #expect(events[0].filter == "moved")
        #expect(events[0].routeName == "product")
    }

    @Test func aConfirmedResolutionIsAnEventOfItsOwn() async throws {
        let events = try await events(
            { $0.add("transfer/:amount", name: "transfer", .requiresConfirmation) { _ in .handled } },
            { resolver in
                let asked = await resolver.resolve("shop://transfer/10")
                _ = await resolver.resolveConfirmed(asked)
            })
        #expect(events.map(\.source) == [.resolve, .confirmedResolve])
        #expect(events.map(\.outcome.name) == ["needsConfirmation", "handled"])
        #expect(events[0].outcome.opensRoute)
    }

    @Test func aPreviewGivesItsOutcome() async throws {
        let events = try await events { resolver in
            _ = resolver.preview("shop://product/1")
            _ = resolver.preview("shop://nowhere")
            _ = resolver.preview("shop://product/1\u{01}")
        }
        #expect(events.map(\.source) == [.preview, .preview, .preview])
        #expect(events.map(\.outcome.name) == ["opens", "opensDefault", "invalid"])
        #expect(events[1].outcome.tookDefaultRoute)
    }

    @Test func theLinkIsInTheEventOnlyWhenTheAppAsks() async throws {
        let events = try await events({ $0.eventsIncludeURLs = true }, { _ = await $0.resolve("shop://product/5") })
        #expect(events.first?.url == "shop://product/5")
        #expect(events.first?.fields.last.map { "\($0.key)=\($0.value)" } == "url=shop://product/5")
    }

    @Test func aRouteMarkedLoggableGivesEveryValueAndOthersNone() async throws {
        let events = try await events(
            { $0.add("search", name: "search", .loggable) { _ in .handled } },
            { resolver in
                _ = await resolver.resolve("shop://search?q=boots&page=2")
                _ = await resolver.resolve("shop://sign-in/abc")
            })
        #expect(events[0].loggableValues.map { "\($0.name)=\($0.value)" } == ["page=2", "q=boots"])
        #expect(events[1].loggableValues.isEmpty)
        #expect(
            events[0].description
                == "resolve handled route=search template=search origin=external link=app duration_us=\(events[0].fields.first { $0.key == "duration_us" }?.value ?? "") value.page=2 value.q=boots"
        )
    }

    enum ShopRoute: URLRoute, Equatable {
        case product(id: Int)
        case secret(token: String)

        static let routeMap: RouteMap<ShopRoute> = [
            "product": .template("product/:id<int>", .loggable("id")),
            "secret": "secret/:token",
        ]
    }

    @Test func aTypedTableGivesTheCaseAndWhyNot() async throws {
        let recorder = EventRecorder()
        let table = try TypedRouteTable<ShopRoute>(schemes: ["shop"]).observed(by: [recorder])
        #expect(table.route(for: "shop://product/3") == .product(id: 3))
        #expect(table.route(for: "shop://product/x") == nil)
        #expect(table.route(for: "shop://secret/abc") == .secret(token: "abc"))
        #expect(table.route(for: "other://product/3") == nil)
        await table.observation?.drain()
        let events = await recorder.events
        #expect(events.map(\.source) == Array(repeating: .typedTable, count: 4))
        #expect(events.map(\.outcome.name) == ["handled", "unmatched", "handled", "refused"])
        #expect(events[0].routeName == "ShopRoute.product")
        #expect(events[0].loggableValues == [RoutingEvent.LoggableValue(name: "id", value: "3")])
        #expect(events[2].loggableValues.isEmpty)
    }
}

/// A route file marks loggable values as a builder does, and says what is wrong with the field.
@Suite struct RouteFileLoggableTests {
    static func file(_ loggable: String) throws -> RouteFile {
        try RouteFile(
            data: Data(
                """
                {"schemes": ["shop"], "routes": [
                  {"name": "product", "template": "product/:id<int>", "loggable": \(loggable)},
                  {"name": "signIn", "template": "sign-in/:token"}
                ]}
                """.utf8), source: "routes.json")
    }

    @Test func aRouteFileMarksValuesLoggable() async throws {
        for (loggable, values) in [("[\"id\"]", ["id=42"]), ("true", ["id=42", "ref=mail"]), ("false", [])] {
            var builder = try Self.file(loggable).makeBuilder()
            let recorder = EventRecorder()
            builder.addObserver(recorder)
            let resolver = try builder.build()
            _ = await resolver.resolve("shop://product/42?ref=mail")
            _ = await resolver.resolve("shop://sign-in/abc")
            await resolver.observation?.drain()
            let events = await recorder.events
            #expect(events[0].loggableValues.map { "\($0.name)=\($0.value)" } == values, "\(loggable)")
            #expect(events[1].loggableValues.isEmpty)
        }
        #expect(try Self.file("[\"id\", \"ref\"]").routes[0].loggableNames == ["id", "ref"])
        #expect(try Self.file("true").routes[0].logsEveryValue)
    }

    @Test(arguments: [
        ("3", "loggable: must be true (every value of the route) or a list of parameter and query names, not 3"),
        ("[\"id\", 7]", "loggable[1]: must be a non-empty parameter or query name, not 7"),
        ("[\"\"]", "loggable[0]: must be a non-empty parameter or query name, not \"\""),
    ])
    func aWrongLoggableFieldIsNamed(loggable: String, message: String) throws {
        do {
            _ = try Self.file(loggable)
            Issue.record("\(loggable) was accepted")
        } catch let error as RouteFileError {
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(text.contains(message), "\(text)")
        }
    }
}
