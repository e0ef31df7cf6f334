public import Foundation
public import Waymark

/// A Turbo / Hotwire Native path configuration: `settings`, and `rules` whose regex `patterns`
/// select `properties` for a URL.
///
/// Every rule with a pattern that matches applies, in document order; properties merge shallowly,
/// later rules winning. Patterns are unanchored, case-sensitive searches of the *percent-encoded*
/// path (trailing slash kept), plus `?query` when query-string matching is on (the default).
///
/// ```swift
/// let configuration = try PathConfiguration(data: Data("""
///     {"settings": {}, "rules": [
///         {"patterns": [".*"], "properties": {"context": "default"}},
///         {"patterns": ["/new$"], "properties": {"context": "modal"}}
///     ]}
///     """.utf8))
/// configuration.properties(forPath: "/posts/new").context   // .modal
/// ```
///
/// Loading never rejects a document for one bad rule: a rule with an invalid or unsupported
/// pattern, or without `patterns`, is skipped and reported in ``diagnostics`` with its index.
/// Patterns run on a linear-time engine, compiled as lookups need them (see
/// docs/path-configuration.md, "Patterns"), so no pattern can freeze a lookup.
public struct PathConfiguration: Sendable {
    /// One rule of the document.
    public struct Rule: Hashable, Sendable {
        /// The regular expressions; the rule applies when any of them matches.
        public let patterns: [String]
        /// The properties the rule sets.
        public let properties: [String: JSONValue]

        /// Creates a rule.
        public init(patterns: [String], properties: [String: JSONValue]) {
            self.patterns = patterns
            self.properties = properties
        }
    }

    /// What a lookup found.
    public struct Match: Hashable, Sendable {
        /// The merged properties.
        public let properties: PathProperties
        /// The indexes (in the document's `rules`) of the rules that matched, in order.
        public let matchedRules: [Int]
        /// The built-in rules that matched (`recede_historical_location`, …).
        public let matchedBuiltInRules: [String]
        /// The exact string the patterns were run on.
        public let input: String
        /// Whether the whole input was read. A lookup whose states cost more than the per-lookup
        /// work bound to make stops reading (docs/security.md, "Limits"; only hostile documents and
        /// inputs get there): every rule in ``matchedRules`` does match, but others may match too,
        /// and the merged ``properties`` may lack theirs. ``diagnostic`` says so in words.
        public let isComplete: Bool

        /// Why the answer may be incomplete, or `nil` when it is complete.
        public var diagnostic: String? {
            guard !isComplete else { return nil }
            return "the lookup of \(input.utf8.count) bytes stopped at its work bound "
                + "(\(PatternAutomaton.maximumLookupWork) program steps): the rules listed match, but others may too"
        }
    }

    /// The document's `settings`, as written.
    public let settings: [String: JSONValue]
    /// The document's `rules`, as written, including those that were skipped: `rules[i]` is the rule
    /// `matchedRules` and the diagnostics call `i` (an item that is not a rule object is a rule with
    /// no patterns and no properties here).
    public let rules: [Rule]
    /// The rules that were skipped, unknown values, and anything else worth reporting.
    ///
    /// The checks of each rule's properties run on first reading, not when the document loads:
    /// an app at launch reads properties, not diagnostics.
    public var diagnostics: [PathConfigurationDiagnostic] { diagnosticList.value }
    /// How lookups read URLs.
    public let options: Options

    /// The rules the automaton reports, built-ins first; `documentIndex` is `nil` for a built-in.
    private let applied: [(documentIndex: Int?, name: String, properties: [String: JSONValue])]
    private let engine: PatternEngine
    private let diagnosticList: DiagnosticList
    /// Merged properties by set of matching rules: most lookups match a set seen before.
    private let merges = MergeCache()

