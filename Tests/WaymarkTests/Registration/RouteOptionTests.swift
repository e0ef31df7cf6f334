import Foundation
import Testing
import Waymark

/// Flint's document routes, as a typed enum: several templates for one case, scopes, an
/// internal-only section whose children inherit it, a case that needs confirmation.
enum DocumentRoute: URLRoute {
    case createNew(name: String?)
    case open(docRef: String)
    case admin(AdminRoute)
    case delete(id: Int)

    static let routeMap: RouteMap<DocumentRoute> = [
        "createNew": ["create?name", "create-document", "new"],
        "open": .template("open?docRef", .scopes(.universal(domain: "yourdomain.com"))),
        "admin": .template("admin", .internalOnly),
        "delete": .template("delete/:id<int>", .requiresConfirmation, .properties(["presentation": "modal"])),
    ]
}

enum AdminRoute: URLRoute {
    case users
    case user(id: Int)

    static let routeMap: RouteMap<AdminRoute> = [
        "users": "users",
        "user": ["users/:id<int>", "people/:id<int>"],
    ]
}

/// One set of route options, taken in any order by every registration form.
@Suite struct RouteOptionTests {
    /// The options of one route, each of which changes what some link does.
    static let options: [(String, RouteOption)] = [
        ("internalOnly", .internalOnly),
        ("properties", .properties(["presentation": "modal"])),
        ("alsoMatches", .alsoMatches("item/:id<int>")),
        ("requiresConfirmation", .requiresConfirmation),
        ("priority", .priority(5)),
    ]

    /// What a resolver with `product` registered with these options does with a few links.
    static func outcomes(_ options: [RouteOption]) async throws -> [String] {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:id<int>", name: "product", options: options) { _ in .handled }
        builder.add("*rest", name: "rest") { _ in .handled }
        let resolver = try builder.build()
        var outcomes: [String] = []
        for link in ["shop://product/1", "product/1", "shop://item/2", "item/2"] {
            let result = await resolver.resolve(link)
            outcomes.append(
                "\(link) \(result.status) \(result.request?.routeName ?? "-") \(result.request?.properties ?? [:])")
        }
        return outcomes
    }

