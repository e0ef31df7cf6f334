import Waymark

/// Any text as a template: parsing and building a table never crash; a template that parses
/// builds or fails with an error, and a path made of the template's literals is looked up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let template = try? RouteTemplate(parsing: text) else { return 0 }
    var builder = RouteTableBuilder<Int>(schemes: ["app"])
    builder.add(template, to: 1)
    builder.add("fixed/:id", to: 2)
    guard let table = try? builder.build() else { return 0 }
    for variant in template.variants {
        let path = variant.segments.map { segment -> String in
            if case .literal(let literal) = segment { return literal }
            return "x"
        }.joined(separator: "/")
        _ = table.lookup("app://" + path)
        _ = table.candidates("/" + path)
    }
    return 0
}
