import Testing
import Waymark
import WaymarkTestSupport

/// Bad input never crashes or hangs: every string ends in a result that says why.
@Suite(.timeLimit(.minutes(2))) struct HostileInputTests {
    /// Limits high enough for the big inputs below: they show that work stays linear past the
    /// defaults, not just that the defaults refuse them.
    static let generous = RouteLimits(maximumURLLength: 2_000_000, maximumSegments: 20_000, maximumQueryItems: 300_000)

    static func resolver(limits: RouteLimits = .default) throws -> RouteResolver {
        var builder = RouteResolverBuilder(
            schemes: ["shop"], domains: ["shop.example.com"], options: RouteTableOptions(limits: limits))
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        builder.add("product/:slug", name: "slug") { _ in .handled }
        builder.add("files/*path", name: "files") { _ in .handled }
        builder.add("a/:b/:c/*", name: "deep") { _ in .handled }
        builder.add("user/:id(/:tab)", name: "user") { _ in .handled }
        return try builder.build()
    }

    @Test func randomByteStringsEndInAResultThatSaysWhy() async throws {
        let resolver = try Self.resolver()
        var random = SeededGenerator(seed: 20_261_123)
        let alphabet = Array("shop:/?#&=%+.-_aZ09 \\@[]é🚀".unicodeScalars)
        for round in 0..<3_000 {
            let length = Int.random(in: 0..<60, using: &random)
            var string: String
            if round.isMultiple(of: 2) {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
                string = String(decoding: bytes, as: UTF8.self)
            } else {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<length { scalars.append(alphabet.randomElement(using: &random) ?? "a") }
                string = String(scalars)
            }
            if round.isMultiple(of: 3) { string = "shop://" + string }
            let result = await resolver.resolve(string)
            #expect(
                result.status.isHandled || result.reason != nil,
                "seed 20261123, round \(round): \(string.debugDescription)")
        }
    }

    @Test func theDefaultLimitsRefuseHugeURLsAndNameTheLimit() async throws {
        let resolver = try Self.resolver()
        let long = await resolver.resolve("shop://product/" + String(repeating: "x", count: 1_000_000))
        #expect(long.status == .limitExceeded)
        #expect(long.exceededLimit == .urlLength)
        #expect(long.reason == "the URL is 1000015 bytes long, over the limit of 16384 (maximumURLLength)")
        let query = await resolver.resolve("shop://product/1?" + String(repeating: "a=1&", count: 1_000))
        #expect(query.exceededLimit == .queryItems)
        #expect(query.reason == "the URL has 1000 query items, over the limit of 512 (maximumQueryItems)")
        let deep = await resolver.resolve("shop://files/" + (0..<200).map(String.init).joined(separator: "/"))
        #expect(deep.exceededLimit == .segments)
        #expect(deep.reason == "the URL has 201 path segments, over the limit of 128 (maximumSegments)")
        let fine = await resolver.resolve("shop://files/" + (0..<100).map(String.init).joined(separator: "/"))
        #expect(fine.status == .handled)
    }

    @Test func matchByPathRefusesWhatLookupFindsOverALimit() throws {
        var builder = RouteTableBuilder<String>(schemes: ["shop"])
        builder.add(try RouteTemplate(parsing: "product/:id"), to: "product")
        builder.add(try RouteTemplate(parsing: "files/*path"), to: "files")
        let table = try builder.build()
        for (url, limit) in [
            ("shop://product/1?" + String(repeating: "a=1&", count: 513), RouteLimits.Limit.queryItems),
            ("shop://files/" + (0..<200).map(String.init).joined(separator: "/"), .segments),
            ("shop://product/" + String(repeating: "x", count: 20_000), .urlLength),
        ] {
            #expect(table.lookup(url).exceededLimit == limit)
            #expect(table.match(path: url)?.value == nil, "\(limit)")
        }
        // A path too long for the first split's buffer (40 segments) meets the same query check.
        let longPath = "shop://files/" + (0..<40).map(String.init).joined(separator: "/")
        #expect(table.match(path: longPath)?.value == "files")
        #expect(table.match(path: longPath + "?" + String(repeating: "a=1&", count: 513))?.value == nil)
        #expect(table.lookup(longPath + "?" + String(repeating: "a=1&", count: 513)).exceededLimit == .queryItems)
        // At the limit, and with empty items (which do not count), both still match.
        let atLimit = "shop://product/1?" + String(repeating: "a=1&", count: 512) + String(repeating: "&", count: 600)
        #expect(table.lookup(atLimit).outcome == .matched)
        #expect(table.match(path: atLimit)?.value == "product")
    }

    @Test(arguments: [0, -1, Int.min])
    func matchByPathAndLookupAgreeAtTheEdgesOfTheQueryLimit(maximum: Int) throws {
        var builder = RouteTableBuilder<String>(
            schemes: ["shop"], options: RouteTableOptions(limits: RouteLimits(maximumQueryItems: maximum)))
        builder.add(try RouteTemplate(parsing: "product/:id"), to: "product")
        let table = try builder.build()
        for url in ["shop://product/1", "shop://product/1?", "shop://product/1?a=1", "shop://product/1?a&b&c"] {
            let looked = table.lookup(url)
            #expect((table.match(path: url)?.value != nil) == (looked.outcome == .matched), "\(url): \(looked.outcome)")
        }
    }

    @Test func aOneMegabyteURLIsRoutedWithoutTrouble() async throws {
        let resolver = try Self.resolver(limits: Self.generous)
        let long = String(repeating: "x", count: 1_000_000)
        let result = await resolver.resolve("shop://product/" + long)
        #expect(result.status == .handled)
        #expect(result.request?.routeName == "slug")
        let query = await resolver.resolve("shop://product/1?" + String(repeating: "a=1&", count: 250_000))
        #expect(query.request?.queryParameters.values(for: "a").count == 250_000)
        let slashes = await resolver.resolve("shop://files" + String(repeating: "/", count: 1_000_000))
        #expect(slashes.request?.wildcard == [])
    }

    @Test func tenThousandSegmentsAreFine() async throws {
        let resolver = try Self.resolver(limits: Self.generous)
        let deep = (0..<10_000).map(String.init).joined(separator: "/")
        let files = await resolver.resolve("shop://files/" + deep)
        #expect(files.request?.wildcard?.count == 10_000)
        let nowhere = await resolver.resolve("shop://user/" + deep)
        #expect(nowhere.status == .unmatched)
        let catchAll = await resolver.resolve("shop://a/" + deep)
        #expect(catchAll.request?.routeName == "deep")
        #expect(catchAll.request?.wildcard?.count == 9_998)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        let status: RoutingStatus
        var parameter: String?
        var testDescription: String { url.debugDescription }
    }

    @Test(arguments: [
        Case(url: "shop://product/%", status: .handled, parameter: "%"),
        Case(url: "shop://product/%%", status: .handled, parameter: "%%"),
        Case(url: "shop://product/%G1", status: .handled, parameter: "%G1"),
        Case(url: "shop://product/%4", status: .handled, parameter: "%4"),
        Case(url: "shop://product/%25", status: .handled, parameter: "%"),
        Case(url: "shop://product/%00", status: .handled, parameter: "\u{0}"),
        Case(url: "shop://product/%E9", status: .invalid),
        Case(url: "shop://product/%C0%AF", status: .invalid),
        Case(url: "shop://product/%ED%A0%80", status: .invalid),
        Case(url: "shop://product/%F4%90%80%80", status: .invalid),
        Case(url: "shop://product/1\u{0}", status: .invalid),
        Case(url: "shop://product/1\u{7F}", status: .invalid),
        Case(url: "shop://product/1\r\n", status: .invalid),
        Case(url: "\tshop://product/1", status: .invalid),
        Case(url: "shop://product/%2e%2e", status: .handled, parameter: ".."),
        Case(url: "shop://files/..%2F..%2Fsecret", status: .handled, parameter: "../../secret"),
    ])
    func escapesAndControlCharacters(_ testCase: Case) async throws {
        let result = try await Self.resolver().resolve(testCase.url)
        #expect(result.status == testCase.status)
        if testCase.status == .invalid { #expect(result.reason != nil) }
        if let parameter = testCase.parameter {
            #expect(result.request?.routeParameters?.first?.value == parameter)
        }
    }
}
