import Testing

@testable import Waymark

/// `RouteTable.explain`: scope exclusions are named, near misses ranked by how close the failing
/// segment is, and the edit distance behind the ranking is bounded (issue 19, item 7).
@Suite struct RouteExplanationTests {
    static func table(
        _ routes: [(String, [RouteScope])], schemes: [String] = ["app"], domains: [String] = ["app.example.com"]
    ) throws -> RouteTable<Int> {
        var builder = RouteTableBuilder<Int>(schemes: schemes, domains: domains)
        for (index, (pattern, scopes)) in routes.enumerated() {
            builder.add(try RouteTemplate(parsing: pattern), scopes: scopes, to: index)
        }
        return try builder.build()
    }

    @Test func aTypoRanksTheMisspeltLiteralFirst() throws {
        let table = try Self.table([
            ("/", RouteScope.defaultScopes), ("product/:id<int>", RouteScope.defaultScopes),
            ("settings", RouteScope.defaultScopes), ("create", RouteScope.defaultScopes),
        ])
        let explanation = table.explain("app://creat")
        // `/` is no near miss of a URL with a path (issue 30).
        #expect(explanation.attempts.map(\.template.pattern) == ["create", "product/:id<int>", "settings"])
        #expect(explanation.attempts.first?.literalDistance == 1)
        // A swap of neighbours is one edit: `setitngs` is nearest `settings`.
        #expect(table.explain("app://setitngs").attempts.first?.template.pattern == "settings")
        #expect(table.explain("app://setitngs").attempts.first?.literalDistance == 1)
    }

    /// The later segment wins over the nearer literal: `product/abc` got one segment further along
    /// `product/:id<int>` than `create` got along anything.
    @Test func theFirstFailingSegmentComesBeforeTheDistance() throws {
        let table = try Self.table([
            ("produc", RouteScope.defaultScopes), ("product/:id<int>", RouteScope.defaultScopes),
            ("product/new", RouteScope.defaultScopes), ("product/abd", RouteScope.defaultScopes),
        ])
        let attempts = table.explain("app://product/abc").attempts
        // At segment 2: `abd` is one edit away; `new` is three (not near) and ranks with the int in file order.
        #expect(attempts.map(\.template.pattern) == ["product/abd", "product/:id<int>", "product/new", "produc"])
        #expect(attempts.map(\.matchedSegments) == [1, 1, 1, 0])
    }

