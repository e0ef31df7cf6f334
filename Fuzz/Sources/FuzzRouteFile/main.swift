import Foundation
import Waymark

/// Any bytes as a route file: loading reports problems or gives a file whose resolver builds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = RouteFile.diagnostics(for: bytes)
    guard let file = try? RouteFile(data: bytes) else { return 0 }
    guard let resolver = try? file.makeResolver() else { return 0 }
    for route in file.routes.prefix(8) {
        _ = resolver.request(for: route.pattern)
    }
    return 0
}
