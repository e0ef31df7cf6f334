import Foundation
import Waymark
import WaymarkNavigation

extension ScalingCases {
    /// Navigation: applying many links to one navigation state, and describing the state after
    /// each, as `waymark navigate` does (issue 17, finding 11: 1,000 in-app links with
    /// `context: modal` took 3.7 s, 3,000 took 66 s).
    static var navigationCases: [ScalingCase] {
        [
            ScalingCase(
                name: "navigate-modal", input: "n in-app links with context: modal, outlined after each", baseSize: 30,
                prepare: { links in
                    { apply(links, properties: ["context": "modal"]) }
                }),
            ScalingCase(
                name: "navigate-push", input: "n in-app links that push, outlined after each", baseSize: 100,
                prepare: { links in
                    { apply(links, properties: [:]) }
                }),
        ]
    }

    /// A route of a route file, as `waymark navigate` sees it.
    private struct LinkRoute: Route, Codable {
        let name: String
    }

    /// Applies `links` routes with these path properties, outlining the state after each; returns
    /// the lines written.
    private static func apply(_ links: Int, properties: [String: JSONValue]) -> Int {
        var state = NavigationState(root: LinkRoute(name: "home"))
        var lines = 0
        for index in 0..<links {
            let route = LinkRoute(name: "link(\(index))")
            let (behavior, _) = NavigationBehavior.resolve(route, properties: properties)
            state.apply(route, behavior: behavior)
            lines += NavigationDescription.outline(state, indent: "  ").count
        }
        return lines
    }
}
