import Foundation
import Waymark

/// Reading documents as Foundation's `JSONSerialization` does, and turning what it gives into
/// Waymark's `JSONValue` for comparison.
enum HotwireReferenceJSON {
    /// The top-level object of a document, or `nil` when the data is not JSON or its top level is
    /// not an object.
    ///
    /// Note: on Linux, `JSONSerialization` accepts trailing commas (six corpus documents have
    /// them); whether Apple's `NSJSONSerialization` does without `.json5Allowed` was not checked.
    static func object(from data: Data) -> [String: Any]? {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: []) else { return nil }
        return value as? [String: Any]
    }

    /// `properties` as `JSONValue`s, Booleans kept apart from numbers.
    ///
    /// `JSONSerialization` gives `NSNumber` for both, and on Linux `1 as? Bool` succeeds, so the
    /// values are not cast: they are written back out by `JSONSerialization` (which writes a
    /// Boolean as `true`/`false` and a number as a number) and read by `JSONDecoder`, which
    /// refuses to read a number as a Boolean. `nil` if either step fails.
    static func jsonValues(_ properties: [String: Any]) -> [String: JSONValue]? {
        guard let data = try? JSONSerialization.data(withJSONObject: properties, options: [.sortedKeys]) else {
            return nil
        }
        return try? JSONDecoder().decode([String: JSONValue].self, from: data)
    }
}
