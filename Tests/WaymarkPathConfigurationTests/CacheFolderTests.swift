import Foundation
import Testing
import WaymarkPathConfiguration

/// The default cache folder belongs to one app: apps outside the macOS sandbox share
/// `~/Library/Caches`, and must not read each other's cached documents.
@Suite struct CacheFolderTests {
    static let caches = URL(fileURLWithPath: "/Users/someone/Library/Caches", isDirectory: true)

    static func folder(_ identifier: String?, process: String = "tool") -> String {
        PathConfigurationCache.defaultDirectory(caches: caches, bundleIdentifier: identifier, processName: process).path
    }

    @Test func eachAppHasItsOwnFolder() {
        #expect(
            Self.folder("com.example.shop")
                == "/Users/someone/Library/Caches/com.example.shop/Waymark/PathConfiguration")
        #expect(Self.folder("com.example.news") != Self.folder("com.example.shop"))
    }

    @Test func aProcessWithoutABundleIdentifierUsesItsName() {
        #expect(
            Self.folder(nil, process: "waymark") == "/Users/someone/Library/Caches/waymark/Waymark/PathConfiguration")
        #expect(Self.folder("", process: "waymark") == Self.folder(nil, process: "waymark"))
    }

    /// No name, however it is spelled, leaves the caches folder or goes deeper than one level.
    @Test(arguments: ["..", ".", "", "../../etc", "a/b", "/abs", "a\\b", "…", "a\u{0}b", "%2e%2e", " .."])
    func everyNameIsOneFolderInsideTheCaches(name: String) {
        let path = Self.folder(name, process: name)
        let prefix = Self.caches.path + "/"
        #expect(path.hasPrefix(prefix))
        let components = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        #expect(components.count == 3, "\(path)")
        #expect(components.first.map { !$0.isEmpty && !$0.allSatisfy { $0 == "." } } == true, "\(path)")
    }

    @Test func theProcessDefaultIsUnderTheUsersCaches() {
        let path = PathConfigurationCache.defaultDirectory.path
        #expect(path.hasSuffix("/Waymark/PathConfiguration"))
        #expect(path.contains("/\(ProcessInfo.processInfo.processName)/") || Bundle.main.bundleIdentifier != nil)
    }
}
