extension LinkContract {
    /// What checking a contract found: how many links it holds, and each one that broke.
    public struct Report: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// How many links were checked: every link of the contract.
        public let checked: Int
        /// Each link that no longer opens what the contract says, in the contract's order.
        public let breaks: [Break]

        /// Whether every link still opens what the contract says.
        public var holds: Bool { breaks.isEmpty }

        /// Every break on its own line (its ``Break/description``: no URL, no value), then
        /// `N link(s) checked, M broken` (or `N link(s) hold`): fit for a log line.
        public var description: String { (breaks.map(\.description) + [summary]).joined(separator: "\n") }

        /// The same as ``description``: Swift prints a value inside a collection with this.
        public var debugDescription: String { description }

        /// Every break with its URL and values (``Break/unredactedDescription``), then the summary:
        /// for the command line and a test failure, never for a log line.
        public var unredactedDescription: String {
            (breaks.map(\.unredactedDescription) + [summary]).joined(separator: "\n")
        }

        private var summary: String {
            holds ? "\(checked) link(s) hold" : "\(checked) link(s) checked, \(breaks.count) broken"
        }
    }

    /// A contracted link that no longer opens what the contract says, and what it opens now.
    ///
    /// ``unredactedDescription`` reads as a diff, with `explain`'s answer when nothing matches:
    /// `shop://p/42: was product(id=42), now the default route (home): no route matches the path
    /// (2 segments); nearest: product (product/:id<int>) — segment 1 is "p", the template expects
    /// 'product'`. ``description`` is the same without what the link carries, for a log line
    /// (``ValueRedaction``): `links[3]: was product(id=<private>), now the default route (home): no
    /// route matches the path (2 segments); nearest: product (product/:id<int>)`.
    public struct Break: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        /// How a link breaks.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// It opens another route (directly, or through a filter's redirect).
            case otherRoute
            /// It opens its route with other parameters (a value differs, one is missing or added).
            case otherParameters
            /// A property the app relies on has another value, or none.
            case otherProperty
            /// It now asks the user to confirm, or no longer does.
            case confirmation
            /// The default route takes it: nothing matches, or its scheme or domain is not accepted.
            case defaultRoute
            /// Nothing matches, and there is no default route.
            case unmatched
            /// Its scheme or domain is not accepted, and there is no default route.
            case refused
            /// Its route is internal-only, and the link comes from outside.
            case internalOnly
            /// It cannot be routed: it is invalid, over a limit, or its values no longer make the
            /// typed route.
            case invalid
            /// A filter, a feature or the destination stopped it (rejected, declined, unavailable…).
            case notOpened
        }

        /// The link's position in the contract (0-based), as in `links[N]`.
        public let index: Int
        /// The contracted link.
        public let link: Link
        /// How it broke.
        public let kind: Kind
        /// What it does now, in words, with its values: `category(slug=p)`, `the default route
        /// (home): no route matches the path (2 segments)`.
        public let now: String
        /// ``now`` with each value written `<private>`.
        let redactedNow: String
        /// The templates that say why: when no route opened the link, the nearest templates from
        /// `RouteTable.explain(_:nearest:)`, the contracted route's first when it is among them;
        /// when another route opened it without a redirect, the contracted route's own templates,
        /// each with where the link fails it. At most three.
        public let nearest: [Nearest]

        init(index: Int, link: Link, found: Found, nearest: [Nearest]) {
            self.index = index
            self.link = link
            self.kind = found.kind
            self.now = found.now
            self.redactedNow = found.redactedNow
            self.nearest = nearest
        }

        /// One near template: the route, its template, and where the link fails it.
        public struct Nearest: Hashable, Sendable, CustomStringConvertible {
            /// The route's name.
            public let route: String
            /// The template's pattern.
            public let template: String
            /// Where it fails, naming the segment and quoting it (`segment 1 is "p", the template
            /// expects 'product'`).
            public let failure: String

            /// `route (template) — failure`.
            public var description: String { "\(route) (\(template)) — \(failure)" }
        }

        /// `links[N]: was EXPECTED, now NOW; nearest: ROUTE (TEMPLATE)`, with the link's note in
        /// parentheses: no URL, each value `<private>`, no quoted segment. Fit for a log line.
        public var description: String {
            var text = "links[\(index)]: was \(link.expected(redacted: true)), now \(redactedNow)"
            if let first = nearest.first { text += "; nearest: \(first.route) (\(first.template))" }
            return text + noted
        }

        /// The same as ``description``: Swift prints a value inside a collection with this.
        public var debugDescription: String { description }

        /// `URL: was EXPECTED, now NOW; nearest: ROUTE (TEMPLATE) — WHERE IT FAILS`, with the link's
        /// note in parentheses: the URL and the values, for the command line and a test failure.
        public var unredactedDescription: String {
            var text = "\(link.url): was \(link.expected), now \(now)"
            if let first = nearest.first { text += "; nearest: \(first)" }
            return text + noted
        }

        private var noted: String { link.note.map { $0.isEmpty ? "" : " (\($0))" } ?? "" }
    }
}
