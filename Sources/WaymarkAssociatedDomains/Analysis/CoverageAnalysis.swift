/// Walks every canonical path of a domain at once against an AASA file's components and the route
/// table's variants, and reports, for each kind of path, which components match it and which
/// variants do: the exact basis of ``AppSiteAssociation/check(against:appID:domain:options:)``.
///
/// It explores the product of two automata over the characters of a canonical path: the components'
/// patterns (``WildcardPattern``, the programs the matcher runs) and the variants' segment shapes
/// (``RouteThread``). Characters that no literal, pattern or value type tells apart behave alike, so
/// one representative stands for each such class and the walk is exact over all paths, not a sample.
/// Each product state is visited once, breadth first, so each example path is the shortest of its
/// kind. The work is bounded (``Limits``): past the bound the walk stops, and what it found is true
/// but may not be all; the check then fails with an error.
///
/// The work counter charges what each step really costs, so that a bound on it is a bound on time
/// and memory: a state's threads and pattern states each time it is expanded (its characters, its
/// items by character, its ending), the items of every successor built (sorted, hashed, compared),
/// the items of every state and residual kept (memory), the path of every ending (the resolver's
/// preview reads it), and each program state a completion search or a completion's match visits.
/// A state that holds hundreds of routes costs hundreds, every time it is touched.
struct CoverageAnalysis {
    /// Bounds on the walk.
    struct Limits: Sendable {
        /// The most product states visited.
        var maximumStates = 250_000
        /// The most work units spent (see the type's documentation).
        var maximumWork = AssociationCheckOptions.defaultMaximumWork
        /// ``AssociationCheckOptions/reduces``.
        var reduces = true
    }

    /// What a path that ends in one product state meets.
    struct Ending {
        /// The shortest canonical path that ends there.
        var path: String
        /// The variants (indexes into ``DomainRoutes/variants``) that match it.
        var variants: [Int]
        /// The components (indexes into the compiled rules) that match it, in file order: all of
        /// them, or (past a catch-all or where no route matches) those up to the first without a
        /// query or fragment condition, which decides.
        var rules: [Int]
    }

    /// What the walk did.
    struct Summary {
        var states = 0
        var work = 0
        var isComplete = true
        /// Completions not tried because their component had been completed
        /// ``completionsPerComponent`` times in the region already.
        var skippedCompletions = 0
        /// The thread and pattern entries kept in states and residual keys: the walk's memory.
        var retained = 0
    }

    private struct StateKey: Hashable {
        var threads: [RouteThread]
        var patterns: [UInt64]
        /// Bit 0: the last character was `/`; bit 1: the path is `/` alone so far.
        var flags: UInt8
    }

    let routes: DomainRoutes
    let rules: [AssociationMatcher.Rule]
    let limits: Limits

