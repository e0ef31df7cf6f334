// What the UIKit samples of "App Integration" leave to the app, and nothing more: scripts/check-swiftui.sh
// compiles this file with them. None of it is Waymark API.

import UIKit
import WaymarkNavigation

/// The app's first screen, which follows the router's state: `SceneDelegate` makes it the window's root
/// view controller. How it draws the state is the app's; the sample needs only its initializer.
final class ShopViewController: UIViewController {
    let router: Router<ShopRoute>

    init(router: Router<ShopRoute>) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("made in code only")
    }
}
