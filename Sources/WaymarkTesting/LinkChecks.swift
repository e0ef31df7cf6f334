public import Waymark

/// The checks behind every `expect…` (Swift Testing) and `XCTAssert…` (XCTest) helper of this
/// module, usable from any test framework: each returns the failure messages, empty when the
/// check passes.
///
/// A failure says what was expected, what happened instead and, when no route of the link's own
/// opened it, `explain`'s nearest templates with the segment where each one failed:
///
/// ```
/// shop://p/42 does not open product(id=42): it opens the default route (home): no route matches the path (2 segments)
///   nearest templates:
///     product (product/:id<int>): segment 1 is "p", the template expects 'product'
/// ```
///
/// A message shows the link and the values the test itself wrote: test links carry no secrets.
public enum LinkChecks {
    /// Whether `url` opens the route named `route` through `resolver` (filters, features and the
    /// destination included), with exactly `parameters` when given.
    ///
    /// - Parameters:
    ///   - url: A custom-scheme link, a universal link or an internal route string.
    ///   - route: The route's name.
    ///   - parameters: Every parameter the route must capture, as text; `nil`: not checked.
    ///   - confirmation: Whether the link must ask the user to confirm first (a route registered
    ///     `RouteOption.requiresConfirmation`, opened from outside).
    ///   - origin: Where the link comes from; `nil`: as the resolver decides.
    ///   - resolver: The app's resolver, in the state the link is for.
    public static func opens(
        _ url: String, route: String, parameters: [String: String]? = nil, confirmation: Bool = false,
        origin: RouteOrigin? = nil, in resolver: RouteResolver
    ) async -> [String] {
        let link = LinkContract.Link(
            url: url, origin: origin, route: route, parameters: parameters.map(Self.sorted), confirmation: confirmation)
        return await LinkContract(links: [link]).check(resolver).breaks.map(message)
    }

    /// Whether `url` opens `expected` through a typed table (by matching alone, as
    /// `TypedRouteTable.route(for:origin:)` opens it).
    public static func opens<R: URLRoute & Equatable>(
        _ url: String, _ expected: R, origin: RouteOrigin? = nil, in table: TypedRouteTable<R>
    ) -> [String] {
        switch table.resolve(url, origin: origin) {
        case .success(let opened)? where opened == expected: return []
        case .success(let opened)?: return ["\(url) does not open \(expected): it opens \(opened)"]
        case .failure(let error)?:
            return ["\(url) does not open \(expected): its values make no \(R.self): \(error.message)"]
        case nil:
            let explanation = table.table.explain(url)
            let labels = table.registrationLabels
            let now = explanation.reason.map { "nothing: \($0)" } ?? "nothing: no case opens it by matching alone"
            let nearest = explanation.attempts.filter { !$0.matched }.prefix(3).map { attempt in
                let name = labels.indices.contains(attempt.registrationIndex) ? labels[attempt.registrationIndex] : "?"
                return "\(name) (\(attempt.template.pattern)): \(attempt.failure ?? "")"
            }
            return [Self.lines("\(url) does not open \(expected): it opens \(now)", nearest: Array(nearest))]
        }
    }

    /// Whether `url` opens the route named `route` in a route file, through the file's own resolver
    /// (`RouteFile.makeResolver(destination:)`).
    public static func opens(
        _ url: String, route: String, parameters: [String: String]? = nil, confirmation: Bool = false,
        origin: RouteOrigin? = nil, in file: RouteFile
    ) async -> [String] {
        do {
            let resolver = try file.makeResolver()
            return await opens(
                url, route: route, parameters: parameters, confirmation: confirmation, origin: origin, in: resolver)
        } catch {
            return ["the route file does not build: \(error.message)"]
        }
    }

    /// Whether every link of `contract` still opens what it says (`LinkContract.check(_:)`):
    /// one message per broken link.
    public static func contractHolds(_ contract: LinkContract, in resolver: RouteResolver) async -> [String] {
        await contract.check(resolver).breaks.map(message)
    }

    /// Whether every link of `contract` still opens what it says in a typed table.
    public static func contractHolds<R: URLRoute>(_ contract: LinkContract, in table: TypedRouteTable<R>) -> [String] {
        contract.check(table).breaks.map(message)
    }

    /// A broken link as a test failure: what was expected, what happens, and the nearest templates.
    static func message(_ broken: LinkContract.Break) -> String {
        let note = broken.link.note.map { " (\($0))" } ?? ""
        return lines(
            "\(broken.link.url)\(note) does not open \(broken.link.expected): it opens \(broken.now)",
            nearest: broken.nearest.map { "\($0.route) (\($0.template)): \($0.failure)" })
    }

    static func lines(_ first: String, nearest: [String]) -> String {
        guard !nearest.isEmpty else { return first }
        return ([first, "  nearest templates:"] + nearest.map { "    " + $0 }).joined(separator: "\n")
    }

    static func sorted(_ parameters: [String: String]) -> RouteParameters {
        RouteParameters(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}
