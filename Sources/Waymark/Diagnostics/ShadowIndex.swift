/// The routes of a table, as ``ShadowAnalysis`` asks about them: a trie of their segments whose
/// leaves hold the routes that end (or catch all) there, sorted so that "the first of these that
/// beats that route in that context" is a look-up.
///
/// A route covers another when its template matches every URL the other's matches; the routes
/// that cover a variant sit at the leaves reached by walking the variant's segments through the
/// trie, taking every branch that matches each segment (a literal, a parameter whose type accepts
/// it, an untyped parameter, `*`) and every catch-all on the way. Only those leaves are asked.
///
/// The ladders are an index over ``Precedence``'s order (scope rank, then priority, then
/// ``Specificity``, then registration): they find the first route that wins without comparing every
/// pair. The pairwise analysis of the tests compares ``Precedence`` values directly.
struct ShadowIndex {
    /// Routes that end (or catch all) at one node: the same shape, so the same specificity, and
    /// all of them cover whatever reaches them.
    struct Leaf {
        /// Whether the shape starts with a literal: the analysis looks at those after the others.
        var startsWithLiteral: Bool
        var specificity: Specificity
        /// The requirements beyond the path of its variants: 0, or the number of query items of a
        /// variant whose items all have defaults (``RouteTemplate/Variant/requiresOnlyDefaults``),
        /// which matches every link of its path and comes before the path alone.
        var requirements: Int
        /// The routes that apply to every accepted scheme, and to every accepted domain.
        var anyApp = Ladder()
        var anyUniversal = Ladder()
        /// The routes with an exact scope, by scope.
        var exact: [RouteScope: Ladder] = [:]

        var exactScopes: Dictionary<RouteScope, Ladder>.Keys { exact.keys }
    }

    /// Candidates (by their position in the analysis's list, which follows registration order) by
    /// priority, highest first, so that the first that beats a route is found by a binary search.
    struct Ladder {
        /// The earliest candidate, and the earliest of another route than that one's.
        struct FirstTwo {
            var first: Int
            var other: Int?
        }

        fileprivate var entries: [(priority: Int, position: Int)] = []
        /// Distinct priorities, highest first; the first two of each; and the first two of every
        /// priority up to and including each.
        private var priorities: [Int] = []
        private var firstOfPriority: [FirstTwo] = []
        private var firstUpTo: [FirstTwo] = []

        fileprivate mutating func seal(routeOf: (Int) -> Int) {
            entries.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.position < $1.position }
            for entry in entries {
                if priorities.last != entry.priority {
                    priorities.append(entry.priority)
                    firstOfPriority.append(FirstTwo(first: entry.position, other: nil))
                } else if let last = firstOfPriority.indices.last, firstOfPriority[last].other == nil,
                    routeOf(firstOfPriority[last].first) != routeOf(entry.position)
                {
                    firstOfPriority[last].other = entry.position
                }
            }
            var running: FirstTwo?
            for firstTwo in firstOfPriority {
                running = running.map { Self.merge($0, firstTwo, routeOf: routeOf) } ?? firstTwo
                if let running { firstUpTo.append(running) }
            }
            entries = []
        }

        /// The earlier of two pairs' candidates, and the earliest of another route than that one.
        private static func merge(_ lhs: FirstTwo, _ rhs: FirstTwo, routeOf: (Int) -> Int) -> FirstTwo {
            let all = [lhs.first, lhs.other, rhs.first, rhs.other].compactMap { $0 }.sorted()
            let first = all[0]
            return FirstTwo(first: first, other: all.first { routeOf($0) != routeOf(first) })
        }

        private static func pick(_ pair: FirstTwo?, excluding route: Int, routeOf: (Int) -> Int) -> Int? {
            guard let pair else { return nil }
            return routeOf(pair.first) != route ? pair.first : pair.other
        }

        /// The earliest candidate of another route than `route`.
        func first(excluding route: Int, routeOf: (Int) -> Int) -> Int? {
            Self.pick(firstUpTo.last, excluding: route, routeOf: routeOf)
        }

