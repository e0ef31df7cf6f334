import Foundation
import Testing
import Waymark

@testable import WaymarkAssociatedDomains

/// The apple-app-site-association findings of issue 31, each as a generated family of inputs
/// (shapes × sizes × spellings), asserted on the analysis's work counter, never on a clock.
@Suite struct RedTeamFamilyTests {
    static let app = "ABCDE12345.com.example.shop"
    static let domain = "example.com"

    /// A resolver from route-file JSON routes.
    static func resolver(_ routes: [String]) throws -> RouteResolver {
        let json = #"{"schemes": ["x"], "domains": ["\#(domain)"], "routes": ["# + routes.joined(separator: ", ") + "]}"
        return try RouteFile(data: Data(json.utf8)).makeResolver()
    }

    static func route(_ name: String, _ template: String, internal isInternal: Bool = false) -> String {
        let flag = isInternal ? ", \"internal\": true" : ""
        return #"{"name": "\#(name)", "template": "\#(template)""# + flag + "}"
    }

    static func file(_ components: [String], variables: String = "") -> AppSiteAssociation? {
        let json =
            #"{"applinks": {\#(variables)"details": [{"appIDs": ["\#(app)"], "components": ["#
            + components.joined(separator: ", ") + "]}]}}"
        return try? AppSiteAssociation(data: Data(json.utf8))
    }

    // MARK: - Finding 3: bounded work, charged for what it costs

    /// The shapes of the red-team tables at a size.
    static func table(_ shape: String, _ size: Int) throws -> RouteResolver {
        switch shape {
        case "stacked":
            // Route i = :p0/…/:p(i-1)/l{i}/*rest: the catch-alls entered make exponentially many states.
            return try resolver(
                (0..<size).map { i in
                    route("r\(i)", ((0..<i).map { ":p\($0)" } + ["l\(i)", "*rest"]).joined(separator: "/"))
                })
        case "pairs":
            // :a/:b/x{i}, every other route internal: every state holds every component's `*`.
            return try resolver((0..<size).map { route("r\($0)", ":a/:b/x\($0)", internal: $0 % 2 == 1) })
        default:
            // Independent literal routes with a value: the linear case.
            return try resolver((0..<size).map { route("r\($0)", "s\($0)/:id/t\($0 % 7)") })
        }
    }

