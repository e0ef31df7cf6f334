// Compile-only transcription of the XcodeProjectPlugin declarations Plugins/WaymarkRoutes uses, as
// Apple documents them (Xcode 16 and later: URL-based paths). Xcode ships this module; Linux has none.
// The bodies trap: nothing here is linked or run (see ../README.md). scripts/check-xcode-plugin.sh
// type-checks the plugin against it.
public import Foundation
public import PackagePlugin

/// What Xcode gives a plugin about the project it runs for.
public struct XcodePluginContext {
    /// A folder the plugin may write its outputs to.
    public var pluginWorkDirectoryURL: URL { fatalError("compile-only") }

    /// A tool the plugin depends on, by name.
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("compile-only") }
}

/// A target of an Xcode project.
public struct XcodeTarget {
    /// The files the target builds from, its resources included.
    public var inputFiles: FileList { fatalError("compile-only") }
}

/// A build-tool plugin that Xcode projects can use.
public protocol XcodeBuildToolPlugin {
    /// The commands to run when Xcode builds `target`.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}
