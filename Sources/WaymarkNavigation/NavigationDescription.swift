public import Waymark

/// Text for a navigation state: one line for logs, or an outline for people (`waymark navigate`).
///
/// A stack longer than ``maximumStackShown`` routes shows its first ``stackHead`` and its last
/// ``stackTail``, with how many are left out between them, so that a description costs the same
/// however long the stacks grow: a log line per change, or an outline per link, would otherwise
/// grow with every push, and n pushes would print n²/2 names.
public enum NavigationDescription {
    /// The longest stack shown whole: 12.
    public static var maximumStackShown: Int { 12 }
    /// How many routes of a longer stack are shown from its bottom (4) and from its top (7).
    public static var stackHead: Int { 4 }
    /// How many routes of a longer stack are shown from its top.
    public static var stackTail: Int { 7 }

    /// The names of a stack as descriptions show them: all of them, or for a stack longer than
    /// ``maximumStackShown``, the first ``stackHead``, `… N more …`, and the last ``stackTail``.
    ///
    /// - Parameters:
    ///   - stack: The routes, bottom first.
    ///   - redacted: Whether each route's values show as `<private>` (`product(<private>)`), as in a
    ///     log line (`ValueRedaction.loggableName(of:)`).
    public static func stackNames<R: Route>(_ stack: [R], redacted: Bool) -> [String] {
        let name = { (route: R) in redacted ? ValueRedaction.loggableName(of: route) : route.name }
        guard stack.count > maximumStackShown else { return stack.map(name) }
        return stack.prefix(stackHead).map(name) + ["… \(stack.count - stackHead - stackTail) more …"]
            + stack.suffix(stackTail).map(name)
    }

    /// The names of a stack as descriptions show them, values shown: ``stackNames(_:redacted:)``.
    public static func stackNames<R: Route>(_ stack: [R]) -> [String] { stackNames(stack, redacted: false) }

    /// `home › product(42) ⟫ sheet: account.orders › account.order(…)`.
    public static func describe<R: Route>(_ state: NavigationState<R>) -> String { describe(state, redacted: false) }

    /// `home › product(42) ⟫ sheet: account.orders › account.order(…)`; with `redacted`,
    /// `home › product(<private>) ⟫ …`, as a ``Router`` logs it.
    public static func describe<R: Route>(_ state: NavigationState<R>, redacted: Bool) -> String {
        let root = redacted ? ValueRedaction.loggableName(of: state.root) : state.root.name
        var text = ([root] + stackNames(state.stack, redacted: redacted)).joined(separator: " › ")
        if let presentation = state.presentation {
            text += " ⟫ \(styleName(presentation.style)): " + describe(presentation.state, redacted: redacted)
        }
        return text
    }

    /// One line per level: `root`, `stack` and what is presented, indented per level.
    public static func outline<R: Route>(_ state: NavigationState<R>, indent: String = "") -> [String] {
        var lines = [
            indent + "root:  " + state.root.name,
            indent + "stack: " + (state.stack.isEmpty ? "(empty)" : stackNames(state.stack).joined(separator: " › ")),
        ]
        if let presentation = state.presentation {
            lines.append(indent + "presented as " + styleName(presentation.style) + ":")
            lines += outline(presentation.state, indent: indent + "  ")
        }
        return lines
    }

    /// `sheet`, `sheet (no stack)` or `cover`.
    public static func styleName<R>(_ style: NavigationState<R>.Presentation.Style) -> String {
        switch style {
        case .sheet(true): "sheet"
        case .sheet(false): "sheet (no stack)"
        case .cover: "cover"
        }
    }
}

extension NavigationState: CustomStringConvertible {
    /// The state on one line, as ``NavigationDescription/describe(_:)`` writes it:
    /// `NavigationState(home › product(42) ⟫ sheet: account.orders)`. Routes print as their
    /// `name`s, and long stacks are shortened, so the line costs the same however deep the stacks.
    public var description: String { "NavigationState(\(NavigationDescription.describe(self)))" }
}
