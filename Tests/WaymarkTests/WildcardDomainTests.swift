import Testing
import WaymarkTestSupport

@testable import Waymark

/// Wildcard universal-link domains (`*.example.com`): which hosts they accept (subdomains at any
/// depth, never the domain itself, as Apple's associated domains and Android's intent filters
/// read them), and where routes scoped to them rank (the host's own scope, then the wildcards that
/// cover it from the most specific, then `universalAny`).
@Suite struct WildcardDomainTests {
    static func table(
        domains: [String], _ routes: [(template: String, scopes: [RouteScope], value: String)]
    ) throws -> RouteTable<String> {
        var builder = RouteTableBuilder<String>(domains: domains)
        for route in routes {
            builder.add(try RouteTemplate(parsing: route.template), scopes: route.scopes, to: route.value)
        }
        return try builder.build()
    }

    @Test func aWildcardAcceptsEverySubdomainButNotTheDomainItself() throws {
        let table = try Self.table(domains: ["*.example.com"], [("promo/:id", [.universalAny], "promo")])
        for host in ["shop.example.com", "eu.shop.example.com", "SHOP.Example.COM", "a-b.example.com"] {
            #expect(table.lookup("https://\(host)/promo/1").match?.value == "promo", "\(host)")
        }
        for host in ["example.com", "badexample.com", "example.com.evil.net", "shop.example.org"] {
            let lookup = table.lookup("https://\(host)/promo/1")
            #expect(lookup.outcome == .refused, "\(host)")
            #expect(lookup.reason?.contains("accepted domains: *.example.com") == true, "\(lookup.reason ?? "")")
        }
    }

