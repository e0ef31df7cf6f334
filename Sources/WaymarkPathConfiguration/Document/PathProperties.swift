public import Waymark

/// The merged properties of the rules that match a URL: the raw dictionary, and typed accessors for
/// the properties Hotwire Native gives a meaning to, with the defaults of the document's platform.
///
/// Each accessor reads as the platform's Hotwire Native reads (docs/path-configuration.md,
/// "Compatibility", cites the source files): on iOS an enum value must be written exactly
/// (`Navigation.swift`, `PathPropertiesExtensions.swift`), on Android in any case
/// (`PathConfiguration.kt`); a missing, unknown or wrongly typed value reads as the platform's
/// default. Unknown values and near-miss keys are reported as diagnostics when the document loads.
public struct PathProperties: Hashable, Sendable {
    /// Every property, as merged (later rules win).
    public let raw: [String: JSONValue]
    /// The platform whose defaults the accessors use.
    public let platform: PathConfiguration.Platform

    /// Creates properties from a dictionary, read with a platform's defaults (iOS unless given).
    public init(_ raw: [String: JSONValue] = [:], platform: PathConfiguration.Platform = .iOS) {
        self.raw = raw
        self.platform = platform
    }

    /// A property by name.
    public subscript(name: String) -> JSONValue? { raw[name] }

    /// An enum property: exact on iOS, in any case on Android.
    private func value<Value: RawRepresentable>(_ key: String, _ type: Value.Type) -> Value?
    where Value.RawValue == String {
        guard let text = raw[key]?.stringValue else { return nil }
        return Value(rawValue: platform == .android ? text.lowercased() : text)
    }

    /// A true-or-false property; any other type reads as missing.
    private func flag(_ key: String) -> Bool? { raw[key]?.boolValue }

    /// `context`: where the screen goes (default `.default`). A rule without `context` whose
    /// `presentation` is `"modal"` (Turbo iOS's convention, used by its demo document) reads as
    /// `.modal`; loading it warns and suggests `"context": "modal"`.
    public var context: PathContext {
        if let context = value("context", PathContext.self) { return context }
        if raw["context"] == nil, raw["presentation"]?.stringValue?.lowercased() == "modal" { return .modal }
        return .default
    }

    /// `presentation`: what happens to the navigation stack (default `.default`). iOS has no
    /// `push` (its `Navigation.Presentation` lacks it), so `"push"` reads as `.default` there, which
    /// pushes; Android has it.
    public var presentation: PathPresentation {
        guard let presentation = value("presentation", PathPresentation.self) else { return .default }
        return presentation == .push && platform == .iOS ? .default : presentation
    }

    /// `modal_style`: how a modal is shown (default `.large`; iOS only).
    public var modalStyle: ModalStyle { value("modal_style", ModalStyle.self) ?? .large }

    /// `pull_to_refresh_enabled`: `true` by default on iOS, `false` on Android (each platform's
    /// source; Hotwire's documentation says the same).
    public var pullToRefreshEnabled: Bool { flag("pull_to_refresh_enabled") ?? (platform == .iOS) }

    /// `modal_dismiss_gesture_enabled` (default `true`; iOS).
    public var modalDismissGestureEnabled: Bool { flag("modal_dismiss_gesture_enabled") ?? true }

    /// `query_string_presentation` (default `.default`).
    public var queryStringPresentation: QueryStringPresentation {
        value("query_string_presentation", QueryStringPresentation.self) ?? .default
    }

    /// `animated` (default `true`).
    public var animated: Bool { flag("animated") ?? true }

    /// `historical_location`: set by the built-in historical-location rules (default `false`).
    public var isHistoricalLocation: Bool { flag("historical_location") ?? false }

    /// `view_controller`, or its Turbo-era spelling `view-controller`: the native screen's
    /// identifier, if any (iOS).
    public var viewController: String? {
        raw["view_controller"]?.stringValue ?? raw["view-controller"]?.stringValue
    }

    /// `title` (Android).
    public var title: String? { raw["title"]?.stringValue }

    /// `uri`: the native destination's URI (Android's routing key).
    public var uri: String? { raw["uri"]?.stringValue }

    /// `fallback_uri`: the destination when `uri` has none (Android).
    public var fallbackURI: String? { raw["fallback_uri"]?.stringValue }

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
        PathProperties(raw.merging(other) { _, new in new }, platform: platform)
    }
}

/// The values of `query_string_presentation`.
public enum QueryStringPresentation: String, Hashable, Sendable, CaseIterable {
    /// As `presentation` says.
    case `default`
    /// Replace the current screen when only the query differs.
    case replace
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

extension PathProperties: CustomStringConvertible {
    /// The platform and every property as merged: `PathProperties(iOS: {"context": "modal"})`. These
    /// come from the path configuration, never from the URL's values.
    public var description: String { "PathProperties(\(platform): \(JSONValue.object(raw)))" }
}
