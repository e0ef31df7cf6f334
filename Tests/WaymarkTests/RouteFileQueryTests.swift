import Foundation
import Testing
import Waymark

/// A route of a file declares the query values it needs (`"query"`), and the resolver the file makes
/// checks them before the destination runs (issue 30, item 5).
@Suite struct RouteFileQueryTests {
    static let json = #"""
        {"schemes": ["x-your-app"], "default": "home", "routes": [
          {"name": "home", "template": "/"},
          {"name": "open", "template": "open", "query": {"page": "int?", "document": "string", "id": "uuid?", "zoom": "float?"}},
          {"name": "confirm", "template": "confirm", "requiresConfirmation": true, "query": {"token": "string"}}
        ]}
        """#

    /// What a resolution says, everything a person or a log could see of it in one string.
    static func shown(_ result: RoutingResult) -> String {
        "\(result.status) \(result.reason ?? "") \(result.inputError.map { "\($0) \($0.value ?? "")" } ?? "")"
    }

    @Test func theDeclarationIsReadInNameOrder() throws {
        let file = try RouteFile(data: Data(Self.json.utf8))
        #expect(
            file.route(named: "open")?.query == [
                .init(name: "document", type: .string, isRequired: true),
                .init(name: "id", type: .uuid, isRequired: false),
                .init(name: "page", type: .int, isRequired: false),
                .init(name: "zoom", type: .float, isRequired: false),
            ])
        #expect(file.route(named: "open")?.query.map(\.typeName) == ["string", "uuid?", "int?", "float?"])
        #expect(file.route(named: "home")?.query == [])
    }

    @Test func readingErrorsNameTheRouteAndTheKey() {
        let diagnostics = RouteFile.diagnostics(
            for: Data(
                #"""
                {"routes": [
                  {"name": "a", "template": "a", "query": ["page"]},
                  {"name": "b", "template": "b", "query": {"page": 5, "": "int"}},
                  {"name": "open", "template": "open/:id", "query": {"page": "integer", "id": "int", "q": "string??"}}
                ]}
                """#.utf8))
        #expect(
            diagnostics.map(\.description) == [
                #"routes[0] (a): error: query: must be an object from query name to type, as in {"page": "int?"}, not ["page"]"#,
                "routes[1] (b): error: query: a query name must not be empty",
                "routes[1] (b): error: query.page: must be a type name, not 5; the types are string, int, float, uuid, each optionally followed by '?'",
                "routes[2] (open): error: query.id: 'id' is a parameter of the template; a query value needs a name of its own",
                "routes[2] (open): error: query.page: unknown type 'integer'; the types are string, int, float, uuid, each optionally followed by '?'",
                "routes[2] (open): error: query.q: unknown type 'string??'; the types are string, int, float, uuid, each optionally followed by '?'",
            ])
    }

    /// A value the template captures from the query items or the fragment it requires is the
    /// template's too: a declared query value of that name would give one value two sources.
    @Test func aQueryValueCannotRepeatACaptureOfTheTemplatesQueryOrFragment() {
        let diagnostics = RouteFile.diagnostics(
            for: Data(
                #"""
                {"routes": [
                  {"name": "user", "template": "users?id={id<int>}", "query": {"id": "int"}},
                  {"name": "faq", "template": "help#:section", "query": {"section": "string"}}
                ]}
                """#.utf8))
        #expect(
            diagnostics.map(\.description) == [
                "routes[0] (user): error: query.id: 'id' is a parameter of the template; a query value needs a name of its own",
                "routes[1] (faq): error: query.section: 'section' is a parameter of the template; a query value needs a name of its own",
            ])
    }

    @Test func aMissingRequiredValueIsInvalidAndNamesTheParameter() async throws {
        let resolver = try RouteFile(data: Data(Self.json.utf8)).makeResolver()
        let result = await resolver.resolve("x-your-app://open?page=3")
        #expect(result.status == .invalid)
        #expect(result.request?.routeName == "open")
        #expect(result.inputError?.kind == .missing)
        #expect(result.inputError?.parameter == "document")
        #expect(result.inputError?.expectedType == "string")
        #expect(
            result.reason
                == #"route 'open' ("open") has invalid input: query parameter 'document' is missing (expected string)"#)
    }

    /// A mistyped value is named, with its type, and never shown: not in the reason, not in the error.
    @Test(arguments: [
        "x-your-app://open?document=d&page=secret-42x",
        "x-your-app://open?document=d&page=1&page=secret-42x",
        "x-your-app://open?document=d&id=secret-42x",
        "x-your-app://open?document=d&zoom=secret-42x",
        "x-your-app://open?document=d&page",
    ])
    func aMistypedValueIsInvalidWithoutItsValue(_ url: String) async throws {
        let resolver = try RouteFile(data: Data(Self.json.utf8)).makeResolver()
        let result = await resolver.resolve(url)
        #expect(result.status == .invalid)
        let error = try #require(result.inputError)
        #expect(error.kind == .invalid)
        #expect(error.value == nil)
        #expect(["page", "id", "zoom"].contains(error.parameter))
        #expect(error.message == "query parameter '\(error.parameter)' is not a valid \(error.expectedType)")
        #expect(!Self.shown(result).contains("secret"))
    }

    /// Optional values may be left out; undeclared values are left alone, whatever they hold.
    @Test(arguments: [
        "x-your-app://open?document=report",
        "x-your-app://open?document=",
        "x-your-app://open?document=report&page=2&zoom=1.5&id=00000000-0000-4000-8000-000000000042",
        "x-your-app://open?document=report&utm_source=anything&page2=x",
        "open?document=report",
    ])
    func wellFormedQueriesAreHandled(_ url: String) async throws {
        let resolver = try RouteFile(data: Data(Self.json.utf8)).makeResolver()
        let result = await resolver.resolve(url)
        #expect(result.status == .handled, "\(Self.shown(result))")
        #expect(result.request?.routeName == "open")
    }

    /// The destination does not run for an invalid request; the default route standing in for a
    /// link no template matched checks nothing.
    @Test func theDestinationRunsOnlyForAValidQuery() async throws {
        let file = try RouteFile(data: Data(Self.json.utf8))
        let ran = Counter()
        let resolver = try file.makeResolver { request in
            ran.add(request.routeName ?? "")
            return .handled
        }
        #expect(await resolver.resolve("x-your-app://open").status == .invalid)
        #expect(ran.names == [])
        #expect(await resolver.resolve("x-your-app://nowhere?page=x").status == .handledByDefault)
        #expect(ran.names == ["home"])
    }

    /// A route that asks for confirmation checks its query once the user confirmed.
    @Test func aConfirmedLinkIsCheckedToo() async throws {
        let resolver = try RouteFile(data: Data(Self.json.utf8)).makeResolver()
        let asked = await resolver.resolve("x-your-app://confirm")
        #expect(asked.status == .needsConfirmation)
        let confirmed = await resolver.resolveConfirmed(asked)
        #expect(confirmed.status == .invalid)
        #expect(confirmed.inputError?.parameter == "token")
        let good = await resolver.resolveConfirmed(await resolver.resolve("x-your-app://confirm?token=t"))
        #expect(good.status == .handled)
    }

    enum Screen: Route, Decodable {
        case home
        case open(document: String, page: Int?)
        case confirm(token: String)
    }

    /// The binding form checks the declaration before decoding the case: the same error, naming the
    /// declared type.
    @Test func theBindingFormChecksTheDeclaration() async throws {
        let file = try RouteFile(data: Data(Self.json.utf8))
        let resolver = try file.makeBuilder(binding: Screen.self) { _, _ in .handled }.build()
        let result = await resolver.resolve("x-your-app://open?document=d&page=secret")
        #expect(result.status == .invalid)
        #expect(result.inputError?.message == "query parameter 'page' is not a valid int")
        #expect(!Self.shown(result).contains("secret"))
        #expect(await resolver.resolve("x-your-app://open?document=d&page=2").status == .handled)
    }

    /// Counts what ran, from a `@Sendable` destination.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        var names: [String] { lock.withLock { list } }
        func add(_ name: String) { lock.withLock { list.append(name) } }
    }
}
