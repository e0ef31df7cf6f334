// A compile-only transcription of the AppKit declarations that the samples of "App Integration"
// (Sources/Waymark/Waymark.docc/AppIntegration.md) use. It is NOT AppKit and never runs: every body is a
// stub that traps, nothing links against it, and no product ships it. scripts/check-swiftui.sh compiles
// it into a module named AppKit and type-checks the article's AppKit sample against it, on Linux. See
// ../README.md.
//
// Each declaration names the Apple documentation page it is transcribed from, with the signature,
// availability and actor isolation that page gives. As in ../UIKit/UIKit.swift, an `optional`
// requirement is transcribed as a requirement with no default (Linux has no Objective-C), so a sample
// method that is not the witness it means to be fails to conform. Linux ignores the Apple `@available`
// attributes; they are here for the symbol graph, and for the reader. As Apple's AppKit does, this module
// re-exports Foundation. NSUserActivity and NSUserActivityTypeBrowsingWeb are Foundation's
// (../Foundation/AppleFoundation.swift).

public import AppleFoundation
@_exported public import Foundation

/// https://developer.apple.com/documentation/appkit/nsresponder
/// `@MainActor class NSResponder : NSObject`
@available(macOS 10.0, *)
@MainActor
open class NSResponder: NSObject {}

/// https://developer.apple.com/documentation/appkit/nsapplication
/// `@MainActor class NSApplication : NSResponder`
@available(macOS 10.0, *)
@MainActor
open class NSApplication: NSResponder {}

/// https://developer.apple.com/documentation/appkit/nsuseractivityrestoring
/// `protocol NSUserActivityRestoring : NSObjectProtocol` (the protocol is not `@MainActor`; its one
/// requirement, `@MainActor func restoreUserActivityState(_:)`, is not used and not transcribed).
@available(macOS 10.10, *)
public protocol NSUserActivityRestoring: NSObjectProtocol {}

/// https://developer.apple.com/documentation/appkit/nsapplicationdelegate
/// `@MainActor protocol NSApplicationDelegate : NSObjectProtocol`. Its requirements are `optional`;
/// here they have no default (see the top of this file).
@available(macOS 10.0, *)
@MainActor
public protocol NSApplicationDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/appkit/nsapplicationdelegate/applicationdidfinishlaunching(_:)
    /// `@MainActor optional func applicationDidFinishLaunching(_ notification: Notification)`
    func applicationDidFinishLaunching(_ notification: Notification)

    /// https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:open:)
    /// `@MainActor optional func application(_ application: NSApplication, open urls: [URL])`, macOS 10.13.
    @available(macOS 10.13, *)
    func application(_ application: NSApplication, open urls: [URL])

    /// https://developer.apple.com/documentation/appkit/nsapplicationdelegate/application(_:continue:restorationhandler:)
    /// `@MainActor optional func application(_ application: NSApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any NSUserActivityRestoring]) -> Void) -> Bool`,
    /// macOS 10.10.
    @available(macOS 10.10, *)
    func application(
        _ application: NSApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any NSUserActivityRestoring]) -> Void
    ) -> Bool
}