    /// Walks the product, calling `visit` for each state in which a canonical path can end.
    func run(_ visit: (Ending) -> Void) -> Summary {
        var summary = Summary()
        let (alphabet, spares) = Self.alphabet(routes: routes, rules: rules)
        let distinguished = Set(ValueShape.distinguishedScalars)
        let alwaysMatching = rules.indices.filter { rules[$0].path == nil && !rules[$0].isUnusable }
        // A path is decided by the first unconditional component that matches it, so once one
        // matches every continuation (no `/` pattern, or a state at a final `*`), the components
        // after it can decide nothing from there and their states are dropped. With one broad
        // component early, this keeps the walk as small as the routes, however many come after.
        let firstDecider = alwaysMatching.first { !rules[$0].constrainsQueryOrFragment } ?? rules.count
        let universal = rules.map { $0.path?.universalStates ?? [] }
        let covers = limits.reduces ? rules.map { rule in rule.path.map { StarCover($0, work: &summary.work) } } : []
        let tails = RuleTails(limits.reduces ? rules : [], work: &summary.work)
        var initialPatterns: [UInt64] = []
        for (index, rule) in rules.enumerated() where !rule.isUnusable {
            guard let path = rule.path else { continue }
            var closure: [Int] = []
            path.closure(of: 0, into: &closure)
            for state in closure { initialPatterns.append(Self.patternState(index, state)) }
        }
        initialPatterns.sort()
        initialPatterns = reduced(
            pruned(initialPatterns, firstDecider: firstDecider, universal: universal), covers, &summary.work)
        let initial = StateKey(
            threads: routes.variants.indices.map(RouteThread.begin), patterns: initialPatterns, flags: 0)
        var keys: [StateKey] = [initial]
        var parents: [Int32] = [-1]
        var via: [Unicode.Scalar] = ["/"]
        var seen: [StateKey: Int] = [initial: 0]
        var cursor = 0
        var nextThreads: [RouteThread] = []
        var nextPatterns: [UInt64] = []
        var successors: [Int] = []
        var residuals: Set<ResidualKey> = []
        var marks = StateSet(capacity: rules.map { $0.path?.program.count ?? 0 }.max() ?? 0)
        var attempts: [AttemptKey: Int] = [:]
        while cursor < keys.count {
            let key = keys[cursor]
            let index = cursor
            cursor += 1
            // Expanding a state reads its items three times: its characters, its items by
            // character, and its ending.
            summary.work += 3 * (key.threads.count + key.patterns.count) + 1
            if index > 0 && (key.flags & 1 == 0 || key.flags & 2 != 0) {
                let text = path(index, parents, via)
                // The path is rebuilt and read by the resolver's preview.
                summary.work += 2 * text.unicodeScalars.count
                visit(ending(key, path: text, alwaysMatching: alwaysMatching))
            }
            // Only the characters something live here tells apart, and one of each other class:
            // every other character of the alphabet behaves here as one of those.
            let local = localScalars(key, spares: spares, distinguished: distinguished)
            // A thread inside a literal, or a pattern state at a character, goes on with one
            // character only: each is stepped on that one, the others on every character, so a
            // state with many literal routes costs their number once, not once per character.
            let threads = ByScalar(key.threads) { thread in
                thread.onlyScalar(routes.variants[Int(thread.variant)])
            }
            let patterns = ByScalar(key.patterns) { packed in
                guard let program = rules[Self.rule(of: packed)].path,
                    case .scalar(let scalar) = program.program[Self.state(of: packed)]
                else { return nil }
                return scalar
            }
            for scalar in alphabet where local.contains(scalar) {
                guard summary.work < limits.maximumWork else {
                    summary.isComplete = false
                    summary.states = keys.count
                    return summary
                }
                if index == 0 && scalar != "/" { continue }
                if key.flags & 1 != 0 && scalar == "/" { continue }
                nextThreads.removeAll(keepingCapacity: true)
                let threadsHere = threads.candidates(for: scalar)
                for thread in threadsHere {
                    thread.step(
                        scalar, routes.variants[Int(thread.variant)], ignoringCase: routes.caseInsensitiveLiterals
                    ) {
                        nextThreads.append($0)
                    }
                }
                nextPatterns.removeAll(keepingCapacity: true)
                let patternsHere = patterns.candidates(for: scalar)
                for packed in patternsHere {
                    let rule = Self.rule(of: packed)
                    guard let program = rules[rule].path else { continue }
                    successors.removeAll(keepingCapacity: true)
                    program.successors(of: Self.state(of: packed), on: scalar, into: &successors, marks: &marks)
                    for state in successors { nextPatterns.append(Self.patternState(rule, state)) }
                }
                // Each item stepped, and each item made: sorted, made unique, pruned, hashed.
                summary.work += threadsHere.count + patternsHere.count + 2 * (nextThreads.count + nextPatterns.count)
                if nextThreads.isEmpty && nextPatterns.isEmpty && alwaysMatching.isEmpty { continue }
                nextThreads.sort()
                // Threads a catch-all has already beaten can decide nothing: without them, the
                // catch-alls entered along a path are one thread, not a subset each (RouteOrder).
                nextThreads = Self.unique(nextThreads)
                if limits.reduces { nextThreads = routes.order.pruned(nextThreads, work: &summary.work) }
                nextPatterns.sort()
                nextPatterns = reduced(
                    pruned(Self.unique(nextPatterns), firstDecider: firstDecider, universal: universal), covers,
                    &summary.work)
                if nextThreads.allSatisfy({ $0.kind == .rest }) {
                    // Every continuation meets the same routes: none (no route matches any path
                    // that starts so), or the same catch-alls. What is left to find depends on
                    // the components alone; each live one is completed, a few times at most,
                    // instead of walking every continuation.
                    let live = nextPatterns
                    let variants = Self.unique(nextThreads.map { Int($0.variant) })
                    let residualKey = ResidualKey(patterns: live, variants: variants, endsWithSlash: scalar == "/")
                    if residuals.insert(residualKey).inserted {
                        summary.retained += live.count + variants.count
                        summary.work += live.count + variants.count
                        var prefix = path(index, parents, via)
                        prefix.unicodeScalars.append(scalar)
                        residual(
                            prefix, residualKey, alwaysMatching, tails, universal, &attempts, &summary, &marks, visit)
                    }
                    continue
                }
                let next = StateKey(
                    threads: nextThreads, patterns: nextPatterns,
                    flags: (scalar == "/" ? 1 : 0) | (index == 0 ? 2 : 0))
                guard seen[next] == nil else { continue }
                guard keys.count < limits.maximumStates, summary.work < limits.maximumWork else {
                    summary.isComplete = false
                    summary.states = keys.count
                    return summary
                }
                seen[next] = keys.count
                keys.append(next)
                // Kept: the key's items (the dictionary shares the arrays with `keys`).
                summary.retained += next.threads.count + next.patterns.count
                summary.work += next.threads.count + next.patterns.count
                // narrowing: index < keys.count ≤ maximumStates, far below Int32.max
                parents.append(Int32(index))
                via.append(scalar)
            }
        }
        summary.states = keys.count
        return summary
    }

