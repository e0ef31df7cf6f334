import Foundation
import Testing
import Waymark
import WaymarkTestSupport

@testable import WaymarkAssociatedDomains

/// Random route tables: the generated file never sends an internal-only route's URLs to the app,
/// and never leaves a universal route out unless its report says so, naming the route, which
/// happens only when an internal-only route's pattern also covers it. And random URLs drawn from
/// each component's pattern show no internal route sent and no route left out that the report
/// does not name, and every URL sent that no route handles is of a kind the report lists for the
/// component that decides.
@Suite struct GenerationPropertyTests {
    static let app = "ABCDE12345.com.example.app"
    static let domain = "example.com"
    static let literals = ["a", "b", "shop", "x1", "new"]

    struct Table {
        var resolver: RouteResolver
        var templates: [String]
    }

    static func segment(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: ":p"
        case 1: ":n<int>"
        case 2: ":u<uuid>"
        case 3: ":f<float>"
        default: literals.randomElement(using: &random) ?? "a"
        }
    }

    static func table(seed: UInt64) throws -> Table? {
        var random = SeededGenerator(seed: seed)
        var builder = RouteResolverBuilder(schemes: ["app"], domains: [domain, "other.example.com"])
        var templates: [String] = []
        for index in 0..<Int.random(in: 1...7, using: &random) {
            var parts = (0..<Int.random(in: 1...3, using: &random)).map { _ in segment(&random) }
            var seen: Set<String> = []
            parts = parts.enumerated().map { position, part in
                guard part.hasPrefix(":") else { return part }
                let name = "v\(position)"
                return seen.insert(name).inserted
                    ? ":" + name + part.drop { $0 != "<" && $0 != ":" }.dropFirst(1).drop { $0 != "<" } : part
            }
            var template = parts.joined(separator: "/")
            if Bool.random(using: &random) && Int.random(in: 0..<3, using: &random) == 0 { template += "/*rest" }
            if Int.random(in: 0..<5, using: &random) == 0 {
                template += "(/\(literals.randomElement(using: &random) ?? "a"))"
            }
            var options: [RouteOption] = []
            if Int.random(in: 0..<4, using: &random) == 0 { options.append(.internalOnly) }
            if Int.random(in: 0..<6, using: &random) == 0 {
                options.append(.scopes(.universal(domain: "other.example.com")))
            }
            templates.append(template)
            builder.add(RouteTemplate(stringLiteral: template), name: "r\(index)", options: options) { _ in .handled }
        }
        guard builder.diagnostics().allSatisfy({ $0.severity != .error }) else { return nil }
        return Table(resolver: try builder.build(), templates: templates)
    }

    /// Canonical paths of a variant, with values drawn at random (and each type's own values).
    static func paths(_ variant: VariantShape, _ random: inout SeededGenerator) -> [String] {
        (0..<6).map { _ in
            let segments = variant.segments.flatMap { segment -> [String] in
                switch segment {
                case .literal(let text):
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: text)
                    return [String(view)]
                case .value(.int): return [String(Int.random(in: -99...9999, using: &random))]
                case .value(.float): return ["\(Int.random(in: 0...99, using: &random)).5"]
                case .value(.uuid): return [UUID().uuidString]
                case .value(.any): return [["z", "q9", "a-b", "new", "%20"].randomElement(using: &random) ?? "z"]
                case .pattern(let pieces):
                    return [
                        pieces.map { piece in
                            switch piece {
                            case .text(let text):
                                var view = String.UnicodeScalarView()
                                view.append(contentsOf: text)
                                return String(view)
                            case .capture(let shape): return VariantShape.example(of: shape)
                            }
                        }.joined()
                    ]
                case .rest: return Array(["k", "l"].prefix(Int.random(in: 0...2, using: &random)))
                }
            }
            return "/" + segments.joined(separator: "/")
        }
    }

    /// A path drawn from a component's pattern: each `?` one character, each `*` zero to two segments.
    static func draw(_ pattern: String, _ random: inout SeededGenerator) -> String {
        var path = ""
        for character in pattern {
            switch character {
            case "?": path.append(["a", "7", "z"].randomElement(using: &random) ?? "a")
            case "*":
                let pieces = ["", "x", "1", "new", "a/b", "shop/1", "x1/z/new"]
                path += pieces.randomElement(using: &random) ?? ""
            default: path.append(character)
            }
        }
        return path
    }

    @Test func generatedFilesKeepInternalRoutesOutAndUniversalRoutesIn() async throws {
        let (tables, failures) = try await offCooperativePool { try Self.propertyFailures() }
        #expect(tables > 100)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// The tables tried, and every way the property fails, as messages.
    static func propertyFailures() throws -> (Int, [String]) {
        var failures: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { failures.append(message()) }
        }
        var tables = 0
        for seed in UInt64(1)...250 {
            guard let table = try Self.table(seed: seed) else { continue }
            tables += 1
            let resolver = table.resolver
            let generated = AppSiteAssociation.generate(from: resolver, appID: Self.app, domain: Self.domain)
            expect(generated.report.isComplete, "seed \(seed): incomplete")
            let matcher = generated.file.matcher(appID: Self.app)
            let leftOut = Set(generated.report.problems.filter { $0.kind == .routeNotSent }.compactMap(\.routeName))
            var random = SeededGenerator(seed: seed &* 31)
            for variant in DomainRoutes(resolver: resolver, domain: Self.domain).variants {
                for path in Self.paths(variant, &random) {
                    let url = "https://\(Self.domain)\(path)"
                    let preview = resolver.preview(url, origin: .external)
                    let opens = matcher.decision(for: url).opens
                    switch preview.outcome {
                    case .internalOnly:
                        expect(!opens, "seed \(seed): \(table.templates): internal \(url) opens the app")
                    case .opens:
                        let name = preview.request?.routeName ?? ""
                        expect(
                            opens || leftOut.contains(name),
                            "seed \(seed): \(table.templates): \(url) (\(name)) is left out")
                    default: break
                    }
                }
            }
            // A route is only ever left out for an internal-only route of the same shape.
            if !leftOut.isEmpty {
                expect(table.templates.indices.contains { resolver.isInternalOnly(at: $0) }, "seed \(seed): left out")
            }
            failures += samplingFailures(generated.file, table, seed: seed, report: generated.report)
        }
        return (tables, failures)
    }

    /// Every URL drawn from a component's pattern that the file and the routes disagree on is
    /// already in the report: as a route left out, an internal route sent, or URLs sent that no
    /// route handles, for the component that decides.
    static func samplingFailures(
        _ file: AppSiteAssociation, _ table: Table, seed: UInt64, report: AssociationReport
    ) -> [String] {
        var failures: [String] = []
        var random = SeededGenerator(seed: seed &* 77)
        let matcher = file.matcher(appID: Self.app)
        let restricted = Set(report.diagnostics.filter { $0.kind == .restrictedRouteSent }.compactMap(\.routeName))
        let leftOut = Set(report.diagnostics.filter { $0.kind == .routeNotSent }.compactMap(\.routeName))
        let components = file.applinks?.details.first?.components ?? []
        for component in components {
            for _ in 0..<24 {
                let path = Self.draw(component.path ?? "/", &random)
                guard !path.contains("//"), path == "/" || !path.hasSuffix("/") else { continue }
                let url = "https://\(Self.domain)\(path)"
                let decision = matcher.decision(for: url)
                let preview = table.resolver.preview(url, origin: .external)
                switch (decision.opens, preview.outcome) {
                case (true, .internalOnly):
                    if !restricted.contains(preview.request?.routeName ?? "") {
                        failures.append("seed \(seed): \(url): internal route sent, not reported")
                    }
                case (false, .opens):
                    if !leftOut.contains(preview.request?.routeName ?? "") {
                        failures.append("seed \(seed): \(url): route left out, not reported")
                    }
                case (true, .opensDefault), (true, .unmatched):
                    // Sent, and no route handles it: the report lists this kind for the component
                    // that decides.
                    let notes = report.diagnostics.filter {
                        $0.kind == .unhandledURLsSent && $0.componentIndex == decision.componentIndex
                    }
                    let decider = decision.componentIndex.map { components[$0].path }
                    let variant = DomainRoutes(resolver: table.resolver, domain: Self.domain).variants.first {
                        $0.narrowestPattern == decider
                    }
                    let kind = variant.map { CoverageFindings.kind(of: path, against: $0).1 }
                    if !notes.contains(where: { note in kind.map { note.message.contains("(\($0))") } ?? true }) {
                        failures.append(
                            "seed \(seed): \(table.templates): \(url) is sent and unhandled (\(kind ?? "broad")), not reported: \(notes.map(\.message))"
                        )
                    }
                default: break
                }
            }
        }
        return failures
    }
}
