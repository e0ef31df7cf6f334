// The UIKit rendering sample of "App Integration" (Sources/Waymark/Waymark.docc/AppIntegration.md), as
// written: scripts/check-doc-samples holds the region below to the article's block, and
// scripts/check-swiftui.sh type-checks it against ../UIKit/UIKit.swift, with the article's `ShopRoute`
// and `ShopLinks`, Prelude.swift (`ShopScreen`) and the scene delegate that makes it. A compile check:
// nothing here runs.

import Observation
import UIKit
import WaymarkNavigation

// sample: AppIntegration#4
/// One level of the router's state on screen: its root and stack as a navigation stack, and what is
/// presented over it as a sheet or a full-screen cover (a level of its own, one deeper).
final class ShopViewController: UINavigationController, UINavigationControllerDelegate,
    UIAdaptivePresentationControllerDelegate
{
    let router: Router<ShopRoute>
    let depth: Int  // 0: the window's root; 1: the first presentation…

    init(router: Router<ShopRoute>, depth: Int = 0) {
        self.router = router
        self.depth = depth
        super.init(nibName: nil, bundle: nil)
        delegate = self
        if depth == 0 { follow() }
    }

    required init?(coder: NSCoder) { fatalError("made in code only") }

    /// Shows the state now and after every change. `onChange` runs once, before the change and on
    /// whatever thread makes it: it hops to the main actor, which shows the new state and tracks again.
    private func follow() {
        let state = withObservationTracking {
            router.state
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.follow() }
        }
        show(state)
    }

    /// Makes this level show `level`, keeping the screens whose routes did not change.
    private func show(_ level: NavigationState<ShopRoute>) {
        let old = viewControllers.compactMap { $0 as? ShopScreen }
        let screens = ([level.root] + level.stack).enumerated().map { index, route in
            index < old.count && old[index].route == route ? old[index] : ShopScreen(route: route)
        }
        if !screens.elementsEqual(viewControllers, by: ===) { setViewControllers(screens, animated: true) }

        let over = presentedViewController as? ShopViewController
        guard let presentation = level.presentation else {
            if over != nil { dismiss(animated: true) }
            return
        }
        let style: UIModalPresentationStyle = presentation.style == .cover ? .fullScreen : .pageSheet
        if let over, over.modalPresentationStyle == style,
            (over.viewControllers.first as? ShopScreen)?.route == presentation.state.root
        {
            over.show(presentation.state)
            return
        }
        let next = ShopViewController(router: router, depth: depth + 1)
        next.modalPresentationStyle = style
        next.presentationController?.delegate = next
        next.show(presentation.state)
        if over != nil {
            dismiss(animated: true) { self.present(next, animated: true) }
        } else {
            present(next, animated: true)
        }
    }

    // The user went back (the back button, the swipe): the router follows.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        let stack = viewControllers.dropFirst().compactMap { ($0 as? ShopScreen)?.route }
        if stack != router.stack(at: depth) { router.setStack(stack, at: depth) }
    }

    // The user swiped this sheet down: the router follows.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        router.dismissPresentation(at: depth - 1)
    }
}
// end sample
