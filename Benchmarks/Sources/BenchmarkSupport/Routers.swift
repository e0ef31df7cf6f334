@_spi(Internal) import Hummingbird
import RoutingKit
import Waymark

/// Waymark's `RouteTable`, looked up with `match(path:)`.
public struct WaymarkRouter: ComparedRouter {
    /// The name in reports.
    public static let name = "waymark"
    let table: RouteTable<Int>

    /// The data sets' trailing `*` matches one or more segments; Waymark's matches zero or more, so a
    /// trailing `/*` becomes `/*/*` (one anonymous segment, then the catch-all).
    public static func convert(_ templates: [String]) -> [String] {
        templates.map { $0.hasSuffix("/*") ? $0 + "/*" : $0 }
    }

    /// Parses the templates and builds the table.
    public init(converted: [String]) throws {
        var builder = RouteTableBuilder<Int>()
        builder.reserveCapacity(converted.count)
        for (index, template) in converted.enumerated() {
            builder.add(try RouteTemplate(parsing: template), to: index + 1)
        }
        table = try builder.build()
    }

    /// The 1-based template line of the match, or 0.
    @inline(never)
    public func lookup(_ path: String) -> Int {
        table.match(path: path)?.value ?? 0
    }

    /// The whole match, for benchmarks that look at allocations.
    public func match(_ path: String) -> RouteMatch<Int>? {
        table.match(path: path)
    }
}

/// RoutingKit 4's `TrieRouter`; the path is split into segments as Vapor does before routing.
public struct RoutingKitRouter: ComparedRouter {
    /// The name in reports.
    public static let name = "routing-kit"
    let router: TrieRouter<Int>

    /// RoutingKit's catch-all is `**` (one or more segments).
    public static func convert(_ templates: [String]) -> [String] {
        templates.map { $0.hasSuffix("/*") ? String($0.dropLast()) + "**" : $0 }
    }

    /// Registers every template in a `TrieRouter`.
    public init(converted: [String]) throws {
        let router = TrieRouter(Int.self, options: [])
        for (index, template) in converted.enumerated() {
            router.register(index + 1, at: template.pathComponents)
        }
        self.router = router
    }

    /// The 1-based template line of the match, or 0.
    @inline(never)
    public func lookup(_ path: String) -> Int {
        var parameters = RoutingKit.Parameters()
        let segments = path.split(separator: "/").map(String.init)
        return router.route(path: segments, parameters: &parameters) ?? 0
    }
}

/// Hummingbird 2's `RouterTrie`.
public struct HummingbirdRouter: ComparedRouter {
    /// The name in reports.
    public static let name = "hummingbird"
    let trie: RouterTrie<Int>

    /// Hummingbird's recursive wildcard is `**`.
    public static func convert(_ templates: [String]) -> [String] {
        templates.map { $0.hasSuffix("/*") ? String($0.dropLast()) + "**" : $0 }
    }

    /// Adds every template to a trie builder and builds the trie.
    public init(converted: [String]) throws {
        let builder = RouterPathTrieBuilder<Int>()
        for (index, template) in converted.enumerated() {
            builder.addEntry(RouterPath(template), value: index + 1)
        }
        trie = RouterTrie(base: builder)
    }

    /// The 1-based template line of the match, or 0.
    @inline(never)
    public func lookup(_ path: String) -> Int {
        trie.resolve(path)?.value ?? 0
    }
}