    /// Items of a state split by the one character each goes on with, if there is one.
    private struct ByScalar<Item> {
        var keyed: [Unicode.Scalar: [Item]] = [:]
        var general: [Item] = []

        init(_ items: [Item], only: (Item) -> Unicode.Scalar?) {
            for item in items {
                if let scalar = only(item) {
                    keyed[ScalarCase.folded(scalar), default: []].append(item)
                } else {
                    general.append(item)
                }
            }
        }

        /// The items that may go on with `scalar` (keyed ones are filed under the lowercase letter,
        /// so a letter finds those of either case; stepping decides). Callers sort what they make.
        func candidates(for scalar: Unicode.Scalar) -> [Item] {
            guard let own = keyed[ScalarCase.folded(scalar)] else { return general }
            return general.isEmpty ? own : general + own
        }
    }

    /// `patterns` (sorted, so by component) without the states of components after the first
    /// unconditional one that matches every continuation, or after `firstDecider`.
    private func pruned(_ patterns: [UInt64], firstDecider: Int, universal: [[Bool]]) -> [UInt64] {
        var cutoff = firstDecider
        var kept: [UInt64] = []
        kept.reserveCapacity(patterns.count)
        for packed in patterns {
            let rule = Self.rule(of: packed)
            guard rule <= cutoff else { break }
            kept.append(packed)
            if universal[rule][Self.state(of: packed)] && !rules[rule].constrainsQueryOrFragment { cutoff = rule }
        }
        return kept
    }

    /// `patterns` (sorted, so by component) without the states a live `*` of their component
    /// covers (``StarCover``).
    private func reduced(_ patterns: [UInt64], _ covers: [StarCover?], _ work: inout Int) -> [UInt64] {
        var kept: [UInt64] = []
        kept.reserveCapacity(patterns.count)
        var start = patterns.startIndex
        while start < patterns.endIndex {
            let rule = Self.rule(of: patterns[start])
            var end = start + 1
            while end < patterns.endIndex && Self.rule(of: patterns[end]) == rule { end += 1 }
            if end - start > 1, rule < covers.count, let cover = covers[rule] {
                let states = patterns[start..<end].map(Self.state(of:))
                for state in cover.reduced(states[...], work: &work) { kept.append(Self.patternState(rule, state)) }
            } else {
                kept += patterns[start..<end]
            }
            start = end
        }
        return kept
    }

    /// `/`, the spares, and the characters a live thread or pattern state treats specially: the next
    /// character of a literal, a pattern's character (both cases where it ignores case), and every
    /// distinguished character while a typed value or a character class is live.
    private func localScalars(
        _ key: StateKey, spares: [Unicode.Scalar], distinguished: Set<Unicode.Scalar>
    ) -> Set<Unicode.Scalar> {
        var local: Set<Unicode.Scalar> = ["/"]
        local.formUnion(spares)
        var needsDistinguished = false
        func add(_ scalar: Unicode.Scalar, ignoringCase: Bool) {
            if ignoringCase { local.formUnion(ScalarCase.both(scalar)) } else { local.insert(scalar) }
        }
        for thread in key.threads {
            let shape = routes.variants[Int(thread.variant)]
            switch thread.kind {
            case .enter, .literal:
                let offset = thread.kind == .enter ? 0 : Int(thread.sub)
                switch shape.segments[Int(thread.segment)] {
                case .literal(let text):
                    if offset < text.count { add(text[offset], ignoringCase: routes.caseInsensitiveLiterals) }
                case .value(let value): if value != .any { needsDistinguished = true }
                case .pattern(let pieces):
                    let special = PatternPlace.start(pieces).specialScalars(pieces)
                    for scalar in special.scalars { add(scalar, ignoringCase: routes.caseInsensitiveLiterals) }
                    if special.typed { needsDistinguished = true }
                case .rest: break
                }
            case .pattern:
                if case .pattern(let pieces) = shape.segments[Int(thread.segment)] {
                    let special = PatternPlace(packed: thread.sub).specialScalars(pieces)
                    for scalar in special.scalars { add(scalar, ignoringCase: routes.caseInsensitiveLiterals) }
                    if special.typed { needsDistinguished = true }
                }
            case .value:
                if case .value(let value) = shape.segments[Int(thread.segment)], value != .any {
                    needsDistinguished = true
                }
            case .begin, .root, .rest: break
            }
        }
        for packed in key.patterns {
            guard let program = rules[Self.rule(of: packed)].path else { continue }
            switch program.program[Self.state(of: packed)] {
            case .scalar(let scalar): add(scalar, ignoringCase: !program.caseSensitive)
            case .oneOf: needsDistinguished = true
            case .any, .star, .split, .jump, .fail, .match: break
            }
        }
        if needsDistinguished { local.formUnion(distinguished) }
        return local
    }

