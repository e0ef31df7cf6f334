import WaymarkPathConfiguration

/// One line `waymark check --config` prints about a document: a load diagnostic or a linter
/// finding, in text (`rules[N].patterns[M]: severity: message`) or JSON.
struct PathConfigurationLine {
    var ruleIndex: Int?
    var patternIndex: Int?
    var severity: String
    /// `skipped`/`warning` for a load diagnostic; the finding's kind for a linter finding.
    var kind: String
    var key: String?
    var example: String?
    var message: String
    var text: String

    init(diagnostic: PathConfigurationDiagnostic) {
        ruleIndex = diagnostic.ruleIndex
        patternIndex = diagnostic.patternIndex
        severity = diagnostic.severity.rawValue
        kind = "diagnostic"
        message = diagnostic.message
        text = diagnostic.description
    }

    init(finding: PathConfiguration.Finding) {
        ruleIndex = finding.ruleIndex
        patternIndex = finding.patternIndex
        severity = "warning"
        kind = finding.kind.rawValue
        key = finding.key
        example = finding.exampleURL
        message = finding.message
        text = finding.description
    }

    func json(file: String, target: PathConfiguration.Target) -> OrderedJSON {
        var fields: [(String, OrderedJSON)] = [
            ("file", .string(file)),
            ("target", .string(target.rawValue)),
            ("ruleIndex", ruleIndex.map { .value(.number(Double($0))) } ?? .null),
            ("patternIndex", patternIndex.map { .value(.number(Double($0))) } ?? .null),
            ("severity", .string(severity)),
        ]
        if kind != "diagnostic" {
            fields.append(("kind", .string(kind)))
            fields.append(("key", key.map { .string($0) } ?? .null))
            fields.append(("example", example.map { .string($0) } ?? .null))
        }
        fields.append(("message", .string(message)))
        return .object(fields)
    }
}
