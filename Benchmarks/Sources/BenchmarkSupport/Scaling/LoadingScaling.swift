import Foundation
import Waymark

extension ScalingCases {
    /// Route files and JSON documents: reading, checking and decoding them.
    static var loadingCases: [ScalingCase] { [] }
}
