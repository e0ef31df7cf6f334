/// Which characters a letter matches in Android mode, as Hotwire Native Android's patterns match
/// them: Kotlin's `RegexOption.IGNORE_CASE` runs `java.util.regex` with `UNICODE_CASE`, where two
/// characters match when `toLowerCase(toUpperCase(c))` is the same for both (Java's simple, one
/// character case mappings). So `s` also matches `ſ` (U+017F), `k` the Kelvin sign (U+212A), `i` the
/// dotted `İ` (U+0130) and the dotless `ı` (U+0131), `ß` the capital `ẞ` (U+1E9E) — which folding
/// each letter's own upper and lower case alone would miss.
///
/// Swift gives the full case mappings; where they are one scalar they are Java's simple ones. Where
/// the full mapping is longer (`İ` lowercases to `i̇`, the Greek letters with ypogegrammeni
/// uppercase to two letters) Java's simple mapping is listed below. `JavaCaseFoldingTests` checks
/// every character up to U+1FFFF against Java 17's `Character` (scripts/java-case-mappings.sh).
enum JavaCaseFolding {
    /// The characters that match `scalar` ignoring case, `scalar` first.
    static func variants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let key = fold(scalar)
        var variants = [scalar]
        for other in classes[key, default: []] where other != scalar { variants.append(other) }
        return variants
    }

    /// `toLowerCase(toUpperCase(scalar))` with Java's simple mappings.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        lower(upper(scalar))
    }

    static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if let simple = simpleUpper[scalar.value].flatMap(Unicode.Scalar.init) { return simple }
        return single(scalar.properties.uppercaseMapping) ?? scalar
    }

    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if let simple = simpleLower[scalar.value].flatMap(Unicode.Scalar.init) { return simple }
        return single(scalar.properties.lowercaseMapping) ?? scalar
    }

    private static func single(_ mapping: String) -> Unicode.Scalar? {
        let scalars = mapping.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return nil
        }
        return first
    }

    /// Java's simple uppercase where Swift's full mapping is more than one scalar: the Greek
    /// letters with ypogegrammeni map to their titlecase forms.
    private static let simpleUpper: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [0x1FB3: 0x1FBC, 0x1FC3: 0x1FCC, 0x1FF3: 0x1FFC]
        for base: UInt32 in [0x1F80, 0x1F90, 0x1FA0] {
            for offset: UInt32 in 0..<8 { table[base + offset] = base + offset + 8 }
        }
        return table
    }()

    /// Java's simple lowercase where Swift's full mapping is more than one scalar.
    private static let simpleLower: [UInt32: UInt32] = [0x0130: 0x0069]

    /// Every cased character up to U+1FFFF (where all of Unicode's case pairs are), by its fold:
    /// made once, on first use.
    private static let classes: [Unicode.Scalar: [Unicode.Scalar]] = {
        var classes: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for value: UInt32 in 0...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let key = fold(scalar)
            guard key != scalar || properties.changesWhenUppercased || properties.changesWhenLowercased else {
                continue
            }
            classes[key, default: []].append(scalar)
        }
        return classes
    }()
}
