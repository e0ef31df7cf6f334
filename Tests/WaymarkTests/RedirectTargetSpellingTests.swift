import Foundation
import Testing

@testable import Waymark

/// A redirect target is checked, and followed, as a web view or browser reads it (WHATWG URL
/// parsing strips leading and trailing C0 controls and spaces, and removes tabs and newlines), so
/// no spelling of an off-app link passes the check (issue 31, finding 8).
@Suite struct RedirectTargetSpellingTests {
    /// Off-app targets, as a `next=` parameter carries them.
    static let offApp = [
        "//evil.example/x", "\\\\evil.example/x", "/\\evil.example/x", "javascript:alert(1)", "JavaScript:alert(1)",
        "https://evil.example/x", "data:text/html,x", "vbscript:x",
    ]

    /// Every C0 control and space before, after, and both; tabs and newlines inside.
    static func spellings(of target: String) -> [String] {
        var spelt: [String] = []
        for byte in UInt8(0)...UInt8(0x20) {
            let c = String(UnicodeScalar(byte))
            spelt += [c + target, target + c, c + c + target + c]
        }
        for inside in ["\t", "\n", "\r", "\r\n", "\t\n"] {
            let characters = Array(target)
            for position in [1, 2, min(characters.count - 1, 11)] where position < characters.count {
                spelt.append(String(characters[..<position]) + inside + String(characters[position...]))
            }
        }
        return spelt
    }

    /// `next=` as a link carries it: every byte percent-encoded, so the raw controls reach the filter.
    static func link(next target: String) -> String {
        let hex = Array("0123456789ABCDEF")
        return "shop://login?next=" + target.utf8.map { "%\(hex[Int($0 >> 4)])\(hex[Int($0 & 15)])" }.joined()
    }

    @Test(arguments: offApp)
    func noSpellingOfAnOffAppTargetPasses(target: String) async throws {
        let resolver = try HostileLinkTableTests.resolver()
        for spelt in Self.spellings(of: target) {
            let result = await resolver.resolve(Self.link(next: spelt))
            #expect(result.status == .redirectRefused, "\(String(reflecting: spelt)): \(result.status)")
        }
    }

    /// A route inside the app with the same padding is followed as the browser reads it.
    @Test func aPaddedInAppTargetIsFollowedAsRead() async throws {
        let resolver = try HostileLinkTableTests.resolver()
        for spelt in Self.spellings(of: "product/42") {
            let result = await resolver.resolve(Self.link(next: spelt))
            #expect(result.request?.routeName == "product", "\(String(reflecting: spelt)): \(result.status)")
            #expect(result.redirects.last?.to == "product/42")
        }
    }

    @Test func theNormalizationIsWHATWGs() {
        #expect(RouteResolver.normalizedRedirectTarget(" \u{0}//evil.example/x\u{1F} ") == "//evil.example/x")
        #expect(RouteResolver.normalizedRedirectTarget("/\t/evil\n.example") == "//evil.example")
        #expect(RouteResolver.normalizedRedirectTarget("product/42") == "product/42")
        // Non-ASCII spaces are not C0: a web view keeps them, and so does the check.
        #expect(RouteResolver.normalizedRedirectTarget("\u{A0}//x") == "\u{A0}//x")
    }
}
