import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration
import WaymarkTestSupport

/// The real path-configuration documents in ../shared/realworld (read where they are, not copied):
/// each loads, and its lookups give what Hotwire Native's semantics give.
struct RealWorldDocumentChecks {
    static var folder: URL { RealWorldCorpus.folder.appendingPathComponent("realworld/path-configurations") }

    static func load(_ name: String, queryStringMatching: Bool = true) throws -> PathConfiguration {
        let data = try Data(contentsOf: RealWorldCorpus.path("realworld/path-configurations/\(name)"))
        return try PathConfiguration(
            data: data, options: .init(queryStringMatching: queryStringMatching), source: name)
    }

    struct Lookup: CustomStringConvertible {
        var input: String
        var rules: [Int]
        var check: @Sendable (PathProperties) -> Bool = { _ in true }
        var queryStringMatching = true
        var description: String { input }
    }

    static let expectations: [String: [Lookup]] = [
        "FelipeSysten_geomatchios_path-configuration.json": [
            // The catch-all comes last, so it overrides every earlier rule.
            Lookup(input: "/users/sign_in", rules: [0, 5]) { $0.context == .default && $0.pullToRefreshEnabled },
            // Unanchored '/matches' (rule 2) matches too.
            Lookup(input: "/matches/12/messages", rules: [2, 3, 5]) { $0.pullToRefreshEnabled },
            Lookup(input: "/lead", rules: [2, 5]) { $0.presentation == .default },
            Lookup(input: "https://geomatch.example/users/5/edit?x=1", rules: [4, 5]) { $0.context == .default },
            Lookup(input: "/users/sign_in_later", rules: [0, 5]),
            Lookup(input: "/about", rules: [5]),
        ],
        "JuanNitram_laravel-hotwire-example-ios-app_path-configuration.json": [
            Lookup(input: "/dashboard", rules: [0, 1]) { $0.uri == "hotwire://fragment/web/home" },
            // A kept trailing slash stops '^/dashboard$'.
            Lookup(input: "/dashboard/", rules: [0]) { $0.uri == "hotwire://fragment/web" },
            Lookup(input: "/settings/profile", rules: [0, 2]) {
                $0.context == .modal && $0.presentation == .default
            },
            Lookup(input: "/posts/create", rules: [0, 4]) { $0.uri == "hotwire://fragment/web/modal/sheet" },
            Lookup(input: "/login?next=/x", rules: [0, 3]),
            Lookup(input: "/dashboard?tab=1", rules: [0]),
            Lookup(input: "/dashboard?tab=1", rules: [0, 1], queryStringMatching: false),
        ],
        "cloud9c_starch_ios_v1.json": [
            Lookup(input: "/", rules: [0, 4]) { $0.presentation == .clearAll },
            // With query-string matching on, '^/$' stops matching when a query is present.
            Lookup(input: "/?ref=mail", rules: [0]) { $0.presentation == .default },
            Lookup(input: "/?ref=mail", rules: [0, 4], queryStringMatching: false),
            // Unanchored '/user' also matches '/users/5'.
            Lookup(input: "/users/5", rules: [0, 3]) { $0.modalStyle == .pageSheet && $0.context == .modal },
            Lookup(input: "/trash/new", rules: [0, 1, 3]) {
                !$0.pullToRefreshEnabled && $0.modalStyle == .pageSheet
            },
            Lookup(input: "/session/new", rules: [0, 1, 2]) {
                $0.modalStyle == .full && $0["modal_dismiss_gesture_enabled"] == .bool(false)
                    && $0.routingType == .cover
            },
        ],
        "crmne_cluster-headache-tracker_ios_v2.json": [
            Lookup(input: "/headache_logs", rules: [0]) { $0.context == .default },
            // "pageSheet" is not Hotwire's spelling: the typed accessor falls back to large.
            Lookup(input: "/headache_logs/new", rules: [1]) { $0.modalStyle == .large && $0.context == .modal },
            Lookup(input: "/headache_logs/5/edit", rules: [1]) { $0.pullToRefreshEnabled },
            Lookup(input: "/users/sign_in", rules: [2]) { !$0.pullToRefreshEnabled },
            Lookup(input: "/charts?range=week", rules: []) { $0.raw.isEmpty },
            Lookup(input: "/charts?range=week", rules: [0], queryStringMatching: false),
        ],
        "fuyu77_utakata_ios_v1.json": [
            Lookup(input: "/tanka/12/edit", rules: [0, 1]) { $0.context == .modal && !$0.pullToRefreshEnabled },
            Lookup(input: "/tanka/abc/edit", rules: [0]) { $0.pullToRefreshEnabled },
            Lookup(input: "/tanka/new?draft=1", rules: [0]),
            Lookup(input: "/tanka/new?draft=1", rules: [0, 1], queryStringMatching: false),
            Lookup(input: "/users/sign_in", rules: [0, 1]),
            Lookup(input: "/", rules: [0]),
        ],
        "matthewblott_skribl-ios_path-configuration.json": [
            Lookup(input: "/42/notes?note_deleted=1", rules: [0, 7]) { $0.presentation == .default },
            Lookup(input: "/42/notes?note_deleted=1", rules: [0, 6], queryStringMatching: false),
            Lookup(input: "/42/notes", rules: [0, 6]),
            Lookup(input: "/auth/new", rules: [0, 2, 3]) { $0.presentation == .default },
            Lookup(input: "/42/notes/0f8fad5b-d9cb-469f-a165-70867728950e", rules: [0, 9]) {
                !$0.pullToRefreshEnabled
            },
            Lookup(input: "/info", rules: [0, 1]) { $0.presentation == .replaceRoot && $0.routingType == .root },
        ],
    ]

