// The AppKit sample of "App Integration" (Sources/Waymark/Waymark.docc/AppIntegration.md), as written:
// scripts/check-doc-samples holds the region below to the article's block, and scripts/check-swiftui.sh
// type-checks it against ../AppKit/AppKit.swift, with the article's `ShopRoute` and `ShopLinks`. A
// compile check: nothing here runs.

import AppKit
import Foundation
import WaymarkNavigation

// sample: AppIntegration#6
final class AppDelegate: NSObject, NSApplicationDelegate {
    var links: ShopLinks { .shared }

    func applicationDidFinishLaunching(_ notification: Notification) {
        // The main window, from the storyboard, is on screen: links that launched the app open now.
        links.router.isReady = true
    }

    func application(_ application: NSApplication, open urls: [URL]) {
        for url in urls { links.open(url) }
    }

    func application(
        _ application: NSApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any NSUserActivityRestoring]) -> Void
    ) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL,
            links.opensRoute(url)
        else { return false }
        links.open(url)
        return true
    }
}
// end sample
