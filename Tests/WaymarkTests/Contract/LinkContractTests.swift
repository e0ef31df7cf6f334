import Foundation
import Testing

@testable import Waymark

/// A published-links contract (issue 35): frozen from one version of an app's routes, it holds
/// against that version and names every way a later version breaks a link.
@Suite struct LinkContractTests {
    /// What a later version of the shop changes.
    struct Change: OptionSet, Sendable {
        let rawValue: Int
        static let renamedProductRoute = Change(rawValue: 1 << 0)
        static let productTemplateMoved = Change(rawValue: 1 << 1)
        static let productParameterRenamed = Change(rawValue: 1 << 2)
        static let productPresentationChanged = Change(rawValue: 1 << 3)
        static let productAsksToConfirm = Change(rawValue: 1 << 4)
        static let transferNoLongerAsks = Change(rawValue: 1 << 5)
        static let noDefaultRoute = Change(rawValue: 1 << 6)
        static let otherDomain = Change(rawValue: 1 << 7)
        static let productInternal = Change(rawValue: 1 << 8)
        static let categoryTypedInput = Change(rawValue: 1 << 9)
        static let productRejected = Change(rawValue: 1 << 10)
        static let productRedirected = Change(rawValue: 1 << 11)
    }

    struct CategoryInput: Decodable, Sendable {
        var slug: Int
    }

