import Foundation
import Testing
import Waymark

/// What Waymark's values print: what routing decided, and no parameter, query or fragment value
/// (``ValueRedaction``), also inside an `Optional` or a collection, where Swift prints with
/// `debugDescription`; the values are in `unredactedDescription` alone.
@Suite struct PrintedValuesTests {
    static let secret = "s3cr3t-T0ken"

    static func resolver() throws -> RouteResolver {
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("sign-in/:token", name: "sign-in", .properties(["presentation": "modal"])) { _ in .handled }
        builder.add("debug/:token", name: "debug", .internalOnly) { _ in .handled }
        builder.add("wipe/:token", name: "wipe", .requiresConfirmation) { _ in .handled }
        builder.addFilter(
            FilterClosure(name: "no-x") { request in
                request.routeParameters?["token"] == "x" + PrintedValuesTests.secret ? .reject("refused") : .proceed
            })
        builder.setDefaultRoute(name: "home") { _ in .handled }
        return try builder.build()
    }

    /// A secret in a path parameter, a query value and a fragment, for every outcome. (The reason of
    /// a URL that no route matches quotes its path, which has no parameters: docs/security.md.)
    static let links = [
        "shop://sign-in/\(secret)?next=\(secret)#\(secret)",
        "https://shop.example.com/sign-in/\(secret)?code=\(secret)",
        "sign-in/\(secret)?code=\(secret)",
        "shop://debug/\(secret)?code=\(secret)",
        "shop://wipe/\(secret)?code=\(secret)",
        "shop://sign-in/x\(secret)?code=\(secret)",
        "shop://nothing?code=\(secret)",
        "https://evil.example/x?code=\(secret)",
        "shop://sign-in/\(secret)/too/long?code=\(secret)",
    ]

    @Test(arguments: links)
    func printedValuesNeverShowTheValues(link: String) async throws {
        let resolver = try Self.resolver()
        let result = await resolver.resolve(link)
        // Every way Swift turns these values into text: interpolation, `String(describing:)` and
        // `String(reflecting:)`, alone and inside an Optional, an array and a dictionary.
        func texts(_ value: Any) -> [String] {
            [
                "\(value)", String(describing: value), String(reflecting: value), String(describing: [value]),
                String(describing: ["key": value]),
            ]
        }
        var printed = texts(result) + texts(Optional(result) as Any) + texts(result.request as Any)
        if let request = result.request {
            printed += texts(request) + texts(request.queryParameters) + texts(request.routeParameters as Any)
        }
        for match in resolver.table.candidates(link).matches {
            printed += texts(match) + texts(match.parameters) + texts(Optional(match) as Any)
        }
        for text in printed { #expect(!text.contains(Self.secret), "\(text)") }
    }

    @Test func aRequestPrintsWhatRoutingDecided() async throws {
        let result = try await Self.resolver().resolve("shop://sign-in/\(Self.secret)?code=\(Self.secret)&flag")
        let request = try #require(result.request)
        #expect(
            "\(request)"
                == "RouteRequest(route: sign-in, template: sign-in/:token, scope: appAny, parameters: token=<private>, "
                + #"query: code=<private>&flag, origin: external, properties: {"presentation": "modal"})"#)
        #expect("\(result)" == "handled: \(request)")
        #expect(request.routeParameters?.unredactedDescription == "token=\(Self.secret)")
        #expect(request.unredactedDescription.contains("url: shop://sign-in/\(Self.secret)"))
        #expect(request.queryParameters.unredactedDescription == "code=\(Self.secret)&flag")
        #expect(result.unredactedDescription.contains("parameters: token=\(Self.secret)"))
        let fallback = try await Self.resolver().resolve("https://evil.example/x")
        #expect("\(fallback)".hasPrefix("handledByDefault (the domain 'evil.example' is not accepted"))
        #expect("\(fallback)".contains("route: home (default route)"))
    }

    @Test func aMatchPrintsItsTemplateAndScope() throws {
        let match = try #require(try Self.resolver().table.lookup("shop://sign-in/\(Self.secret)").match)
        #expect(
            "\(match)"
                == "RouteMatch(template: sign-in/:token, scope: appAny, registration: 0, parameters: token=<private>)")
    }

    /// A `Codable` route that declares `CustomStringConvertible` prints as its name, as
    /// SwiftRouting's routes do; one that does not prints as Swift prints an enum.
    @Test func aRouteThatDeclaresCustomStringConvertiblePrintsItsName() {
        #expect("\(NamedRoute.profile(userId: "42"))" == NamedRoute.profile(userId: "42").name)
        #expect("\(NamedRoute.profile(userId: "42"))" == "profile(42)")
        #expect("\(NamedRoute.home)" == "home")
        #expect("\(ShopRoute.product(id: 42))" == "product(id: 42)")
    }
}

enum NamedRoute: URLRoute, CustomStringConvertible {
    case home
    case profile(userId: String)

    static let routeMap: RouteMap<NamedRoute> = ["home": "/", "profile": "profile/:userId"]
}
