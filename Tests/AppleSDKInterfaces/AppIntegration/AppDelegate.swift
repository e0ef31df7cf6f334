// The UIKit app-delegate sample (an app without scenes) of "App Integration"
// (Sources/Waymark/Waymark.docc/AppIntegration.md), as written: scripts/check-doc-samples holds the
// region below to the article's block, and scripts/check-swiftui.sh type-checks it against
// ../UIKit/UIKit.swift, with the article's `ShopRoute` and `ShopLinks`. A compile check: nothing here
// runs.

import Foundation
import UIKit
import Waymark
import WaymarkNavigation

// sample: AppIntegration#5
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var links: ShopLinks { .shared }

    // A custom-scheme link: answer now, open when resolved.
    func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        guard links.resolver.preview(url.absoluteString).opensRoute else { return false }
        links.open(url)
        return true
    }

    // A universal link.
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL,
            links.opensRoute(url)
        else { return false }
        links.open(url)
        return true
    }
}
// end sample
