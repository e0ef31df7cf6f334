// What the README's SwiftUI example app leaves to the app, and nothing more: scripts/check-swiftui.sh
// compiles this file with the example, which it extracts from README.md at check time. Each declaration
// is as small as the example lets it be; none of them is Waymark API.

import SwiftUI

/// `ShopScreens` draws `HomeView()` for `.home`.
struct HomeView: View {
    var body: some View { Text("Home") }
}

/// `ShopScreens` draws `ProductView(id: id)` for `.product(id:)`, with the route's `Int`.
struct ProductView: View {
    let id: Int
    var body: some View { Text("Product \(id)") }
}

/// `ShopPolicy` keeps a `Session` (so it is `Sendable`, as `PresentationPolicy` requires) and reads
/// `isOnboarding` in its main-actor `decide`; `ShopApp` passes `.shared`. A main-actor class is
/// `Sendable`, and its state is read on the main actor, where `decide` runs.
@MainActor
final class Session {
    static let shared = Session()
    var isOnboarding = false
}
