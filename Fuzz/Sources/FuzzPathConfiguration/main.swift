import Foundation
import WaymarkPathConfiguration

/// Any bytes as a path-configuration document, and the first line of any input as a pattern run
/// on the rest: loading never crashes, and lookups finish (linear time) whatever the patterns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let document = try? PathConfiguration(data: bytes) {
        for path in ["/", "/posts/new", "/a/b?c=d", "/recede_historical_location"] {
            _ = document.match(path: path)
        }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let (pattern, input) =
        text.firstIndex(of: "\n").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) } ?? (text, "")
    guard let encoded = try? JSONSerialization.data(withJSONObject: [pattern]),
        let patterns = String(data: encoded, encoding: .utf8)
    else { return 0 }
    let json = #"{"rules": [{"patterns": \#(patterns), "properties": {"hit": true}}]}"#
    if let document = try? PathConfiguration(data: Data(json.utf8)) {
        _ = document.match(path: input)
    }
    return 0
}