    /// Loads a document.
    ///
    /// - Throws: ``PathConfigurationError`` only when the data is not JSON or not a JSON object;
    ///   every smaller problem is a diagnostic.
    public init(data: Data, options: Options = Options(), source: String = "path configuration")
        throws(PathConfigurationError)
    {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw PathConfigurationError(message: "\(source): not valid JSON (\(error))")
        }
        try self.init(document: root, options: options, source: source)
    }

    /// Loads a document that is already read: the inline `pathConfiguration` of a route file, which
    /// would otherwise be written out and read again.
    package init(document root: JSONValue, options: Options = Options(), source: String = "path configuration")
        throws(PathConfigurationError)
    {
        guard case .object(let object) = root else {
            throw PathConfigurationError(message: "\(source): must be a JSON object with \"settings\" and \"rules\"")
        }
        var diagnostics: [PathConfigurationDiagnostic] = []
        var settings: [String: JSONValue] = [:]
        switch object["settings"] {
        case .object(let value)?: settings = value
        case nil, .null?: break
        case let other?:
            diagnostics.append(
                .init(
                    ruleIndex: nil, severity: .warning,
                    message:
                        "\"settings\" must be an object, not \(other.quoted()); read as empty, as Hotwire Native iOS reads it"
                ))
        }
        if options.target == .turboAndroid && object["settings"] == nil {
            // Gson allocates TurboPathConfiguration without running its initialisers.
            diagnostics.append(
                .init(
                    ruleIndex: nil, severity: .warning,
                    message:
                        "the document has no \"settings\": turbo-android leaves it null and throws on first use; read as empty"
                ))
        }
        // Whether `settings.tabs` reads is checked with the other diagnostics, when they are read.
        let tabsCheck = (settings: settings, position: diagnostics.count)
        var rules: [Rule?] = []
        switch object["rules"] {
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                rules.append(Self.readRule(item, index: index, into: &diagnostics))
            }
        case nil, .null?:
            // Hotwire Native iOS's decoder requires `rules`; Waymark reads a document without rules.
            diagnostics.append(
                .init(
                    ruleIndex: nil, severity: .warning,
                    message: "the document has no \"rules\" array: Hotwire Native iOS rejects it; read as no rules"))
        case let other?:
            diagnostics.append(
                .init(ruleIndex: nil, severity: .skipped, message: "\"rules\" must be an array, not \(other.quoted())"))
        }
        self.init(settings: settings, rules: rules, options: options, diagnostics: diagnostics, tabsCheck: tabsCheck)
    }

    /// Creates a configuration from rules in code.
    public init(settings: [String: JSONValue] = [:], rules: [Rule], options: Options = Options()) {
        self.init(settings: settings, rules: rules.map { Optional($0) }, options: options, diagnostics: [])
    }

    private init(
        settings: [String: JSONValue], rules: [Rule?], options: Options, diagnostics: [PathConfigurationDiagnostic],
        tabsCheck: (settings: [String: JSONValue], position: Int)? = nil
    ) {
        var diagnostics = diagnostics
        var entries: [PatternEngine.Entry] = []
        var literals: [LiteralPattern?] = []
        let caseInsensitive = options.platform == .android

        var applied: [(documentIndex: Int?, name: String, properties: [String: JSONValue])] = []
        // The built-in rules, compiled as the document's patterns are (case-insensitively on
        // Android), before or after the document's rules; their steps are set aside first.
        let builtIns =
            options.historicalLocationRules == .off ? [] : Self.historicalLocationRules(for: options.platform)
        let builtInNodes = builtIns.compactMap { try? PatternParser.parse($0.path, caseInsensitive: caseInsensitive) }
        let reserved = builtInNodes.reduce(0) { $0 + PatternProgram.stepCount(of: $1) }
        func addBuiltIns() {
            for (builtIn, node) in zip(builtIns, builtInNodes) {
                // Built-in patterns are plain literals of a few dozen steps, within the reserve.
                guard let number = Int32(exactly: applied.count) else { continue }
                entries.append((builtIn.path, node, number))
                literals.append(LiteralPattern(pattern: builtIn.path, rule: number))
                applied.append((nil, builtIn.name, builtIn.properties))
            }
        }
        if options.historicalLocationRules == .beforeDocument { addBuiltIns() }
        // Every rule is parsed and sized before any is compiled, so that which rules fit the step
        // budget depends on their sizes, never on their order (see `sizeThreshold`).
        var candidates:
            [(index: Int, rule: Rule, nodes: [(text: String, node: PatternNode?, literal: LiteralPattern?)], size: Int)] =
                []
        // The rules whose properties `diagnostics` checks when first read.
        var checked: [(rule: Int, properties: [String: JSONValue])] = []
        for (index, rule) in rules.enumerated() {
            guard let rule else { continue }
            // A pattern that does not parse is skipped alone, as Hotwire Native skips a pattern
            // `NSRegularExpression` refuses: the rule's other patterns still apply.
            var compiled: [(text: String, node: PatternNode?, literal: LiteralPattern?)] = []
            var size = 0
            for (patternIndex, pattern) in rule.patterns.enumerated() {
                // A literal needs no parse on iOS, where its size is its bytes (Android's letters
                // compile to their case variants: parsed, to be sized).
                if !caseInsensitive, let literal = LiteralPattern(pattern: pattern, rule: 0), !literal.matchesEverything
                {
                    compiled.append((pattern, nil, literal))
                    size = min(PatternProgram.maximumSteps + 1, size + literal.steps)
                    continue
                }
                do throws(PatternError) {
                    let node = try PatternParser.parse(pattern, caseInsensitive: caseInsensitive)
                    compiled.append((pattern, node, LiteralPattern(pattern: pattern, rule: 0)))
                    size = min(PatternProgram.maximumSteps + 1, size + PatternProgram.stepCount(of: node))
                } catch {
                    diagnostics.append(
                        .init(
                            ruleIndex: index, patternIndex: patternIndex, severity: .skipped,
                            message: "\"\(pattern)\" column \(error.column): \(error.message)"))
                }
            }
            if compiled.isEmpty {
                diagnostics.append(
                    .init(ruleIndex: index, severity: .skipped, message: "none of its patterns can be used"))
                continue
            }
            candidates.append((index, rule, compiled, size))
        }
        let budget = PatternProgram.maximumSteps - reserved
        let threshold = Self.sizeThreshold(candidates.map(\.size), budget: budget)
        for candidate in candidates {
            let index = candidate.index
            if candidate.size >= threshold {
                let message =
                    candidate.size > budget
                    ? "the rule's patterns are too large once repetitions are expanded (over \(budget) steps)"
                    : "the rule's patterns compile to \(candidate.size) steps, and the document's patterns together "
                        + "exceed the budget of \(PatternProgram.maximumSteps) steps: every rule of \(threshold) steps "
                        + "or more is skipped, wherever it is in the document"
                diagnostics.append(.init(ruleIndex: index, severity: .skipped, message: message))
                continue
            }
            guard let ruleNumber = Int32(exactly: applied.count) else {
                let message = "more rules than can be numbered (\(Int32.max)); the rest are skipped"
                diagnostics.append(.init(ruleIndex: index, severity: .skipped, message: message))
                continue
            }
            // Nothing is compiled here: the engine compiles what lookups need, when they need it.
            for (text, node, literal) in candidate.nodes {
                entries.append((text, node, ruleNumber))
                literals.append(
                    literal.map {
                        var numbered = $0
                        numbered.rule = ruleNumber
                        return numbered
                    })
            }
            applied.append((index, "", candidate.rule.properties))  // a document rule is named by its index
            checked.append((index, candidate.rule.properties))
        }
        if options.historicalLocationRules == .afterDocument { addBuiltIns() }
        self.settings = settings
        // An item that is not a rule object stays as a rule with no patterns, so that `rules[i]`
        // is the document's rule `i`, as `matchedRules` and the diagnostics number them.
        self.rules = rules.map { $0 ?? Rule(patterns: [], properties: [:]) }
        self.options = options
        self.diagnosticList = DiagnosticList(
            loaded: diagnostics, properties: checked, target: options.target, tabsCheck: tabsCheck)
        self.applied = applied
        self.engine = PatternEngine(
            entries: entries, literals: literals, ruleCount: applied.count, caseInsensitive: caseInsensitive)
    }

    /// The smallest rule size such that, once every rule of that size or more is left out, the
    /// rest fit `budget`; `Int.max` when every rule fits. Rules of equal size are kept or skipped
    /// together, so the answer depends only on the sizes, not on the order of the rules.
    static func sizeThreshold(_ sizes: [Int], budget: Int) -> Int {
        // Int64: up to 200,001 steps a rule times the rules of a document passes Int32 on a watch.
        var total = sizes.reduce(Int64(0)) { $0 + Int64($1) }
        guard total > Int64(budget) else { return Int.max }
        let descending = sizes.sorted(by: >)
        var threshold = Int.max
        var position = 0
        while total > Int64(budget), position < descending.count {
            threshold = descending[position]
            while position < descending.count, descending[position] == threshold {
                total -= Int64(descending[position])
                position += 1
            }
        }
        return threshold
    }

    // MARK: - Lookup

    /// The merged properties for a URL string (universal link, app link or internal path).
    ///
    /// A URL is matched as Hotwire Native iOS matches it, by its path (``input(for:)-(String)``): for an app
    /// link such as `hey://messages/42`, whose host is `messages`, that is `/42`. A resolver matches
    /// app links by their route path instead (`/messages/42`, see ``pathProperties(for:)``): for a
    /// link the app routes, read the routed request's properties, or pass the route path to
    /// ``properties(forPath:)``.
    public func properties(for url: String) -> PathProperties {
        match(url: url).properties
    }

    /// The merged properties for a URL, matched by its path as for a string
    /// (``properties(for:)-(String)``): an app link's host is not part of it.
    public func properties(for url: URL) -> PathProperties {
        match(url: url).properties
    }

    /// The merged properties for a path string, matched exactly as given (query included, when
    /// query-string matching is on).
    public func properties(forPath path: String) -> PathProperties {
        match(path: path).properties
    }

    /// What a lookup of a URL string finds: properties, matched rules and the input matched.
    public func match(url: String) -> Match {
        run(input(for: url))
    }

    /// What a lookup of a path finds, matched as given (as Hotwire Native's `properties(for path:)`),
    /// but for a `#fragment`, which is dropped, and a `?query` when the options do not append
    /// queries (iOS with query-string matching off).
    public func match(path: String) -> Match {
        // Byte scans: paths are mostly ASCII, and grapheme-by-grapheme search would dominate a lookup.
        let utf8 = path.utf8
        var end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        if !options.appendsQuery, let question = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) {
            end = question
        }
        return run(end == utf8.endIndex ? path : String(path[..<end]))
    }

    private func run(_ input: String) -> Match {
        var copy = input
        let lookup = copy.withUTF8 { engine.lookup($0) }
        let words = lookup.words
        let isComplete = !lookup.limitReached
        if let merged = merges.value(for: words) {
            return Match(
                properties: merged.properties, matchedRules: merged.rules, matchedBuiltInRules: merged.builtIns,
                input: input, isComplete: isComplete)
        }
        var properties: [String: JSONValue] = [:]
        var documentRules: [Int] = []
        var builtIns: [String] = []
        for rule in PatternAutomaton.rules(in: words) {
            let entry = applied[rule]
            properties.merge(entry.properties) { _, new in new }
            if let index = entry.documentIndex { documentRules.append(index) } else { builtIns.append(entry.name) }
        }
        let merged = MergeCache.Merged(
            properties: PathProperties(properties, target: options.target), rules: documentRules, builtIns: builtIns
        )
        merges.store(merged, for: words)
        return Match(
            properties: merged.properties, matchedRules: documentRules, matchedBuiltInRules: builtIns, input: input,
            isComplete: isComplete)
    }

    // MARK: - Reading

    private static func readRule(_ item: JSONValue, index: Int, into diagnostics: inout [PathConfigurationDiagnostic])
        -> Rule?
    {
        guard case .object(let object) = item else {
            diagnostics.append(
                .init(ruleIndex: index, severity: .skipped, message: "a rule must be an object, not \(item.quoted())"))
            return nil
        }
        guard case .array(let list)? = object["patterns"] else {
            diagnostics.append(
                .init(ruleIndex: index, severity: .skipped, message: "the rule has no \"patterns\" array"))
            return nil
        }
        var patterns: [String] = []
        for entry in list {
            guard case .string(let pattern) = entry else {
                diagnostics.append(
                    .init(
                        ruleIndex: index, severity: .skipped,
                        message: "every pattern must be a string, not \(entry.quoted())")
                )
                return nil
            }
            patterns.append(pattern)
        }
        if patterns.isEmpty {
            diagnostics.append(.init(ruleIndex: index, severity: .skipped, message: "the rule's \"patterns\" is empty"))
            return nil
        }
        var properties: [String: JSONValue] = [:]
        switch object["properties"] {
        case .object(let value)?: properties = value
        case nil, .null?:
            // Hotwire Native iOS's decoder requires `properties` and rejects the whole document.
            diagnostics.append(
                .init(
                    ruleIndex: index, severity: .warning,
                    message:
                        "the rule has no \"properties\": Hotwire Native iOS rejects the whole document; it applies with none"
                ))
        case let other?:
            diagnostics.append(
                .init(
                    ruleIndex: index, severity: .skipped,
                    message: "\"properties\" must be an object, not \(other.quoted())"))
            return nil
        }
        return Rule(patterns: patterns, properties: properties)
    }

}