    private func ending(_ key: StateKey, path: String, alwaysMatching: [Int]) -> Ending {
        var variants: [Int] = []
        for thread in key.threads where thread.accepts(routes.variants[Int(thread.variant)]) {
            if variants.last != Int(thread.variant) { variants.append(Int(thread.variant)) }
        }
        var matching = alwaysMatching
        for packed in key.patterns {
            let rule = Self.rule(of: packed)
            if let program = rules[rule].path, program.isMatch(Self.state(of: packed)), matching.last != rule {
                matching.append(rule)
            }
        }
        matching.sort()
        return Ending(path: path, variants: variants, rules: Self.unique(matching))
    }

    private func path(_ index: Int, _ parents: [Int32], _ via: [Unicode.Scalar]) -> String {
        var scalars: [Unicode.Scalar] = []
        var current = index
        while current > 0 {
            scalars.append(via[current])
            current = Int(parents[current])
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars.reversed())
        return String(text)
    }

    /// The component of a packed pattern state.
    static func rule(of packed: UInt64) -> Int {
        // Not a narrowing that can trap: the high half holds a component index (< the number of
        // components, an Int), so it fits every platform's Int, 32-bit Apple Watch included.
        Int(truncatingIfNeeded: packed >> 32)
    }

    /// The program state of a packed pattern state.
    static func state(of packed: UInt64) -> Int {
        // The low half holds a program index, below WildcardPattern.maximumProgramSize.
        Int(truncatingIfNeeded: packed & 0xFFFF_FFFF)
    }

    private static func patternState(_ rule: Int, _ state: Int) -> UInt64 {
        // narrowing: both are non-negative array indexes, far below 2³²
        (UInt64(rule) << 32) | UInt64(state)
    }

    static func unique<T: Equatable>(_ sorted: [T]) -> [T] {
        var result: [T] = []
        result.reserveCapacity(sorted.count)
        for element in sorted where result.last != element { result.append(element) }
        return result
    }

    /// One representative per class of characters that behave alike everywhere: `/`; every
    /// character a literal or a pattern spells (both cases where either ignores case); every
    /// character a value type tells apart; and for all the rest, one lowercase letter, one
    /// uppercase letter and one other character. Ordered so that examples read well: lowercase,
    /// digits, uppercase, the rest.
    static func alphabet(
        routes: DomainRoutes, rules: [AssociationMatcher.Rule]
    ) -> (alphabet: [Unicode.Scalar], spares: [Unicode.Scalar]) {
        var scalars = routes.literalScalars
        scalars.insert("/")
        scalars.formUnion(ValueShape.distinguishedScalars)
        for rule in rules {
            for program in [rule.path, rule.fragment].compactMap({ $0 }) {
                for case .scalar(let scalar) in program.program {
                    scalars.insert(scalar)
                    if !program.caseSensitive { scalars.formUnion(ScalarCase.both(scalar)) }
                }
            }
        }
        var spares: [Unicode.Scalar] = []
        for candidates in ["xyzqjkvwghmnprstuoil", "XYZQJKVWGHMNPRSTUOIL", "_~!$&'()*+,;=@%"] {
            if let spare = candidates.unicodeScalars.first(where: { !scalars.contains($0) }) { spares.append(spare) }
        }
        scalars.formUnion(spares)
        func rank(_ scalar: Unicode.Scalar) -> Int {
            switch scalar.value {
            case 47: 0
            case 97...122: 1
            case 48...57: 2
            case 65...90: 3
            default: 4
            }
        }
        return (scalars.sorted { (rank($0), $0.value) < (rank($1), $1.value) }, spares)
    }
}
