/// Route sets that the tests make themselves, so that no test but the corpus comparisons needs
/// anything beside the package.
///
/// ``deepLinks(count:seed:)`` is the generator of the benchmarks' `deeplink-10k.routes.txt` (the
/// project's `shared/bench/gen_bench_data.py`), written again in Swift: the same SplitMix64 sequence,
/// word lists and conflict rules, so the default call gives that file line for line (a corpus test
/// checks it when the file is there). Tests that were tuned on the bench set keep their meaning.
public enum DeepLinkRouteSet {
    /// The seed of `deeplink-10k.routes.txt`.
    public static let benchSeed: UInt64 = 20_261_122

    /// `count` distinct templates of a large deep-link app, each starting with `/`: 60% static
    /// (2–4 segments), 35% with 1–3 parameters (about a third under a prefix such as `/app`), the rest
    /// ending in a catch-all `*`. At every position all parameters share one name, and no position
    /// has both a parameter and a catch-all, so strict tree routers accept the set too.
    public static func deepLinks(count: Int = 10_000, seed: UInt64 = benchSeed) -> [String] {
        var random = SplitMix64(seed: seed)
        var table = ConflictTable()
        var plan = Array(repeating: Kind.literal, count: count * 60 / 100)
        plan += Array(repeating: Kind.parameters, count: count * 35 / 100)
        plan += Array(repeating: Kind.catchAll, count: count - plan.count)
        random.shuffle(&plan)
        for kind in plan {
            while !table.add(kind.make(&random)) {}
        }
        return table.templates.map { "/" + $0.joined(separator: "/") }
    }

    enum Kind {
        case literal, parameters, catchAll

        func make(_ random: inout SplitMix64) -> [String] {
            switch self {
            case .literal:
                let depth = random.pick([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2])
                var segments = [random.pick(Words.sections)]
                for _ in 0..<depth { segments.append(random.pick(Words.subsections)) }
                let slug = "\(random.pick(Words.adjectives))-\(random.pick(Words.nouns))-\(1 + random.below(9_999))"
                return segments + [slug]
            case .parameters:
                let entities = random.pick([1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3])
                var segments = random.chance(0.3) ? [random.pick(Words.prefixes)] : []
                var chosen: [String] = []
                while chosen.count < entities {
                    let entity = random.pick(Words.entities)
                    if !chosen.contains(entity) { chosen.append(entity) }
                }
                for entity in chosen { segments += [entity, ":\(entity)_id"] }
                if random.chance(0.7) { segments.append(random.pick(Words.leaves)) }
                return segments
            case .catchAll:
                if random.chance(0.1) { return [random.pick(Words.catchAllRoots), "*"] }
                if random.chance(0.55) {
                    return [random.pick(Words.catchAllSections), random.pick(Words.subsections + Words.leaves), "*"]
                }
                let entity = random.pick(Words.entities)
                return [entity, ":\(entity)_id", random.pick(Words.catchAllFolders), "*"]
            }
        }
    }

    /// A segment trie that refuses a duplicate, a second parameter name at one position, and a
    /// parameter beside a catch-all: the rules of strict tree routers. A loop, never recursion.
    struct ConflictTable {
        final class Node {
            var literals: [String: Node] = [:]
            var parameter: String?
            var parameterNode: Node?
            var catchAll = false
            var terminal = false
        }

        let root = Node()
        var templates: [[String]] = []

