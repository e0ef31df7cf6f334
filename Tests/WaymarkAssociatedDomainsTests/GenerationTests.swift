import Foundation
import Testing
import Waymark

@testable import WaymarkAssociatedDomains

/// Generation → matching, on the embedded example and generated tables of the benchmarks' shape (`DeepLinkRouteSet`): every route's
/// example URLs open in the app, no internal-only route's does, and the over-approximation the
/// generator reports is what a check of the file it wrote (read back from its JSON) finds.
@Suite struct GenerationTests {
    static let app = "ABCDE12345.com.example.shop"

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let domain: String
        var testDescription: String { name }

        func resolver() throws -> RouteResolver {
            name == "shop" ? try Fixtures.shopResolver() : try Fixtures.generatedResolver(name)
        }
    }

    static let cases = [
        Case(name: "shop", domain: "shop.example.com"), Case(name: "rest-api", domain: "example.com"),
        Case(name: "deeplink-10000", domain: "example.com"),
    ]

    @Test(arguments: cases)
    func roundTrip(_ fixture: Case) async throws {
        let failures = try await offCooperativePool { try Self.roundTripFailures(fixture) }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Every way the round trip fails, as messages.
    static func roundTripFailures(_ fixture: Case) throws -> [String] {
        var failures: [String] = []
        let resolver = try fixture.resolver()
        let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: fixture.domain)
        if !generated.report.isComplete { failures.append("the analysis is incomplete") }
        failures += generated.report.problems.map { "problem: \($0)" }
        let matcher = generated.file.matcher(appID: Self.app)
        var checked = 0
        let registrations = resolver.table.registrations
        let isLarge = registrations.count > 1_000
        for registration in registrations {
            let universal =
                registration.scopes.contains(.universalAny)
                || registration.scopes.contains(.universal(domain: fixture.domain))
            guard universal else { continue }
            for variant in DomainRoutes.shapes(of: registration, in: resolver.table) {
                // Above a thousand routes, each route's own example (deeplink-10k: ten thousand URLs);
                // below, values of other lengths and characters too.
                let paths = isLarge ? [variant.examplePath] : Self.examplePaths(variant)
                for path in paths {
                    let url = "https://\(fixture.domain)\(path)"
                    let preview = resolver.preview(url, origin: .external)
                    // An example another route takes first is that route's to check.
                    guard preview.request?.matchedTemplate == registration.template || !preview.opensRoute else {
                        continue
                    }
                    let opens = matcher.decision(for: url).opens
                    if resolver.isInternalOnly(at: registration.index) {
                        if opens { failures.append("\(url) is internal-only but opens the app") }
                    } else if preview.opensRoute && !opens {
                        failures.append("\(url) opens route \(preview.request?.routeName ?? "?") but not the app")
                    }
                    checked += 1
                }
            }
        }
        if checked == 0 { failures.append("no example was checked") }
        let reread = try AppSiteAssociation(data: generated.file.jsonData)
        failures += reread.diagnostics.map { "read back: \($0)" }
        let recheck = reread.check(against: resolver, appID: Self.app, domain: fixture.domain)
        if recheck.overApproximation != generated.report.overApproximation {
            failures.append("the check of the file read back reports another over-approximation")
        }
        failures += recheck.problems.map { "recheck: \($0)" }
        return failures
    }

    /// Several canonical paths of a variant: the plain example, and values of other lengths and
    /// characters, a catch-all with none and with two segments.
    static func examplePaths(_ variant: VariantShape) -> [String] {
        var paths = [variant.examplePath]
        let alternatives: [VariantShape.Segment: [String]] = [
            .value(.any): ["a-b.c", "%20z", "42"], .value(.int): ["-7", "1234567890123"],
            .value(.float): ["-0.5", "3e2"],
            .value(.uuid): ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"], .rest: ["", "x/y"],
        ]
        let base = variant.exampleSegments
        for (index, segment) in variant.segments.enumerated() {
            for value in alternatives[segment] ?? [] {
                var segments = base
                segments[index] = value
                let joined = segments.filter { !$0.isEmpty }.joined(separator: "/")
                paths.append("/" + joined)
            }
        }
        return paths
    }

    @Test func shopExampleNamesItsOverApproximation() throws {
        let generated = AppSiteAssociation.generate(
            from: try Fixtures.shopResolver(), appID: Self.app, domain: "shop.example.com")
        let text = generated.file.jsonText
        #expect(text.contains(#"{ "/": "/debug/menu", "exclude": true, "comment": "route debug (internal-only)" }"#))
        #expect(text.contains(#"{ "/": "/product/?*", "comment": "route product" }"#))
        let product = generated.report.overApproximation.first { $0.routeName == "product" }
        #expect(product?.message.contains("/product/a (segment 2 is not an int)") == true)
        #expect(product?.message.contains("(a ?* wildcard spans several segments)") == true)
    }
}

/// When the generator may drop an include: only when another matches every path it does, Apple's
/// parent rule (`/docs/*` also matches `/docs`) included. Each row is checked against the matcher
/// on sample paths too, so the table cannot claim a cover the matcher disagrees with.
@Suite struct PatternContainmentTests {
    static let rows: [(outer: String, inner: String, covers: Bool)] = [
        ("/store/?*", "/store/sale", true),
        ("/store/?*", "/store/?*/reviews", true),
        ("/store/?*", "/store/*", false),  // `/store/*` also matches `/store`
        ("/store/*", "/store", true),
        ("/store/*", "/store/?*/x/*", true),
        ("/x?*", "/x/*", false),  // `/x/*` matches `/x`, which `/x?*` does not
        ("/?*/?*", "/?*/?*/?*", true),
        ("/a/????", "/a/?*", false),
        ("/a/?*", "/a/????", true),
        ("/a/b", "/a/B", false),
    ]

    @Test func coversExactlyTheRows() {
        for row in Self.rows {
            #expect(
                PatternContainment.covers(row.outer, row.inner, caseSensitive: true) == row.covers,
                "\(row.outer) covers \(row.inner)")
        }
    }

    @Test func everyCoverHoldsOnSamplePaths() {
        let samples = [
            "/store", "/store/sale", "/store/a/reviews", "/x", "/xy", "/x/y", "/a/b", "/a/B", "/a/abcd", "/1/2/3",
        ]
        for row in Self.rows where row.covers {
            let outer = WildcardPattern(row.outer, caseSensitive: true, variables: [:], alsoMatchesParent: true)
            let inner = WildcardPattern(row.inner, caseSensitive: true, variables: [:], alsoMatchesParent: true)
            for path in samples where inner.matches(path.unicodeScalars) {
                #expect(outer.matches(path.unicodeScalars), "\(row.outer) misses \(path) of \(row.inner)")
            }
        }
    }
}
