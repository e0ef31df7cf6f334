import Foundation
import Testing

@testable import Waymark

/// Optional groups are parsed and expanded recursively, so their nesting is limited before any
/// recursion starts: every depth up to the limit parses, anything deeper is an `invalidTemplate`
/// error naming the column, however deep (a template of a million `(`), and on a thread with a
/// 512 KB stack (Apple's default for secondary threads).
@Suite struct TemplateNestingTests {
    static func nested(_ depth: Int) -> String {
        "a" + String(repeating: "(/b", count: depth) + String(repeating: ")", count: depth)
    }

    @Test func everyDepthUpToTheLimitParses() throws {
        for depth in 1...TemplateParser.maximumGroupDepth {
            let template = try RouteTemplate(parsing: Self.nested(depth))
            #expect(template.variants.count == depth + 1)
        }
    }

    @Test(arguments: [17, 18, 100, 3_000, 35_000, 1_000_000])
    func deeperNestingIsRefusedAtTheFirstGroupPastTheLimit(depth: Int) {
        let pattern = Self.nested(depth)
        let quoted = pattern.count > 80 ? String(pattern.prefix(60)) + "…" : pattern
        let column = 1 + 3 * TemplateParser.maximumGroupDepth + 1
        #expect(
            throws: RoutingError(
                code: .invalidTemplate,
                message: "\"\(quoted)\" column \(column): optional groups nest deeper than 16 levels; "
                    + "write the variants as separate routes")
        ) { try RouteTemplate(parsing: pattern) }
    }

    @Test func aDeepTemplateOnASmallStackIsAnErrorNotACrash() async throws {
        let outcome = OutcomeBox()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                do throws(RoutingError) {
                    _ = try RouteTemplate(parsing: Self.nested(3_000))
                    outcome.set("parsed")
                } catch {
                    outcome.set(error.message)
                }
                done.resume()
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(outcome.value?.contains("optional groups nest deeper than 16 levels") == true, "\(outcome.value ?? "")")
    }

    /// One value written by the thread and read after it resumed the test.
    final class OutcomeBox: @unchecked Sendable {
        // Safe: written once on the thread before `resume()`, read after the continuation resumed,
        // and the lock orders the two.
        private let lock = NSLock()
        private var stored: String?
        func set(_ value: String) { lock.withLock { stored = value } }
        var value: String? { lock.withLock { stored } }
    }
}
