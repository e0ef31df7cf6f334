import Foundation
import Waymark
import WaymarkNavigation

extension ScalingCases {
    /// Navigation: applying many links to one navigation state.
    static var navigationCases: [ScalingCase] { [] }
}
