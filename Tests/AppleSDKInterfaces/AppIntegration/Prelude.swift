// What the UIKit samples of "App Integration" leave to the app, and nothing more: scripts/check-swiftui.sh
// compiles this file with them. None of it is Waymark API.

import UIKit
import WaymarkNavigation

/// The app's screen for one route: `ShopViewController` makes one per route it shows, and reads `route`
/// back to tell which screens it can keep. What it draws is the app's; the samples need only this.
final class ShopScreen: UIViewController {
    let route: ShopRoute

    init(route: ShopRoute) {
        self.route = route
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("made in code only")
    }
}
