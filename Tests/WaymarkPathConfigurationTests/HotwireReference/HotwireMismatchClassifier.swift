import Foundation
import Waymark
import WaymarkPathConfiguration

/// Names the cause of a disagreement between Waymark and a Hotwire reference, by finding the
/// smallest set of Waymark's known differences that, applied to the reference, makes it give
/// Waymark's answer.
///
/// The differences tried: the match string (Waymark's input instead of the reference's), the
/// built-in historical-location rules applied before the document's (Waymark's order), case-
/// sensitive patterns and iOS's lower-case built-in values (both for Android only: Waymark has no
/// Android mode yet), and the patterns Waymark skipped. When none explains it, the cause is a
/// difference in what a pattern matches: "pattern/regex semantic difference".
struct HotwireMismatchClassifier {
    enum Difference: CaseIterable {
        case matchString, builtInsFirst, caseSensitive, iOSBuiltInValues, waymarkSkipped
    }

    let target: PathConfiguration.Target
    var platform: PathConfiguration.Platform { target.platform }
    let documentRules: [HotwireReferenceRule]
    /// Rules Waymark skipped whole, by index in the document.
    let skippedRules: Set<Int>
    /// Patterns Waymark skipped alone: pattern indexes by rule index.
    let skippedPatterns: [Int: Set<Int>]

    /// The category of a mismatch: the names of the differences that explain it, joined by " + ".
    func category(referenceInput: String, waymarkInput: String, waymark: [String: JSONValue]) -> String {
        var candidates: [Difference] = [.matchString, .builtInsFirst, .waymarkSkipped]
        if platform == .android { candidates += [.caseSensitive, .iOSBuiltInValues] }
        if referenceInput == waymarkInput { candidates.removeAll { $0 == .matchString } }
        if skippedRules.isEmpty && skippedPatterns.isEmpty { candidates.removeAll { $0 == .waymarkSkipped } }
        for size in 1...candidates.count {
            for subset in Self.subsets(of: candidates, size: size) {
                let properties = answer(
                    applying: Set(subset), referenceInput: referenceInput, waymarkInput: waymarkInput)
                if properties == waymark {
                    return subset.map { name($0, referenceInput: referenceInput, waymarkInput: waymarkInput) }
                        .joined(separator: " + ")
                }
            }
        }
        return "pattern/regex semantic difference"
    }

    /// The reference's answer with `differences` applied.
    func answer(applying differences: Set<Difference>, referenceInput: String, waymarkInput: String)
        -> [String: JSONValue]?
    {
        var rules = documentRules
        if differences.contains(.waymarkSkipped) {
            rules = rules.enumerated().compactMap { index, rule in
                skippedRules.contains(index) ? nil : rule.removingPatterns(at: skippedPatterns[index] ?? [])
            }
        }
        var builtIns =
            platform == .android && !differences.contains(.iOSBuiltInValues)
            ? HotwireAndroidReference.builtInRules : HotwireIOSReference.builtInRules
        if !target.hasHistoricalLocationRules { builtIns = [] }
        if platform == .android {
            let options: NSRegularExpression.Options = differences.contains(.caseSensitive) ? [] : [.caseInsensitive]
            rules = rules.map { $0.compiled(with: options) }
            builtIns = builtIns.map { $0.compiled(with: options) }
        }
        let ordered = differences.contains(.builtInsFirst) ? builtIns + rules : rules + builtIns
        let input = differences.contains(.matchString) ? waymarkInput : referenceInput
        return HotwireReferenceJSON.jsonValues(HotwireReferenceRule.merge(ordered, for: input))
    }

    private func name(_ difference: Difference, referenceInput: String, waymarkInput: String) -> String {
        switch difference {
        case .matchString:
            if referenceInput.isEmpty && waymarkInput == "/" { return "bare domain: Waymark '/' vs Hotwire ''" }
            if referenceInput.hasSuffix("?") && String(referenceInput.dropLast()) == waymarkInput {
                return "empty query: Hotwire matches 'path?', Waymark drops the '?'"
            }
            return "match string differs (other)"
        case .builtInsFirst: return "historical rules order (Waymark applies the built-ins first)"
        case .caseSensitive: return "case-insensitivity (Android)"
        case .iOSBuiltInValues: return "built-in property values (Android: POP/NONE/REFRESH, DEFAULT)"
        case .waymarkSkipped: return "pattern skipped by Waymark"
        }
    }

    private static func subsets(of items: [Difference], size: Int) -> [[Difference]] {
        guard size > 0 else { return [[]] }
        guard items.count >= size else { return [] }
        var found: [[Difference]] = []
        for (index, item) in items.enumerated() {
            for rest in subsets(of: Array(items[(index + 1)...]), size: size - 1) { found.append([item] + rest) }
        }
        return found
    }
}
