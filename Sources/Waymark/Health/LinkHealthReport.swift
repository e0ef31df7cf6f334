/// Link health over real traffic: how many links open a route, fall to the default route or fail,
/// per outcome and per route, and the commonest failures grouped by the nearest template and why
/// (explain's answer). What `waymark report` prints; usable from a server or a script in Swift.
///
/// ```swift
/// var report = LinkHealthReport(resolver: try routeFile.makeResolver())
/// for line in lines { report.add(line: line) }        // URLs, `COUNT URL`, or access-log lines
/// report.outcomes      // [(opens, 812_345), (opensDefault, 4_210), …]
/// report.problems.first?.description
/// // 4,210 link(s): unmatched, nearest product (product/:id<int>) — segment 1 is <private>, …
/// ```
///
/// Each link is answered by ``RouteResolver/preview(_:origin:)-(String,_)``: the rules matching
/// alone decides (limits, invalid links, refused schemes and domains, internal-only routes,
/// confirmation, the default route), not the app's filters, features or destinations, which run
/// in the app. A link that did not open a route is explained (``RouteTable/explain(_:nearest:)-(String,_)``),
/// once for all the links of its shape: links that differ only by a number in a segment get the
/// same explanation once values are redacted, when the table's templates cannot tell such numbers
/// apart (no digit in a literal, no custom type, no pattern segment); otherwise once per distinct
/// link.
///
/// Memory is bounded whatever the input's length: outcomes and routes are small closed sets; the
/// groups are counted in a table of ``Options/distinctGroups`` entries that drops its rarest half
/// when full (``Group/uncertainty`` then says by how much a count may be short); remembered
/// explanations are at most 16,384 and keyed by at most 8 MiB of links; an example link is at
/// most 2,048 bytes.
///
/// Privacy: a group's reason has the text the link carried replaced by `<private>`, and no link is
/// kept, unless ``Options/showValues`` asks for the values and one example link per group.
public struct LinkHealthReport: Sendable {
    /// What the report keeps and shows.
    public struct Options: Sendable {
        /// How many groups ``problems`` and ``defaultRouteGroups`` list.
        public var top: Int
        /// Show the values links carried in reasons, and one example link per group. Off by default:
        /// traffic may hold sign-in links.
        public var showValues: Bool
        /// What an access-log line's path is a link of: `https://shop.example.com` (a request
        /// target already holds any base path). `nil`: `https://` and the alphabetically first of
        /// the table's domains that is a plain host (not a wildcard); `waymark report` passes the
        /// route file's first such domain instead.
        public var accessLogBase: String?
        /// How many groups are counted exactly before the rarest are dropped.
        public var distinctGroups: Int

        /// Creates options.
        public init(top: Int = 10, showValues: Bool = false, accessLogBase: String? = nil, distinctGroups: Int = 4096) {
            self.top = top
            self.showValues = showValues
            self.accessLogBase = accessLogBase
            self.distinctGroups = distinctGroups
        }
    }

    /// Links with the same outcome, nearest template and reason.
    public struct Group: Sendable, CustomStringConvertible {
        /// What the links did.
        public let outcome: RoutePreview.Outcome
        /// The nearest template (for an internal-only or confirmation link, the one that matched),
        /// if any came near.
        public let template: String?
        /// The route of ``template``, if named.
        public let route: String?
        /// Why, values redacted unless ``Options/showValues``.
        public let reason: String
        /// How many links (at least, when ``uncertainty`` is not 0).
        public let count: Int
        /// How many links the count may be short by, after rarer groups were dropped (0: exact).
        public let uncertainty: Int
        /// One link of the group, only with ``Options/showValues``.
        public let example: String?

        /// `4,210 link(s): opensDefault, nearest product (product/:id<int>) — segment 1 is <private>, …`.
        public var description: String {
            let near = template.map { ", nearest " + (route.map { "\($0) (\(template ?? ""))" } ?? $0) } ?? ""
            let approximate = uncertainty > 0 ? " (±\(LinkHealthReport.grouped(uncertainty)))" : ""
            return "\(LinkHealthReport.grouped(count))\(approximate) link(s): \(outcome.rawValue)\(near) — \(reason)"
        }
    }

