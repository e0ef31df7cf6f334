import Foundation
import PackagePlugin

/// The build-tool plugin: at every build that changed one of them, it checks the target's route
/// files (`*.routes.json`) and path configurations (`*path-configuration.json`) with the
/// `waymark` tool, and writes each route file as a `URLRoute` enum.
///
/// A problem is printed as a compiler prints one, `FILE:LINE:COLUMN: error: …`, so Xcode and
/// `swift build` show it on its line; an error fails the build. The tool does all the work: the
/// plugin only lists the files, so that a build, a CI script and a terminal never differ.
@main
struct WaymarkRoutes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles.map(\.url)
        return try Self.commands(
            files: files, tool: context.tool(named: "WaymarkCLI").url, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// One command per route file (check and generate) and per path configuration (check).
    static func commands(files: [URL], tool: URL, workDirectory: URL) -> [Command] {
        var commands: [Command] = []
        // Output names are made from file names: two files of one name (in two folders) get `_2`…
        // so that neither overwrites the other's output. The files are sorted, so a name is stable.
        var used: Set<String> = []
        func outputName(_ stem: String) -> String {
            var name = stem
            var number = 1
            while !used.insert(name.lowercased()).inserted {
                number += 1
                name = "\(stem)_\(number)"
            }
            // `.waymark.swift`: no file of the target's own is likely to have that name, which
            // would make the compiler refuse the module (two files of one name).
            return name + ".waymark.swift"
        }
        let routeFiles = files.filter { $0.lastPathComponent.hasSuffix(".routes.json") }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = file.lastPathComponent
            let folder = file.deletingLastPathComponent()
            if name.hasSuffix(".routes.json") {
                let output = workDirectory.appendingPathComponent(
                    outputName(String(name.dropLast(".json".count)).replacingOccurrences(of: ".", with: "_")))
                let config = folder.appendingPathComponent("waymark-plugin.json")
                let hasConfig = FileManager.default.fileExists(atPath: config.path)
                var arguments = ["generate", "--routes", file.path, "--output", output.path, "--compiler-style"]
                if hasConfig { arguments += ["--config", config.path] }
                // The target's other route files, so that two enums of one name are an error on
                // the file rather than a redeclaration in generated code; and their configurations,
                // which name their enums.
                var siblingInputs: [URL] = []
                for sibling in routeFiles where sibling != file {
                    arguments += ["--sibling", sibling.path]
                    siblingInputs.append(sibling)
                    let siblingConfig = sibling.deletingLastPathComponent().appendingPathComponent(
                        "waymark-plugin.json")
                    if siblingConfig != config, !siblingInputs.contains(siblingConfig),
                        FileManager.default.fileExists(atPath: siblingConfig.path)
                    {
                        siblingInputs.append(siblingConfig)
                    }
                }
                commands.append(
                    .buildCommand(
                        displayName: "Checking \(name) and generating its routes",
                        executable: tool, arguments: arguments,
                        inputFiles: [file] + (hasConfig ? [config] : []) + siblingInputs, outputFiles: [output]))
            } else if name.hasSuffix("path-configuration.json") {
                // The marker is Swift (a comment), as a build only compiles what a plugin writes:
                // another kind of file would become a resource of the target.
                let marker = workDirectory.appendingPathComponent(
                    outputName(name.replacingOccurrences(of: ".", with: "_") + "_checked"))
                commands.append(
                    .buildCommand(
                        displayName: "Checking \(name)",
                        executable: tool,
                        arguments: ["check", "--config", file.path, "--compiler-style", "--marker", marker.path],
                        inputFiles: [file], outputFiles: [marker]))
            }
        }
        return commands
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension WaymarkRoutes: XcodeBuildToolPlugin {
        /// The same commands for an Xcode project's target.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                files: target.inputFiles.map(\.url), tool: context.tool(named: "WaymarkCLI").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