        mutating func add(_ segments: [String]) -> Bool {
            var node: Node? = root
            var reachedEnd = true
            for segment in segments {
                guard let current = node else {
                    reachedEnd = false
                    break
                }
                if segment == "*" {
                    if current.parameter != nil || current.catchAll { return false }
                    reachedEnd = false
                    break
                }
                if segment.hasPrefix(":") {
                    let name = String(segment.dropFirst())
                    if current.catchAll || (current.parameter != nil && current.parameter != name) { return false }
                    node = current.parameterNode
                } else {
                    node = current.literals[segment]
                }
            }
            if reachedEnd, let node, node.terminal { return false }
            var current = root
            var isCatchAll = false
            for segment in segments {
                if segment == "*" {
                    current.catchAll = true
                    isCatchAll = true
                    break
                }
                if segment.hasPrefix(":") {
                    current.parameter = String(segment.dropFirst())
                    let next = current.parameterNode ?? Node()
                    current.parameterNode = next
                    current = next
                } else {
                    let next = current.literals[segment] ?? Node()
                    current.literals[segment] = next
                    current = next
                }
            }
            if !isCatchAll { current.terminal = true }
            templates.append(segments)
            return true
        }
    }

    enum Words {
        static let sections = words(
            "promo campaign help blog news guides legal careers press events landing collections stories "
                + "lookbook gift-guide deals seasonal about support faq learn webinar community partners rewards "
                + "onboarding tutorial release-notes settings account store product brand category")
        static let subsections = words(
            "2021 2022 2023 2024 2025 spring summer fall winter en de fr es it jp us uk ca au women men kids "
                + "home outdoor beauty tech travel food fitness music")
        static let adjectives = words(
            "summer winter spring autumn flash mega super big early late holiday weekend daily weekly "
                + "exclusive limited new best top free")
        static let nouns = words(
            "sale deal offer launch drop pick guide story update event promo bundle gift tip recipe "
                + "look edit trend preview recap")
        static let entities = words(
            "store product user order category brand collection article video playlist artist album "
                + "venue ticket restaurant menu recipe course lesson team project board task chat message "
                + "group post comment listing hotel room booking flight trip invoice wallet coupon show "
                + "episode podcast")
        static let leaves = words(
            "reviews details photos share edit settings members history map similar checkout invite "
                + "report gallery schedule tickets questions specs shipping returns wishlist related followers "
                + "activity stats files media comments preview")
        static let catchAllRoots = words("static assets cdn")
        static let catchAllSections = words("docs wiki kb cms pages content web help-center manual articles")
        static let catchAllFolders = words("files attachments media downloads")
        static let prefixes = words("app m shop my")

        static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
    }
}

extension DeepLinkRouteSet {
    /// A small table in the style of a REST API (the shape of the benchmarks' `github-api` set,
    /// written here): parameters after parameters (`/repos/:owner/:repo`), literals beside parameters
    /// (`/gists/starred` and `/gists/:id`), deep chains, and one catch-all.
    public static let restAPI: [String] = [
        "/user", "/user/repos", "/user/orgs", "/user/starred/:owner/:repo", "/users/:user", "/users/:user/repos",
        "/users/:user/followers", "/users/:user/following/:target", "/orgs/:org", "/orgs/:org/members",
        "/orgs/:org/members/:user", "/orgs/:org/teams", "/teams/:id", "/teams/:id/members/:user",
        "/teams/:id/repos/:owner/:repo", "/repos/:owner/:repo", "/repos/:owner/:repo/issues",
        "/repos/:owner/:repo/issues/:number", "/repos/:owner/:repo/issues/:number/comments",
        "/repos/:owner/:repo/issues/:number/labels/:name", "/repos/:owner/:repo/pulls",
        "/repos/:owner/:repo/pulls/:number", "/repos/:owner/:repo/pulls/:number/files",
        "/repos/:owner/:repo/pulls/:number/merge", "/repos/:owner/:repo/commits/:sha",
        "/repos/:owner/:repo/branches/:branch", "/repos/:owner/:repo/git/refs", "/repos/:owner/:repo/git/trees/:sha",
        "/repos/:owner/:repo/contents/*", "/repos/:owner/:repo/releases/latest", "/repos/:owner/:repo/releases/:id",
        "/gists", "/gists/public", "/gists/starred", "/gists/:id", "/gists/:id/star", "/notifications",
        "/notifications/threads/:id", "/search/repositories", "/search/code", "/search/issues", "/search/users",
        "/events", "/feeds", "/emojis", "/meta", "/rate_limit",
    ]
}
