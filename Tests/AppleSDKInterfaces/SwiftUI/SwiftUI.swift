// A compile-only transcription of the SwiftUI declarations that WaymarkSwiftUI and the README's SwiftUI
// example app use, in two forms: the Xcode 16 form (iOS 18, macOS 15 SDKs) and, compiled with
// `-D XCODE26_SDK`, the Xcode 26 form (iOS 26, macOS 26 SDKs). It is NOT SwiftUI and never runs: every
// body is a stub that traps, nothing links against it, and no product ships it. scripts/check-swiftui.sh
// compiles it into a module named SwiftUI, once per form, and type-checks our SwiftUI code against it, on
// Linux. See ../README.md.
//
// Each declaration names the Apple documentation page it is transcribed from, with the signature,
// availability and actor isolation that page gives; where the two forms differ (only `Binding.init(get:set:)`),
// both are written out under `#if XCODE26_SDK`. Members that a declaration's attributes require (a property
// wrapper's `wrappedValue`, a view's `body`) are included and say so. Linux ignores the Apple `@available`
// attributes; they are here for the symbol graph, and for the reader.

// NSUserActivity, of `onContinueUserActivity(_:perform:)`, is Foundation's on Apple platforms; Linux's
// Foundation lacks it, so it comes from the transcription in ../Foundation/AppleFoundation.swift.
public import AppleFoundation
public import Foundation
public import Observation

// MARK: - Views

/// https://developer.apple.com/documentation/swiftui/view
/// Both forms: `@MainActor @preconcurrency protocol View` (the whole protocol, not only `body`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View

    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
@resultBuilder
public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
        fatalError("compile-only interface")
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
        fatalError("compile-only interface")
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        fatalError("compile-only interface")
    }

    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        fatalError("compile-only interface")
    }
}

/// The result type of https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
/// and https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
@frozen
public struct _ConditionalContent<TrueContent, FalseContent> {}

/// As the `buildEither` pages above declare it: a `View` when both contents are.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    /// Required by `View`; a primitive view's body is `Never`.
    public var body: Never { fatalError("compile-only interface") }
}

/// The result type of https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:), which
/// needs `Content?` to be a `View` when `Content` is.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension Optional: View where Wrapped: View {
    /// Required by `View`; a primitive view's body is `Never`.
    public var body: Never { fatalError("compile-only interface") }
}

/// https://developer.apple.com/documentation/swift/never (SwiftUI's conformances there: `Never` is the
/// body of the primitive views and scenes).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension Never: View {
    /// Required by `View` and `Scene`.
    public var body: Never { fatalError("compile-only interface") }
}

/// https://developer.apple.com/documentation/swift/never (SwiftUI: `Never` conforms to `Scene`).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
extension Never: Scene {}

/// https://developer.apple.com/documentation/swiftui/text
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
@frozen
public struct Text {
    /// https://developer.apple.com/documentation/swiftui/text/init(_:) (the `StringProtocol` overload:
    /// "Creates a text view that displays a stored string without localization.")
    public init<S>(_ content: S) where S: StringProtocol {
        fatalError("compile-only interface")
    }
}

/// https://developer.apple.com/documentation/swiftui/text (conforms to `View`).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension Text: View {
    /// Required by `View`; a primitive view's body is `Never`.
    public var body: Never { fatalError("compile-only interface") }
}

// MARK: - Navigation

/// https://developer.apple.com/documentation/swiftui/navigationstack
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, macCatalyst 16.0, visionOS 1.0, *)
public struct NavigationStack<Data, Root> where Root: View {
    /// https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:) (the
    /// homogeneous-state overload). Both forms: `@MainActor @preconcurrency init(path:root:)`.
    @MainActor @preconcurrency
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    {
        fatalError("compile-only interface")
    }
}

/// https://developer.apple.com/documentation/swiftui/navigationstack (conforms to `View`).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, macCatalyst 16.0, visionOS 1.0, *)
extension NavigationStack: View {
    /// Required by `View`.
    public var body: Never { fatalError("compile-only interface") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, macCatalyst 16.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type,
        @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View {
        fatalError("compile-only interface")
    }
}

// MARK: - Presentation

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View {
        fatalError("compile-only interface")
    }
}

