// A compile-only transcription of the Foundation declarations that the samples of "App Integration" use
// and that swift-corelibs-foundation (Linux's Foundation) does not have. On Apple platforms they are
// part of Foundation; here they are a module named AppleFoundation, which scripts/check-swiftui.sh
// imports implicitly into every sample it compiles (`-import-module`), as if Foundation had them. It
// is NOT Foundation and never runs: every body traps, nothing links against it, no product ships it.
// See ../README.md.
//
// Each declaration names the Apple documentation page it is transcribed from, with the signature and
// availability that page gives. Linux ignores the Apple `@available` attributes; they are here for the
// symbol graph, and for the reader.

public import Foundation

/// https://developer.apple.com/documentation/foundation/nsuseractivity
/// `class NSUserActivity : NSObject`: not `Sendable`, no actor isolation.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, macCatalyst 13.1, visionOS 1.0, *)
open class NSUserActivity: NSObject {
    /// https://developer.apple.com/documentation/foundation/nsuseractivity/activitytype
    /// `var activityType: String { get }`
    open var activityType: String { fatalError("compile-only interface") }

    /// https://developer.apple.com/documentation/foundation/nsuseractivity/webpageurl
    /// `var webpageURL: URL? { get set }`
    open var webpageURL: URL? {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }
}

/// https://developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
/// `let NSUserActivityTypeBrowsingWeb: String`. A `let`, as the page declares it; its value is not
/// documented, and no check reads it.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(iOS 2.0, macOS 10.0, tvOS 9.0, watchOS 2.0, macCatalyst 13.0, visionOS 1.0, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
