import Testing
import WaymarkTestSupport

/// The linear-growth rule itself fails where it should: every scaling test leans on it.
@Suite struct LinearGrowthCheckTests {
    @Test func linearCountsPassAndQuadraticOnesFail() {
        let sizes = [100, 200, 400, 800]
        #expect(LinearGrowthCheck.doublingProblems("linear", sizes: sizes, counts: sizes.map { 3 * $0 + 7 }).isEmpty)
        #expect(!LinearGrowthCheck.doublingProblems("quadratic", sizes: sizes, counts: sizes.map { $0 * $0 }).isEmpty)
        #expect(!LinearGrowthCheck.doublingProblems("nothing", sizes: sizes, counts: [0, 0, 0, 0]).isEmpty)
        let factors = [1, 10, 100]
        let linear = factors.map { 500 * $0 + 40 }
        let quadratic = factors.map { 500 * $0 * $0 }
        #expect(LinearGrowthCheck.factorProblems("linear", base: 50, factors: factors, counts: linear).isEmpty)
        #expect(!LinearGrowthCheck.factorProblems("quadratic", base: 50, factors: factors, counts: quadratic).isEmpty)
    }
}
