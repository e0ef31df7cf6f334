extension CoverageAnalysis {
    struct ResidualKey: Hashable {
        var patterns: [UInt64]
        /// The catch-all variants that match every continuation (none where no route matches).
        var variants: [Int]
        var endsWithSlash: Bool
    }

    /// In how many regions each component is completed where no route can match any more (under
    /// catch-alls, every region is).
    static let completionsPerComponent = 8

    /// Where no route matches any continuation of `prefix`: each live component that could send
    /// such a path (an include, with completions left) is completed by its shortest canonical
    /// completion, and the path goes to `visit` with every component that matches it.
    func residual(
        _ prefix: String, _ key: ResidualKey, _ alwaysMatching: [Int],
        _ tails: RuleTails, _ universal: [[Bool]], _ attempts: inout [AttemptKey: Int], _ summary: inout Summary,
        _ marks: inout StateSet,
        _ visit: (Ending) -> Void
    ) {
        let endsWithSlash = key.endsWithSlash
        summary.work += key.patterns.count + alwaysMatching.count
        var states: [Int: [Int]] = [:]
        for packed in key.patterns { states[Self.rule(of: packed), default: []].append(Self.state(of: packed)) }
        // Where no route matches, only an include can make a finding (a URL sent that no route
        // handles); under a catch-all, an exclude can too (a route's URL kept in the browser), and
        // so can a path no component matches, tried with a plain segment (rule -1).
        var candidates = states.keys.sorted().filter { !key.variants.isEmpty || !rules[$0].exclude }
        candidates += alwaysMatching.filter { !key.variants.isEmpty || !rules[$0].exclude }
        if !key.variants.isEmpty {
            // Under a catch-all every continuation opens the same route, so when every one is
            // decided alike (sent, or kept), one path shows all there is to find.
            candidates = limits.reduces && isUniform(states, alwaysMatching, universal) ? [-1] : candidates + [-1]
        }
        let untailed = states.keys.filter { !tails.hasTail($0) }.sorted()
        let region = key.variants.first ?? -1
        for rule in candidates {
            // Under a catch-all, a completion can show a route sent or kept wrongly (an error), so
            // every one is tried; where no route matches, only URLs sent that no route handles,
            // and a component is completed in a few such places (a cap on errors would be a
            // silent limit; see docs/security.md).
            guard
                region >= 0
                    || attempts[AttemptKey(rule: rule, region: region), default: 0] < Self.completionsPerComponent
            else {
                summary.skippedCompletions += 1
                continue
            }
            guard summary.work < limits.maximumWork else {
                summary.isComplete = false
                return
            }
            attempts[AttemptKey(rule: rule, region: region), default: 0] += 1
            let completions: [[Unicode.Scalar]]
            if rule >= 0, let program = rules[rule].path, let own = states[rule] {
                completions = shortestCompletions(
                    program, from: own, endsWithSlash: endsWithSlash, prefix: prefix, work: &summary.work,
                    marks: &marks)
            } else {
                completions = [endsWithSlash && prefix != "/" ? ["x"] : []]
            }
            for completion in completions {
                var full = prefix
                full.unicodeScalars.append(contentsOf: completion)
                // The ending's path, read by the resolver's preview.
                summary.work += 2 * (prefix.unicodeScalars.count + completion.count)
                let matching = matchingRules(
                    full, completion, states: states, untailed: untailed, alwaysMatching, tails, &summary.work)
                visit(Ending(path: full, variants: key.variants, rules: matching))
            }
        }
    }

    /// Whether every continuation from `states` is decided alike: the live components, in file
    /// order up to the first that matches every continuation, all unconditional and all includes
    /// or all excludes. (Where none matches every continuation, one that no component matches is
    /// kept in the browser, unlike those an include sends.)
    private func isUniform(_ states: [Int: [Int]], _ alwaysMatching: [Int], _ universal: [[Bool]]) -> Bool {
        var exclude: Bool?
        for rule in Set(states.keys).union(alwaysMatching).sorted() {
            guard !rules[rule].constrainsQueryOrFragment, exclude == nil || exclude == rules[rule].exclude else {
                return false
            }
            exclude = rules[rule].exclude
            guard rules[rule].path != nil else { return true }
            if states[rule, default: []].contains(where: { universal[rule][$0] }) { return true }
        }
        return false
    }

    /// The components that match `full` (the prefix, then `completion` read from each one's live
    /// `states`), in file order, up to the first unconditional one: it decides, and those after it
    /// are never asked. Only components whose tail `full` ends with are run (``RuleTails``).
    private func matchingRules(
        _ full: String, _ completion: [Unicode.Scalar], states: [Int: [Int]], untailed: [Int],
        _ alwaysMatching: [Int], _ tails: RuleTails, _ work: inout Int
    ) -> [Int] {
        let tailed = tails.candidates(endingWith: Array(full.unicodeScalars), work: &work).filter {
            states[$0] != nil
        }
        var candidates = alwaysMatching + untailed + tailed
        candidates.sort()
        work += candidates.count
        var matching: [Int] = []
        for rule in Self.unique(candidates) {
            if let program = rules[rule].path {
                guard let own = states[rule], program.accepts(from: own, completion, work: &work) else { continue }
            }
            matching.append(rule)
            if !rules[rule].constrainsQueryOrFragment { break }
        }
        return matching
    }

    /// Completions are counted per component and per region (the catch-all that matches every
    /// continuation, or -1 where no route does).
    struct AttemptKey: Hashable {
        var rule: Int
        var region: Int
    }

    /// For each number of `/` from none to one more than the pattern spells, the shortest characters
    /// with that many that take `program` from one of `states` to a match and leave a canonical
    /// path (no `//`, no final `/` unless the path is `/`). Paths with different numbers of
    /// segments are different kinds of URL (a `?*` that spans segments, or not), so each count
    /// gets its own.
    ///
    /// A breadth-first search over single program states, not sets of them: one accepting run is
    /// all a completion needs, and sets would multiply where `?` also matches `/` (each `/` read
    /// starts another partial match), so the search is linear in the program's size.
    private func shortestCompletions(
        _ program: WildcardPattern, from states: [Int], endsWithSlash: Bool, prefix: String, work: inout Int,
        marks: inout StateSet
    ) -> [[Unicode.Scalar]] {
        // Reading the program for its slashes and characters.
        work += 3 * program.program.count
        struct Node: Hashable {
            var state: Int
            var endsWithSlash: Bool
            var slashes: Int
        }
        let maximumSlashes = program.program.filter { $0 == .scalar("/") }.count + 1
        var found: [[Unicode.Scalar]] = []
        var foundSlashes: Set<Int> = []
        var scalars: Set<Unicode.Scalar> = ["/", "x"]
        for case .scalar(let scalar) in program.program { scalars.insert(scalar) }
        for case .oneOf(let characterClass) in program.program {
            scalars.formUnion(ValueShape.distinguishedScalars.filter { program.accepts(characterClass, $0) })
        }
        // `x` first, so that examples read as letters where any character does.
        let alphabet = scalars.sorted { ($0 == "x" ? 0 : 1, $0.value) < ($1 == "x" ? 0 : 1, $1.value) }
        var queue: [(node: Node, parent: Int, scalar: Unicode.Scalar)] = []
        var seen: Set<Node> = []
        for state in states.sorted() {
            let node = Node(state: state, endsWithSlash: endsWithSlash, slashes: 0)
            if seen.insert(node).inserted { queue.append((node, -1, "/")) }
        }
        var cursor = 0
        var successors: [Int] = []
        while cursor < queue.count {
            let (node, _, _) = queue[cursor]
            let depth = cursor
            cursor += 1
            let isStart = queue[depth].parent < 0
            // Each node tries every character of the search's alphabet; a match rebuilds its path.
            work += alphabet.count + 1
            let canEnd = !node.endsWithSlash || (isStart && prefix == "/")
            if canEnd, program.isMatch(node.state), foundSlashes.insert(node.slashes).inserted {
                var text: [Unicode.Scalar] = []
                var current = depth
                while queue[current].parent >= 0 {
                    text.append(queue[current].scalar)
                    current = queue[current].parent
                }
                found.append(text.reversed())
                if foundSlashes.count > maximumSlashes { break }
            }
            for scalar in alphabet {
                if node.endsWithSlash && scalar == "/" { continue }
                let slashes = node.slashes + (scalar == "/" ? 1 : 0)
                guard slashes <= maximumSlashes else { continue }
                successors.removeAll(keepingCapacity: true)
                program.successors(of: node.state, on: scalar, into: &successors, marks: &marks)
                work += successors.count
                for state in successors {
                    let next = Node(state: state, endsWithSlash: scalar == "/", slashes: slashes)
                    if seen.insert(next).inserted { queue.append((next, depth, scalar)) }
                }
            }
        }
        return found
    }

}