    @Test func theHostsOwnScopeBeatsTheWildcardsWhichBeatUniversalAny() throws {
        let table = try Self.table(
            domains: ["shop.example.com", "*.example.com", "*.eu.example.com"],
            [
                ("promo", [.universalAny], "any"),
                ("promo", [.universal(domain: "*.example.com")], "wildcard"),
                ("promo", [.universal(domain: "*.eu.example.com")], "eu wildcard"),
                ("promo", [.universal(domain: "shop.example.com")], "exact"),
                ("only/wildcard", [.universal(domain: "*.example.com")], "only wildcard"),
            ])
        #expect(table.lookup("https://shop.example.com/promo").match?.value == "exact")
        #expect(table.lookup("https://paris.eu.example.com/promo").match?.value == "eu wildcard")
        #expect(table.lookup("https://www.example.com/promo").match?.value == "wildcard")
        #expect(
            table.candidates("https://paris.eu.example.com/promo").matches.map(\.value)
                == ["eu wildcard", "wildcard", "any"])
        #expect(
            table.candidates("https://shop.example.com/promo").matches.map(\.value) == ["exact", "wildcard", "any"])
        // A host with a scope of its own is still covered by the wildcard.
        #expect(table.lookup("https://shop.example.com/only/wildcard").match?.value == "only wildcard")
    }

    /// A host spelled as a wildcard (`*.example.com`, which the association file's analysis looks
    /// up) is its own exact scope and is covered by the broader wildcards: each scope is searched
    /// once, and the lookup ends.
    @Test func aHostSpelledAsAWildcardSearchesEachScopeOnce() throws {
        let table = try Self.table(
            domains: ["*.example.com", "*.eu.example.com"],
            [
                ("promo", [.universal(domain: "*.example.com")], "wildcard"),
                ("promo", [.universal(domain: "*.eu.example.com")], "eu wildcard"),
                ("promo", [.universalAny], "any"),
            ])
        #expect(table.lookup("https://*.example.com/promo").match?.value == "wildcard")
        #expect(table.candidates("https://*.example.com/promo").matches.map(\.value) == ["wildcard", "any"])
        #expect(
            table.candidates("https://*.eu.example.com/promo").matches.map(\.value)
                == ["eu wildcard", "wildcard", "any"])
        #expect(table.match(path: "/promo") == nil)
    }

    @Test(arguments: [
        ("*.com", "is not a valid wildcard domain"), ("*.", "is not a valid wildcard domain"),
        ("*example.com", "a wildcard is written '*.' before the domain"), ("a.*.com", "a wildcard is written"),
        ("*.*.example.com", "is not a valid wildcard domain"),
    ])
    func malformedWildcardsAreErrorsThatSayHowToWriteThem(_ domain: String, _ message: String) {
        var builder = RouteTableBuilder<String>(domains: [domain])
        builder.add("a", to: "a")
        let error = #expect(throws: RoutingError.self) { try builder.build() }
        #expect(error?.code == .invalidDomain)
        #expect(error?.message.contains(message) == true, "\(domain): \(error?.message ?? "")")
    }

    @Test func aScopeMayNameAHostOrANarrowerWildcardThatAListedWildcardCovers() throws {
        let table = try Self.table(
            domains: ["*.example.com"],
            [
                ("a", [.universal(domain: "shop.example.com")], "host"),
                ("a", [.universal(domain: "*.eu.example.com")], "narrower"),
            ])
        #expect(table.lookup("https://shop.example.com/a").match?.value == "host")
        #expect(table.lookup("https://x.eu.example.com/a").match?.value == "narrower")
        #expect(throws: RoutingError.self) {
            try Self.table(domains: ["*.example.com"], [("a", [.universal(domain: "example.com")], "apex")])
        }
    }

    @Test func linksNeedAHostTheWildcardCovers() throws {
        let links = LinkCreator(domains: ["*.example.com"])
        let template: RouteTemplate = "promo/:id"
        let scopes: [RouteScope] = [.universal(domain: "*.example.com")]
        #expect(
            try links.universalLink(
                for: template, parameters: RouteParameters([("id", "7")]), scopes: scopes, domain: "Shop.example.com")
                == "https://shop.example.com/promo/7")
        for domain in ["example.com", "*.example.com", "shop.example.org"] {
            #expect(throws: RoutingError.self, "\(domain)") {
                try links.universalLink(
                    for: template, parameters: RouteParameters([("id", "7")]), scopes: scopes, domain: domain)
            }
        }
        let error = #expect(throws: RoutingError.self) {
            try links.universalLink(for: template, parameters: RouteParameters([("id", "7")]), scopes: scopes)
        }
        #expect(error?.message.contains("its only domains are wildcards (*.example.com)") == true)
    }

    /// Random tables of exact and wildcard domains over a few labels, with literal routes in random
    /// scopes, against a naive rule: the host's scope, then each covering wildcard by length, then
    /// `universalAny`; within one scope, priority then registration.
    @Test func lookupsAgreeWithTheNaiveScopeOrderOnGeneratedTables() throws {
        var generator = SeededGenerator(seed: 3_434)
        let labels = ["a", "b", "eu", "shop"]
        func host(_ depth: Int) -> String {
            ((0..<depth).map { _ in labels.randomElement(using: &generator) ?? "a" } + ["example", "com"])
                .joined(separator: ".")
        }
        for _ in 0..<200 {
            var domains: [String] = ["*.example.com"]
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let name = host(Int.random(in: 1...2, using: &generator))
                domains.append(Bool.random(using: &generator) ? name : "*." + name)
            }
            domains = Array(Set(domains)).sorted()
            var routes: [(template: String, scopes: [RouteScope], value: String, priority: Int)] = []
            for index in 0..<Int.random(in: 1...8, using: &generator) {
                let scope: RouteScope =
                    Bool.random(using: &generator)
                    ? .universalAny : .universal(domain: domains.randomElement(using: &generator) ?? "*.example.com")
                routes.append(
                    (
                        ["p", "q"].randomElement(using: &generator) ?? "p", [scope], "r\(index)",
                        Int.random(in: 0...1, using: &generator)
                    ))
            }
            var builder = RouteTableBuilder<String>(domains: domains)
            for route in routes {
                builder.add(
                    try RouteTemplate(parsing: route.template), scopes: route.scopes, priority: route.priority,
                    to: route.value)
            }
            guard let table = try? builder.build() else { continue }  // an exact duplicate in one scope
            for _ in 0..<10 {
                let url = host(Int.random(in: 1...3, using: &generator))
                let path = ["p", "q"].randomElement(using: &generator) ?? "p"
                let accepted = DomainWildcard.accepts(url, domains: domains)
                let order: [RouteScope] =
                    [.universal(domain: url)]
                    + DomainWildcard.covering(url, in: domains).map { .universal(domain: $0) } + [.universalAny]
                var expected: String?
                if accepted {
                    for scope in order {
                        let inScope = routes.filter { $0.template == path && $0.scopes.contains(scope) }
                        if let best = inScope.max(by: { $0.priority < $1.priority }) {
                            expected = inScope.first { $0.priority == best.priority }?.value
                            break
                        }
                    }
                }
                #expect(
                    table.lookup("https://\(url)/\(path)").match?.value == expected,
                    "\(url)/\(path) in \(domains) with \(routes)")
            }
        }
    }

    /// Accepting a host under a wildcard compares it once with each listed wildcard: work linear in
    /// the domain list's length.
    @Test func acceptingAHostTakesWorkLinearInTheWildcardsListed() throws {
        func padded(_ number: Int) -> String { String(repeating: "0", count: 6 - String(number).count) + "\(number)" }
        LinearGrowth.expectLinear("wildcard domains", base: 10, factors: [1, 10, 100]) { count in
            // Every base has the same length, and the host is covered by the last only.
            let bases = (0..<count).map { Array("w\(padded($0)).example".utf8) }
            let host = "shop.w\(padded(count - 1)).example"
            var work = 0
            let found = Array(host.utf8).withUnsafeBufferPointer { bytes in
                MatchingCore.firstCovering(bytes, 0..<bytes.count, bases, work: &work)
            }
            #expect(found == count - 1)
            return work
        }
        let domains = (0..<1_000).map { "*.w\($0).example" }
        let table = try Self.table(domains: domains, [("promo", [.universal(domain: "*.w999.example")], "last")])
        #expect(table.lookup("https://a.w999.example/promo").match?.value == "last")
    }
}
