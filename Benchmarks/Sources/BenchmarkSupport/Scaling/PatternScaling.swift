import Foundation
import WaymarkPathConfiguration

extension ScalingCases {
    /// Path configuration patterns: compiling them, and looking paths up with them.
    static var patternCases: [ScalingCase] {
        [
            ScalingCase(
                name: "pattern-load", input: #"one rule, "((a?){n}){66}""#, baseSize: 10,
                prepare: { size in
                    let document = Data(
                        #"{"rules":[{"patterns":["((a?){\#(size)}){66}"],"properties":{"x":1}}]}"#.utf8)
                    return { try PathConfiguration(data: document).rules.count }
                })
        ]
    }
}
