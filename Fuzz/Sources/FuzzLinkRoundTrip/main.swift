import Foundation
import Waymark

/// Fuzzed values → link → resolve → the same values, asserted here: a mismatch is a crash.
enum FuzzRoute: URLRoute {
    case item(slug: String, page: Int?, tag: [String])
    case files(path: [String])

    static let routeMap: RouteMap<FuzzRoute> = [
        "item": "item/:slug?page&tag",
        "files": "files/*path",
    ]
}

let table = try? TypedRouteTable<FuzzRoute>(schemes: ["app"], domains: ["app.example.com"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let table else { fatalError("the fuzz table does not build") }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    let slug = parts.first ?? ""
    let tags = Array(parts.dropFirst())
    let routes: [FuzzRoute] = [
        .item(slug: slug, page: size % 3 == 0 ? nil : size, tag: tags),
        .files(path: parts.filter { !$0.isEmpty }),
    ]
    for route in routes {
        for link in [try? table.appLink(for: route), try? table.universalLink(for: route), try? table.path(for: route)]
        {
            guard let link else { continue }  // refused (an empty segment): a typed error, not a crash
            guard let back = table.route(for: link) else {
                // Over a limit is a refusal, not a mismatch.
                if table.table.lookup(link).outcome == .limitExceeded { continue }
                fatalError("\(route) printed as \(link), which opens nothing")
            }
            if back != route { fatalError("\(route) printed as \(link), which opens \(back)") }
        }
    }
    return 0
}
