import Testing

@testable import Waymark

/// The one rule for "URL or path": an RFC 3986 scheme (a letter, then letters, digits, `+`, `-`,
/// `.`) and a colon. Checked on every string of a generated family against the grammar written out
/// here, and where the resolver uses it (a string with a scheme is external).
@Suite struct URISchemeTests {
    static func grammar(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return scheme.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "+-.".unicodeScalars.contains($0)
        }
    }

    @Test func aSchemeIsLettersDigitsAndPlusMinusDotAfterALetter() {
        var state: UInt64 = 0x5EED
        let alphabet = Array("aZ09+-.:/?#@ é%")
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var text = ""
            var bits = state
            for _ in 0..<Int(state >> 60) {
                text.append(alphabet[Int(bits % UInt64(alphabet.count))])
                bits /= UInt64(alphabet.count)
            }
            #expect(URIScheme.hasScheme(text) == Self.grammar(text), "\(String(reflecting: text))")
        }
        for url in ["mailto:test@example.com", "tel:+15551234567", "https://x", "a+b.c-d:x", "A:"] {
            #expect(URIScheme.hasScheme(url), "\(url)")
            #expect(RouteResolver.inferredOrigin(of: url) == .external, "\(url)")
        }
        for path in ["/posts/new", "posts/new", "1password:x", ":x", "+a:x", "?q=a:b", "a/b:c", ""] {
            #expect(!URIScheme.hasScheme(path), "\(path)")
            #expect(RouteResolver.inferredOrigin(of: path) == .internal, "\(path)")
        }
    }
}