@available(iOS 14.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
@available(macOS, unavailable)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/fullscreencover(ispresented:ondismiss:content:)
    /// Not on macOS: the page lists iOS, iPadOS, Mac Catalyst, tvOS, visionOS and watchOS only.
    nonisolated public func fullScreenCover<Content>(
        isPresented: Binding<Bool>,
        onDismiss: (() -> Void)? = nil,
        @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View {
        fatalError("compile-only interface")
    }
}

// MARK: - State and bindings

/// https://developer.apple.com/documentation/swiftui/binding
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)
    #if XCODE26_SDK
        /// Xcode 26: the page reads `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
        /// set: @escaping @isolated(any) @Sendable (Value) -> Void)`. The closures are `@Sendable`, so a
        /// closure literal is nonisolated unless it says `@MainActor`, and cannot call a main-actor method
        /// (a warning in Swift 6, through `@preconcurrency`; an error with warnings as errors). Copies of
        /// this page taken in late 2025 do not show `@Sendable`, so which SDK added it is not pinned down
        /// (see ../README.md).
        @preconcurrency
        public init(
            get: @escaping @isolated(any) @Sendable () -> Value,
            set: @escaping @isolated(any) @Sendable (Value) -> Void
        ) {
            fatalError("compile-only interface")
        }
    #else
        /// Xcode 16: the iOS 18 page reads `@preconcurrency init(get: @escaping @isolated(any) () -> Value,
        /// set: @escaping @isolated(any) (Value) -> Void)`: the closures carry their isolation and are not
        /// `@Sendable`, so a closure literal written in a main-actor context is main-actor isolated.
        @preconcurrency
        public init(get: @escaping @isolated(any) () -> Value, set: @escaping @isolated(any) (Value) -> Void) {
            fatalError("compile-only interface")
        }
    #endif

    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue (required by
    /// `@propertyWrapper`).
    public var wrappedValue: Value {
        get { fatalError("compile-only interface") }
        nonmutating set { fatalError("compile-only interface") }
    }

    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:) (required by
    /// `@dynamicMemberLookup`).
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("compile-only interface")
    }
}

/// https://developer.apple.com/documentation/swiftui/binding ("A binding conforms to Sendable only if its
/// wrapped value type also conforms to Sendable.")
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension Binding: Sendable where Value: Sendable {}

/// https://developer.apple.com/documentation/swiftui/state
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
@frozen @propertyWrapper
public struct State<Value> {
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) {
        fatalError("compile-only interface")
    }

    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError("compile-only interface") }
        nonmutating set { fatalError("compile-only interface") }
    }
}

// MARK: - Environment

/// https://developer.apple.com/documentation/swiftui/environmentkey
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
public protocol EnvironmentKey {
    /// https://developer.apple.com/documentation/swiftui/environmentkey/value
    associatedtype Value

    /// https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    static var defaultValue: Self.Value { get }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
public struct EnvironmentValues {
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:) (the
    /// `EnvironmentKey` overload).
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { fatalError("compile-only interface") }
        set { fatalError("compile-only interface") }
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View
    {
        fatalError("compile-only interface")
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, macCatalyst 17.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/environment(_:) (an `Observable` object).
    nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observable {
        fatalError("compile-only interface")
    }
}

// MARK: - Events

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
    /// (The page spells the result of `action` `()`; `Void` here, the same type, as swift-format asks.)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        fatalError("compile-only interface")
    }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)
    /// (The page spells the result of `action` `()`; `Void` here, the same type, as swift-format asks.)
    nonisolated public func onContinueUserActivity(
        _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
    ) -> some View {
        fatalError("compile-only interface")
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, macCatalyst 13.0, visionOS 1.0, *)
extension View {
    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        fatalError("compile-only interface")
    }
}

// MARK: - App structure

/// https://developer.apple.com/documentation/swiftui/app
/// Both forms: `@MainActor @preconcurrency protocol App`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol App {
    /// https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
    associatedtype Body: Scene

    /// https://developer.apple.com/documentation/swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

    /// https://developer.apple.com/documentation/swiftui/app/init()
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
extension App {
    /// https://developer.apple.com/documentation/swiftui/app/main() (what `@main` calls).
    @MainActor @preconcurrency
    public static func main() {
        fatalError("compile-only interface")
    }
}

/// https://developer.apple.com/documentation/swiftui/scene
/// Both forms: `@MainActor @preconcurrency protocol Scene`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol Scene {
    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
    associatedtype Body: Scene

    /// https://developer.apple.com/documentation/swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/scenebuilder
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
@resultBuilder
public struct SceneBuilder {
    /// https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
        fatalError("compile-only interface")
    }
}

/// https://developer.apple.com/documentation/swiftui/windowgroup
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, macCatalyst 14.0, visionOS 1.0, *)
public struct WindowGroup<Content>: Scene where Content: View {
    /// https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    /// (`nonisolated` as the current page shows it; that page, of a later SDK, spells the builder
    /// `@ContentBuilder`, where the Xcode 26 pages of the other content closures here show `@ViewBuilder`.)
    nonisolated public init(@ViewBuilder content: () -> Content) {
        fatalError("compile-only interface")
    }

    /// Required by `Scene`.
    public var body: Never { fatalError("compile-only interface") }
}