    func documentLoadsAndAnswersAsHotwireDoes(name: String) throws {
        for lookup in Self.expectations[name] ?? [] {
            let configuration = try Self.load(name, queryStringMatching: lookup.queryStringMatching)
            #expect(!configuration.diagnostics.contains { $0.severity == .skipped }, "\(configuration.diagnostics)")
            let match =
                lookup.input.contains("://")
                ? configuration.match(url: lookup.input) : configuration.match(path: lookup.input)
            #expect(
                match.matchedRules == lookup.rules,
                "\(name) \(lookup.input) (query matching \(lookup.queryStringMatching))")
            #expect(lookup.check(match.properties), "\(name) \(lookup.input): \(match.properties.raw)")
        }
    }

    func everyDocumentInTheFolderLoads() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(names.count >= 6)
        for name in names {
            #expect(Self.expectations[name] != nil, "\(name) has no lookups in this test")
            _ = try Self.load(name)
        }
    }

    func unknownValuesAreReportedWithTheirRule() throws {
        #expect(
            try Self.load("crmne_cluster-headache-tracker_ios_v2.json").diagnostics.map(\.description) == [
                "rules[1]: warning: modal_style: \"pageSheet\" is not one of large, medium, full, page_sheet, form_sheet; hotwire-native-ios reads it as large"
            ])
        #expect(
            try Self.load("matthewblott_skribl-ios_path-configuration.json").diagnostics.map(\.ruleIndex) == [
                6, 7, 8,
            ])
        #expect(
            try Self.load("JuanNitram_laravel-hotwire-example-ios-app_path-configuration.json").diagnostics.map(
                \.description) == [
                    #"rules[2]: warning: presentation: "modal" is not a presentation hotwire-native-ios knows: it reads it as default and pushes; for a modal write "context": "modal""#
                ])
    }

    /// Turbo iOS's own demo document, the one this project was founded on, marks modal screens with
    /// `"presentation": "modal"` and native screens with `view-controller`: read as Turbo iOS (its
    /// demo's conventions) they present modally and name their screens; read as Hotwire Native iOS,
    /// which knows neither, they push, and loading says so and names the keys Hotwire reads.
    func theTurboDemosPresentationModalPresentsModally() throws {
        let url = Self.folder.deletingLastPathComponent().appendingPathComponent(
            "hotwire-corpus/hotwired_turbo-ios_Demo_path-configuration.json")
        let data = try Data(contentsOf: url)
        let turbo = try PathConfiguration(data: data, options: .init(target: .turboIOS))
        let hotwire = try PathConfiguration(data: data)
        for path in ["/posts/new", "/posts/1/edit", "/signin", "/strada-form", "/numbers/42"] {
            let properties = turbo.properties(forPath: path)
            #expect(properties.context == .modal, "\(path)")
            #expect(properties.presentation == .default, "\(path)")
            #expect(properties.routingType == .sheet(withStack: true), "\(path)")
            #expect(hotwire.properties(forPath: path).context == .default, "\(path)")
            #expect(hotwire.properties(forPath: path).routingType == nil, "\(path)")
        }
        #expect(turbo.properties(forPath: "/numbers").context == .default)
        #expect(turbo.properties(forPath: "/numbers").viewController == "numbers")
        #expect(turbo.properties(forPath: "/numbers/42").viewController == "numbersDetail")
        #expect(hotwire.properties(forPath: "/numbers").viewController == nil)
        #expect(
            turbo.diagnostics.map(\.description)
                == [0, 2].map {
                    #"rules[\#($0)]: warning: presentation: "modal" is Turbo iOS's convention and reads as context modal; Hotwire Native reads "context": "modal""#
                })
        #expect(
            hotwire.diagnostics.map(\.description).filter { $0.contains("view-controller") }
                == [1, 2].map {
                    #"rules[\#($0)]: warning: "view-controller" is Turbo iOS's demo spelling; hotwire-native-ios does not read it: write "view_controller""#
                })
    }

    func settingsAreKeptAsWritten() throws {
        #expect(
            try Self.load("crmne_cluster-headache-tracker_ios_v2.json").settings.keys.sorted() == [
                "enable_feature_x"
            ])
        #expect(
            try Self.load("FelipeSysten_geomatchios_path-configuration.json").settings["screenshots-enabled"] != nil
        )
    }
}
