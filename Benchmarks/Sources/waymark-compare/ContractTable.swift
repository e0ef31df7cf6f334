import ArgumentParser
import BenchmarkSupport
import Foundation
import Waymark

extension CompareCommand {
    /// The number of contracted links the contract benchmark checks (issue 35: under 2 s).
    static let contractLinks = 100_000

    /// `--set contract`: a published-links contract of 100,000 links over deeplink-10k's routes
    /// (each matching lookup as an app link, over and over, each time with its own query item), read from its JSON
    /// text and checked against a resolver; beside it, the loop a team writes by hand (resolve each
    /// link, compare the route name and parameters), on the same links in the same run.
    ///
    /// The command stays synchronous, and only this set starts a task: an `async` `main` starts
    /// Swift's concurrency threads in every run, and valgrind 3.19 (callgrind, which counts the
    /// other sets' instructions) crashes on them.
    func measureContract(folder: URL) throws {
        let result = Outcome()
        let semaphore = DispatchSemaphore(value: 0)
        let (rounds, json) = (rounds, json)
        Task {
            do {
                result.correct = try await Self.measureContract(folder: folder, rounds: rounds, json: json)
            } catch {
                result.failure = "\(error)"
            }
            semaphore.signal()
        }
        semaphore.wait()
        if let failure = result.failure { throw ValidationError(failure) }
        if !result.correct { throw ExitCode(2) }
    }

    /// What the task hands back. `@unchecked Sendable`: the task writes it before it signals the
    /// semaphore, and the command reads it only after `wait()` returns, so the two never overlap.
    final class Outcome: @unchecked Sendable {
        var correct = false
        var failure: String?
    }

    static func measureContract(folder: URL, rounds: Int, json: Bool) async throws -> Bool {
        let dataSet = try BenchmarkDataSet(name: "deeplink-10k", folder: folder)
        var builder = RouteResolverBuilder(schemes: ["app"])
        for (index, template) in WaymarkRouter.convert(dataSet.routes).enumerated() {
            builder.add(try RouteTemplate(parsing: template), name: "r\(index + 1)") { _ in .handled }
        }
        let resolver = try builder.build()
        var urls: [(url: String, origin: RouteOrigin?)] = []
        urls.reserveCapacity(Self.contractLinks)
        let matching = zip(dataSet.lookups, dataSet.expected).filter { $0.1 != 0 }.map(\.0)
        // Each link once (the lookups repeat paths): a contract lists a link once.
        while urls.count < Self.contractLinks {
            for path in matching where urls.count < Self.contractLinks {
                urls.append(("app:/" + path + "?campaign=\(urls.count)", nil))
            }
        }
        let (recording, recordMs) = await timed { await LinkContract.recording(urls, with: resolver) }
        let text = recording.contract.jsonText
        let data = Data(text.utf8)
        var readTimes: [Double] = []
        var checkTimes: [Double] = []
        var handTimes: [Double] = []
        var correct = recording.contract.links.count == Self.contractLinks && recording.skipped.isEmpty
        for _ in 0..<max(rounds, 1) {
            let (contract, readMs) = timed { try? LinkContract(data: data) }
            guard let contract else { throw ValidationError("the contract did not read back") }
            let (report, checkMs) = await timed { await contract.check(resolver) }
            correct = correct && report.holds && report.checked == Self.contractLinks
            // The hand-written loop: resolve, then compare the route and every parameter.
            let (broken, handMs) = await timed {
                var broken = 0
                for link in contract.links {
                    let result = await resolver.resolve(link.url, origin: link.origin)
                    let parameters = result.request?.routeParameters ?? RouteParameters()
                    if result.request?.routeName != link.route
                        || link.parameters.map({ expected in expected.contains { parameters[$0.name] != $0.value } })
                            == true
                    {
                        broken += 1
                    }
                }
                return broken
            }
            correct = correct && broken == 0
            readTimes.append(readMs)
            checkTimes.append(checkMs)
            handTimes.append(handMs)
        }
        let read = middle(readTimes)
        let check = middle(checkTimes)
        let hand = middle(handTimes)
        let megabytes = Double(data.count) / 1_000_000
        if json {
            print(
                #"{"set":"contract","links":\#(Self.contractLinks),"megabytes":\#(String(format: "%.1f", megabytes)),"#
                    + #""recordMs":\#(String(format: "%.0f", recordMs)),"readMs":\#(String(format: "%.0f", read)),"#
                    + #""checkMs":\#(String(format: "%.0f", check)),"handWrittenMs":\#(String(format: "%.0f", hand)),"#
                    + #""correct":\#(correct)}"#)
        } else {
            print("| contract of \(Self.contractLinks) links (\(String(format: "%.1f", megabytes)) MB) | ms |")
            print("|---|---|")
            print("| record (links --contract) | \(String(format: "%.0f", recordMs)) |")
            print("| read the JSON | \(String(format: "%.0f", read)) |")
            print("| check (check --links) | \(String(format: "%.0f", check)) |")
            print("| read + check | \(String(format: "%.0f", read + check)) |")
            print("| hand-written loop (resolve, compare route and parameters) | \(String(format: "%.0f", hand)) |")
            print("| correct | \(correct ? "yes" : "NO") |")
        }
        return correct
    }

    /// The median of the rounds.
    static func middle(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    static func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try await body()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }

    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
}
