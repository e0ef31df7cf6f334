import Foundation
import Waymark
import WaymarkPathConfiguration

extension ScalingCases {
    /// Route files and JSON documents: reading, checking and decoding them (issue 17, findings 8
    /// and 10). Each 100× is the size the issue reported, or beyond.
    static var loadingCases: [ScalingCase] {
        [
            ScalingCase(
                name: "json-decode-depth", input: "JSONDecoder → JSONValue, n nested arrays around 1,000 numbers",
                baseSize: 5,
                prepare: { depth in
                    let leaves = Array(repeating: "1", count: 1_000).joined(separator: ",")
                    let data = Data(
                        (String(repeating: "[", count: depth) + leaves + String(repeating: "]", count: depth)).utf8)
                    return { try count(JSONDecoder().decode(JSONValue.self, from: data)) }
                }),
            ScalingCase(
                name: "json-decode-mixed-depth",
                input: "JSONDecoder → JSONValue, n nested arrays around 20,000 values of changing kinds", baseSize: 5,
                prepare: { depth in
                    let kinds = ["1", "\"a\"", "true", "null", "[]", "{}"]
                    let leaves = (0..<20_000).map { kinds[$0 % kinds.count] }.joined(separator: ",")
                    let data = Data(
                        (String(repeating: "[", count: depth) + leaves + String(repeating: "]", count: depth)).utf8)
                    return { try count(JSONDecoder().decode(JSONValue.self, from: data)) }
                }),
            ScalingCase(
                name: "json-decode-size", input: "JSONDecoder → JSONValue, n route-like records (140 bytes each)",
                baseSize: 350,
                prepare: { records in
                    let data = Data(("[" + Array(repeating: record, count: records).joined(separator: ",") + "]").utf8)
                    return { try count(JSONDecoder().decode(JSONValue.self, from: data)) }
                }),
            ScalingCase(
                name: "json-read-settings", input: "PathConfiguration(data:), settings holding an array of n numbers",
                baseSize: 25_000,
                prepare: { numbers in
                    let array = Array(repeating: "1", count: numbers).joined(separator: ",")
                    let data = Data(#"{"settings": {"big": [\#(array)]}, "rules": []}"#.utf8)
                    return {
                        let configuration = try PathConfiguration(data: data)
                        guard case .array(let items)? = configuration.settings["big"] else { return -1 }
                        return items.count
                    }
                }),
            ScalingCase(
                name: "json-read-records", input: "PathConfiguration(data:), settings holding n route-like records",
                baseSize: 400,
                prepare: { records in
                    let array = Array(repeating: record, count: records).joined(separator: ",")
                    let data = Data(#"{"settings": {"records": [\#(array)]}, "rules": []}"#.utf8)
                    return {
                        let configuration = try PathConfiguration(data: data)
                        guard case .array(let items)? = configuration.settings["records"] else { return -1 }
                        return items.count
                    }
                }),
            ScalingCase(
                name: "route-check", input: "RouteFile.diagnostics (waymark check), n routes `:a<int>/sN`",
                baseSize: 100,
                prepare: { routes in
                    let data = routeFile((0..<routes).map { (name: "r\($0)", template: ":a<int>/s\($0)") })
                    return { RouteFile.diagnostics(for: data).count }
                }),
            ScalingCase(
                name: "route-check-prefix", input: "RouteFile.diagnostics (waymark check), n routes `a/sN`",
                baseSize: 100,
                prepare: { routes in
                    let data = routeFile((0..<routes).map { (name: "r\($0)", template: "a/s\($0)") })
                    return { RouteFile.diagnostics(for: data).count }
                }),
            ScalingCase(
                name: "route-check-copies", input: "RouteFile.diagnostics (waymark check), n copies of `a/:id`",
                baseSize: 100,
                prepare: { routes in
                    let data = routeFile((0..<routes).map { (name: "r\($0)", template: "a/:id") })
                    return { RouteFile.diagnostics(for: data).count }
                }),
            ScalingCase(
                name: "template-params",
                input: "RouteFile.diagnostics (waymark check), one template of n parameters", baseSize: 400,
                prepare: { parameters in
                    let template = (0..<parameters).map { ":p\($0)" }.joined(separator: "/")
                    let data = routeFile([(name: "p", template: template)])
                    return { RouteFile.diagnostics(for: data).count }
                }),
        ]
    }

    /// A record shaped like a route of a route file.
    private static let record =
        #"{"name":"r","template":"a/:b<int>","scopes":["appAny"],"priority":1,"internal":false,"#
        + #""properties":{"context":"modal","title":"x","n":[1,2,3]}}"#

    /// A route file with these routes and the scheme `app`.
    private static func routeFile(_ routes: [(name: String, template: String)]) -> Data {
        let items = routes.map { #"{"name":"\#($0.name)","template":"\#($0.template)"}"# }
        return Data(#"{"schemes":["app"],"routes":[\#(items.joined(separator: ","))]}"#.utf8)
    }

    /// The number of values in a JSON value, counted without recursion: the work's answer.
    private static func count(_ value: JSONValue) -> Int {
        var total = 0
        var pending = [value]
        while let next = pending.popLast() {
            total += 1
            switch next {
            case .array(let items): pending += items
            case .object(let members): pending += members.values
            default: break
            }
        }
        return total
    }
}