    /// `https://yourdomain.com/open` names openDocument, whose path matches but whose scopes name
    /// another domain: when the table accepts that domain, and when it refuses it.
    @Test(arguments: [["app.example.com", "yourdomain.com"], ["app.example.com"]])
    func aScopeExclusionIsNamed(domains: [String]) throws {
        let table = try Self.table(
            [("/", RouteScope.defaultScopes), ("open", [.universal(domain: "app.example.com")])], domains: domains)
        let explanation = table.explain("https://yourdomain.com/open")
        let excluded = try #require(explanation.scopeExclusions.first)
        #expect(excluded.registrationIndex == 1)
        #expect(!excluded.matched)
        #expect(
            excluded.failure
                == "its path matches, but its scopes (universal(app.example.com)) exclude the domain 'yourdomain.com'")
        #expect(explanation.attempts.first?.registrationIndex == 1)
        #expect(explanation.outcome == (domains.count == 2 ? .unmatched : .refused))
    }

    @Test func aScopeExclusionIsNamedBesideAMatch() throws {
        let table = try Self.table([
            ("create", [.app(scheme: "app")]), ("create", [.universal(domain: "app.example.com")]),
        ])
        let explanation = table.explain("app://create")
        #expect(explanation.matches.map(\.registrationIndex) == [0])
        #expect(explanation.scopeExclusions.map(\.registrationIndex) == [1])
        #expect(explanation.scopeExclusions.first?.failure?.hasSuffix("exclude the scheme 'app'") == true)
        // A route string is tried as an app link with the first scheme.
        let internalString = try Self.table([("only", [.universal(domain: "app.example.com")])]).explain("only")
        #expect(
            internalString.scopeExclusions.first?.failure
                == "its path matches, but its scopes (universal(app.example.com)) exclude route strings, "
                + "which are tried in app(app) and appAny")
    }

    @Test func editDistanceIsRightAndBounded() {
        #expect(EditDistance.bounded("kitten", "sitting", maximumLength: 64) == 3)
        #expect(EditDistance.bounded("ab", "ba", maximumLength: 64) == 1)
        #expect(EditDistance.bounded("", "abc", maximumLength: 64) == 3)
        #expect(EditDistance.bounded("same", "same", maximumLength: 64) == 0)
        let limit = RouteExplanation.maximumDistanceLength
        let atLimit = String(repeating: "a", count: limit)
        #expect(EditDistance.bounded(atLimit, atLimit + "b", maximumLength: limit) == nil)
        #expect(EditDistance.bounded(atLimit, atLimit.dropLast() + "b", maximumLength: limit) == 1)
        // A megabyte segment costs the limit's worth of counting, not a megabyte squared.
        #expect(EditDistance.bounded(String(repeating: "x", count: 1_000_000), "x", maximumLength: limit) == nil)
    }

    /// Past the limit a literal failure still ranks by its segment, with no distance.
    @Test func aLongLiteralIsExplainedWithoutADistance() throws {
        let long = String(repeating: "a", count: 10_000)
        let table = try Self.table([("other", RouteScope.defaultScopes), (long, RouteScope.defaultScopes)])
        let attempts = table.explain("app://" + long.dropLast() + "b").attempts
        #expect(attempts.count == 2)
        #expect(attempts.allSatisfy { $0.literalDistance == nil })
        #expect(attempts.map(\.registrationIndex) == [0, 1])
    }

    /// The root template is no near miss of every URL: only of one with no path (issue 30).
    @Test func theRootIsANearMissOnlyOfAnEmptyPath() throws {
        let table = try Self.table([
            ("/", RouteScope.defaultScopes), ("product/:id<int>", RouteScope.defaultScopes),
            ("search", RouteScope.defaultScopes),
        ])
        let miss = table.explain("app://nothing-like-this")
        #expect(miss.outcome == .unmatched)
        #expect(miss.attempts.map(\.template.pattern) == ["product/:id<int>", "search"])
        #expect(!table.explain("app://product/abc").attempts.contains { $0.template.pattern == "/" })
        // A URL with no path is close to it: a root its scopes exclude is named.
        let scoped = try Self.table(
            [("/", [.app(scheme: "other")]), ("search", RouteScope.defaultScopes)], schemes: ["app", "other"])
        let empty = scoped.explain("app://")
        #expect(empty.attempts.first?.template.pattern == "/")
        #expect(empty.attempts.first?.isExcludedByScope == true)
    }

    /// `creat` names `create` first although its scopes exclude the URL's scheme, and says so
    /// in the words a scope exclusion of a matching path uses (issue 30).
    @Test func anOutOfScopeRouteIsANearMissMarkedAsSuch() throws {
        let table = try Self.table([
            ("/", RouteScope.defaultScopes), ("settings", RouteScope.defaultScopes),
            ("create", [.universal(domain: "app.example.com")]), ("open", [.universal(domain: "app.example.com")]),
        ])
        let explanation = table.explain("app://creat")
        let first = try #require(explanation.attempts.first)
        #expect(first.template.pattern == "create")
        #expect(first.isOutOfScope)
        #expect(!first.isExcludedByScope)
        #expect(first.literalDistance == 1)
        #expect(
            first.failure
                == #"segment 1 is "creat", the template expects 'create'; and its scopes (universal(app.example.com)) exclude the scheme 'app'"#
        )
        // `open` is out of scope and not near: not listed. A scope exclusion is still only a matching path.
        #expect(explanation.attempts.map(\.template.pattern) == ["create", "settings"])
        #expect(explanation.scopeExclusions.isEmpty)
        // Out of scope, one segment matched: listed too.
        let deeper = try Self.table([("product/:id<int>", [.universal(domain: "app.example.com")])])
        let attempt = try #require(deeper.explain("app://product").attempts.first)
        #expect(attempt.isOutOfScope && attempt.matchedSegments == 1)
    }

    /// Equally near misses keep one order: in scope before out of scope, then registration order,
    /// the same on every call (issue 30).
    @Test func theOrderOfNearMissesIsStable() throws {
        let universal = [RouteScope.universal(domain: "app.example.com")]
        let table = try Self.table([
            ("create", universal), ("great", RouteScope.defaultScopes), ("treat", universal),
            ("creat/:id", RouteScope.defaultScopes), ("cheat", RouteScope.defaultScopes),
            ("settings", RouteScope.defaultScopes), ("search", universal),
        ])
        let expected = ["creat/:id", "great", "cheat", "create", "treat", "settings"]
        for _ in 0..<3 {
            let attempts = table.explain("app://creat", nearest: 10).attempts
            #expect(attempts.map(\.template.pattern) == expected)
            #expect(attempts.map(\.isOutOfScope) == [false, false, false, true, true, false])
        }
        #expect(table.explain("app://creat").attempts.map(\.template.pattern) == Array(expected.prefix(5)))
    }
}