        /// The earliest candidate of another route that beats, at equal scope rank, a route with
        /// `priority` whose specificity compares with theirs as `specificity` (`.orderedAscending`:
        /// theirs is more specific) and whose registration is `route`: a higher priority wins; at
        /// equal priority, more specific; then the earlier registration.
        func firstBeating(
            priority: Int, specificity: Comparison, route: Int, routeOf: (Int) -> Int
        ) -> Int? {
            // Priorities are sorted highest first: those above `priority` are a prefix.
            var low = 0
            var high = priorities.count
            while low < high {
                let middle = (low + high) / 2
                if priorities[middle] > priority { low = middle + 1 } else { high = middle }
            }
            var best = low > 0 ? Self.pick(firstUpTo[low - 1], excluding: route, routeOf: routeOf) : nil
            if low < priorities.count, priorities[low] == priority {
                let equal = firstOfPriority[low]
                var tie: Int?
                switch specificity {
                case .theirsMoreSpecific: tie = Self.pick(equal, excluding: route, routeOf: routeOf)
                // Registration order: positions follow it, so the earliest is the only candidate.
                case .same: tie = routeOf(equal.first) < route ? equal.first : nil
                case .mineMoreSpecific: tie = nil
                }
                if let tie { best = best.map { min($0, tie) } ?? tie }
            }
            return best
        }
    }

    /// How a leaf's specificity compares with a route's.
    enum Comparison {
        case theirsMoreSpecific, same, mineMoreSpecific
    }

    /// A trie node: its children by what their segment is, and the leaves that end here.
    private struct Node {
        var literals: [[UInt8]: Int] = [:]
        /// Pattern children by shape (``SegmentPattern/shape``).
        var patterns: [SegmentPattern: Int] = [:]
        var typed: [String: Int] = [:]
        var parameter: Int?
        var anonymous: Int?
        /// Routes whose last segment, a catch-all, starts here, by their requirements (``Leaf/requirements``).
        var catchAll: [Int: Int] = [:]
        /// Routes that end here, by trailing slash (in a strict table; else all under `false`) and
        /// requirements.
        var end: [Bool: [Int: Int]] = [:]
    }

    private var nodes = [Node()]
    private(set) var leaves: [Leaf] = []
    /// The root's literal children by their case-folded form: an app link's first segment is its
    /// host, which compares case-insensitively.
    private var foldedRoot: [[UInt8]: [Int]] = [:]
    private let candidates: [ShadowAnalysis.Candidate]
    private let options: RouteTableOptions
    private let parameterTypes: [String: ParameterType]

    init(candidates: [ShadowAnalysis.Candidate], options: RouteTableOptions, parameterTypes: [String: ParameterType]) {
        self.candidates = candidates
        self.options = options
        self.parameterTypes = parameterTypes
        // A variant that requires query items or a fragment covers no other: a link without them
        // skips it. One whose items all have defaults covers as its path does.
        for (position, candidate) in candidates.enumerated()
        where candidate.variant.linkRequirementCount == 0 || candidate.variant.requiresOnlyDefaults {
            insert(candidate, at: position)
        }
        let routes = candidates.map(\.index)
        for leaf in leaves.indices {
            leaves[leaf].anyApp.seal { routes[$0] }
            leaves[leaf].anyUniversal.seal { routes[$0] }
            for scope in leaves[leaf].exact.keys { leaves[leaf].exact[scope]?.seal { routes[$0] } }
        }
    }

    /// Whether `pattern` splits the literal `text` (as the table compares it) with every typed
    /// capture accepting its value.
    private func splits(_ pattern: SegmentPattern, _ text: String) -> Bool {
        let compiled = options.caseInsensitivePaths ? pattern.foldingASCIICase : pattern
        let types = pattern.captures.map(\.type)
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            compiled.scan(bytes) { index, range in
                guard let type = types[index] else { return true }
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                return parameterTypes[type]?.accepts(value) == true
            }
        }
    }

    private func key(_ text: String, folded: Bool) -> [UInt8] {
        PercentDecoding.comparableBytes(text, folded: folded)
    }

    private mutating func insert(_ candidate: ShadowAnalysis.Candidate, at position: Int) {
        var node = 0
        var leaf: Int?
        for (depth, segment) in candidate.variant.segments.enumerated() {
            let next: Int
            switch segment {
            case .literal(let text):
                let key = key(text, folded: options.caseInsensitivePaths)
                if let existing = nodes[node].literals[key] {
                    next = existing
                } else {
                    next = newNode()
                    nodes[node].literals[key] = next
                    if depth == 0 { foldedRoot[self.key(text, folded: true), default: []].append(next) }
                }
            case .pattern(let pattern):
                next = nodes[node].patterns[pattern.shape] ?? newNode()
                nodes[node].patterns[pattern.shape] = next
            case .parameter(_, let type?):
                next = nodes[node].typed[type] ?? newNode()
                nodes[node].typed[type] = next
            case .parameter(_, nil):
                next = nodes[node].parameter ?? newNode()
                nodes[node].parameter = next
            case .anonymous:
                next = nodes[node].anonymous ?? newNode()
                nodes[node].anonymous = next
            case .catchAll:
                let requirements = candidate.variant.linkRequirementCount
                leaf = nodes[node].catchAll[requirements] ?? newLeaf(for: candidate)
                nodes[node].catchAll[requirements] = leaf
                next = node
            }
            node = next
            if leaf != nil { break }
        }
        if leaf == nil {
            let slash = options.strictTrailingSlash && candidate.variant.hasTrailingSlash
            let requirements = candidate.variant.linkRequirementCount
            leaf = nodes[node].end[slash]?[requirements] ?? newLeaf(for: candidate)
            nodes[node].end[slash, default: [:]][requirements] = leaf
        }
        guard let leaf else { return }
        for scope in candidate.scopes {
            switch scope {
            case .appAny: leaves[leaf].anyApp.entries.append((candidate.priority, position))
            case .universalAny: leaves[leaf].anyUniversal.entries.append((candidate.priority, position))
            case .app, .universal:
                leaves[leaf].exact[scope, default: Ladder()].entries.append((candidate.priority, position))
            }
        }
    }

    private mutating func newNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    private mutating func newLeaf(for candidate: ShadowAnalysis.Candidate) -> Int {
        let startsWithLiteral = candidate.variant.segments.first?.segmentClass == .literal
        leaves.append(
            Leaf(
                startsWithLiteral: startsWithLiteral, specificity: candidate.specificity,
                requirements: candidate.variant.linkRequirementCount))
        return leaves.count - 1
    }

    /// The leaves whose routes match every URL path `variant` matches, in app links (whose first
    /// segment folds case) or universal links. Walked with a stack: a template's length is the
    /// input's choice.
    func coveringLeaves(of variant: RouteTemplate.Variant, appLinks: Bool, work: inout Int) -> [Int] {
        let segments = variant.segments
        var found: [Int] = []
        var pending: [(node: Int, depth: Int)] = [(0, 0)]
        while let (node, depth) = pending.popLast() {
            work += 1
            let here = nodes[node]
            found += here.catchAll.values
            guard depth < segments.count else {
                if let ends = here.end[options.strictTrailingSlash && variant.hasTrailingSlash] { found += ends.values }
                continue
            }
            func visit(_ child: Int?) { if let child { pending.append((child, depth + 1)) } }
            switch segments[depth] {
            case .catchAll:
                // Only a catch-all covers a catch-all, and those were taken above.
                continue
            case .literal(let text):
                if depth == 0 && appLinks && !options.caseInsensitivePaths {
                    for child in foldedRoot[key(text, folded: true)] ?? [] { visit(child) }
                } else {
                    visit(here.literals[key(text, folded: options.caseInsensitivePaths)])
                }
                // The patterns that split the literal, their typed captures accepting their values.
                for (pattern, child) in here.patterns where splits(pattern, text) { visit(child) }
                // The registered types that accept the literal: look up whichever list is shorter.
                if here.typed.count <= parameterTypes.count {
                    for (name, child) in here.typed where parameterTypes[name]?.accepts(text) == true { visit(child) }
                } else {
                    for (name, type) in parameterTypes where type.accepts(text) { visit(here.typed[name]) }
                }
            case .parameter(_, let type?):
                visit(here.typed[type])
                if type == "int" { visit(here.typed["float"]) }
            case .pattern(let pattern):
                // Only the same shape covers a pattern (besides a parameter and `*`, below).
                visit(here.patterns[pattern.shape])
            case .parameter(_, nil), .anonymous:
                break
            }
            visit(here.parameter)
            visit(here.anonymous)
        }
        return found
    }

    /// The first candidate (the analysis looks at routes that start with a literal after the
    /// others, each in registration order) of another route than `me`'s that covers it in
    /// `context`, where `me` ranks `myRank`, and beats it there.
    func firstWinner(
        over me: ShadowAnalysis.Candidate, rank myRank: Int, in context: ShadowAnalysis.Context, among found: [Int],
        work: inout Int
    ) -> Int? {
        let routeOf = { (position: Int) in candidates[position].index }
        // Compared as (starts with a literal, position): routes that do come after the others.
        var best: (group: Int, position: Int)?
        for index in found {
            work += 1
            // Read in place: a copy of the leaf would retain every ladder in it.
            let specificity = leaves[index].specificity
            // At the same path, the variant with more requirements comes first (``Precedence``); a
            // leaf here has none, or only items with defaults.
            let theirs = leaves[index].requirements
            let mine = me.variant.linkRequirementCount
            let comparison: Comparison =
                specificity == me.specificity
                ? (theirs > mine ? .theirsMoreSpecific : theirs == mine ? .same : .mineMoreSpecific)
                : specificity < me.specificity ? .theirsMoreSpecific : .mineMoreSpecific
            var winner: Int?
            func consider(_ position: Int?) {
                if let position { winner = winner.map { min($0, position) } ?? position }
            }
            // A higher scope rank wins outright; an equal one goes on to priority and specificity.
            func ask(_ ladder: Ladder?, rank: Int) {
                guard let ladder, rank >= myRank else { return }
                consider(
                    rank > myRank
                        ? ladder.first(excluding: me.index, routeOf: routeOf)
                        : ladder.firstBeating(
                            priority: me.priority, specificity: comparison, route: me.index, routeOf: routeOf))
            }
            if let exact = context.exactScope { ask(leaves[index].exact[exact], rank: 2) }
            ask(context.isApp ? leaves[index].anyApp : leaves[index].anyUniversal, rank: 1)
            guard let winner else { continue }
            let group = leaves[index].startsWithLiteral ? 1 : 0
            if best.map({ ($0.group, $0.position) > (group, winner) }) ?? true { best = (group, winner) }
        }
        return best?.position
    }
}
