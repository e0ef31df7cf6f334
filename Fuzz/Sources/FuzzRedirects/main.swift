import Dispatch
import Waymark

/// External links against filters that redirect to values taken from the URL's query (`next`,
/// `then`, a percent-decoded `to`) and a feature fallback: whatever the chain, an external link never
/// ends in an internal-only route (but the paywall, which allows it) and never opens the route that
/// needs confirmation without asking (docs/security.md, "Redirects").
let resolver: RouteResolver? = {
    var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
    builder.add("/", name: "home") { _ in .handled }
    builder.add("product/:id<int>", name: "product") { _ in .handled }
    builder.add("admin", name: "admin", .internalOnly) { _ in .handled }
    builder.add("admin/:section", name: "admin-section", .internalOnly) { _ in .handled }
    builder.add("transfer", name: "transfer", .requiresConfirmation) { _ in .handled }
    builder.add("paywall", name: "paywall", .internalOnly(reachableThroughRedirects: true)) { _ in .handled }
    builder.add(
        "pro", name: "pro", .feature(FeatureClosure(name: "pro") { false }, whenUnavailable: .redirect(to: "admin"))
    ) { _ in .handled }
    builder.add(
        "login", name: "login",
        .filters([
            FilterClosure(name: "next") { $0.queryParameters["next"].map { .redirect(to: $0) } ?? .proceed },
            FilterClosure(name: "then") {
                $0.queryParameters["then"].map { .redirect(to: "login?next=" + $0) } ?? .proceed
            },
        ])
    ) { _ in .handled }
    builder.add(
        "go/*rest", name: "go",
        .filters([FilterClosure(name: "rest") { request in .redirect(to: request.wildcardPath ?? "/") }])
    ) { _ in .handled }
    builder.setDefaultRoute(name: "default") { _ in .handled }
    return try? builder.build()
}()

let internalOnly: Set<String> = ["admin", "admin-section"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let resolver else { fatalError("the fuzz table does not build") }
    // The input is the query value of a login link, so most runs go through a redirect.
    let value = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let links = ["shop://login?next=" + value, "shop://login?then=" + value, "shop://go/" + value, value]
    for link in links {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: RoutingResult?
        Task {
            result = await resolver.resolve(link, origin: .external)
            done.signal()
        }
        done.wait()
        guard let result else { fatalError("no result") }
        let route = result.request?.routeName ?? ""
        if result.status.isHandled {
            if internalOnly.contains(route) {
                fatalError("an external link reached the internal-only route \(route): \(link)")
            }
            if route == "transfer" {
                fatalError("an external link opened the route that needs confirmation without asking: \(link)")
            }
            if result.request?.origin != .external {
                fatalError("the destination was told the wrong origin: \(link)")
            }
        }
    }
    return 0
}
