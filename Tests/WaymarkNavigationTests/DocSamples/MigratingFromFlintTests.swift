import Testing
import Waymark
import WaymarkNavigation

/// The samples of "Migrating from Flint" (Waymark.docc), run as written. They use
/// `WaymarkNavigation` (the presentation policy), so they run in this test target.
@Suite struct MigratingFromFlintTests {
    // sample: MigratingFromFlint#1
    enum DocumentRoute: URLRoute {
        case documents
        case send(tweet: String)
        case createNew(name: String)
        case openDocument(docRef: String)

        static let routeMap: RouteMap<DocumentRoute> = [
            "documents": "/",
            "send": "send?tweet",
            "createNew": "create?name",
            "openDocument": "open?docRef",
        ]

        var routingType: RoutingType {
            if case .documents = self { return .root }
            return .sheet()
        }
    }
    // end sample

    /// Stands for the app's purchases: nothing is purchased.
    actor Purchases {
        static let shared = Purchases()
        func isPurchased(_ product: String) -> Bool { false }
    }

    @Test func actionsAndInputsAndLinks() throws {
        // sample: MigratingFromFlint#2
        let routes = try TypedRouteTable<DocumentRoute>(
            schemes: ["x-your-app", "my-app"], domains: ["your-app-domain.com"])
        let tweet = routes.route(for: "my-app://send?tweet=Hello%20World")  // .send(tweet: "Hello World")
        let created = routes.route(for: "x-your-app://create?name=MyFile1")  // .createNew(name: "MyFile1")
        let opened = routes.route(for: "https://your-app-domain.com/open?docRef=456643564563634643643")
        // .openDocument(docRef: "456643564563634643643")
        // end sample
        #expect(tweet == .send(tweet: "Hello World"))
        #expect(created == .createNew(name: "MyFile1"))
        #expect(opened == .openDocument(docRef: "456643564563634643643"))

        // sample: MigratingFromFlint#6
        let appLink = try routes.appLink(for: .openDocument(docRef: "456643564563634643643"))
        // "x-your-app://open?docRef=456643564563634643643"
        let universalLink = try routes.universalLink(for: .createNew(name: "My File"))
        // "https://your-app-domain.com/create?name=My%20File"
        let otherScheme = try routes.appLink(for: .send(tweet: "Hello World"), scheme: "my-app")
        // "my-app://send?tweet=Hello%20World"
        // end sample
        #expect(appLink == "x-your-app://open?docRef=456643564563634643643")
        #expect(universalLink == "https://your-app-domain.com/create?name=My%20File")
        #expect(otherScheme == "my-app://send?tweet=Hello%20World")
    }

    @Test func scopesLegacyPathsAndTheMostSpecificScope() async throws {
        // sample: MigratingFromFlint#3
        struct DocumentRef: Codable, Sendable {
            var name: String
        }

        let createDocument: @Sendable (DocumentRef, RouteRequest) async throws -> DestinationOutcome = { document, _ in
            print("create", document.name)
            return .handled
        }

        var builder = RouteResolverBuilder(
            schemes: ["x-your-app", "x-test", "internal-test"],
            domains: ["your-app-domain.com", "yourdomain.com", "legacydomain.com"])
        builder.add(
            "create", name: "createLegacy", input: DocumentRef.self,
            .scopes(.app(scheme: "x-test"), .app(scheme: "internal-test"), .universal(domain: "yourdomain.com")),
            to: createDocument)
        builder.add("create-document", name: "createNew", input: DocumentRef.self, to: createDocument)
        builder.add("open", name: "openDocument", input: DocumentRef.self) { _, _ in .handled }
        builder.add(
            "open", name: "openLegacy", input: DocumentRef.self, .scopes(.universal(domain: "legacydomain.com"))
        ) { _, _ in
            .handled
        }
        let resolver = try builder.build()

        let legacy = await resolver.resolve("x-test://create?name=MyFile1").request?.routeName  // "createLegacy"
        let current = await resolver.resolve("x-your-app://create-document?name=MyFile1")
        let currentName = current.request?.routeName  // "createNew"
        let notThere = await resolver.resolve("x-your-app://create?name=MyFile1").status  // .unmatched
        let specific = await resolver.resolve("https://legacydomain.com/open?name=a")
        let specificName = specific.request?.routeName  // "openLegacy"
        let anyDomain = await resolver.resolve("https://your-app-domain.com/open?name=a")
        let anyDomainName = anyDomain.request?.routeName  // "openDocument"
        // end sample
        #expect(legacy == "createLegacy")
        #expect(currentName == "createNew")
        #expect(notThere == .unmatched)
        #expect(specificName == "openLegacy")
        #expect(anyDomainName == "openDocument")
        #expect(await resolver.resolve("https://yourdomain.com/create?name=x").request?.routeName == "createLegacy")
    }

    @MainActor @Test func thePresentationRouter() async throws {
        // sample: MigratingFromFlint#4
        struct DocumentPresentationPolicy: PresentationPolicy {
            func decide(_ route: DocumentRoute, in state: NavigationState<DocumentRoute>) -> PresentationDecision {
                switch route {
                case .send: .unsupported("sending is not supported on this device")
                case .documents, .createNew, .openDocument:
                    state.presentation == nil ? .ready : .cancelled("a document is already open")
                }
            }
        }

        let router = Router(root: DocumentRoute.documents)
        router.policy = DocumentPresentationPolicy()

        var app = RouteResolverBuilder(schemes: ["x-your-app", "my-app"], domains: ["your-app-domain.com"])
        try app.add(routes: DocumentRoute.self) { route, request in
            await router.open(route, properties: request.properties).destinationOutcome
        }
        let links = try app.build()

        let first = await links.resolve("x-your-app://create?name=MyFile1")
        let ready = first.status  // .handled
        let onScreen = router.state.visibleRoute  // .createNew(name: "MyFile1")
        let second = await links.resolve("https://your-app-domain.com/open?docRef=4566")
        let cancelled = second.status  // .presentationCancelled
        let why = second.reason
        // "route 'DocumentRoute.openDocument' (\"open\") was cancelled: a document is already open"
        let tweet = await links.resolve("my-app://send?tweet=Hello%20World").status  // .unsupported
        // end sample
        #expect(ready == .handled)
        #expect(onScreen == .createNew(name: "MyFile1"))
        #expect(cancelled == .presentationCancelled)
        #expect(why == #"route 'DocumentRoute.openDocument' ("open") was cancelled: a document is already open"#)
        #expect(tweet == .unsupported)
    }

    @Test func aPurchasedFeature() async throws {
        // sample: MigratingFromFlint#5
        let advanced = FeatureClosure(name: "advanced-workflows") { await Purchases.shared.isPurchased("advanced") }

        var workflows = RouteResolverBuilder(schemes: ["x-your-app"])
        workflows.add("workflow/:id", name: "workflow", .feature(advanced)) { _ in .handled }
        workflows.add("store", name: "store", .feature(advanced, whenUnavailable: .redirect(to: "paywall"))) { _ in
            .handled
        }
        workflows.add("paywall", name: "paywall") { _ in .handled }
        let gated = try workflows.build()

        let beforePurchase = await gated.resolve("x-your-app://workflow/7")
        let status = beforePurchase.status  // .featureUnavailable
        let feature = beforePurchase.feature  // "advanced-workflows"
        let toPaywall = await gated.resolve("x-your-app://store").request?.routeName  // "paywall"
        // end sample
        #expect(status == .featureUnavailable)
        #expect(feature == "advanced-workflows")
        #expect(toPaywall == "paywall")
    }
}
