import Testing
import Waymark

/// The matcher reads URLs eight bytes at a time and compares a literal's first sixteen bytes as two
/// words: these tests put every kind of byte at every offset around those boundaries, and check the
/// answers against what the bytes mean.
@Suite struct WordBoundaryTests {
    /// A literal of `length` bytes whose every byte differs from its neighbours.
    static func key(_ length: Int, seed: Int = 0) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-._~")
        return String((0..<length).map { alphabet[($0 * 7 + seed) % alphabet.count] })
    }

    static func table(_ templates: [String], options: RouteTableOptions = RouteTableOptions()) throws
        -> RouteTable<String>
    {
        var builder = RouteTableBuilder<String>(schemes: ["shop"], domains: ["shop.example.com"], options: options)
        for template in templates { builder.add(try RouteTemplate(parsing: template), to: template) }
        return try builder.build()
    }

    @Test func literalsOfEveryLengthMatchOnlyThemselves() throws {
        // Each length has its own seed, so that no key is another's prefix.
        let lengths = Array(1...40)
        let templates = lengths.map { "k/" + Self.key($0, seed: $0) }
        let table = try Self.table(templates)
        for length in lengths {
            let key = Self.key(length, seed: length)
            #expect(table.match(path: "/k/" + key)?.value == "k/" + key, "length \(length)")
            #expect(table.lookup("shop://k/" + key).match?.value == "k/" + key, "length \(length)")
            #expect(table.match(path: "/k/" + key + "x") == nil, "one byte longer than \(length)")
            if length > 1 {
                #expect(table.match(path: "/k/" + String(key.dropLast())) == nil, "one byte shorter than \(length)")
            }
            // A different byte at each position (the keys of other lengths never share all bytes).
            for position in 0..<length {
                var bytes = Array(key.utf8)
                bytes[position] = UInt8(ascii: "Z")
                let changed = String(decoding: bytes, as: UTF8.self)
                #expect(table.match(path: "/k/" + changed) == nil, "length \(length), position \(position)")
            }
        }
    }

    @Test func literalsThatShareTheirFirstSixteenBytesAreTold() throws {
        let stem = "summer-sale-2026"  // sixteen bytes
        let templates = ["p/" + stem, "p/" + stem + "-a", "p/" + stem + "-b", "p/" + stem + "-ab", "p/" + stem + "x"]
        let table = try Self.table(templates)
        for template in templates {
            #expect(table.match(path: "/" + template)?.value == template)
        }
        #expect(table.match(path: "/p/" + stem + "-c") == nil)
        #expect(table.match(path: "/p/" + stem + "-a-") == nil)
    }

    /// Keys of 17 to 24 bytes that agree on their first sixteen and their length differ only in the
    /// third word, so a probe that meets a sibling's record must compare it: with many siblings in
    /// the table, the probes of the missing ones meet registered ones.
    @Test func siblingsThatDifferOnlyPastSixteenBytesAreTold() throws {
        let stem = "summer-sale-2026"  // sixteen bytes
        let suffixes = (0..<400).map { String($0 + 1000) }  // four bytes: 20-byte keys
        let registered = suffixes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let missing = suffixes.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let table = try Self.table(registered.map { "p/" + stem + $0 } + ["p/" + stem + "-x" + "/y"])
        for suffix in registered {
            #expect(table.match(path: "/p/" + stem + suffix)?.value == "p/" + stem + suffix)
        }
        for suffix in missing {
            #expect(table.match(path: "/p/" + stem + suffix) == nil, "\(suffix)")
        }
        // Seventeen and twenty-four bytes, the ends of the three-word probe.
        #expect(table.match(path: "/p/" + stem + "-") == nil)
        #expect(table.match(path: "/p/" + stem + "-x/y")?.value == "p/" + stem + "-x/y")
        #expect(table.match(path: "/p/" + stem + "12345678") == nil)
    }

    @Test func escapesAndNonASCIIBytesAtEveryOffsetCompareDecoded() throws {
        for length in 1...20 {
            for position in 0..<length {
                var key = Array(Self.key(length, seed: position))
                key[position] = "é"
                let literal = String(key)
                let table = try Self.table(["d/" + literal, "d/:other"])
                let escaped = literal.addingPercentEncodingForPath()
                #expect(table.match(path: "/d/" + literal)?.value == "d/" + literal, "\(literal)")
                #expect(table.match(path: "/d/" + escaped)?.value == "d/" + literal, "\(escaped)")
                // An escape of an ordinary byte still compares decoded.
                let plain = Self.key(length)
                let plainTable = try Self.table(["d/" + plain, "d/:other"])
                let characters = Array(plain)
                let hex = String(characters[position].asciiValue ?? 0, radix: 16, uppercase: true)
                let escapedPlain =
                    String(characters[..<position]) + "%" + hex + String(characters[(position + 1)...])
                #expect(
                    plainTable.match(path: "/d/" + escapedPlain)?.value == "d/" + plain,
                    "\(plain) with byte \(position) escaped")
            }
        }
    }

    @Test func aControlCharacterAtAnyOffsetMakesTheStringInvalid() throws {
        let table = try Self.table(["c/:value", "c/*rest"])
        for length in 1...24 {
            for position in 0..<length {
                for control: UInt8 in [0x00, 0x09, 0x1F, 0x7F] {
                    var bytes = Array(Self.key(length).utf8)
                    bytes[position] = control
                    let segment = String(decoding: bytes, as: UTF8.self)
                    for url in ["/c/" + segment, "/c/x?q=" + segment, "/c/x#" + segment, "/c/x?q=1#" + segment] {
                        #expect(table.match(path: url) == nil, "\(url.debugDescription)")
                        #expect(table.lookup(url).outcome == .invalid, "\(url.debugDescription)")
                    }
                }
            }
        }
    }

    @Test func bytesTheWordTestStopsAtButThatAreOrdinaryStayInTheirSegment() throws {
        // ' ', '!', '"' and '$' are below '&', like the bytes that end a segment.
        for character in [" ", "!", "\"", "$", "&", "'", "+", ",", ";", "=", "@"] {
            for length in 1...18 {
                for position in 0..<length {
                    var key = Array(Self.key(length))
                    key[position] = Character(character)
                    let literal = String(key)
                    let table = try Self.table(["o/" + literal + "/end", "o/:value/end"])
                    #expect(
                        table.match(path: "/o/" + literal + "/end")?.value == "o/" + literal + "/end",
                        "\(literal.debugDescription)")
                }
            }
        }
    }

    @Test func theQueryAndFragmentEndThePathAtAnyOffset() throws {
        let table = try Self.table(["q/:value"])
        for length in 1...20 {
            let value = Self.key(length)
            for suffix in ["?a=1", "#top", "?a=1#top", "?", "#", "?a=1&b=%20#f?g"] {
                let lookup = table.lookup("/q/" + value + suffix)
                #expect(lookup.match?.parameters["value"] == value, "\(value + suffix)")
                #expect(table.match(path: "/q/" + value + suffix)?.parameters["value"] == value)
            }
            #expect(table.lookup("/q/" + value + "?a=" + value).url?.query["a"] == value)
        }
    }

    @Test func caseInsensitiveTablesFoldLongKeys() throws {
        let keys = [Self.key(7), Self.key(8), Self.key(9), Self.key(16), Self.key(17), Self.key(33)]
        let table = try Self.table(keys.map { "ci/" + $0 }, options: RouteTableOptions(caseInsensitivePaths: true))
        for key in keys {
            #expect(table.match(path: "/CI/" + key.uppercased())?.value == "ci/" + key, "\(key)")
            #expect(table.match(path: "/ci/" + key.uppercased() + "x") == nil, "\(key)")
        }
    }

    @Test func theHostOfAnAppLinkFoldsLongKeys() throws {
        let keys = [Self.key(5), Self.key(8), Self.key(16), Self.key(17), Self.key(30)]
        let table = try Self.table(keys.map { $0 + "/x" })
        for key in keys {
            #expect(table.lookup("shop://" + key.uppercased() + "/x").match?.value == key + "/x", "\(key)")
            #expect(table.lookup("shop://" + key + "y/x").match == nil, "\(key)")
            // Only the host folds: the same key as a path segment is compared exactly.
            #expect(table.match(path: "/" + key.uppercased() + "/x") == nil, "\(key)")
        }
    }

    /// Literals written so that their edge hashes collide (the hash is not meant to resist that) —
    /// with each other, with the typed child's tag, and with the parameter child's tag — share node
    /// keys, and so places in the table: the parent's index and the bytes still decide.
    @Test func literalsWhoseHashesCollideStillLeadToTheirOwnChildren() throws {
        let table = try Self.table([
            "aaaaaaaabbbbbbbb/x", "avzwkbyKbUzEqmt5/x",  // equal edge hashes
            "audajhugQcy1OteI/a", ":id<int>/a",  // the first's hash is the typed child's tag
            "xmgesjhi4qJeFV5Z/b", ":slug/b",  // the first's hash is the parameter child's tag
        ])
        #expect(table.match(path: "/aaaaaaaabbbbbbbb/x")?.value == "aaaaaaaabbbbbbbb/x")
        #expect(table.match(path: "/avzwkbyKbUzEqmt5/x")?.value == "avzwkbyKbUzEqmt5/x")
        #expect(table.lookup("shop://AVZWKBYKBUZEQMT5/x").match?.value == "avzwkbyKbUzEqmt5/x")
        #expect(table.lookup("shop://aaaaaaaaBBBBBBBB/x").match?.value == "aaaaaaaabbbbbbbb/x")
        #expect(table.match(path: "/5/a")?.value == ":id<int>/a")
        #expect(table.match(path: "/audajhugQcy1OteI/a")?.value == "audajhugQcy1OteI/a")
        #expect(table.match(path: "/anything/b")?.value == ":slug/b")
        #expect(table.match(path: "/xmgesjhi4qJeFV5Z/b")?.value == "xmgesjhi4qJeFV5Z/b")
        #expect(table.candidates("/avzwkbyKbUzEqmt5/x").matches.map(\.value) == ["avzwkbyKbUzEqmt5/x"])
    }

    @Test func manyParametersAndCatchAllsDecodeFromTheMatchedString() throws {
        let table = try Self.table([
            "m/:a/:b/:c/:d/:e/:f", "w/:a/*rest", "e/été/:a",
        ])
        let six = try #require(table.match(path: "//m//1/two/%33/four%2Ffive/5/six?x=1"))
        #expect(six.parameters.map(\.value) == ["1", "two", "3", "four/five", "5", "six"])
        #expect(six.parameters.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        let rest = try #require(table.match(path: "/w/a%20b/c//d/e%2Ff"))
        #expect(rest.parameters["a"] == "a b")
        #expect(rest.wildcard == ["c", "d", "e/f"])
        #expect(table.match(path: "/w/only")?.wildcard == [])
        #expect(table.match(path: "/e/été/9")?.parameters["a"] == "9")
    }
}

extension String {
    /// The string with every byte outside the unreserved set percent-encoded.
    fileprivate func addingPercentEncodingForPath() -> String {
        var result = ""
        for byte in utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D
                || byte == 0x2E || byte == 0x5F || byte == 0x7E
            {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
