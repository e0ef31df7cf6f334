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
/// but may not be all.
struct CoverageAnalysis {
    /// Bounds on the walk.
    struct Limits: Sendable {
        /// The most product states visited.
        var maximumStates = 250_000
        /// The most automaton steps taken (threads and pattern states, over all characters).
        var maximumWork = 400_000_000
    }

    /// What a path that ends in one product state meets.
    struct Ending {
        /// The shortest canonical path that ends there.
        var path: String
        /// The variants (indexes into ``DomainRoutes/variants``) that match it.
        var variants: [Int]
        /// The components (indexes into the compiled rules) that match it, in file order.
        var rules: [Int]
    }

    /// What the walk did.
    struct Summary {
        var states = 0
        var work = 0
        var isComplete = true
        var alphabet: [Unicode.Scalar] = []
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
        let alphabet = Self.alphabet(routes: routes, rules: rules)
        summary.alphabet = alphabet
        let alwaysMatching = rules.indices.filter { rules[$0].path == nil && !rules[$0].isUnusable }
        var initialPatterns: [UInt64] = []
        for (index, rule) in rules.enumerated() where !rule.isUnusable {
            guard let path = rule.path else { continue }
            var closure: [Int] = []
            path.closure(of: 0, into: &closure)
            for state in closure { initialPatterns.append(Self.patternState(index, state)) }
        }
        initialPatterns.sort()
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
        while cursor < keys.count {
            let key = keys[cursor]
            let index = cursor
            cursor += 1
            if index > 0 && (key.flags & 1 == 0 || key.flags & 2 != 0) {
                visit(ending(key, path: path(index, parents, via), alwaysMatching: alwaysMatching))
            }
            for scalar in alphabet {
                if index == 0 && scalar != "/" { continue }
                if key.flags & 1 != 0 && scalar == "/" { continue }
                nextThreads.removeAll(keepingCapacity: true)
                for thread in key.threads {
                    thread.step(
                        scalar, routes.variants[Int(thread.variant)], ignoringCase: routes.caseInsensitiveLiterals
                    ) {
                        nextThreads.append($0)
                    }
                }
                nextPatterns.removeAll(keepingCapacity: true)
                for packed in key.patterns {
                    let rule = Int(packed >> 32)
                    guard let program = rules[rule].path else { continue }
                    successors.removeAll(keepingCapacity: true)
                    program.successors(of: Int(packed & 0xFFFF_FFFF), on: scalar, into: &successors)
                    for state in successors { nextPatterns.append(Self.patternState(rule, state)) }
                }
                summary.work += key.threads.count + key.patterns.count
                if nextThreads.isEmpty && nextPatterns.isEmpty && alwaysMatching.isEmpty { continue }
                nextThreads.sort()
                nextPatterns.sort()
                let next = StateKey(
                    threads: Self.unique(nextThreads), patterns: Self.unique(nextPatterns),
                    flags: (scalar == "/" ? 1 : 0) | (index == 0 ? 2 : 0))
                guard seen[next] == nil else { continue }
                guard keys.count < limits.maximumStates, summary.work < limits.maximumWork else {
                    summary.isComplete = false
                    summary.states = keys.count
                    return summary
                }
                seen[next] = keys.count
                keys.append(next)
                // narrowing: index < keys.count ≤ maximumStates, far below Int32.max
                parents.append(Int32(index))
                via.append(scalar)
            }
        }
        summary.states = keys.count
        return summary
    }

    private func ending(_ key: StateKey, path: String, alwaysMatching: [Int]) -> Ending {
        var variants: [Int] = []
        for thread in key.threads where thread.accepts(routes.variants[Int(thread.variant)]) {
            if variants.last != Int(thread.variant) { variants.append(Int(thread.variant)) }
        }
        var matching = alwaysMatching
        for packed in key.patterns {
            let rule = Int(packed >> 32)
            if let program = rules[rule].path, program.isMatch(Int(packed & 0xFFFF_FFFF)), matching.last != rule {
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

    private static func patternState(_ rule: Int, _ state: Int) -> UInt64 {
        // narrowing: both are non-negative array indexes, far below 2³²
        (UInt64(rule) << 32) | UInt64(state)
    }

    private static func unique<T: Equatable>(_ sorted: [T]) -> [T] {
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
    static func alphabet(routes: DomainRoutes, rules: [AssociationMatcher.Rule]) -> [Unicode.Scalar] {
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
        for candidates in ["xyzqjkvwghmnprstuoil", "XYZQJKVWGHMNPRSTUOIL", "_~!$&'()*+,;=@%"] {
            if let spare = candidates.unicodeScalars.first(where: { !scalars.contains($0) }) { scalars.insert(spare) }
        }
        func rank(_ scalar: Unicode.Scalar) -> Int {
            switch scalar.value {
            case 47: 0
            case 97...122: 1
            case 48...57: 2
            case 65...90: 3
            default: 4
            }
        }
        return scalars.sorted { (rank($0), $0.value) < (rank($1), $1.value) }
    }
}