    struct GroupKey: Hashable, Sendable {
        var outcome: RoutePreview.Outcome
        var template: String?
        var route: String?
        var reason: String
    }

    /// Explain's answer for a link, as a group key needs it.
    private struct Explained: Sendable {
        var template: String?
        var route: String?
        var reason: String
    }

    /// The resolver the links are answered by.
    public let resolver: RouteResolver
    /// What the report keeps and shows.
    public let options: Options
    /// Links counted, each `COUNT URL` line as its count (saturating).
    public private(set) var links = 0
    /// Lines read, counted or not.
    public private(set) var lines = 0
    /// Lines skipped: blank, a comment (`#`), or an access-log line without a request.
    public private(set) var skippedLines = 0
    /// How many links were explained: the report's expensive step, once per distinct failing link
    /// while its answer is remembered. For tests and `--stats`.
    public private(set) var explanations = 0

    private var outcomeCounts: [RoutePreview.Outcome: Int] = [:]
    private var routeCounts: [String: Int] = [:]
    private var problemGroups: TopCounts<GroupKey>
    private var defaultGroups: TopCounts<GroupKey>
    private var examples: [GroupKey: String] = [:]
    private var explained: [String: Explained] = [:]
    /// How many explanations are remembered before the memory is cleared.
    static let explanationMemory = 16_384
    /// How many bytes of links (or shapes) the remembered explanations may be keyed by.
    static let explanationMemoryBytes = 8 << 20
    private var explainedBytes = 0
    /// The longest example kept whole; a longer one keeps its start and `…`.
    static let maximumExampleLength = 2_048
    private let base: String?
    /// The table's templates, parsed once for every explanation.
    private let templates: [RouteTemplate]
    private let shape: LinkShape

