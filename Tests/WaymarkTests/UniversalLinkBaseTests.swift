import Testing
import WaymarkTestSupport

@testable import Waymark

/// Domains with a base URL (`https://example.com/m`, `http://localhost:8080`,
/// `https://example.com/m?ref=app`): links are matched beneath the base path and printed under it,
/// symmetrically; the port and scheme only print; fixed query items are added to every link
/// printed and never checked.
@Suite struct UniversalLinkBaseTests {
    enum Shop: URLRoute {
        case home
        case product(id: Int)
        case search(q: String)

        static let routeMap: RouteMap<Shop> = [
            "home": "/",
            "product": "product/:id<int>",
            "search": "search?q={q}",
        ]
    }

    static let domains = [
        "https://example.com/m?ref=app&token=s3cret", "http://localhost:8080", "*.example.org/app/v2",
        "www.example.org",
    ]

    static func table(
        domains: [String] = Self.domains, options: RouteTableOptions = RouteTableOptions(),
        _ templates: [String] = ["/", "product/:id<int>", "search?q={q}", "files/*path"]
    ) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(schemes: ["shop"], domains: domains, options: options)
        for template in templates { builder.add(try RouteTemplate(parsing: template), to: template) }
        return try builder.build()
    }

    // MARK: - Reading an entry

    @Test(
        arguments: [
            ("shop.example.com", "https", "shop.example.com", nil, [], []),
            ("Shop.Example.com", "https", "shop.example.com", nil, [], []),
            ("*.example.com", "https", "*.example.com", nil, [], []),
            ("https://example.com/m", "https", "example.com", nil, ["m"], []),
            ("HTTP://Localhost:8080", "http", "localhost", 8080, [], []),
            ("example.com:8443/a/b/", "https", "example.com", 8443, ["a", "b"], []),
            ("https://example.com//m//?ref=app&x", "https", "example.com", nil, ["m"], ["ref=app", "x"]),
            ("https://*.example.org/app", "https", "*.example.org", nil, ["app"], []),
        ] as [(String, String, String, Int?, [String], [String])])
    func anEntryIsAHostOrABaseURL(
        _ spelling: String, _ scheme: String, _ host: String, _ port: Int?, _ prefix: [String], _ items: [String]
    ) throws {
        let base = try UniversalLinkBase(spelling)
        #expect(base.scheme == scheme)
        #expect(base.host == host)
        #expect(base.port == port)
        #expect(base.pathPrefix == prefix)
        #expect(base.queryItems == items)
    }

    /// Each part of an entry that cannot be read is an error naming the entry and the part; a
    /// fixed query value never appears in it.
    @Test(arguments: [
        ("ftp://example.com", "has the scheme 'ftp'"),
        ("https://example.com:0", "has the port '0'"),
        ("https://example.com:65536/m", "has the port '65536'"),
        ("https://example.com:/m", "has the port ''"),
        ("https://example.com:80x", "has the port '80x'"),
        ("https://example.com/m#top", "has a fragment"),
        ("https://example.com/a%2Fb", "has '%' in its base path"),
        ("https://example.com/a b", "has ' ' in its base path"),
        ("https://example.com/caf\u{E9}", "has '\\u{00E9}' in its base path"),
        ("https://example.com/../m", "has the dot segment '..'"),
        ("https://example.com/m?=x", "has a fixed query item with no name"),
        ("https://example.com/m?token=a b", "is not percent-encoded"),
        ("https://exa mple.com/m", "is not a valid host name"),
        ("https:///m", "is not a valid host name"),
        ("https://*.com/m", "is not a valid wildcard domain"),
    ])
    func aBadEntryIsAnErrorThatNamesWhatIsWrong(_ spelling: String, _ fragment: String) throws {
        let error = try #require(throws: RoutingError.self) { try UniversalLinkBase(spelling) }
        #expect(error.code == .invalidDomain)
        #expect(error.message.contains(fragment), "\(error.message)")
        var builder = RouteTableBuilder<String>(domains: [spelling])
        builder.add("a", to: "a")
        #expect(throws: RoutingError.self) { try builder.build() }
    }

    @Test func messagesNameFixedQueryItemsWithoutTheirValues() throws {
        let base = try UniversalLinkBase("https://example.com/m?ref=app&token=s3cret")
        #expect(base.description == "https://example.com/m?ref=…&token=…")
        let error = try #require(throws: RoutingError.self) {
            try UniversalLinkBase("https://example.com/m#x?token=s3cret")
        }
        #expect(!error.message.contains("s3cret"), "\(error.message)")
        var builder = RouteTableBuilder<String>(domains: ["https://example.com/m?token=s3cret", "example.com"])
        builder.add("a", to: "a")
        let twice = try #require(throws: RoutingError.self) { try builder.build() }
        #expect(
            twice.message
                == "the domain 'example.com' is listed twice, as 'https://example.com/m?token=…' and 'example.com'; "
                + "a host has one entry, with at most one base path")
    }

    // MARK: - Matching beneath the base path

    @Test func aLinkIsMatchedBeneathItsHostsBasePath() throws {
        let table = try Self.table()
        let lookup = table.lookup("https://example.com/m/product/42?ref=mail")
        #expect(lookup.match?.value == "product/:id<int>")
        #expect(lookup.match?.parameters["id"] == "42")
        #expect(lookup.url?.path == "/product/42")
        #expect(lookup.url?.pathSegments == ["product", "42"])
        #expect(table.match(path: "https://example.com/m/product/42")?.value == "product/:id<int>")
        #expect(table.lookup("https://example.com/m/files/a/b").match?.wildcard == ["a", "b"])
        #expect(table.lookup("https://example.com/m/files/a/b").match?.parameters["path"] == "a/b")
        // The root route is the base path itself, with or without a trailing slash.
        for root in ["https://example.com/m", "https://example.com/m/", "https://example.com//m//"] {
            #expect(table.lookup(root).match?.value == "/", "\(root)")
        }
        // A wildcard's base path applies to every host it covers; http and any port are accepted.
        #expect(table.lookup("http://eu.shop.example.org:81/app/v2/product/7").match?.value == "product/:id<int>")
        #expect(table.lookup("https://localhost/product/7").match?.value == "product/:id<int>")
        // A host listed on its own has its own entry (no base path), before the wildcard's.
        #expect(table.lookup("https://www.example.org/product/7").match?.value == "product/:id<int>")
        #expect(table.lookup("https://www.example.org/app/v2/product/7").outcome == .unmatched)
    }

    /// A link to the host outside its base path is refused, as a domain the table does not accept
    /// is: the association file sends the app only paths under it. The reason names the base path,
    /// never the link's path.
    @Test(arguments: [
        "https://example.com/product/42", "https://example.com/", "https://example.com/M/product/42",
        "https://example.com/mm/product/42", "https://example.com/secret-token-123",
        "https://x.example.org/app/product/7", "https://x.example.org/v2/app/product/7",
    ])
    func aLinkOutsideTheBasePathIsRefused(_ url: String) throws {
        let table = try Self.table()
        let lookup = table.lookup(url)
        #expect(lookup.outcome == .refused)
        #expect(lookup.reason?.contains("the path is not under") == true, "\(lookup.reason ?? "")")
        #expect(lookup.reason?.contains("secret") == false)
        #expect(table.match(path: url) == nil)
        #expect(table.candidates(url).matches.isEmpty)
    }

    @Test func theBasePathComparesAsALiteralDoes() throws {
        let table = try Self.table(domains: ["https://example.com/Mobile"])
        #expect(table.lookup("https://example.com/%4Dobile/product/1").match?.value == "product/:id<int>")
        #expect(table.lookup("https://example.com/mobile/product/1").outcome == .refused)
        let folded = try Self.table(
            domains: ["https://example.com/Mobile"], options: RouteTableOptions(caseInsensitivePaths: true))
        #expect(folded.lookup("https://EXAMPLE.com/mOBILE/product/1").match?.value == "product/:id<int>")
        #expect(folded.lookup("https://example.com/%6Dobile/product/1").match?.value == "product/:id<int>")
    }

    /// The three ways into the matcher (the fast path, the full lookup, and the path of more than
    /// 32 segments) agree beneath a base path.
    @Test func everyLookupAgreesBeneathABasePath() throws {
        let table = try Self.table()
        let deep = Array(repeating: "x", count: 40).joined(separator: "/")
        for url in [
            "https://example.com/m/files/\(deep)", "https://example.com/m/product/1", "https://example.com/m",
            "https://example.com/\(deep)", "https://example.com/m/search?q=a", "https://example.com/m/search",
        ] {
            let lookup = table.lookup(url)
            #expect(table.match(path: url)?.value == lookup.match?.value, "\(url)")
            #expect(table.candidates(url).matches.first?.value == lookup.match?.value, "\(url)")
        }
        #expect(table.lookup("https://example.com/m/files/\(deep)").match?.wildcard?.count == 40)
    }

    /// Comparing the base path costs one pass over its segments: work linear in its depth, whatever
    /// the rest of the path.
    @Test func checkingTheBasePathTakesWorkLinearInItsDepth() throws {
        LinearGrowth.expectLinear("base-path segments", base: 8, factors: [1, 10, 100]) { depth in
            let prefix = [String](repeating: "seg", count: depth)
            let core = MatchingCore.BasePaths(
                [
                    UniversalLinkBase(
                        scheme: "https", host: "example.com", port: nil, pathPrefix: prefix, queryItems: [])
                ],
                caseInsensitive: false)
            let url = "/" + prefix.joined(separator: "/") + "/product/42"
            var work = 0
            let matched = Array(url.utf8).withUnsafeBufferPointer { bytes in
                try? URLAnatomy.withParsed(bytes) { _, segments, _ in
                    MatchingCore.starts(bytes, segments, with: core.entries[0], folded: false, work: &work)
                }
            }
            #expect(matched == true)
            return work
        }
        // As deep as the default limit of 128 segments allows.
        let deep = (0..<120).map { "p\($0)" }.joined(separator: "/")
        let table = try Self.table(domains: ["https://example.com/\(deep)"])
        #expect(table.lookup("https://example.com/\(deep)/product/1").match?.value == "product/:id<int>")
    }

    // MARK: - Printing under it

    @Test func linksArePrintedUnderTheBaseAndOpenWhatTheyPrint() throws {
        let typed = try TypedRouteTable<Shop>(schemes: ["shop"], domains: Self.domains)
        let links = typed.links
        #expect(
            try links.universalLink(for: Shop.product(id: 42))
                == "https://example.com/m/product/42?ref=app&token=s3cret")
        #expect(
            try links.universalLink(for: Shop.product(id: 42), domain: "localhost")
                == "http://localhost:8080/product/42")
        #expect(
            try links.universalLink(for: Shop.search(q: "red shoes"), domain: "EU.example.org")
                == "https://eu.example.org/app/v2/search?q=red%20shoes")
        #expect(try links.universalLink(for: Shop.home) == "https://example.com/m?ref=app&token=s3cret")
        #expect(try links.universalLink(for: Shop.home, domain: "www.example.org") == "https://www.example.org/")
        // App links and paths know nothing of domains.
        #expect(try links.appLink(for: Shop.product(id: 42)) == "shop://product/42")
        for route in [Shop.home, .product(id: -3), .search(q: "a&b=c")] {
            for domain in ["example.com", "localhost", "a.b.example.org", "www.example.org"] {
                let link = try links.universalLink(for: route, domain: domain)
                #expect(typed.route(for: link).map { "\($0)" } == "\(route)", "\(link)")
            }
        }
    }

    /// The base's fixed items come after the link's own, and a link that carries an item of the
    /// same name keeps its own.
    @Test func fixedQueryItemsFollowTheLinksOwnAndGiveWayToThem() throws {
        let links = LinkCreator(domains: ["https://example.com/m?ref=app&token=s3cret"])
        let template = try RouteTemplate(parsing: "search?q={q}")
        #expect(
            try links.universalLink(
                for: template, parameters: RouteParameters([(name: "q", value: "x")]),
                query: QueryParameters([.init(name: "token", value: "mine")]))
                == "https://example.com/m/search?q=x&token=mine&ref=app")
        #expect(
            try links.universalLink(
                for: try RouteTemplate(parsing: "share?ref={ref}"),
                parameters: RouteParameters([(name: "ref", value: "mail")]))
                == "https://example.com/m/share?ref=mail&token=s3cret")
        #expect(links.domains == ["example.com"])
        #expect(links.bases.first?.basePath == "m")
    }

    /// A host belongs to the most specific entry that covers it, whether or not that entry has a
    /// base path: the lookup and the links agree.
    @Test func theMostSpecificEntryDecidesTheBasePathForLookupsAndLinks() throws {
        let domains = ["*.shop.example.com", "https://*.example.com/m"]
        let table = try Self.table(domains: domains)
        #expect(table.lookup("https://a.shop.example.com/product/1").match?.value == "product/:id<int>")
        #expect(table.lookup("https://a.shop.example.com/m/product/1").outcome == .unmatched)
        #expect(table.lookup("https://b.example.com/m/product/1").match?.value == "product/:id<int>")
        let links = LinkCreator(domains: domains)
        let template = try RouteTemplate(parsing: "product/:id<int>")
        let one = RouteParameters([(name: "id", value: "1")])
        for host in ["a.shop.example.com", "b.example.com"] {
            let link = try links.universalLink(for: template, parameters: one, domain: host)
            #expect(table.lookup(link).match?.value == "product/:id<int>", "\(link)")
        }
    }

    @Test func explainSaysALinkOutsideTheBasePathIsNotUnderIt() throws {
        let table = try Self.table(domains: ["https://example.com/m"], ["product/:id"])
        let explanation = table.explain("https://example.com/product/1")
        #expect(explanation.outcome == .refused)
        #expect(
            explanation.attempts.first?.failure
                == "its path matches, but the link is not under the base path of 'example.com'",
            "\(explanation.attempts)")
    }

    /// An entry nobody can read is still named without its secrets: its query values, its fragment
    /// and a user part.
    @Test func unreadableEntriesAreNamedWithoutTheirSecrets() throws {
        for spelling in [
            "https://user:pw@example.com:0/m", "https://example.com/m#s3cret", "https://exa_mple.com/m?token=s3cret",
        ] {
            let error = try #require(throws: RoutingError.self) { try UniversalLinkBase(spelling) }
            #expect(!error.message.contains("pw@") && !error.message.contains("s3cret"), "\(error.message)")
        }
        let links = LinkCreator(domains: ["https://exa_mple.com/m?token=s3cret"])
        let asked = try #require(throws: RoutingError.self) {
            try links.universalLink(for: "a", parameters: RouteParameters(), domain: "other.example")
        }
        #expect(!asked.message.contains("s3cret"), "\(asked.message)")
        #expect(throws: RoutingError.self) { try UniversalLinkBase("https://example.com/a*b") }
    }
}