    /// Every order of every subset gives the same answers as the canonical order: options do not
    /// depend on where they are written.
    @Test func theOrderOfOptionsDoesNotMatter() async throws {
        var checked = 0
        for mask in 1..<(1 << Self.options.count) {
            let subset = Self.options.indices.filter { mask & (1 << $0) != 0 }.map { Self.options[$0].1 }
            let expected = try await Self.outcomes(subset)
            #expect(try await Self.outcomes(subset.reversed()) == expected)
            var rotated = subset
            rotated.append(rotated.removeFirst())
            #expect(try await Self.outcomes(rotated) == expected)
            checked += 1
        }
        #expect(checked == 31)
        // And each option does what it says.
        let all = try await Self.outcomes(Self.options.map(\.1))
        #expect(
            all == [
                "shop://product/1 internalOnly product [\"presentation\": \"modal\"]",
                "product/1 handled product [\"presentation\": \"modal\"]",
                "shop://item/2 internalOnly product [\"presentation\": \"modal\"]",
                "item/2 handled product [\"presentation\": \"modal\"]",
            ])
    }

    /// Several templates for one route: each opens it, the request names the one that matched,
    /// and the route's first template is the one a typed link prints.
    @Test func otherTemplatesOpenTheRouteAndOnlyTheFirstPrintsLinks() async throws {
        let table = try TypedRouteTable<DocumentRoute>(schemes: ["x-test"], domains: ["yourdomain.com"])
        for link in [
            "x-test://create?name=MyFile1", "x-test://create-document?name=MyFile1", "x-test://new?name=MyFile1",
        ] {
            #expect(table.route(for: link) == .createNew(name: "MyFile1"), "\(link)")
        }
        #expect(try table.appLink(for: .createNew(name: "a")) == "x-test://create?name=a")
        #expect(table.entries.first?.alternates.map(\.pattern) == ["create-document", "new"])

        var builder = RouteResolverBuilder(schemes: ["x-test"], domains: ["yourdomain.com"])
        try builder.add(routes: DocumentRoute.self) { _, _ in .handled }
        let resolver = try builder.build()
        let result = await resolver.resolve("x-test://new")
        #expect(result.status == .handled)
        #expect(result.request?.routeName == "DocumentRoute.createNew")
        #expect(result.request?.matchedTemplate?.pattern == "new")
    }

    /// A request names the template that matched, for every registration of a route with other
    /// templates and for the routes registered after it (whose registrations are shifted by them).
    @Test func aRequestNamesTheTemplateThatMatched() throws {
        var builder = RouteResolverBuilder(schemes: ["x-test"])
        builder.add("a", name: "first", .alsoMatches("b", "c")) { _ in .handled }
        builder.add("d", name: "second", .alsoMatches("e")) { _ in .handled }
        builder.add("f", name: "third") { _ in .handled }
        let resolver = try builder.build()
        let expected = ["a": "first", "b": "first", "c": "first", "d": "second", "e": "second", "f": "third"]
        for (path, name) in expected {
            let request = resolver.request(for: "x-test://\(path)")
            #expect(request?.routeName == name, "\(path)")
            #expect(request?.matchedTemplate?.pattern == path, "\(path)")
        }
    }

    /// A nested route's cases start from the options of the case that carries them, templates
    /// included: every combination of the parent's and the child's opens the child.
    @Test func nestedCasesInheritTheirParentsOptions() async throws {
        let table = try TypedRouteTable<DocumentRoute>(schemes: ["x-test"], domains: ["yourdomain.com"])
        #expect(table.route(for: "x-test://admin/users/7") == nil)
        #expect(table.route(for: "admin/users/7") == .admin(.user(id: 7)))
        #expect(table.route(for: "admin/people/7") == .admin(.user(id: 7)))

        var builder = RouteResolverBuilder(schemes: ["x-test"], domains: ["yourdomain.com"])
        try builder.add(routes: DocumentRoute.self) { _, _ in .handled }
        let resolver = try builder.build()
        #expect(await resolver.resolve("x-test://admin/people/7").status == .internalOnly)
        #expect(await resolver.resolve("admin/people/7").status == .handled)
    }

    /// The typed table opens only what matching alone decides; the resolver asks for the rest.
    @Test func aTypedTableNeverOpensWhatNeedsMoreThanMatching() async throws {
        let table = try TypedRouteTable<DocumentRoute>(schemes: ["x-test"], domains: ["yourdomain.com"])
        #expect(table.route(for: "x-test://delete/3") == nil)
        #expect(table.route(for: "delete/3") == .delete(id: 3))
        #expect(table.route(for: "x-test://delete/3", origin: .internal) == .delete(id: 3))
        #expect(table.route(for: "https://yourdomain.com/open?docRef=a") == .open(docRef: "a"))
        #expect(table.route(for: "x-test://open?docRef=a") == nil)

        var builder = RouteResolverBuilder(schemes: ["x-test"], domains: ["yourdomain.com"])
        try builder.add(routes: DocumentRoute.self) { _, _ in .handled }
        let resolver = try builder.build()
        let result = await resolver.resolve("x-test://delete/3")
        #expect(result.status == .needsConfirmation)
        #expect(result.request?.properties["presentation"] == "modal")
        #expect(await resolver.resolveConfirmed(result).status == .handled)
    }

    /// Options given to `add(routes:)` apply to every case, under each case's own.
    @Test func sharedOptionsApplyToEveryCase() async throws {
        let stop = FilterClosure(name: "signed-in") { _ in .reject("sign in first") }
        var builder = RouteResolverBuilder(schemes: ["x-test"], domains: ["yourdomain.com"])
        try builder.add(routes: DocumentRoute.self, .filters(stop), .properties(["source": "documents"])) { _, _ in
            .handled
        }
        let resolver = try builder.build()
        let result = await resolver.resolve("x-test://create")
        #expect(result.status == .rejected)
        #expect(result.request?.properties["source"] == "documents")
        let delete = await resolver.resolve("delete/1")
        #expect(delete.request?.properties == ["source": "documents", "presentation": "modal"])
    }

    /// The typed-input form takes the same options.
    @Test func theTypedInputFormTakesTheSameOptions() async throws {
        struct Share: Decodable, Sendable { var tweet: String }
        var builder = RouteResolverBuilder(schemes: ["my-app"])
        builder.add("send", name: "send", input: Share.self, .requiresConfirmation, .alsoMatches("tweet")) { _, _ in
            .handled
        }
        let resolver = try builder.build()
        #expect(await resolver.resolve("my-app://send?tweet=Hello%20World").status == .needsConfirmation)
        #expect(await resolver.resolve("my-app://tweet?tweet=Hi").status == .needsConfirmation)
        #expect(await resolver.resolve("tweet?tweet=Hi").status == .handled)
    }

    @Test func aDefaultRouteTakesPropertiesAndFiltersOnly() throws {
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.setDefaultRoute(name: "home", .properties(["a": "b"]), .filters([])) { _ in .handled }
        #expect(throws: Never.self) { try builder.build() }
        for (option, words) in [
            (RouteOption.scopes(.appAny), "scopes"), (.priority(1), "a priority"), (.internalOnly, "internal-only"),
            (.requiresConfirmation, "confirmation"), (.alsoMatches("x"), "other templates"),
        ] {
            builder.setDefaultRoute(name: "home", option) { _ in .handled }
            #expect(throws: RoutingError.self) { try builder.build() }
            #expect(
                builder.diagnostics().first?.message
                    == "the default route 'home' cannot have \(words): it runs when nothing else opens, for any link; it takes properties and filters only"
            )
        }
    }
}
