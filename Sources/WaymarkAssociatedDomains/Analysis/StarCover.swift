/// Which live states of one AASA pattern a live `*` makes redundant, so that the analysis carries
/// one state per pattern instead of one per `*` read past.
///
/// A `*` matches any run of characters, so from a `*` state the pattern accepts every text that
/// ends in something the rest of the pattern accepts. Where every accepting run from a state `p`
/// passes through a `*` state `s` (`s` post-dominates `p`), whatever `p` accepts, `s` accepts: with
/// `s` live, `p` adds nothing, not a match, not a completion. Without this, a pattern such as
/// `/?*/?*/?*/l9/*` would keep a live state at each `*` it passed, and the analysis's states of a
/// path would grow with the product of the patterns' stars.
///
/// The post-dominators are computed once per pattern. Every jump of a compiled program goes
/// forward (a `*` loops on itself only), so one pass from the last state back, with the
/// two-finger intersection, finds each state's immediate post-dominator.
struct StarCover: Sendable {
    /// For each state, the nearest `*` state other than itself that every accepting run from it
    /// passes, or -1.
    private let nearestStar: [Int32]

    /// - Parameters:
    ///   - program: The pattern's program.
    ///   - work: Charged one unit per step of the computation.
    init(_ pattern: WildcardPattern, work: inout Int) {
        let program = pattern.program
        let count = program.count
        let exit = count
        let dead = -1
        // The immediate post-dominator of each state (`exit` after the match), or `dead` for a
        // state from which no run accepts.
        var parent = [Int](repeating: dead, count: count + 1)
        parent[exit] = exit
        // The intersection walks up two chains; a bound keeps a pathological program linear.
        var budget = 8 * count + 64
        var complete = true
        func intersect(_ first: Int, _ second: Int) -> Int {
            var (a, b) = (first, second)
            while a != b {
                budget -= 1
                guard budget > 0 else {
                    complete = false
                    return exit
                }
                if a < b { a = parent[a] } else { b = parent[b] }
            }
            return a
        }
        for state in stride(from: count - 1, through: 0, by: -1) {
            var successors: [Int]
            switch program[state] {
            case .scalar, .any, .oneOf, .star: successors = [state + 1]
            case .split(let first, let second): successors = [first, second]
            case .jump(let target): successors = [target]
            case .match: successors = [exit]
            case .fail: successors = []
            }
            // Every target is ahead of `state`; one past the program is the end, where no run goes on.
            successors = successors.filter { $0 > state && $0 <= count && parent[$0] != dead }
            guard var result = successors.first else { continue }
            for other in successors.dropFirst() { result = intersect(result, other) }
            parent[state] = result
        }
        work += 8 * count + 64 - budget
        var nearest = [Int32](repeating: -1, count: count)
        if complete {
            for state in stride(from: count - 1, through: 0, by: -1) {
                let next = parent[state]
                guard next != dead, next != exit else { continue }
                // narrowing: a state index, below WildcardPattern.maximumProgramSize
                nearest[state] = program[next] == .star ? Int32(next) : nearest[next]
            }
        }
        nearestStar = nearest
    }

    /// `states` (one pattern's, ascending, each once) without those a `*` among them covers, in the same order;
    /// `work` is charged one unit per state and per link followed.
    func reduced(_ states: ArraySlice<Int>, work: inout Int) -> [Int] {
        guard let last = states.last else { return [] }
        work += 2 * states.count
        // The states are ascending and post-dominators lie ahead: a member is found by searching
        // the states after the one asking, without a set made for each step of the walk.
        return states.indices.filter { position in
            var star = Int(nearestStar[states[position]])
            var low = position + 1
            // None past the last member can be one.
            while star >= 0 && star <= last {
                work += 1
                var high = states.endIndex
                while low < high {
                    let middle = (low + high) / 2
                    if states[middle] < star { low = middle + 1 } else { high = middle }
                }
                if low < states.endIndex && states[low] == star { return false }
                star = Int(nearestStar[star])
            }
            return true
        }.map { states[$0] }
    }
}
