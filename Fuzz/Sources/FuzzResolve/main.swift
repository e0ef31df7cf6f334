import Dispatch
import Waymark

/// Any text as a URL against a realistic table: resolution always ends in a result that says why,
/// and a handled request's route is one of the table's.
let resolver: RouteResolver? = {
    var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
    builder.add("/", name: "home") { _ in .handled }
    builder.add("product/:id<int>", name: "product") { _ in .handled }
    builder.add("product/:slug", name: "slug") { _ in .handled }
    builder.add("category/:slug(/:page<int>)", name: "category") { _ in .handled }
    builder.add("files/*path", name: "files") { _ in .handled }
    builder.add("a/*/c/:d<uuid>", name: "middle") { _ in .handled }
    builder.add("admin", name: "admin", .internalOnly) { _ in .handled }
    builder.add(
        "login", name: "login",
        .filters([FilterClosure(name: "next") { $0.queryParameters["next"].map { .redirect(to: $0) } ?? .proceed }])
    ) { _ in .handled }
    builder.setDefaultRoute(name: "default") { _ in .handled }
    return try? builder.build()
}()

let names: Set<String?> = ["home", "product", "slug", "category", "files", "middle", "admin", "login", "default"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let resolver else { fatalError("the fuzz table does not build") }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: RoutingResult?
    Task {
        result = await resolver.resolve(text)
        done.signal()
    }
    done.wait()
    guard let result else { fatalError("no result") }
    if result.status.isHandled, !names.contains(result.request?.routeName) {
        fatalError("handled by an unknown route: \(String(describing: result.request?.routeName))")
    }
    if !result.status.isHandled && result.reason == nil && result.status != .internalOnly {
        fatalError("a result without a reason: \(result.status)")
    }
    _ = resolver.request(for: text)
    return 0
}
