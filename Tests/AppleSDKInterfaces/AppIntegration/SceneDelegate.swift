// The UIKit scene-delegate sample of "App Integration" (Sources/Waymark/Waymark.docc/AppIntegration.md),
// as written: scripts/check-doc-samples holds the region below to the article's block, and
// scripts/check-swiftui.sh type-checks it against ../UIKit/UIKit.swift, with the article's `ShopRoute`
// and `ShopLinks` and Prelude.swift. A compile check: nothing here runs.

import Foundation
import UIKit
import WaymarkNavigation

// sample: AppIntegration#3
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var links: ShopLinks { .shared }

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        // A cold launch: the links that launched the app come with the connection options.
        for context in connectionOptions.urlContexts { links.open(context.url) }
        for activity in connectionOptions.userActivities { self.scene(scene, continue: activity) }

        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = ShopViewController(router: links.router)
        window.makeKeyAndVisible()
        self.window = window
        links.router.isReady = true
    }

    // A custom-scheme link while the scene is connected.
    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        for context in urlContexts { links.open(context.url) }
    }

    // A universal link, or Handoff from a web page, while the scene is connected.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else {
            return
        }
        links.open(url)
    }
}
// end sample
