internal import Foundation
internal import Waymark

/// JSON as path-configuration documents are written in the wild: trailing commas before `]` and `}`
/// are removed (outside strings) before strict decoding, on every platform.
enum RelaxedJSON {
    static func removingTrailingCommas(_ data: Data) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(data.count)
        var inString = false
        var escaped = false
        var pendingComma: Int?
        for byte in data {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                pendingComma = output.count
                output.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma = pendingComma { output.remove(at: comma) }
                pendingComma = nil
                output.append(byte)
            case 0x20, 0x09, 0x0A, 0x0D:
                output.append(byte)
            default:
                pendingComma = nil
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
            }
        }
        return Data(output)
    }

    /// Decodes a JSON value, tolerating trailing commas.
    static func decode(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: removingTrailingCommas(data))
    }
}
