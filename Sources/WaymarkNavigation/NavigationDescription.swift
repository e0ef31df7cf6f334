public import Waymark

/// Text for a navigation state: one line for logs, or an outline for people (`waymark navigate`).
public enum NavigationDescription {
    /// `home › product(42) ⟫ sheet: account.orders › account.order(…)`.
    public static func describe<R: Route & Codable>(_ state: NavigationState<R>) -> String {
        var text = ([state.root] + state.stack).map(\.name).joined(separator: " › ")
        if let presentation = state.presentation {
            text += " ⟫ \(styleName(presentation.style)): " + describe(presentation.state)
        }
        return text
    }

    /// One line per level: `root`, `stack` and what is presented, indented per level.
    public static func outline<R: Route & Codable>(_ state: NavigationState<R>, indent: String = "") -> [String] {
        var lines = [
            indent + "root:  " + state.root.name,
            indent + "stack: " + (state.stack.isEmpty ? "(empty)" : state.stack.map(\.name).joined(separator: " › ")),
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
