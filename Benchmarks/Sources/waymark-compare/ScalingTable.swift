import ArgumentParser
import BenchmarkSupport
import Foundation

/// `--set scaling`: every ``ScalingCase`` at 1×, 10× and 100× its base size, each size in a child
/// process (this program again, with `--case` and `--scale`), so that the peak memory it reports
/// is that size's own. The child prints one line: milliseconds, peak resident kilobytes, the
/// work's answer.
extension CompareCommand {
    static let scalingFactors = [1, 10, 100]

    /// Runs one case at one size in this process and prints the child's line.
    func runScalingChild(name: String, scale: Int) throws {
        guard let scalingCase = ScalingCases.all.first(where: { $0.name == name }) else {
            throw ValidationError("no scaling case is named '\(name)'")
        }
        let work = try scalingCase.prepare(scalingCase.baseSize * scale)
        let baseline = Self.peakResidentKilobytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = try work()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let peak = Self.peakResidentKilobytes()
        print("\(String(format: "%.3f", milliseconds)) \(max(0, peak - baseline)) \(answer)")
    }

    /// Runs every case (or the one `--case` names) at every factor, each in a child process.
    func printScalingTable(only caseName: String?) throws {
        let cases = ScalingCases.all.filter { caseName == nil || $0.name == caseName }
        guard !cases.isEmpty else { throw ValidationError("no scaling case is named '\(caseName ?? "")'") }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        print("| case | input | n | ms | extra peak MB | answer | ms ÷ ms at 1× |")
        print("|---|---|---|---|---|---|---|")
        for scalingCase in cases {
            var first: Double?
            for factor in Self.scalingFactors {
                let size = scalingCase.baseSize * factor
                let line = try Self.runChild(
                    executable, ["--set", "scaling", "--case", scalingCase.name, "--scale", "\(factor)"])
                let fields = line.split(separator: " ")
                guard fields.count == 3, let milliseconds = Double(fields[0]), let kilobytes = Double(fields[1]) else {
                    print("| \(scalingCase.name) | \(scalingCase.input) | \(size) | failed: \(line) | | | |")
                    continue
                }
                let ratio = first.map { String(format: "%.1f", milliseconds / max($0, 0.001)) } ?? "1"
                if first == nil { first = milliseconds }
                print(
                    "| \(scalingCase.name) | `\(scalingCase.input)` | \(size) | \(String(format: "%.2f", milliseconds)) | "
                        + "\(String(format: "%.1f", kilobytes / 1024)) | \(fields[2]) | \(ratio) |")
            }
        }
    }

    private static func runChild(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 ? text : "exit \(process.terminationStatus) \(text)"
    }

    /// The process's peak resident set so far (`VmHWM` in /proc/self/status), in kilobytes; 0 where
    /// there is no /proc.
    static func peakResidentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
