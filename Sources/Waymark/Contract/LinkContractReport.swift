extension LinkContract {
    /// What checking a contract found: how many links it holds, and each one that broke.
    public struct Report: Sendable, CustomStringConvertible {
        /// How many links were checked: every link of the contract.
        public let checked: Int
        /// Each link that no longer opens what the contract says, in the contract's order.
        public let breaks: [Break]

        /// Whether every link still opens what the contract says.
        public var holds: Bool { breaks.isEmpty }

        /// Every break on its own line, then `N link(s) checked, M broken` (or `N link(s) hold`).
        public var description: String {
            let summary = holds ? "\(checked) link(s) hold" : "\(checked) link(s) checked, \(breaks.count) broken"
            return (breaks.map(\.description) + [summary]).joined(separator: "\n")
        }
    }

    /// A contracted link that no longer opens what the contract says, and what it opens now.
    ///
    /// ``description`` reads as a diff, with `explain`'s answer when nothing matches:
    /// `shop://p/42: was product(id=42), now the default route (home): no route matches the path
    /// (2 segments); nearest: product (product/:id<int>) — segment 1 is "p", the template expects 'product'`.
    public struct Break: Sendable, CustomStringConvertible {
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
        /// What it does now, in words: `category(slug=p)`, `the default route (home): no route
        /// matches the path (2 segments)`.
        public let now: String
        /// When no route of the link's own opened it: the nearest templates, from
        /// `RouteTable.explain(_:nearest:)`, the contracted route's first when it is among them.
        public let nearest: [Nearest]

        /// One near template: the route, its template, and where the link fails it.
        public struct Nearest: Hashable, Sendable, CustomStringConvertible {
            /// The route's name.
            public let route: String
            /// The template's pattern.
            public let template: String
            /// Where it fails, naming the segment (`segment 1 is "p", the template expects 'product'`).
            public let failure: String

            /// `route (template) — failure`.
            public var description: String { "\(route) (\(template)) — \(failure)" }
        }

        /// `URL: was EXPECTED, now NOW; nearest: …`, with the link's note in parentheses.
        public var description: String {
            var text = "\(link.url): was \(link.expected), now \(now)"
            if let first = nearest.first { text += "; nearest: \(first)" }
            if let note = link.note, !note.isEmpty { text += " (\(note))" }
            return text
        }
    }
}
