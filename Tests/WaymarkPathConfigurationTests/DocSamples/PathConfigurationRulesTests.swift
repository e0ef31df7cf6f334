import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// The samples of "Path Configuration Rules" (WaymarkPathConfiguration.docc), run as written.
@Suite struct PathConfigurationRulesTests {
    @Test func rulesMergeInOrder() throws {
        // sample: PathConfigurationRules#1
        let configuration = try PathConfiguration(
            data: Data(
                """
                {"settings": {}, "rules": [
                    {"patterns": [".*"], "properties": {"context": "default", "pull_to_refresh_enabled": true}},
                    {"patterns": ["/new$", "/edit$"], "properties": {"context": "modal", "pull_to_refresh_enabled": false}},
                ]}
                """.utf8))
        let properties = configuration.properties(for: "https://shop.example.com/posts/new")
        let context = properties.context  // .modal
        let refresh = properties.pullToRefreshEnabled  // false
        let routingType = properties.routingType  // .sheet(withStack: true)
        let index = configuration.properties(forPath: "/posts").context  // .default
        let problems = configuration.diagnostics  // []
        // end sample
        #expect(context == .modal)
        #expect(refresh == false)
        #expect(routingType == .sheet(withStack: true))
        #expect(index == .default)
        #expect(problems.isEmpty)
    }

    @Test func lenientAndSaysSo() throws {
        // sample: PathConfigurationRules#2
        let lenient = try PathConfiguration(
            data: Data(
                #"""
                {"rules": [
                    {"patterns": ["(?=lookahead)"], "properties": {"title": "never"}},
                    {"patterns": ["/new$"], "properties": {"context": "sideways"}},
                ]}
                """#.utf8))
        let report = lenient.diagnostics.map(\.description)
        // end sample
        #expect(
            report == [
                "rules[0]: skipped: none of its patterns can be used",
                #"rules[0].patterns[0]: skipped: "(?=lookahead)" column 1: lookahead '(?=)' is not supported"#,
                #"rules[1]: warning: context: "sideways" is not one of default, modal; hotwire-native-ios reads it as default"#,
            ])
        #expect(lenient.properties(forPath: "/posts/new").raw == ["context": "sideways"])
    }

    @Test func aRouteFilesPathConfiguration() async throws {
        // sample: PathConfigurationRules#3
        let file = try RouteFile(
            data: Data(
                #"""
                {"schemes": ["shop"], "routes": [{"name": "product", "template": "product/:id<int>"}],
                 "pathConfiguration": {"rules": [{"patterns": ["^/product/"], "properties": {"context": "modal"}}]}}
                """#.utf8))
        let resolver = try file.makeBuilderWithPathConfiguration().build()
        let context = await resolver.resolve("shop://product/42").request?.properties["context"]  // "modal"
        let routesOnly = try file.makeResolver()  // no path configuration
        let none = await routesOnly.resolve("shop://product/42").request?.properties["context"]  // nil
        // end sample
        #expect(context == "modal")
        #expect(none == nil)
        #expect(await routesOnly.resolve("shop://product/42").request?.properties == [:])
    }
}
