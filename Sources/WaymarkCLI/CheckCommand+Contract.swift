import ArgumentParser
import Foundation
import Waymark

extension CheckCommand {
    /// `--links CONTRACT`: every contracted link against the route file's resolver.
    ///
    /// - Throws: `ExitCode(1)` when the contract cannot be read or any link broke.
    func checkContract(_ path: String) async throws {
        let contract: LinkContract
        do {
            contract = try LinkContract(contentsOf: URL(fileURLWithPath: path))
        } catch {
            for problem in error.problems { printError("\(path): \(problem)") }
            throw ExitCode(1)
        }
        let (_, resolver) = try source.resolver(pathOptions: pathOptions)
        let report = await contract.check(resolver)
        for broken in report.breaks {
            if json {
                print(Self.json(broken, contract: path).rendered)
            } else {
                // The contract's own URLs and values: what its authors wrote to be read (docs/link-contract.md).
                printLine("\(path): links[\(broken.index)]: \(broken.unredactedDescription)")
            }
        }
        if !json {
            printLine(
                report.holds
                    ? "\(path): \(report.checked) link(s) hold"
                    : "\(path): \(report.checked) link(s) checked, \(report.breaks.count) broken")
        }
        if !report.holds { throw ExitCode(1) }
    }

    static func json(_ broken: LinkContract.Break, contract: String) -> OrderedJSON {
        .object([
            ("contract", .string(contract)), ("index", .value(.number(Double(broken.index)))),
            ("url", .string(broken.link.url)), ("note", .optional(broken.link.note)),
            ("kind", .string(broken.kind.rawValue)), ("route", .string(broken.link.route)),
            ("was", .string(broken.link.expected)), ("now", .string(broken.now)),
            ("message", .string(broken.unredactedDescription)),
            (
                "nearest",
                .array(
                    broken.nearest.map {
                        .object([
                            ("route", .string($0.route)), ("template", .string($0.template)),
                            ("failure", .string($0.failure)),
                        ])
                    })
            ),
        ])
    }
}