    /// Every shape at 1×, 10× and 100× under a small bound: each run either completes within the
    /// bound or stops at it with an error (never a silent pass), and the counter passes the bound by
    /// one step at most (a step reads a state's items or decides one URL against every component:
    /// far less than a quarter of the bound here).
    @Test(arguments: ["stacked", "pairs", "linear"])
    func everyShapeStopsAtTheBoundWithAnError(shape: String) async throws {
        let bound = 3_000_000
        let options = AssociationCheckOptions(maximumWork: bound)
        let base = shape == "stacked" ? 4 : shape == "pairs" ? 8 : 3
        let reports = try await offCooperativePool {
            try [1, 10, 100].map { scale in
                let generated = AppSiteAssociation.generate(
                    from: try Self.table(shape, base * scale), appID: Self.app, domain: Self.domain,
                    options: options)
                // The served file checked on its own too.
                let checked = generated.file.check(
                    against: try Self.table(shape, base * scale), appID: Self.app, domain: Self.domain,
                    options: options)
                return [generated.report, checked]
            }
        }
        for (scale, pair) in zip([1, 10, 100], reports) {
            for report in pair {
                #expect(report.work <= bound + bound / 4, "\(shape) \(scale)×: \(report.work)")
                if !report.isComplete {
                    #expect(
                        report.problems.contains { $0.kind == .incompleteAnalysis && $0.severity == .error },
                        "\(shape) \(scale)×: incomplete without an error")
                }
            }
        }
        if shape == "linear" {
            // The linear table completes at every size, its work growing with the routes.
            #expect(reports.allSatisfy { $0.allSatisfy(\.isComplete) })
            let works = reports.map { Double($0[1].work) }
            #expect(works[2] <= 2 * 100 * works[0], "work at 1×, 10×, 100×: \(works)")
        } else {
            #expect(reports.last?.contains { !$0.isComplete } == true, "\(shape) at 100× finished under the bound")
        }
    }

    /// The counter charges a state for the routes it carries: in the pairs table every state holds
    /// every component's `*`, so the work grows with the square of the routes (four times for twice
    /// the routes), and a bound on it is a bound on that cost.
    @Test func aStateIsChargedForTheRoutesItCarries() async throws {
        let sizes = [20, 40, 80]
        let works = try await offCooperativePool {
            try sizes.map { size in
                AppSiteAssociation.generate(
                    from: try Self.table("pairs", size), appID: Self.app, domain: Self.domain
                ).report.work
            }
        }
        #expect(works[1] >= 3 * works[0] && works[2] >= 3 * works[1], "work for \(sizes) routes: \(works)")
    }

    /// A served file of overlapping wildcards (`/*a*b*…`), 1× to 100× its components, against the
    /// shop routes: it stops at the bound, with an error.
    @Test(arguments: [4, 40, 400])
    func overlappingWildcardFilesFail(components count: Int) throws {
        let letters = Array("abcdefghijklmnop")
        let components = (0..<count).map { index -> String in
            #"{"/": "/*"# + (0..<6).map { "\(letters[(index + $0 * 3 + index / 16) % 16])*" }.joined() + #""}"#
        }
        let file = try #require(Self.file(components))
        let bound = 1_000_000
        let report = file.check(
            against: try Fixtures.shopResolver(), appID: Self.app, domain: "shop.example.com",
            options: AssociationCheckOptions(maximumWork: bound))
        #expect(report.work <= bound + 100_000)
        #expect(!report.problems.isEmpty)
        if !report.isComplete { #expect(report.problems.contains { $0.kind == .incompleteAnalysis }) }
    }

    // MARK: - Finding 5: a limit the check reaches is an error

    /// `$(v)` of sizes around the 16,384-instruction limit, with `debug` first, in the middle or
    /// last, in the path or the fragment, and an undefined variable: the file sends the internal
    /// `/debug/menu` (an error) or the check could not read a pattern (an error); it never passes.
    @Test(arguments: [10, 2_000, 2_700, 2_800, 3_301], ["first", "middle", "last"])
    func variablesPastTheLimitFail(values count: Int, position: String) throws {
        var values = (0..<(count - 1)).map { "v\($0)" }
        let index = position == "first" ? 0 : position == "middle" ? values.count / 2 : values.count
        values.insert("debug", at: index)
        let variables =
            #""substitutionVariables": {"v": ["# + values.map { "\"\($0)\"" }.joined(separator: ",") + "]}, "
        for component in [#"{"/": "/$(v)/menu"}"#, ##"{"/": "/$(v)/menu", "#": "*"}"##, #"{"/": "/$(w)/menu"}"#] {
            let file = try #require(Self.file([component, #"{"/": "/search"}"#], variables: variables))
            let report = file.check(against: try Fixtures.shopResolver(), appID: Self.app, domain: "shop.example.com")
            let errors = report.problems.filter { $0.severity == .error }
            #expect(!errors.isEmpty, "\(count) values, debug \(position), \(component): passed")
            let refused = file.matcher(appID: Self.app).rules.contains { $0.path?.refusal != nil }
            if refused {
                #expect(
                    errors.contains { $0.kind == .incompleteAnalysis && $0.componentIndex == 0 },
                    "\(count) values, \(component): the refused pattern is not named")
            } else {
                #expect(errors.contains { $0.kind == .restrictedRouteSent && $0.routeName == "debug" })
            }
        }
    }

    // MARK: - Finding 4: parameters inside a segment

    static let segmentPatterns = ["{name}.json", "v{major}.{minor}", "{a}-{b}", "img{n}.png", "{id<int>}.txt"]

    /// An internal `:token` beside a public `PATTERN/:page`: the generated file either sends the
    /// public route's URLs or names the route in an error, never exits clean while keeping them in
    /// the browser.
    @Test(arguments: segmentPatterns)
    func aGeneratedFileSaysWhatItKeepsInTheBrowser(pattern: String) throws {
        for tail in ["/:page", "", "/feed"] {
            let resolver = try Self.resolver([
                Self.route("token", ":token", internal: true), Self.route("feed", pattern + tail),
            ])
            let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: Self.domain)
            let matcher = generated.file.matcher(appID: Self.app)
            for url in Self.examples(pattern + tail) {
                let preview = resolver.preview(url, origin: .external)
                guard preview.opensRoute, preview.request?.routeName == "feed" else { continue }
                #expect(
                    matcher.decision(for: url).opens
                        || generated.report.problems.contains { $0.routeName == "feed" && $0.severity == .error },
                    "\(pattern + tail): \(url) kept in the browser silently")
            }
        }
    }

    /// An internal `PATTERN` beside a public `:slug`, and a served `/*`: the check names the
    /// internal route's URLs it sends.
    @Test(arguments: segmentPatterns)
    func aServedFileThatSendsInternalPatternURLsFails(pattern: String) throws {
        let resolver = try Self.resolver([Self.route("page", ":slug"), Self.route("feed", pattern, internal: true)])
        for served in [#"{"/": "/*"}"#, #"{"/": "/?*"}"#, #"{"/": "*"}"#] {
            let file = try #require(Self.file([served]))
            let report = file.check(against: resolver, appID: Self.app, domain: Self.domain)
            #expect(
                report.problems.contains { $0.kind == .restrictedRouteSent && $0.routeName == "feed" },
                "\(pattern), \(served): \(report.problems)")
        }
        // And the generated file keeps them in the browser.
        let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: Self.domain)
        #expect(!generated.report.problems.contains { $0.kind == .restrictedRouteSent })
        for url in Self.examples(pattern) { #expect(!generated.file.matcher(appID: Self.app).decision(for: url).opens) }
    }

    /// URLs of a template: its captures and parameters filled with a few values.
    static func examples(_ template: String) -> [String] {
        ["a", "b2", "42"].map { value in
            var text = template
            while let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") {
                text.replaceSubrange(open...close, with: value)
            }
            let path = text.split(separator: "/").map { $0.hasPrefix(":") ? Substring(value) : $0 }
            return "https://\(domain)/" + path.joined(separator: "/")
        }
    }

    // MARK: - Finding 7: other spellings of internal routes

    /// Internal literals × spellings (each character percent-encoded in upper- and lower-case hex,
    /// NFD, empty segments), beside a public `:a/:b` whose `/?*/?*` would send them: the generated
    /// file keeps every percent-encoded and NFD spelling in the browser, and the app refuses the
    /// empty-segment ones the file cannot exclude.
    @Test(arguments: ["debug/menu", "café/menu", "admin/Settings"])
    func otherSpellingsOfInternalRoutesStayInTheBrowser(literal: String) throws {
        let resolver = try Self.resolver([
            Self.route("any", ":a/:b"), Self.route("secret", literal, internal: true), Self.route("home", "/"),
        ])
        let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: Self.domain)
        #expect(generated.report.problems.isEmpty, "\(generated.report.problems)")
        let matcher = generated.file.matcher(appID: Self.app)
        let segments = literal.split(separator: "/").map(String.init)
        var excluded: [String] = []
        for (index, segment) in segments.enumerated() {
            for (offset, character) in segment.enumerated() {
                for hex in [true, false] {
                    let encoded = String(character).utf8.map { String(format: hex ? "%%%02X" : "%%%02x", $0) }.joined()
                    var spelled = segments.map { LinkEncoding.pathSegment($0) }
                    let prefix = String(segment.prefix(offset))
                    let suffix = String(segment.dropFirst(offset + 1))
                    spelled[index] = LinkEncoding.pathSegment(prefix) + encoded + LinkEncoding.pathSegment(suffix)
                    excluded.append("/" + spelled.joined(separator: "/"))
                }
            }
        }
        let nfd = segments.map { LinkEncoding.pathSegment($0.decomposedStringWithCanonicalMapping) }
        excluded.append("/" + nfd.joined(separator: "/"))
        for path in excluded {
            let url = "https://\(Self.domain)\(path)"
            #expect(!matcher.decision(for: url).opens, "\(path) is sent to the app")
        }
        let joined = segments.map { LinkEncoding.pathSegment($0) }
        for path in ["//" + joined.joined(separator: "/"), "/" + joined.joined(separator: "//")] {
            let preview = resolver.preview("https://\(Self.domain)\(path)", origin: .external)
            #expect(
                !(preview.opensRoute && preview.request?.routeName == "secret"),
                "\(path) opens the internal route")
        }
    }
}
