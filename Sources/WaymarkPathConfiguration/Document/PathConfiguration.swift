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
/// Patterns run on a linear-time engine compiled when the document loads (see
/// docs/path-configuration.md), so no pattern can freeze a lookup.
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

    /// How lookups read URLs.
    public struct Options: Hashable, Sendable {
        /// Whether `?query` is appended to the path before matching (Hotwire Native's default: on).
        public var queryStringMatching: Bool
        /// Whether the built-in historical-location rules apply (before the document's own rules,
        /// so the document can override them).
        public var historicalLocationRules: Bool

        /// Creates options.
        public init(queryStringMatching: Bool = true, historicalLocationRules: Bool = true) {
            self.queryStringMatching = queryStringMatching
            self.historicalLocationRules = historicalLocationRules
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
    }

    /// The document's `settings`, as written.
    public let settings: [String: JSONValue]
    /// The document's `rules`, as written, including those that were skipped.
    public let rules: [Rule]
    /// The rules that were skipped, unknown values, and anything else worth reporting.
    public let diagnostics: [PathConfigurationDiagnostic]
    /// How lookups read URLs.
    public let options: Options

    /// The rules the automaton reports, built-ins first; `documentIndex` is `nil` for a built-in.
    private let applied: [(documentIndex: Int?, name: String, properties: [String: JSONValue])]
    private let automaton: PatternAutomaton
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
                    ruleIndex: nil, severity: .skipped, message: "\"settings\" must be an object, not \(other.quoted())"
                ))
        }
        var rules: [Rule?] = []
        switch object["rules"] {
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                rules.append(Self.readRule(item, index: index, into: &diagnostics))
            }
        case nil, .null?: break
        case let other?:
            diagnostics.append(
                .init(ruleIndex: nil, severity: .skipped, message: "\"rules\" must be an array, not \(other.quoted())"))
        }
        self.init(settings: settings, rules: rules, options: options, diagnostics: diagnostics)
    }

    /// Creates a configuration from rules in code.
    public init(settings: [String: JSONValue] = [:], rules: [Rule], options: Options = Options()) {
        self.init(settings: settings, rules: rules.map { Optional($0) }, options: options, diagnostics: [])
    }

    private init(
        settings: [String: JSONValue], rules: [Rule?], options: Options, diagnostics: [PathConfigurationDiagnostic]
    ) {
        var diagnostics = diagnostics
        var program = PatternProgram()
        var applied: [(documentIndex: Int?, name: String, properties: [String: JSONValue])] = []
        if options.historicalLocationRules {
            for builtIn in Self.historicalLocationRules {
                // Built-in patterns are plain literals: they always compile.
                // narrowing: applied holds only these built-in rules here (historicalLocationRules: three)
                try? program.add(.sequence(builtIn.path.utf8.map { .bytes(ByteSet([$0])) }), rule: Int32(applied.count))
                applied.append((nil, builtIn.name, builtIn.properties))
            }
        }
        for (index, rule) in rules.enumerated() {
            guard let rule else { continue }
            var compiled: [PatternNode] = []
            var failure: String?
            for (patternIndex, pattern) in rule.patterns.enumerated() {
                do throws(PatternError) {
                    compiled.append(try PatternParser.parse(pattern))
                } catch {
                    failure = "pattern \(patternIndex + 1) \"\(pattern)\" column \(error.column): \(error.message)"
                    break
                }
            }
            if let failure {
                diagnostics.append(.init(ruleIndex: index, severity: .skipped, message: failure))
                continue
            }
            guard let ruleNumber = Int32(exactly: applied.count) else {
                let message = "more rules than can be numbered (\(Int32.max)); the rest are skipped"
                diagnostics.append(.init(ruleIndex: index, severity: .skipped, message: message))
                continue
            }
            var snapshot = program
            do throws(PatternError) {
                for node in compiled { try snapshot.add(node, rule: ruleNumber) }
            } catch {
                diagnostics.append(.init(ruleIndex: index, severity: .skipped, message: error.message))
                continue
            }
            program = snapshot
            applied.append((index, "rule \(index)", rule.properties))
            diagnostics.append(contentsOf: Self.unknownValues(rule.properties, index: index))
        }
        self.settings = settings
        self.rules = rules.compactMap { $0 }
        self.options = options
        self.diagnostics = diagnostics.sorted { ($0.ruleIndex ?? -1) < ($1.ruleIndex ?? -1) }
        self.applied = applied
        self.automaton = PatternAutomaton(program: program, ruleCount: applied.count)
    }

    // MARK: - Lookup

    /// The merged properties for a URL string (universal link, app link or internal path).
    public func properties(for url: String) -> PathProperties {
        match(url: url).properties
    }

    /// The merged properties for a URL.
    public func properties(for url: URL) -> PathProperties {
        match(url: url.absoluteString).properties
    }

    /// The merged properties for a path string, matched exactly as given (query included, when
    /// query-string matching is on).
    public func properties(forPath path: String) -> PathProperties {
        match(path: path).properties
    }

    /// The matching input of a URL string: its percent-encoded path (for an app link, the
    /// authority is the first segment, as Waymark routes it), trailing slash kept, then `?query`
    /// when query-string matching is on and the query is not empty. The fragment never takes part.
    public func input(for url: String) -> String {
        let (path, query) = Self.split(url)
        guard options.queryStringMatching, let query, !query.isEmpty else { return path }
        return path + "?" + query
    }

    /// What a lookup of a URL string finds: properties, matched rules and the input matched.
    public func match(url: String) -> Match {
        run(input(for: url))
    }

    /// What a lookup of a path finds. Without query-string matching, a `?query` in the path is
    /// dropped before matching.
    public func match(path: String) -> Match {
        // Byte scans: paths are mostly ASCII, and grapheme-by-grapheme search would dominate a lookup.
        let utf8 = path.utf8
        var end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        if !options.queryStringMatching, let question = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) {
            end = question
        }
        return run(end == utf8.endIndex ? path : String(path[..<end]))
    }

    private func run(_ input: String) -> Match {
        var copy = input
        var work = 0
        let words = copy.withUTF8 { automaton.matchingWords($0, work: &work) }
        if let merged = merges.value(for: words) {
            return Match(
                properties: merged.properties, matchedRules: merged.rules, matchedBuiltInRules: merged.builtIns,
                input: input)
        }
        var properties: [String: JSONValue] = [:]
        var documentRules: [Int] = []
        var builtIns: [String] = []
        for rule in PatternAutomaton.rules(in: words) {
            let entry = applied[rule]
            properties.merge(entry.properties) { _, new in new }
            if let index = entry.documentIndex { documentRules.append(index) } else { builtIns.append(entry.name) }
        }
        let merged = MergeCache.Merged(properties: PathProperties(properties), rules: documentRules, builtIns: builtIns)
        merges.store(merged, for: words)
        return Match(
            properties: merged.properties, matchedRules: documentRules, matchedBuiltInRules: builtIns, input: input)
    }

    /// Path and raw query of a URL string, as written.
    static func split(_ url: String) -> (path: String, query: String?) {
        var rest = Substring(url)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var query: Substring?
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: question)...]
            rest = rest[..<question]
        }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
            let scheme = rest[..<colon].lowercased()
            rest = rest[rest.utf8.index(after: colon)...]
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                if scheme == "http" || scheme == "https" {
                    rest = rest.utf8.firstIndex(of: UInt8(ascii: "/")).map { rest[$0...] } ?? ""
                }
            }
        }
        let path = rest.hasPrefix("/") ? String(rest) : "/" + rest
        return (path, query.map(String.init))
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
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
        case nil, .null?: break
        case let other?:
            diagnostics.append(
                .init(
                    ruleIndex: index, severity: .skipped,
                    message: "\"properties\" must be an object, not \(other.quoted())"))
            return nil
        }
        return Rule(patterns: patterns, properties: properties)
    }

    /// Warnings for values of the typed properties that Hotwire Native does not know.
    private static func unknownValues(_ properties: [String: JSONValue], index: Int) -> [PathConfigurationDiagnostic] {
        var found: [PathConfigurationDiagnostic] = []
        func check(_ key: String, _ known: [String], fallback: String) {
            guard let value = properties[key] else { return }
            guard let text = value.stringValue, known.contains(text) else {
                found.append(
                    .init(
                        ruleIndex: index, severity: .warning,
                        message:
                            "\(key): \(value.quoted()) is not one of \(known.joined(separator: ", ")); the typed accessor reads it as \(fallback)"
                    ))
                return
            }
        }
        check("context", PathContext.allCases.map(\.rawValue), fallback: "default")
        check("presentation", PathPresentation.allCases.map(\.rawValue), fallback: "default")
        check("modal_style", ModalStyle.allCases.map(\.rawValue), fallback: "large")
        for key in ["pull_to_refresh_enabled", "animated"] {
            if let value = properties[key], value.boolValue == nil {
                found.append(
                    .init(
                        ruleIndex: index, severity: .warning,
                        message: "\(key): \(value.quoted()) is not true or false; the typed accessor ignores it"))
            }
        }
        return found
    }

    /// Hotwire Native's built-in rules, applied before the document's (which can override them).
    static let historicalLocationRules: [(name: String, path: String, properties: [String: JSONValue])] = [
        (
            "recede_historical_location", "/recede_historical_location",
            ["presentation": "pop", "context": "default", "historical_location": true]
        ),
        (
            "resume_historical_location", "/resume_historical_location",
            ["presentation": "none", "context": "default", "historical_location": true]
        ),
        (
            "refresh_historical_location", "/refresh_historical_location",
            ["presentation": "refresh", "context": "default", "historical_location": true]
        ),
    ]
}

/// Merged properties by the set of rules that matched, so that a lookup whose rules were seen
/// before merges nothing. Holds at most 4,096 sets, then starts again empty.
///
/// `@unchecked Sendable`: `entries` is read and written only while `lock` is held.
final class MergeCache: @unchecked Sendable {
    struct Merged {
        var properties: PathProperties
        var rules: [Int]
        var builtIns: [String]
    }

    private let lock = NSLock()
    private var entries: [[UInt64]: Merged] = [:]

    func value(for words: [UInt64]) -> Merged? {
        lock.withLock { entries[words] }
    }

    func store(_ merged: Merged, for words: [UInt64]) {
        lock.withLock {
            if entries.count >= 4_096 { entries.removeAll(keepingCapacity: true) }
            entries[words] = merged
        }
    }
}
