internal import Foundation
import Waymark

/// A document's diagnostics: those found while loading, and the checks of the rules' properties,
/// run on first reading, then sorted by rule, the rule's own before its patterns', in the order
/// found (a stable sort keeps the rest).
///
/// `@unchecked Sendable`: `sorted` is written once, while `lock` is held, and read under it; the
/// other fields are constants.
final class DiagnosticList: @unchecked Sendable {
    private let lock = NSLock()
    private let loaded: [PathConfigurationDiagnostic]
    private let properties: [(rule: Int, properties: [String: JSONValue])]
    private let target: PathConfiguration.Target
    /// The settings whose `tabs` to check, and where among `loaded` the finding goes.
    private let tabsCheck: (settings: [String: JSONValue], position: Int)?
    private var sorted: [PathConfigurationDiagnostic]?

    init(
        loaded: [PathConfigurationDiagnostic], properties: [(rule: Int, properties: [String: JSONValue])],
        target: PathConfiguration.Target, tabsCheck: (settings: [String: JSONValue], position: Int)?
    ) {
        self.loaded = loaded
        self.properties = properties
        self.target = target
        self.tabsCheck = tabsCheck
    }

    var value: [PathConfigurationDiagnostic] {
        lock.withLock {
            if let sorted { return sorted }
            var all = loaded
            if let tabsCheck, PathConfiguration.tabs(in: tabsCheck.settings) == nil {
                all.insert(
                    .init(
                        ruleIndex: nil, severity: .warning,
                        message:
                            "settings.tabs is neither an array of objects nor a string holding one; `tabs` reads it as none"
                    ), at: min(tabsCheck.position, all.count))
            }
            for (rule, properties) in properties {
                all += PropertyCheck.diagnostics(for: properties, rule: rule, target: target)
            }
            let result = all.enumerated().sorted {
                let left = ($0.element.ruleIndex ?? -1, $0.element.patternIndex ?? -1, $0.offset)
                let right = ($1.element.ruleIndex ?? -1, $1.element.patternIndex ?? -1, $1.offset)
                return left < right
            }.map(\.element)
            sorted = result
            return result
        }
    }
}
