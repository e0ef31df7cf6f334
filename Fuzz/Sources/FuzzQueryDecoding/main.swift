import Foundation
import Waymark

/// Any text as a query decoded into a typed input: decoding succeeds or throws a RouteInputError.
struct Input: Decodable {
    enum Color: String, Decodable { case red, blue }
    struct Filter: Decodable {
        var color: Color?
        var size: [Int]?
        var nested: [String: String]?
    }
    var q: String?
    var page: Int?
    var ratio: Double?
    var flag: Bool?
    var id: UUID?
    var when: Date?
    var link: URL?
    var tag: [String]?
    var filter: Filter?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let query = QueryParameters(parsing: text)
    do {
        _ = try RouteInputDecoder().decode(Input.self, query: query)
    } catch {
        if error.message.isEmpty { fatalError("an error without a message") }
    }
    return 0
}
