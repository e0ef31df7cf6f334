extension AssociationGenerator {
    /// What keeping a file under Apple's size limit did.
    struct Merging {
        /// The merged prefixes (`/events`), each with the number of routes it stands for.
        var merges: [(prefix: String, routes: Int)] = []
        /// The file's estimated size before and after, in bytes.
        var sizeBefore = 0
        var sizeAfter = 0
    }

    /// The bytes a component takes in ``AppSiteAssociation/jsonText``: its line, the indentation of
    /// a component, a newline and a comma.
    static func bytes(_ component: AppLinksComponent) -> Int {
        AssociationJSONWriter.inline(component).utf8.count + 10 + 2
    }

    /// `entries` with includes merged into `PREFIX/*` components, deepest prefixes first and the
    /// biggest saving first at each depth, until the file fits in `budget` bytes (Apple uses no file
    /// over 128 KB). A merged component sends every URL under its prefix: URLs no route handles,
    /// which the check reports as notes of the merge. Excludes are never merged and still come
    /// first, so a merge never sends an internal-only route's URLs; every URL an include sent, its
    /// merge still sends. Prefixes are whole literal segments, at least one: a file is never
    /// widened to `/*`.
    func fittingSizeLimit(_ entries: [Entry], fileSize: Int, budget: Int) -> ([Entry], Merging) {
        var merging = Merging(sizeBefore: fileSize, sizeAfter: fileSize)
        guard fileSize > budget else { return (entries, merging) }
        let caseSensitive = !routes.caseInsensitiveLiterals
        var all = entries
        var removed = Array(repeating: false, count: entries.count)
        // Every include under each prefix (`/events` holds `/events/sale` and `/events/?*`).
        var members: [String: [Int]] = [:]
        var depths: [String: Int] = [:]
        func register(_ index: Int) {
            for prefix in Self.mergePrefixes(of: all[index].component.path ?? "") {
                let key = caseSensitive ? prefix.text : prefix.text.lowercased()
                members[key, default: []].append(index)
                depths[key] = prefix.depth
            }
        }
        for index in entries.indices where entries[index].role == .include { register(index) }
        let order = members.keys.sorted {
            (depths[$0] ?? 0, members[$0]?.count ?? 0, $1) > (depths[$1] ?? 0, members[$1]?.count ?? 0, $0)
        }
        var size = fileSize
        for prefix in order where size > budget {
            let alive = (members[prefix] ?? []).filter { !removed[$0] }
            guard alive.count >= 2, let first = alive.first else { continue }
            let routeTotal = alive.reduce(0) { $0 + all[$1].routeCount }
            let component = AppLinksComponent(
                path: prefix + "/*", caseSensitive: caseSensitive ? nil : false,
                comment: "\(routeTotal) routes under \(prefix), merged to keep the file under Apple's 128 KB")
            let saving = alive.reduce(0) { $0 + Self.bytes(all[$1].component) } - Self.bytes(component)
            guard saving > 0 else { continue }
            for index in alive { removed[index] = true }
            size -= saving
            let depth = depths[prefix] ?? 1
            all.append(
                Entry(
                    component: component, role: .include, fixedSegments: depth, literalSegments: depth,
                    endsWithRest: true, registration: all[first].registration, routeCount: routeTotal))
            removed.append(false)
            register(all.count - 1)
            merging.merges.append((prefix, routeTotal))
        }
        merging.sizeAfter = size
        let kept = all.indices.filter { !removed[$0] }.map { all[$0] }
        return (Self.ordered(kept), merging)
    }

    /// The prefixes a `PREFIX/*` component can merge the pattern into: each run of its leading
    /// literal segments (one or more) that leaves something after it or is the whole pattern
    /// (`/a/b` merges into `/a/*` and, by Apple's parent rule, `/a/b/*`), with their depths.
    static func mergePrefixes(of pattern: String) -> [(text: String, depth: Int)] {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var prefixes: [(String, Int)] = []
        var text = ""
        for (depth, segment) in segments.enumerated() {
            guard !segment.contains("*"), !segment.contains("?"), !segment.isEmpty else { break }
            text += "/" + segment
            // A final literal segment: the pattern is its own prefix (its parent-rule form).
            prefixes.append((text, depth + 1))
        }
        return prefixes
    }

    /// A note naming the merges, and an error when the file is over the limit all the same.
    func sizeDiagnostics(_ merging: Merging, finalSize: Int) -> [AssociationDiagnostic] {
        var diagnostics: [AssociationDiagnostic] = []
        let limit = AppSiteAssociation.maximumAppleFileSize
        if !merging.merges.isEmpty {
            let shown = merging.merges.prefix(5).map { "\($0.prefix)/* (\($0.routes) routes)" }.joined(separator: ", ")
            let more = merging.merges.count > 5 ? " and \(merging.merges.count - 5) more" : ""
            diagnostics.append(
                AssociationDiagnostic(
                    severity: .note, kind: .document, location: "",
                    message:
                        "one component per route would make the file \(merging.sizeBefore) bytes, over Apple's \(limit) (128 KB): the includes under \(merging.merges.count) prefixes were merged, \(shown)\(more); each sends every URL under its prefix, and its note lists what no route handles"
                ))
        }
        if finalSize > limit {
            diagnostics.append(
                AssociationDiagnostic(
                    severity: .error, kind: .document, location: "",
                    message:
                        "the file is \(finalSize) bytes with every include merged under its first segment, and Apple uses no file over \(limit) bytes (128 KB): fewer first segments, or some routes on another domain, would make it fit"
                ))
        }
        return diagnostics
    }
}