    /// A report over `resolver`'s routes.
    public init(resolver: RouteResolver, options: Options = Options()) {
        self.resolver = resolver
        self.options = options
        problemGroups = TopCounts(capacity: options.distinctGroups)
        defaultGroups = TopCounts(capacity: options.distinctGroups)
        templates = resolver.table.parsedTemplates()
        shape = LinkShape(templates: templates, types: resolver.table.core.parameterTypes)
        // Without its trailing slash: a request target starts with one.
        let base =
            options.accessLogBase
            ?? resolver.table.domains.sorted().first { !$0.hasPrefix("*") && !$0.contains("/") }.map { "https://" + $0 }
        self.base = base.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    /// Counts one line: a URL, `COUNT URL`, or a web server's access-log line (common or combined
    /// format), whose request path is read as a universal link of ``Options/accessLogBase``. Blank
    /// lines and comments (`#` first) are skipped.
    public mutating func add(line: String) {
        lines += 1
        guard let (count, link) = TrafficLine.read(line, base: base) else {
            skippedLines += 1
            return
        }
        add(link, count: count)
    }

    /// Counts `link` `count` times.
    public mutating func add(_ link: String, count: Int = 1) {
        guard count > 0 else { return }
        links.addSaturating(count)
        // No event: these links are traffic read from logs, not links the app opened.
        let preview = resolver.unobservedPreview(link, origin: nil)
        let outcome = preview.outcome
        outcomeCounts[outcome, default: 0].addSaturating(count)
        let request = preview.request
        let matched = request?.matchedTemplate != nil
        let label = RoutingEvent.routeLabel(
            outcome: RoutingEvent.Outcome(outcome), routeName: request?.routeName, matched: matched)
        routeCounts[label, default: 0].addSaturating(count)
        switch outcome {
        case .opens, .needsConfirmation:
            return
        case .internalOnly:
            group(
                GroupKey(
                    outcome: outcome, template: request?.matchedTemplate?.pattern, route: request?.routeName,
                    reason: "the route is internal-only; links from outside cannot open it"), link, count)
        case .opensDefault, .unmatched, .refused:
            let answer = explanation(of: link, url: request?.url, fallback: preview.reason)
            group(
                GroupKey(outcome: outcome, template: answer.template, route: answer.route, reason: answer.reason),
                link, count)
        case .limitExceeded:
            // By the limit alone: the reason's counts differ from link to link.
            let limit = preview.exceededLimit.map { "the link is over the \($0) limit" } ?? "the link is over a limit"
            group(GroupKey(outcome: outcome, template: nil, route: nil, reason: limit), link, count)
        case .invalid:
            let reason = preview.reason ?? outcome.rawValue
            group(
                GroupKey(
                    outcome: outcome, template: nil, route: nil,
                    reason: options.showValues
                        ? reason : ValueRedaction.redactingQuotedText(in: reason, singleQuotes: true)), link, count)
        }
    }

    private mutating func group(_ key: GroupKey, _ link: String, _ count: Int) {
        if key.outcome == .opensDefault {
            defaultGroups.add(key, count: count)
        } else {
            problemGroups.add(key, count: count)
        }
        guard options.showValues, examples[key] == nil else { return }
        // Examples only for groups still counted: the tables drop their rarest groups, and this
        // follows them, so it is bounded too.
        if examples.count >= 2 * options.distinctGroups {
            examples = examples.filter { problemGroups.entries[$0.key] != nil || defaultGroups.entries[$0.key] != nil }
        }
        examples[key] =
            link.utf8.count <= Self.maximumExampleLength
            ? link : String(decoding: link.utf8.prefix(Self.maximumExampleLength), as: UTF8.self) + "…"
    }

    /// Explain's answer for `link`, remembered by its shape (``LinkShape``) when values are
    /// redacted, by the link itself otherwise.
    private mutating func explanation(of link: String, url: RouteURL?, fallback: String?) -> Explained {
        let memory = (options.showValues ? nil : url.flatMap(shape.key(of:))) ?? link
        if let known = explained[memory] { return known }
        explanations += 1
        let explanation = resolver.table.explanation(of: link, nearest: 1, templates: templates)
        let attempt = explanation.attempts.first { !$0.matched }
        let reason = attempt?.failure ?? fallback ?? explanation.reason ?? "no route matches"
        let answer = Explained(
            template: attempt?.template.pattern,
            route: attempt.flatMap { resolver.routeName(at: $0.registrationIndex) },
            reason: options.showValues ? reason : ValueRedaction.redactingQuotedText(in: reason))
        // Bounded in entries and in bytes: a key may be a link of up to the table's URL limit.
        if explained.count >= Self.explanationMemory || explainedBytes > Self.explanationMemoryBytes {
            explained.removeAll(keepingCapacity: true)
            explainedBytes = 0
        }
        explained[memory] = answer
        explainedBytes &+= memory.utf8.count
        return answer
    }

    /// Links per outcome, most first.
    public var outcomes: [(outcome: RoutePreview.Outcome, count: Int)] {
        outcomeCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }
            .map { ($0.key, $0.value) }
    }

    /// Links per route (`RoutingEvent.routeLabel`: a route's name, `default`, `none`), most first.
    public var routes: [(route: String, count: Int)] {
        routeCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The commonest groups of links that failed (internal-only, unmatched, refused, invalid, over
    /// a limit), most first: at most ``Options/top``.
    public var problems: [Group] { groups(problemGroups) }

    /// The commonest groups of links that fell to the default route, most first: at most
    /// ``Options/top``.
    public var defaultRouteGroups: [Group] { groups(defaultGroups) }

    private func groups(_ table: TopCounts<GroupKey>) -> [Group] {
        table.top(options.top) { lhs, rhs in
            (lhs.template ?? "", lhs.reason) < (rhs.template ?? "", rhs.reason)
        }.map { key, entry in
            Group(
                outcome: key.outcome, template: key.template, route: key.route, reason: key.reason, count: entry.count,
                uncertainty: entry.error, example: examples[key])
        }
    }

    /// A count as the report prints it, digits grouped by threes: `1,234,567`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}
