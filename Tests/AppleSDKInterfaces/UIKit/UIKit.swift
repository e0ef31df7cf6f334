// A compile-only transcription of the UIKit declarations that the samples of "App Integration"
// (Sources/Waymark/Waymark.docc/AppIntegration.md) use. It is NOT UIKit and never runs: every body is a
// stub that traps, nothing links against it, and no product ships it. scripts/check-swiftui.sh compiles
// it into a module named UIKit and type-checks the article's UIKit samples against it, on Linux. See
// ../README.md.
//
// Each declaration names the Apple documentation page it is transcribed from, with the signature,
// availability and actor isolation that page gives (the iOS 18 and iOS 26 SDKs declare these alike;
// where the iOS 26 SDK deprecates one, its comment says so). Two deliberate differences, because Linux
// has no Objective-C:
//
// - An `optional` requirement of an `@objc` protocol is transcribed as a requirement with no default.
//   A sample's class therefore has to implement every requirement transcribed here, with exactly the
//   transcribed signature, or it does not conform. That is stricter than Apple's compiler, which at
//   most warns about a near miss (a close name) and otherwise accepts a method that matches no
//   requirement, which UIKit then never calls: here, a sample method that is not the witness it means
//   to be fails.
// - A protocol requirement cannot declare a default argument, so `options: … = [:]` of
//   `application(_:open:options:)`, which the page shows, is on the sample's method only.
//
// Linux ignores the Apple `@available` attributes; they are here for the symbol graph, and for the
// reader. As Apple's UIKit does, this module re-exports Foundation. NSUserActivity and
// NSUserActivityTypeBrowsingWeb are Foundation's (../Foundation/AppleFoundation.swift).

public import AppleFoundation
@_exported public import Foundation

// MARK: - Responders

/// https://developer.apple.com/documentation/uikit/uiresponder
/// `@MainActor class UIResponder : NSObject`
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIResponder: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiuseractivityrestoring
/// `@MainActor protocol UIUserActivityRestoring : NSObjectProtocol`. Its one requirement,
/// `restoreUserActivityState(_:)`, is not used and not transcribed.
@available(iOS 8.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
public protocol UIUserActivityRestoring: NSObjectProtocol {}

// MARK: - The app

/// https://developer.apple.com/documentation/uikit/uiapplication
/// `@MainActor class UIApplication : UIResponder`
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/openurloptionskey
    /// `struct OpenURLOptionsKey`, a string-backed key (an `NS_TYPED_ENUM`), imported as
    /// `Hashable, Equatable, RawRepresentable, @unchecked Sendable`. Deprecated in the iOS 26 SDK, with
    /// `application(_:open:options:)`.
    @available(iOS 9.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
    public struct OpenURLOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        /// Required by `RawRepresentable`.
        public init(rawValue: String) { fatalError("compile-only interface") }
        /// Required by `RawRepresentable`.
        public var rawValue: String { fatalError("compile-only interface") }
    }
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
/// `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`. Its requirements are `optional`;
/// here they have no default (see the top of this file).
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:)
    /// `optional func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any] = [:]) -> Bool`
    /// (the default argument is the page's; a requirement cannot declare one). iOS 9; deprecated in the
    /// iOS 26 SDK for `scene(_:openURLContexts:)`.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool

    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:continue:restorationhandler:)
    /// `optional func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool`.
    /// iOS 8; deprecated in the iOS 26 SDK for `scene(_:continue:)`.
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool
}

// MARK: - Scenes

/// https://developer.apple.com/documentation/uikit/uiscene
/// `@MainActor class UIScene : UIResponder`
@available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIScene: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions
    /// `@MainActor class ConnectionOptions : NSObject`
    @MainActor
    open class ConnectionOptions: NSObject {
        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts
        /// `var urlContexts: Set<UIOpenURLContext> { get }`
        open var urlContexts: Set<UIOpenURLContext> { fatalError("compile-only interface") }

        /// https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities
        /// `var userActivities: Set<NSUserActivity> { get }`
        open var userActivities: Set<NSUserActivity> { fatalError("compile-only interface") }
    }
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene
/// `@MainActor class UIWindowScene : UIScene`
@available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIWindowScene: UIScene {}

/// https://developer.apple.com/documentation/uikit/uiscenesession
/// `@MainActor class UISceneSession : NSObject`
@available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UISceneSession: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiopenurlcontext
/// `@MainActor class UIOpenURLContext : NSObject`
@available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIOpenURLContext: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiopenurlcontext/url
    /// `var url: URL { get }`
    open var url: URL { fatalError("compile-only interface") }
}

/// https://developer.apple.com/documentation/uikit/uiscenedelegate
/// `@MainActor protocol UISceneDelegate : NSObjectProtocol`. Its requirements are `optional`; here they
/// have no default (see the top of this file).
@available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
    /// `optional func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)`
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)

    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
    /// `optional func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)` (the
    /// parameter's name as the page spells it; a witness may name it as it likes)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)

    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
    /// `optional func scene(_ scene: UIScene, continue userActivity: NSUserActivity)`
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

/// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate
/// `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`. Its requirements are `optional`;
/// here they have no default (see the top of this file).
@available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window
    /// `optional var window: UIWindow? { get set }`
    var window: UIWindow? { get set }
}

// MARK: - Windows, view controllers and navigation

/// https://developer.apple.com/documentation/uikit/uiview
/// `@MainActor class UIView : UIResponder`. Only as `UIWindow`'s superclass.
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIView: UIResponder {}

/// https://developer.apple.com/documentation/uikit/uiwindow
/// `@MainActor class UIWindow : UIView`
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    /// `init(windowScene: UIWindowScene)`, iOS 13.
    @available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
    public init(windowScene: UIWindowScene) { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    /// `var rootViewController: UIViewController? { get set }`
    open var rootViewController: UIViewController? {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }

    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    /// `func makeKeyAndVisible()`
    open func makeKeyAndVisible() { fatalError("compile-only interface") }
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
/// `@MainActor class UIViewController : UIResponder`
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`, the designated initializer.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        fatalError("compile-only interface")
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    /// `init?(coder: NSCoder)`, required (`NSCoding`): a subclass with an initializer of its own
    /// implements it.
    public required init?(coder: NSCoder) { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`,
    /// iOS 5.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)`, iOS 5.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    /// `var presentedViewController: UIViewController? { get }`, iOS 5.
    open var presentedViewController: UIViewController? { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    /// `var modalPresentationStyle: UIModalPresentationStyle { get set }`, iOS 3.2.
    open var modalPresentationStyle: UIModalPresentationStyle {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
    /// `var presentationController: UIPresentationController? { get }`, iOS 8. Read before the
    /// view controller is presented, it makes the presentation controller for `modalPresentationStyle`.
    open var presentationController: UIPresentationController? { fatalError("compile-only interface") }
}

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
/// `enum UIModalPresentationStyle`, an `NS_ENUM` of `NSInteger` (imported as `Int`, `Sendable`). Only
/// the two cases the samples use are transcribed, with the raw values of UIKit's `UIViewController.h`
/// (`UIModalPresentationFullScreen = 0`, then `UIModalPresentationPageSheet`); the other cases
/// (`formSheet`, `automatic`, …) exist and are left out, so no sample may `switch` over this type.
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
public enum UIModalPresentationStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
    case fullScreen = 0
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/pagesheet
    /// (iOS 3.2; unavailable on tvOS).
    case pageSheet = 1
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontroller
/// `@MainActor class UINavigationController : UIViewController`
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UINavigationController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(nibname:bundle:)
    /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`, a designated initializer
    /// (`NS_DESIGNATED_INITIALIZER` in `UINavigationController.h`), so a subclass can call it.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        fatalError("compile-only interface")
    }

    /// `init?(coder aDecoder: NSCoder)`, `NS_DESIGNATED_INITIALIZER` in `UINavigationController.h`:
    /// `UIViewController`'s required initializer (above), which a subclass must provide.
    public required init?(coder aDecoder: NSCoder) { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
    /// `var viewControllers: [UIViewController] { get set }`: the root at index 0, the top last.
    open var viewControllers: [UIViewController] {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
    /// `func setViewControllers(_ viewControllers: [UIViewController], animated: Bool)`, iOS 3.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        fatalError("compile-only interface")
    }

    /// https://developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
    /// `weak var delegate: (any UINavigationControllerDelegate)? { get set }`
    open weak var delegate: (any UINavigationControllerDelegate)? {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
/// `@MainActor protocol UINavigationControllerDelegate : NSObjectProtocol`. Its requirements are
/// `optional`; the one transcribed here has no default (see the top of this file).
@available(iOS 2.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
    /// `optional func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)`
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

// MARK: - Presentations

/// https://developer.apple.com/documentation/uikit/uipresentationcontroller
/// `@MainActor class UIPresentationController : NSObject`, iOS 8. Only its `delegate` is used.
@available(iOS 8.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
open class UIPresentationController: NSObject {
    /// https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
    /// `weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }`
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)? {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }
}

/// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate
/// `@MainActor protocol UIAdaptivePresentationControllerDelegate : NSObjectProtocol`. Its requirements
/// are `optional`; the one transcribed here has no default (see the top of this file).
@available(iOS 8.0, tvOS 9.0, macCatalyst 13.1, visionOS 1.0, *)
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
    /// `optional func presentationControllerDidDismiss(_ presentationController: UIPresentationController)`,
    /// iOS 13: called after the user dismissed the presentation (a sheet swiped down), never after a
    /// dismissal in code.
    @available(iOS 13.0, tvOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}
