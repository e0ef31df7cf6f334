import Foundation
import Testing
import Waymark
import WaymarkNavigation
import WaymarkTestSupport

/// Every operation and routing type, as a table: a starting state, what is done, the state after.
@Suite struct NavigationStateTests {
    typealias State = NavigationState<AppRoute>
    typealias Presentation = State.Presentation

    static func sheet(_ state: State, withStack: Bool = true) -> Presentation {
        var presentation = Presentation(state.root, style: .sheet(withStack: withStack))
        presentation.state = state
        return presentation
    }

    static func cover(_ state: State) -> Presentation {
        var presentation = Presentation(state.root, style: .cover)
        presentation.state = state
        return presentation
    }

    static let home = State(root: .home)
    static let pushed = State(root: .home, stack: [.category("shoes"), .product(1)])
    static let withCart = State(
        root: .home, stack: [.product(1)], presentation: sheet(State(root: .cart, stack: [.product(2)])))
    static let withSettings = State(
        root: .home, stack: [.product(1)], presentation: sheet(State(root: .settings), withStack: false))
    static let loginOverCart = State(
        root: .home,
        presentation: sheet(State(root: .cart, presentation: cover(State(root: .login, stack: [.product(3)])))))

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var start: State
        var operation: @Sendable (inout State) -> Void
        var expected: State
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "push onto the root stack", start: home, operation: { $0.apply(.product(1)) },
            expected: State(root: .home, stack: [.product(1)])),
        Case(
            name: "push inside a sheet with a stack", start: withCart, operation: { $0.apply(.product(9)) },
            expected: State(
                root: .home, stack: [.product(1)],
                presentation: sheet(State(root: .cart, stack: [.product(2), .product(9)])))),
        Case(
            name: "push with a stackless sheet on top dismisses it", start: withSettings,
            operation: { $0.apply(.product(9)) },
            expected: State(root: .home, stack: [.product(1), .product(9)])),
        Case(
            name: "sheet presents on the root level", start: pushed, operation: { $0.apply(.cart) },
            expected: State(
                root: .home, stack: [.category("shoes"), .product(1)], presentation: sheet(State(root: .cart)))),
        Case(
            name: "a sheet over a sheet nests", start: withCart, operation: { $0.apply(.settings) },
            expected: State(
                root: .home, stack: [.product(1)],
                presentation: sheet(
                    State(
                        root: .cart, stack: [.product(2)], presentation: sheet(State(root: .settings), withStack: false)
                    )))),
        Case(
            name: "a cover over a sheet", start: withCart, operation: { $0.apply(.login) },
            expected: State(
                root: .home, stack: [.product(1)],
                presentation: sheet(State(root: .cart, stack: [.product(2)], presentation: cover(State(root: .login)))))
        ),
        Case(
            name: "push inside the cover over a sheet", start: loginOverCart, operation: { $0.push(.product(4)) },
            expected: State(
                root: .home,
                presentation: sheet(
                    State(root: .cart, presentation: cover(State(root: .login, stack: [.product(3), .product(4)])))))),
        Case(
            name: "root replaces everything", start: loginOverCart, operation: { $0.apply(.welcome) },
            expected: State(root: .welcome)),
        Case(
            name: "an explicit routing type wins", start: home, operation: { $0.apply(.product(1), as: .cover) },
            expected: State(root: .home, presentation: cover(State(root: .product(1))))),
        Case(
            name: "pop pops the top-most stack", start: loginOverCart, operation: { $0.pop() },
            expected: State(
                root: .home, presentation: sheet(State(root: .cart, presentation: cover(State(root: .login)))))),
        Case(name: "pop on an empty stack changes nothing", start: home, operation: { $0.pop() }, expected: home),
        Case(
            name: "pop to a route", start: pushed, operation: { $0.pop(to: .category("shoes")) },
            expected: State(root: .home, stack: [.category("shoes")])),
        Case(
            name: "pop to a route that is not there changes nothing", start: pushed, operation: { $0.pop(to: .cart) },
            expected: pushed),
        Case(name: "pop to the root route", start: pushed, operation: { $0.pop(to: .home) }, expected: home),
        Case(
            name: "pop to root clears the top-most stack only", start: withCart, operation: { $0.popToRoot() },
            expected: State(root: .home, stack: [.product(1)], presentation: sheet(State(root: .cart)))),
        Case(
            name: "dismiss removes the top-most presentation", start: loginOverCart, operation: { $0.dismiss() },
            expected: State(root: .home, presentation: sheet(State(root: .cart)))),
        Case(
            name: "dismiss with nothing presented changes nothing", start: pushed, operation: { $0.dismiss() },
            expected: pushed),
        Case(name: "dismiss all", start: loginOverCart, operation: { $0.dismissAll() }, expected: home),
        Case(
            name: "rebuild from the bare root", start: home, operation: { $0.openFromLink(.product(2)) },
            expected: State(root: .home, stack: [.category("even"), .product(2)])),
        Case(
            name: "rebuild from a deep stack", start: pushed, operation: { $0.openFromLink(.product(3)) },
            expected: State(root: .home, stack: [.category("odd"), .product(3)])),
        Case(
            name: "rebuild from a cover over a sheet", start: loginOverCart, operation: { $0.openFromLink(.cart) },
            expected: State(root: .home, presentation: sheet(State(root: .cart)))),
        Case(
            name: "rebuild with a new root and an intermediate path", start: withCart,
            operation: { $0.rebuild(for: .product(5), root: .welcome, intermediate: [.category("x")]) },
            expected: State(root: .welcome, stack: [.category("x"), .product(5)])),
    ]

    @Test(arguments: cases)
    func operation(_ testCase: Case) {
        var state = testCase.start
        testCase.operation(&state)
        #expect(state == testCase.expected)
    }

    @Test func readingTheState() {
        #expect(Self.loginOverCart.visibleRoute == .product(3))
        #expect(Self.loginOverCart.presentationDepth == 2)
        #expect(Self.loginOverCart.level(2)?.root == .login)
        #expect(Self.loginOverCart.level(3) == nil)
        #expect(
            NavigationDescription.describe(Self.loginOverCart) == "home ⟫ sheet: cart ⟫ cover: login › product(3)")
    }

    @Test func applyingLeavesTheOriginalAlone() {
        let after = Self.home.applying { $0.push(.cart) }
        #expect(Self.home == State(root: .home))
        #expect(after.stack == [.cart])
    }
}

