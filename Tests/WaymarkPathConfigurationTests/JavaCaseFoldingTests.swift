import Foundation
import Testing

@testable import WaymarkPathConfiguration

/// Android mode ignores case as Hotwire Native Android does: Kotlin's `IGNORE_CASE` runs
/// `java.util.regex` with `UNICODE_CASE`, where a character matches a pattern's letter when
/// `toLowerCase(toUpperCase(…))` is the same for both. The reference is Java's own `Character`
/// (`JavaCaseMappings`, written by scripts/java-case-mappings.sh).
@Suite struct JavaCaseFoldingTests {
    /// Java's upper- and lowercase of each character that has one, from the reference.
    static let java: [UInt32: (upper: UInt32, lower: UInt32)] = {
        var table: [UInt32: (UInt32, UInt32)] = [:]
        let entries = JavaCaseMappings.table.replacingOccurrences(of: "\n", with: "").split(separator: ";")
        for entry in entries {
            let fields = entry.split(separator: " ").compactMap { UInt32($0, radix: 16) }
            if fields.count == 3 { table[fields[0]] = (fields[1], fields[2]) }
        }
        return table
    }()

    static func javaFold(_ value: UInt32) -> UInt32 {
        let upper = java[value]?.upper ?? value
        return java[upper]?.lower ?? upper
    }

    /// Every character up to U+1FFFF that Java 17's Unicode (13.0) has folds as Java 17 folds it.
    /// Later characters fold by the Unicode data of the platform, as on Android, whose `Character`
    /// takes its case data from the ICU it ships.
    @Test func everyCharacterFoldsAsJavaFoldsIt() {
        #expect(Self.java.count > 2_700, "the reference has \(Self.java.count) entries")
        var differences: [String] = []
        for value: UInt32 in 0...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                age.major < 13 || (age.major == 13 && age.minor == 0)
            else { continue }
            let ours = JavaCaseFolding.fold(scalar).value
            let theirs = Self.javaFold(value)
            if ours != theirs {
                differences.append(String(format: "U+%04X: Waymark U+%04X, Java U+%04X", value, ours, theirs))
            }
        }
        #expect(
            differences.isEmpty,
            "\(differences.count) differ from \(JavaCaseMappings.javaVersion): \(differences.prefix(10))")
    }

    /// The characters of issue 31, and their like, in Android patterns: a letter, a class of one
    /// non-ASCII letter, and iOS mode, which stays exact.
    @Test(arguments: [
        ("s", "\u{17F}"), ("S", "\u{17F}"), ("k", "\u{212A}"), ("i", "\u{130}"), ("i", "\u{131}"),
        ("\u{DF}", "\u{1E9E}"), ("\u{1E9E}", "\u{DF}"), ("\u{3C3}", "\u{3C2}"), ("\u{E5}", "\u{212B}"),
        ("[\u{DF}]", "\u{1E9E}"), ("[\u{3C2}]", "\u{3A3}"),
    ])
    func androidPatternsMatchJavasCaseVariants(pattern: String, text: String) throws {
        let rule = #"{"rules": [{"patterns": ["^/\#(pattern)$"], "properties": {"matched": true}}]}"#
        let android = try PathConfiguration(
            data: Data(rule.utf8), options: .init(target: .hotwireNativeAndroid, queryStringMatching: false))
        let ios = try PathConfiguration(data: Data(rule.utf8), options: .init(target: .hotwireNativeIOS))
        #expect(android.properties(forPath: "/\(text)").raw["matched"] == true, "Android: \(pattern) on \(text)")
        #expect(ios.properties(forPath: "/\(text)").raw["matched"] == nil, "iOS: \(pattern) on \(text)")
    }
}