    /// The shop, as version 1 has it, with `changes` applied.
    static func shop(_ changes: Change = []) throws -> RouteResolver {
        let domains = changes.contains(.otherDomain) ? ["shop.example.org"] : ["shop.example.com"]
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: domains)
        let productTemplate =
            changes.contains(.productTemplateMoved)
            ? "products/:id<int>" : changes.contains(.productParameterRenamed) ? "product/:sku" : "product/:id<int>"
        var productOptions: [RouteOption] = [
            .properties(["presentation": changes.contains(.productPresentationChanged) ? "sheet" : "modal"])
        ]
        if changes.contains(.productAsksToConfirm) { productOptions.append(.requiresConfirmation) }
        if changes.contains(.productInternal) { productOptions.append(.internalOnly) }
        if changes.contains(.productRejected) {
            productOptions.append(.filters(FilterClosure(name: "age") { _ in .reject("age not confirmed") }))
        }
        if changes.contains(.productRedirected) {
            productOptions.append(.filters(FilterClosure(name: "sale") { _ in .redirect(to: "category/sale") }))
        }
        let productName = changes.contains(.renamedProductRoute) ? "item" : "product"
        builder.add(try RouteTemplate(parsing: productTemplate), name: productName, options: productOptions) { _ in
            .handled
        }
        if changes.contains(.categoryTypedInput) {
            builder.add("category/:slug", name: "category", input: CategoryInput.self) { _, _ in .handled }
        } else {
            builder.add("category/:slug", name: "category") { _ in .handled }
        }
        if changes.contains(.transferNoLongerAsks) {
            builder.add("transfer/:amount<int>", name: "transfer") { _ in .handled }
        } else {
            builder.add("transfer/:amount<int>", name: "transfer", .requiresConfirmation) { _ in .handled }
        }
        builder.add("debug/menu", name: "debug", .internalOnly) { _ in .handled }
        if !changes.contains(.noDefaultRoute) { builder.setDefaultRoute(name: "home") { _ in .handled } }
        return try builder.build()
    }

    static let published: [(url: String, origin: RouteOrigin?)] = [
        ("shop://product/42", nil), ("https://shop.example.com/product/42", nil), ("shop://category/sale", nil),
        ("shop://transfer/5", nil), ("/debug/menu", .internal),
    ]

    /// Version 1's contract, with the property the app relies on.
    static func contract() async throws -> LinkContract {
        let recording = await LinkContract.recording(published, with: try shop(), propertyKeys: ["presentation"])
        #expect(recording.skipped.isEmpty)
        return recording.contract
    }

    @Test func aContractFrozenFromTodaysRoutesHoldsAgainstThem() async throws {
        let contract = try await Self.contract()
        #expect(contract.links.map(\.route) == ["product", "product", "category", "transfer", "debug"])
        #expect(contract.links[0].parameters == RouteParameters([("id", "42")]))
        #expect(contract.links[0].properties == ["presentation": "modal"])
        #expect(contract.links[0].template == "product/:id<int>")
        #expect(contract.links[0].origin == .external)
        #expect(contract.links.map(\.confirmation) == [false, false, false, true, false])
        #expect(contract.links[4].origin == .internal)
        let report = await contract.check(try Self.shop())
        #expect(report.holds)
        #expect(report.checked == 5)
        #expect(report.description == "5 link(s) hold")
    }

    @Test func theFileReadsBackAsTheSameContract() async throws {
        var contract = try await Self.contract()
        contract.note = "Links printed in 2026"
        contract.links[0].note = "spring 2026 poster \"A\""
        let text = contract.jsonText
        #expect(try LinkContract(json: text) == contract)
        // One link per line: a change to one link is a one-line diff.
        #expect(text.split(separator: "\n").count == contract.links.count + 6)
        #expect(
            text.contains(
                #"{"url": "shop://product/42", "origin": "external", "route": "product", "template": "product/:id<int>", "parameters": {"id": "42"}, "properties": {"presentation": "modal"}, "note": "spring 2026 poster \"A\""}"#
            ))
    }

    /// One change, the link it breaks, how, and the start of the message.
    struct BreakCase: Sendable, CustomTestStringConvertible {
        var change: Change
        var index: Int
        var kind: LinkContract.Break.Kind
        var message: String
        var testDescription: String { kind.rawValue }
    }

    static let nearestMoved =
        #"nearest: product (products/:id<int>) — segment 1 is "product", the template expects 'products'"#

    static let breakCases: [BreakCase] = [
        BreakCase(
            change: .renamedProductRoute, index: 0, kind: .otherRoute,
            message: "shop://product/42: was product(id=42), now item(id=42)"),
        BreakCase(
            change: .productRedirected, index: 0, kind: .otherRoute,
            message: "shop://product/42: was product(id=42), now category(slug=sale) (redirected by filter 'sale')"),
        BreakCase(
            change: .productParameterRenamed, index: 0, kind: .otherParameters,
            message: "shop://product/42: was product(id=42), now product(sku=42)"),
        BreakCase(
            change: .productPresentationChanged, index: 0, kind: .otherProperty,
            message:
                #"shop://product/42: was product(id=42), now product(id=42) with presentation "sheet" (was "modal")"#),
        BreakCase(
            change: .productAsksToConfirm, index: 0, kind: .confirmation,
            message: "shop://product/42: was product(id=42), now product(id=42) asking to confirm"),
        BreakCase(
            change: .transferNoLongerAsks, index: 3, kind: .confirmation,
            message:
                "shop://transfer/5: was transfer(amount=5) asking to confirm, now transfer(amount=5) without asking to confirm"
        ),
        BreakCase(
            change: .productTemplateMoved, index: 0, kind: .defaultRoute,
            message: "shop://product/42: was product(id=42), now the default route (home): no route matches the path "
                + "(2 segments); " + nearestMoved),
        BreakCase(
            change: [.productTemplateMoved, .noDefaultRoute], index: 0, kind: .unmatched,
            message: "shop://product/42: was product(id=42), now unmatched: no route matches the path (2 segments); "
                + nearestMoved),
        BreakCase(
            change: [.otherDomain, .noDefaultRoute], index: 1, kind: .refused,
            message: "https://shop.example.com/product/42: was product(id=42), now refused: "),
        BreakCase(
            change: .productInternal, index: 0, kind: .internalOnly,
            message: "shop://product/42: was product(id=42), now internal-only: "),
        BreakCase(
            change: .categoryTypedInput, index: 2, kind: .invalid,
            message: "shop://category/sale: was category(slug=sale), now invalid"),
        BreakCase(
            change: .productRejected, index: 0, kind: .notOpened,
            message:
                "shop://product/42: was product(id=42), now rejected at product: filter 'age' rejected the request: age not confirmed"
        ),
    ]

    /// Every way a link breaks, each from one change to version 1, with what it does now.
    @Test(arguments: breakCases)
    func everyKindOfBreakIsNamed(_ breakCase: BreakCase) async throws {
        let contract = try await Self.contract()
        let report = await contract.check(try Self.shop(breakCase.change))
        let broken = try #require(report.breaks.first { $0.index == breakCase.index })
        #expect(broken.kind == breakCase.kind)
        #expect(broken.unredactedDescription.hasPrefix(breakCase.message), "\(broken.unredactedDescription)")
        #expect(!report.holds)
    }

    @Test func everyKindOfBreakHasATest() {
        // A new kind needs a case in `breakCases`.
        #expect(Set(Self.breakCases.map(\.kind)) == Set(LinkContract.Break.Kind.allCases))
    }

    @Test func aNoteFollowsItsBreakAndTheNearestPrefersTheContractedRoute() async throws {
        var contract = try await Self.contract()
        contract.links[0].note = "spring 2026 poster"
        let report = await contract.check(try Self.shop(.productTemplateMoved))
        let broken = try #require(report.breaks.first)
        #expect(broken.description.hasSuffix("(spring 2026 poster)"))
        #expect(broken.nearest.first?.route == "product")
        #expect(report.breaks.map(\.index) == [0, 1])
        #expect(report.description.hasSuffix("5 link(s) checked, 2 broken"))
    }

    /// `description` is for a log line: the link by its position, values `<private>`, no URL and no
    /// quoted segment; `unredactedDescription` has them, for the command line and tests.
    @Test func aBreakPrintsNoValueUnlessAskedByName() async throws {
        var contract = try await Self.contract()
        contract.links[0].url = "shop://product/4242?token=s3cret"
        contract.links[0].parameters = RouteParameters([("id", "4242")])
        let report = await contract.check(try Self.shop([.productParameterRenamed]))
        let broken = try #require(report.breaks.first)
        for text in [broken.description, report.description, "\(report.breaks)", "\(broken)"] {
            #expect(!text.contains("4242") && !text.contains("s3cret"), "\(text)")
        }
        #expect(broken.description == "links[0]: was product(id=<private>), now product(sku=<private>)")
        #expect(broken.unredactedDescription.hasPrefix("shop://product/4242?token=s3cret: was product(id=4242)"))
        #expect(report.unredactedDescription.contains("4242"))
        let moved = await contract.check(try Self.shop([.productTemplateMoved]))
        #expect(
            moved.breaks.first?.description
                == "links[0]: was product(id=<private>), now the default route (home): no route matches the path "
                + "(2 segments); nearest: product (products/:id<int>)")
    }

    /// Another route took the link (a catch-all, or a template that wins precedence): the break
    /// says where the link fails its own route's templates.
    @Test func aLinkAnotherRouteTakesSaysWhyItsOwnRouteDidNot() async throws {
        var before = RouteResolverBuilder(schemes: ["shop"])
        before.add("category/:slug", name: "category") { _ in .handled }
        before.add("*path", name: "web") { _ in .handled }
        let contract = await LinkContract.recording([("shop://category/sale", nil)], with: try before.build()).contract
        var after = RouteResolverBuilder(schemes: ["shop"])
        after.add("category/:slug<int>", name: "category") { _ in .handled }
        after.add("*path", name: "web") { _ in .handled }
        let broken = try #require(await contract.check(try after.build()).breaks.first)
        #expect(broken.kind == .otherRoute)
        #expect(
            broken.unredactedDescription
                == "shop://category/sale: was category(slug=sale), now web(path=category/sale); nearest: category "
                + #"(category/:slug<int>) — segment 2 is "sale", which is not a valid int"#)
    }

    /// A link that asks to confirm is checked past the question: its route's filters and
    /// destination run, and a value it no longer carries breaks it.
    @Test func aLinkThatAsksToConfirmIsCheckedOnceConfirmed() async throws {
        func shop(declining: Bool) throws -> RouteResolver {
            var builder = RouteResolverBuilder(schemes: ["shop"])
            builder.add("transfer/:amount", name: "transfer", .requiresConfirmation) { request in
                declining && request.routeParameters?["amount"] == "abc" ? .declined : .handled
            }
            return try builder.build()
        }
        let recording = await LinkContract.recording(
            [("shop://transfer/5", nil), ("shop://transfer/abc", nil)], with: try shop(declining: true))
        // Confirmed, `abc` is declined by the destination: it opens nothing, so is not contracted.
        #expect(recording.contract.links.map(\.url) == ["shop://transfer/5"])
        #expect(recording.contract.links.first?.confirmation == true)
        #expect(
            recording.skipped.map(\.unredactedDescription) == [
                #"shop://transfer/abc: once confirmed, declined: every matching route declined: route 'transfer' ("transfer/:amount")"#
            ])
        var contract = recording.contract
        contract.links.append(.init(url: "shop://transfer/abc", route: "transfer", confirmation: true))
        let report = await contract.check(try shop(declining: true))
        #expect(report.breaks.map(\.index) == [1])
        #expect(report.breaks.first?.kind == .notOpened)
        #expect(await contract.check(try shop(declining: false)).holds)
    }

    @Test func aLinkThatOpensNoRouteIsNotContracted() async throws {
        let recording = await LinkContract.recording([("shop://nowhere", nil)], with: try Self.shop())
        #expect(recording.contract.links.isEmpty)
        #expect(
            recording.skipped.map(\.unredactedDescription) == [
                "shop://nowhere: the default route (home): no route matches the path (1 segment)"
            ])
        // For a log: the scheme, never the path (a custom scheme's first segment may be a value).
        #expect(
            recording.skipped.map(\.description) == [
                "shop://…: the default route (home): no route matches the path (1 segment)"
            ])
        let web = await LinkContract.recording(
            [("https://user:pass@shop.example.com/login/T0KEN?code=abc", nil), ("/login/T0KEN", nil)],
            with: try Self.shop())
        #expect(
            web.skipped.map(\.description) == [
                "https://shop.example.com/…: invalid: the universal link has a user or password part before '@'; links with one are refused",
                "/…: the default route (home): no route matches the path (2 segments)",
            ])
    }
}
