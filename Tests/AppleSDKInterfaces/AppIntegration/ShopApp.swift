// The SwiftUI sample of "App Integration" (Sources/Waymark/Waymark.docc/AppIntegration.md), as written:
// scripts/check-doc-samples holds the region below to the article's block, and scripts/check-swiftui.sh
// type-checks it against ../SwiftUI/SwiftUI.swift, with the article's `ShopRoute` and `ShopLinks`. A
// compile check: nothing here runs.

import Foundation
import SwiftUI
import WaymarkNavigation
import WaymarkSwiftUI

// sample: AppIntegration#2
@main
struct ShopApp: App {
    let links = ShopLinks.shared

    var body: some Scene {
        WindowGroup {
            RoutingView(router: links.router, destination: ShopScreens())
                .onOpenURL { url in links.open(url) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL { links.open(url) }
                }
                .onAppear { links.router.isReady = true }
        }
    }
}

struct ShopScreens: RouteDestination {
    func view(for route: ShopRoute) -> some View {
        switch route {
        case .home: Text("Home")
        case .product(let id): Text("Product \(id)")
        case .orders: Text("Orders")
        }
    }
}
// end sample
