public import Waymark

/// The merged properties of the rules that match a URL: the raw dictionary, and typed accessors for
/// the properties Hotwire Native gives a meaning to.
///
/// A missing or unknown value reads as Hotwire Native's default (`context` `.default`,
/// `presentation` `.default`, `modal_style` `.large`, `pull_to_refresh_enabled` `false`,
/// `animated` `true`); unknown values are reported as diagnostics when the document loads.
public struct PathProperties: Hashable, Sendable {
    /// Every property, as merged (later rules win).
    public let raw: [String: JSONValue]

    /// Creates properties from a dictionary.
    public init(_ raw: [String: JSONValue] = [:]) {
        self.raw = raw
    }

    /// A property by name.
    public subscript(name: String) -> JSONValue? { raw[name] }

    /// `context`: where the screen goes.
    public var context: PathContext { raw["context"]?.stringValue.flatMap(PathContext.init(rawValue:)) ?? .default }

    /// `presentation`: what happens to the navigation stack.
    public var presentation: PathPresentation {
        raw["presentation"]?.stringValue.flatMap(PathPresentation.init(rawValue:)) ?? .default
    }

    /// `modal_style`: how a modal is shown.
    public var modalStyle: ModalStyle {
        raw["modal_style"]?.stringValue.flatMap(ModalStyle.init(rawValue:)) ?? .large
    }

    /// `pull_to_refresh_enabled`.
    public var pullToRefreshEnabled: Bool { raw["pull_to_refresh_enabled"]?.boolValue ?? false }

    /// `animated`.
    public var animated: Bool { raw["animated"]?.boolValue ?? true }

    /// `view_controller`: the native screen's identifier, if any.
    public var viewController: String? { raw["view_controller"]?.stringValue }

    /// `title`.
    public var title: String? { raw["title"]?.stringValue }

    /// `uri`: the native destination's URI (Hotwire Native Android's routing key).
    public var uri: String? { raw["uri"]?.stringValue }

    /// The routing type these properties ask for: a sheet (or a full-screen cover for
    /// `modal_style: full`) for `context: modal`, the root for `presentation: replace_root`, `nil`
    /// otherwise (the route's own routing type applies).
    public var routingType: RoutingType? {
        if presentation == .replaceRoot { return .root }
        guard context == .modal else { return nil }
        return modalStyle == .full ? .cover : .sheet(withStack: true)
    }

    /// The properties with `other`'s on top (a shallow merge: `other` wins per key).
    public func merging(_ other: [String: JSONValue]) -> PathProperties {
        PathProperties(raw.merging(other) { _, new in new })
    }
}

/// The values of `context`.
public enum PathContext: String, Hashable, Sendable, CaseIterable {
    /// The main navigation stack.
    case `default`
    /// A modal.
    case modal
}

/// The values of `presentation` (Hotwire Native's vocabulary).
public enum PathPresentation: String, Hashable, Sendable, CaseIterable {
    /// Push, or replace when the URL is the current one.
    case `default`
    /// Push.
    case push
    /// Pop the top screen.
    case pop
    /// Replace the top screen.
    case replace
    /// Replace the root and clear the stack.
    case replaceRoot = "replace_root"
    /// Dismiss modals and pop to the root.
    case clearAll = "clear_all"
    /// Reload the current screen.
    case refresh
    /// Do nothing.
    case none
}

/// The values of `modal_style`.
public enum ModalStyle: String, Hashable, Sendable, CaseIterable {
    /// A large sheet.
    case large
    /// A medium sheet.
    case medium
    /// Full screen.
    case full
    /// A page sheet.
    case pageSheet = "page_sheet"
    /// A form sheet.
    case formSheet = "form_sheet"
}
