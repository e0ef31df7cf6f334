import Foundation
import Testing
import Waymark
import WaymarkTestSupport

@testable import WaymarkNavigation

/// Presentations nest at most `maximumPresentationDepth` deep, and applying n routes costs work
/// linear in n (issue 17, finding 11: 3,000 in-app links that each opened a sheet took
/// `waymark navigate` 66 s, nesting 3,000 sheets).
@Suite struct NavigationBoundsTests {
    typealias State = NavigationState<AppRoute>

    @Test func aPresentationPastTheDepthLimitReplacesTheTopMostOne() {
        var state = State(root: .home)
        for id in 0..<20 { state.apply(.product(id), as: .sheet()) }
        #expect(state.presentationDepth == State.maximumPresentationDepth)
        #expect(state.visibleRoute == .product(19))
        // The levels below keep the first sheets; the top-most was replaced by each one after.
        let roots = (1...State.maximumPresentationDepth).compactMap { state.level($0)?.root }
        #expect(roots == (0..<7).map { AppRoute.product($0) } + [.product(19)])
        state.apply(.login)
        #expect(state.presentationDepth == State.maximumPresentationDepth)
        #expect(state.level(State.maximumPresentationDepth)?.presentation == nil)
        #expect(state.visibleRoute == .login)
        state.dismiss()
        #expect(state.visibleRoute == .product(6))
    }

    /// Pushes inside the top-most presentation go on its stack as ever, at any depth.
    @Test func pushesGoOnTheTopMostStackAtTheLimit() {
        var state = State(root: .home)
        for id in 0..<12 { state.apply(.product(id), as: .sheet()) }
        for id in 100..<105 { state.push(.product(id)) }
        #expect(state.level(State.maximumPresentationDepth)?.stack == (100..<105).map { AppRoute.product($0) })
    }

    static func nested(_ depth: Int) -> State {
        var state = State(root: .product(depth))
        for level in stride(from: depth - 1, through: 0, by: -1) {
            var presentation = State.Presentation(state.root, style: .sheet(withStack: true))
            presentation.state = state
            state = State(root: .product(level), presentation: presentation)
        }
        return state
    }

    /// A stored state may come from anywhere: one that nests deeper than the limit does not decode.
    @Test func aStoredStateDeeperThanTheLimitDoesNotDecode() throws {
        let fits = try JSONEncoder().encode(Self.nested(State.maximumPresentationDepth))
        #expect(try JSONDecoder().decode(State.self, from: fits) == Self.nested(State.maximumPresentationDepth))
        let deeper = try JSONEncoder().encode(Self.nested(State.maximumPresentationDepth + 1))
        do {
            _ = try JSONDecoder().decode(State.self, from: deeper)
            Issue.record("a state nesting 9 presentations decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "presentations nest deeper than 8 levels")
        }
        // Inside another value, the count starts at the state, not at the document's top.
        struct Saved: Codable, Equatable {
            var tabs: [String: State]
        }
        let saved = Saved(tabs: ["main": Self.nested(State.maximumPresentationDepth)])
        #expect(try JSONDecoder().decode(Saved.self, from: JSONEncoder().encode(saved)) == saved)
    }

    /// Changing a copy never changes the original: presented levels are shared until one changes.
    @Test func copiesStayIndependent() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var generator = SeededGenerator(seed: 0x11A7_0011)
        let routes: [AppRoute] = [.product(1), .product(2), .cart, .settings, .login, .category("c")]
        for _ in 0..<300 {
            var original = State(root: .home)
            for _ in 0..<Int.random(in: 0...14, using: &generator) {
                original.apply(routes.randomElement(using: &generator) ?? .cart)
            }
            let before = try encoder.encode(original)
            var copy = original
            for _ in 0..<6 {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: copy.pop()
                case 1: copy.dismiss()
                case 2: copy.popToRoot()
                default: copy.apply(routes.randomElement(using: &generator) ?? .cart)
                }
            }
            #expect(try encoder.encode(original) == before)
        }
    }

    /// The work of applying n routes: levels gone through and routes moved to new storage.
    static func work(_ routes: [(AppRoute, RoutingType)]) -> Int {
        var state = State(root: .home)
        var work = 0
        for (route, type) in routes { state.apply(route, as: type, work: &work) }
        return work
    }

    @Test func applyingNRoutesCostsLinearWork() {
        LinearGrowth.expectLinear("n sheets", base: 1_000) { count in
            Self.work((0..<count).map { (.product($0), .sheet()) })
        }
        LinearGrowth.expectLinear("n pushes in a sheet in a cover", base: 1_000) { count in
            Self.work([(.cart, .sheet()), (.login, .cover)] + (0..<count).map { (.product($0), .push) })
        }
        LinearGrowth.expectLinear("sheets and pushes in turn", base: 1_000) { count in
            Self.work((0..<count).map { ($0 % 3 == 0 ? .cart : .product($0), $0 % 3 == 0 ? .sheet() : .push) })
        }
    }

    /// Descriptions show the ends of a long stack and count the rest.
    @Test func longStacksAreDescribedByTheirEnds() {
        var state = State(root: .home)
        for id in 0..<100 { state.push(.product(id)) }
        let names = (0..<4).map { "product(\($0))" } + ["… 89 more …"] + (93..<100).map { "product(\($0))" }
        #expect(NavigationDescription.describe(state) == (["home"] + names).joined(separator: " › "))
        #expect(NavigationDescription.outline(state)[1] == "stack: " + names.joined(separator: " › "))
        var short = State(root: .home)
        for id in 0..<12 { short.push(.product(id)) }
        #expect(NavigationDescription.stackNames(short.stack).count == 12)
    }
}
