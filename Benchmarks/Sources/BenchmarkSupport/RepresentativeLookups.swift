/// One lookup of a data set chosen to stand for a kind of lookup.
public struct RepresentativeLookup: Sendable {
    /// `static-hit`, `parameter-hit`, `catch-all-hit`, `early-miss` or `deep-miss`.
    public let kind: String
    /// The path.
    public let path: String
    /// The 1-based template line it must match, or 0.
    public let expected: Int
}

extension BenchmarkDataSet {
    /// The first lookup of each kind: a hit on a template without parameters, with parameters, with a
    /// catch-all; a miss whose first segment no template has, and a miss that fails further in.
    /// The GitHub set has no misses and no catch-alls, so its misses are made up from its templates.
    public var representativeLookups: [RepresentativeLookup] {
        let firstSegments = Set(routes.map { $0.split(separator: "/").first.map(String.init) ?? "" })
        var found: [RepresentativeLookup] = []
        func add(_ kind: String, where test: (String, Int) -> Bool) {
            guard let index = lookups.indices.first(where: { test(lookups[$0], expected[$0]) }) else { return }
            found.append(RepresentativeLookup(kind: kind, path: lookups[index], expected: expected[index]))
        }
        func template(_ line: Int) -> String { line > 0 ? routes[line - 1] : "" }
        add("static-hit") { _, line in line > 0 && !template(line).contains(":") && !template(line).contains("*") }
        add("parameter-hit") { _, line in line > 0 && template(line).contains(":") && !template(line).contains("*") }
        add("catch-all-hit") { _, line in line > 0 && template(line).contains("*") }
        add("early-miss") { path, line in
            line == 0 && !firstSegments.contains(path.split(separator: "/").first.map(String.init) ?? "")
        }
        add("deep-miss") { path, line in
            line == 0 && firstSegments.contains(path.split(separator: "/").first.map(String.init) ?? "")
        }
        if !found.contains(where: { $0.kind == "early-miss" }) {
            found.append(RepresentativeLookup(kind: "early-miss", path: "/zzz-unknown/1", expected: 0))
        }
        if !found.contains(where: { $0.kind == "deep-miss" }), let deepest = lookups.max(by: { $0.count < $1.count }) {
            found.append(RepresentativeLookup(kind: "deep-miss", path: deepest + "/zzz", expected: 0))
        }
        return found
    }
}