/// Seeded properties over random operation sequences.
@Suite struct NavigationStatePropertyTests {
    typealias State = NavigationState<AppRoute>
    static let routes: [AppRoute] = [
        .home, .category("a"), .product(1), .product(2), .cart, .settings, .login, .onboarding, .welcome,
    ]

    static func randomState(_ generator: inout SeededGenerator) -> State {
        var state = State(root: .home)
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let route = routes.randomElement(using: &generator) ?? .home
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: state.pop()
            case 1: state.dismiss()
            case 2: state.popToRoot()
            case 3: state.openFromLink(route)
            default: state.apply(route)
            }
        }
        return state
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func pushThenPopIsTheIdentity(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let state = Self.randomState(&generator)
            var changed = state
            changed.push(.product(99))
            // A stackless sheet on top is dismissed by the push, so the identity holds where a push
            // lands on a stack that was visible.
            guard changed.presentationDepth == state.presentationDepth else { continue }
            changed.pop()
            #expect(changed == state, "\(NavigationDescription.describe(state))")
        }
    }

    @Test(arguments: [6, 7, 8] as [UInt64])
    func dismissAllThenPopToRootGivesTheBareRoot(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            var state = Self.randomState(&generator)
            let root = state.root
            state.dismissAll()
            state.popToRoot()
            #expect(state == State(root: root))
        }
    }

    @Test(arguments: [9, 10, 11] as [UInt64])
    func everyStateRoundTripsThroughCodable(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let state = Self.randomState(&generator)
            let data = try JSONEncoder().encode(state)
            #expect(try JSONDecoder().decode(State.self, from: data) == state)
        }
    }
}
