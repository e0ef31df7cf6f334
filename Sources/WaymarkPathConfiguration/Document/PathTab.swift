internal import Foundation
public import Waymark

/// One tab of `settings.tabs`, a convention of Hotwire apps' servers (Jumpstart Pro, Rails apps):
/// Hotwire Native itself does not read it, apps do. Both shapes seen in real documents are read: an
/// array of objects (iOS documents) and a string holding that array as JSON (Android documents,
/// rendered with Ruby's `to_json`).
public struct PathTab: Hashable, Sendable {
    /// Every key of the tab, as written.
    public let raw: [String: JSONValue]

    /// Creates a tab from its keys.
    public init(_ raw: [String: JSONValue]) {
        self.raw = raw
    }

    /// `title`, or `label`.
    public var title: String? { raw["title"]?.stringValue ?? raw["label"]?.stringValue }
    /// `path`, or `url`: where the tab starts.
    public var path: String? { raw["path"]?.stringValue ?? raw["url"]?.stringValue }
    /// `ios_system_image_name`: an SF Symbol's name.
    public var systemImageName: String? { raw["ios_system_image_name"]?.stringValue }
    /// `image_url`: an image to download.
    public var imageURL: String? { raw["image_url"]?.stringValue }
    /// `icon`, or `image`: an icon resource's name.
    public var icon: String? { raw["icon"]?.stringValue ?? raw["image"]?.stringValue }
}

extension PathConfiguration {
    /// `settings.tabs`, in either shape (see ``PathTab``); empty when there is none or it is neither
    /// an array of objects nor a string holding one.
    public var tabs: [PathTab] { Self.tabs(in: settings) ?? [] }

    /// The tabs of `settings`, `nil` when `tabs` is there but unreadable (reported when loading).
    static func tabs(in settings: [String: JSONValue]) -> [PathTab]? {
        guard var value = settings["tabs"] else { return [] }
        if case .string(let text) = value {
            guard let parsed = try? JSONParser.parse(Data(text.utf8)) else { return nil }
            value = parsed
        }
        switch value {
        case .array(let items):
            var tabs: [PathTab] = []
            for item in items {
                guard case .object(let object) = item else { return nil }
                tabs.append(PathTab(object))
            }
            return tabs
        default: return nil
        }
    }
}
