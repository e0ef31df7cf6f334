/// The links an app has published — in an email, on a poster, in a QR code, on a partner's site —
/// each with the route it must keep opening: a published-links contract.
///
/// A link out in the world cannot be recalled. A refactor that renames a template or tightens a
/// type silently sends last month's links to the default route; a contract catches it. Freeze one
/// from today's table (`waymark links --contract FILE`, or ``LinkContract/recording(_:with:propertyKeys:)``),
/// commit it, and check it on every change (`waymark check --links FILE`, ``check(_:)-(RouteResolver)``,
/// or `WaymarkTesting`'s `expectContract` in `swift test`).
///
/// ```swift
/// let contract = try LinkContract(json: """
///     {"version": 1, "links": [
///       {"url": "shop://product/42", "route": "product", "parameters": {"id": "42"}, "note": "spring poster"}
///     ]}
///     """)
/// let report = await contract.check(resolver)
/// report.holds          // true while shop://product/42 opens product with id 42
/// ```
///
/// The file format (JSON, ``version`` 1) is documented in docs/link-contract.md.
///
/// A contract is written to be read, by the team and by the people who printed the links. What
/// checking it finds prints as Waymark's values do (``ValueRedaction``): a report's and a break's
/// `description` name the link by its position and write each value `<private>`, fit for a log;
/// their `unredactedDescription`, which the command line and `WaymarkTesting` show, has the URLs and
/// values, which the contract itself holds. Write a placeholder, never a live token, in a
/// contracted sign-in link.
public struct LinkContract: Hashable, Sendable {
    /// The format version this Waymark reads and writes.
    public static let version = 1

    /// The largest contract file read, in bytes: 64 MB, room for about half a million links (a
    /// link is about 120 bytes). A limit, because a file is input like any other.
    public static let maximumFileSize = 64_000_000

    /// A free note about the whole contract, for its readers.
    public var note: String?
    /// The contracted links, in the file's order.
    public var links: [Link]

    /// Creates a contract.
    public init(note: String? = nil, links: [Link]) {
        self.note = note
        self.links = links
    }

    /// One published link and what it must keep opening.
    public struct Link: Hashable, Sendable {
        /// The link as published: a custom-scheme link, a universal link or an internal route string.
        public var url: String
        /// Where it arrives from; `nil`: as ``RouteResolver`` decides (a string with a scheme is
        /// external, one without is internal).
        public var origin: RouteOrigin?
        /// The route it must open, by name. Against a typed table, a case's full name
        /// (`ShopRoute.product`) or its case chain (`product`).
        public var route: String
        /// The parameters it must capture (path parameters, catch-alls and query values a template
        /// captures), each compared as text; `nil`: not checked. An empty list requires that it
        /// captures none.
        public var parameters: RouteParameters?
        /// Whether it asks the user to confirm before it opens (``RouteOption/requiresConfirmation``).
        /// A link that starts or stops asking breaks the contract either way.
        public var confirmation: Bool
        /// Properties the app relies on (from the route or the path configuration): each key must
        /// keep its value. Keys not listed are not checked.
        public var properties: [String: JSONValue]
        /// The template that opened it when the contract was written: for readers and for messages,
        /// never checked (renaming a template that still opens the link breaks nothing).
        public var template: String?
        /// A free note ("spring 2026 poster").
        public var note: String?

        /// Creates a contracted link.
        public init(
            url: String, origin: RouteOrigin? = nil, route: String, parameters: RouteParameters? = nil,
            confirmation: Bool = false, properties: [String: JSONValue] = [:], template: String? = nil,
            note: String? = nil
        ) {
            self.url = url
            self.origin = origin
            self.route = route
            self.parameters = parameters
            self.confirmation = confirmation
            self.properties = properties
            self.template = template
            self.note = note
        }

        /// What it must open, as a test failure writes it: `product(id=42)`, with
        /// ` asking to confirm` when it does. It shows the contract's values: for a test failure or
        /// the command line, not for a log line (``ValueRedaction``).
        public var expected: String { expected(redacted: false) }

        /// `product(id=42)`, or `product(id=<private>)` when `redacted`.
        func expected(redacted: Bool) -> String {
            LinkContract.describe(route: route, parameters: parameters, redacted: redacted)
                + (confirmation ? " asking to confirm" : "")
        }
    }
}
