public import Waymark

/// The merged properties of the rules that match a URL: the raw dictionary, and typed accessors for
/// the properties Hotwire Native gives a meaning to, read as the document's ``PathConfiguration/Target``
/// reads them.
///
/// docs/path-configuration.md, "Compatibility targets", cites the source file of each reading:
/// - Hotwire Native iOS (`PathPropertiesExtensions.swift`, `Navigation.swift`): enum values exact;
///   booleans only `true` or `false`; `presentation: "modal"` is not modal and `view-controller`
///   is not read.
/// - Hotwire Native Android (`PathConfiguration.kt`): enum values in any case; a boolean key holding
///   a string or a number reads as the default here, where the library throws
///   `ClassCastException` when it reads it (loading warns).
/// - Turbo iOS has no typed properties in the library: the conventions of its guide and demo apply
///   (`presentation: "modal"` is modal when `context` is not set; `view-controller` names the screen).
/// - Turbo Android reads every property as a string: `"true"`, in any case, is true.
///
/// A missing, unknown or wrongly typed value reads as the target's default. Unknown values,
/// wrongly typed ones and near-miss keys are reported as diagnostics when the document loads.
public struct PathProperties: Hashable, Sendable {
    /// Every property, as merged (later rules win).
    public let raw: [String: JSONValue]
    /// The library whose reading the accessors follow.
    public let target: PathConfiguration.Target

    /// The target's platform, whose defaults the accessors use.
    public var platform: PathConfiguration.Platform { target.platform }

    /// Creates properties from a dictionary, read as `target` reads them (the newest released
    /// Hotwire Native iOS unless given).
    public init(_ raw: [String: JSONValue] = [:], target: PathConfiguration.Target = .hotwireNativeIOS) {
        self.raw = raw
        self.target = target
    }

    /// A property by name.
    public subscript(name: String) -> JSONValue? { raw[name] }

    /// An enum property: exact on iOS; on Android in any case, as Kotlin's locale-free
    /// `uppercase()` compared with the enum's name reads it (so `puſh` is `push` there).
    private func value<Value: RawRepresentable>(_ key: PathPropertyKey, _ type: Value.Type) -> Value?
    where Value.RawValue == String {
        guard let text = raw[key.rawValue]?.stringValue else { return nil }
        return Value(rawValue: platform == .android ? text.uppercased().lowercased() : text)
    }

    /// A true-or-false property as the target reads it: a JSON boolean; on Turbo Android also a
    /// string, `"true"` in any case being true and any other false (Kotlin's `toBoolean()` on
    /// Gson's text). Anything else reads as missing.
    private func flag(_ key: PathPropertyKey) -> Bool? {
        guard let value = raw[key.rawValue] else { return nil }
        if let flag = value.boolValue { return flag }
        if target == .turboAndroid, let text = value.stringValue { return text.lowercased() == "true" }
        return nil
    }

    /// A text property.
    private func text(_ key: PathPropertyKey) -> String? { raw[key.rawValue]?.stringValue }

    /// A true-or-false key's default on this platform (every key passed here has one).
    private func defaultFlag(_ key: PathPropertyKey) -> Bool { key.defaultFlag(on: platform) ?? false }

    /// `context`: where the screen goes (default `.default`). Under Turbo iOS, a rule without
    /// `context` whose `presentation` is exactly `"modal"` (the convention of Turbo's guide and
    /// demo) reads as `.modal`; no Hotwire Native library reads that, and loading warns there.
    public var context: PathContext {
        if let context = value(.context, PathContext.self) { return context }
        if target == .turboIOS, raw[PathPropertyKey.context.rawValue] == nil,
            raw[PathPropertyKey.presentation.rawValue]?.stringValue == "modal"
        {
            return .modal
        }
        return .default
    }

    /// `presentation`: what happens to the navigation stack (default `.default`). iOS has no
    /// `push` (its `Navigation.Presentation` lacks it), so `"push"` reads as `.default` there, which
    /// pushes; Android has it.
    public var presentation: PathPresentation {
        guard let presentation = value(.presentation, PathPresentation.self) else { return .default }
        return presentation == .push && platform == .iOS ? .default : presentation
    }

    /// `modal_style`: how a modal is shown (default `.large`; iOS only).
    public var modalStyle: ModalStyle { value(.modalStyle, ModalStyle.self) ?? .large }

    /// `pull_to_refresh_enabled`: `true` by default on iOS, `false` on Android (each platform's
    /// source; Turbo iOS does not read it, and its `VisitableView` allows pulling by default).
    public var pullToRefreshEnabled: Bool { flag(.pullToRefreshEnabled) ?? defaultFlag(.pullToRefreshEnabled) }

    /// `modal_dismiss_gesture_enabled` (default `true`; iOS).
    public var modalDismissGestureEnabled: Bool {
        flag(.modalDismissGestureEnabled) ?? defaultFlag(.modalDismissGestureEnabled)
    }

    /// `query_string_presentation` (default `.default`).
    public var queryStringPresentation: QueryStringPresentation {
        value(.queryStringPresentation, QueryStringPresentation.self) ?? .default
    }

    /// `animated` (default `true`).
    public var animated: Bool { flag(.animated) ?? defaultFlag(.animated) }

    /// `historical_location`: set by the built-in historical-location rules (default `false`).
    public var isHistoricalLocation: Bool { flag(.historicalLocation) ?? defaultFlag(.historicalLocation) }

    /// `view_controller`: the native screen's identifier, if any (iOS). Under Turbo iOS its demo's
    /// spelling `view-controller` is read too, first; Hotwire Native iOS reads only
    /// `view_controller` (loading warns about the other).
    public var viewController: String? {
        if target == .turboIOS, let turbo = raw["view-controller"]?.stringValue { return turbo }
        return text(.viewController)
    }

    /// `title` (Android).
    public var title: String? { text(.title) }

    /// `uri`: the native destination's URI (Android's routing key).
    public var uri: String? { text(.uri) }

    /// `fallback_uri`: the destination when `uri` has none (Android).
    public var fallbackURI: String? { text(.fallbackURI) }

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
        PathProperties(raw.merging(other) { _, new in new }, target: target)
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
    /// The target and every property as merged:
    /// `PathProperties(hotwire-native-ios: {"context": "modal"})`. These come from the path
    /// configuration, never from the URL's values.
    public var description: String { "PathProperties(\(target): \(JSONValue.object(raw)))" }
}
