import Foundation

/// Hand-written gzip (RFC 1952) and zlib (RFC 1950, HTTP's `deflate`) streams for the test server, so
/// the loader can be tested against compressed answers on Linux, where Foundation has no compression
/// API. Two kinds of deflate (RFC 1951) data are enough:
/// - ``stored(_:)``: the bytes as they are, in stored blocks (valid deflate, no compression);
/// - ``repeatedRun(prefix:byte:count:)``: a prefix, then one byte repeated `count` times, written as
///   back-references of 258 bytes at distance 1 in one fixed-Huffman block: 13 bits per 258 bytes
///   of output, so 200 MB decode from about 1.3 MB (a "zip bomb").
/// The trailers (CRC-32, Adler-32, sizes) are real, so a decoder that checks them accepts the
/// streams; a run's checksums are computed in closed form, not by reading 200 MB.
enum Compression {
    // MARK: - Containers

    /// A gzip member: header, deflate data, CRC-32 and size of the decoded bytes.
    static func gzip(_ deflate: DeflateData) -> Data {
        // ID1 ID2, CM = 8 (deflate), no flags, no time, no extra flags, OS = 255 (unknown).
        var out = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])
        out.append(deflate.bytes)
        appendLittleEndian(deflate.crc32, to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: deflate.decodedCount), to: &out)
        return out
    }

    /// A zlib stream (what HTTP calls `Content-Encoding: deflate`): header, deflate data, Adler-32.
    static func zlib(_ deflate: DeflateData) -> Data {
        // CMF = 0x78 (deflate, 32 KiB window); FLG = 0x01 makes CMF·256 + FLG a multiple of 31.
        var out = Data([0x78, 0x01])
        out.append(deflate.bytes)
        for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: deflate.adler32 >> UInt32(shift))) }
        return out
    }

    /// Deflate data with what its trailers need: the decoded bytes' count and checksums.
    struct DeflateData {
        var bytes: Data
        var decodedCount: Int
        var crc32: UInt32
        var adler32: UInt32
    }

    // MARK: - Deflate data

    /// `data` in stored blocks of at most 65,535 bytes.
    static func stored(_ data: Data) -> DeflateData {
        var out = Data()
        let bytes = [UInt8](data)
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            // BFINAL in bit 0, BTYPE = 00 (stored) in bits 1–2; the rest of the byte is padding.
            out.append(end == bytes.count ? 0x01 : 0x00)
            let length = UInt16(end - start)
            appendLittleEndian(length, to: &out)
            appendLittleEndian(~length, to: &out)
            out.append(contentsOf: bytes[start..<end])
            start = end
        } while start < bytes.count
        return DeflateData(
            bytes: out, decodedCount: bytes.count, crc32: CRC32.checksum(bytes), adler32: Adler32.checksum(bytes))
    }

    /// `prefix`, then `byte` repeated `count` times (`count` ≥ 1), in one fixed-Huffman block.
    static func repeatedRun(prefix: [UInt8], byte: UInt8, count: Int) -> DeflateData {
        var writer = BitWriter()
        writer.write(0b1, bits: 1)  // BFINAL
        writer.write(0b01, bits: 2)  // BTYPE = 01: fixed Huffman codes
        for literal in prefix + [byte] { writer.writeFixedLiteral(literal) }
        var left = count - 1
        while left > 0 {
            // A back-reference copies 3…258 bytes; a last piece of 1 or 2 bytes is written as literals.
            if left < 3 {
                writer.writeFixedLiteral(byte)
                left -= 1
                continue
            }
            let length = min(left, 258)
            writer.writeFixedLength(length)
            writer.writeHuffman(0, bits: 5)  // distance code 0: distance 1, no extra bits
            left -= length
        }
        writer.writeHuffman(0, bits: 7)  // end of block (symbol 256)
        let crc = CRC32.combine(CRC32.checksum(prefix), CRC32.run(of: byte, count: count), secondLength: count)
        var adler = Adler32.State()
        adler.update(prefix)
        adler.updateRun(of: byte, count: count)
        return DeflateData(
            bytes: writer.finish(), decodedCount: prefix.count + count, crc32: crc, adler32: adler.value)
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        for index in 0..<(T.bitWidth / 8) { data.append(UInt8(truncatingIfNeeded: value >> (index * 8))) }
    }

    /// Packs bits least-significant first, as deflate does; Huffman codes go in most-significant
    /// bit first (RFC 1951 §3.1.1).
    private struct BitWriter {
        var out = Data()
        var buffer: UInt64 = 0
        var count = 0

        mutating func write(_ value: UInt32, bits: Int) {
            buffer |= UInt64(value) << UInt64(count)
            count += bits
            while count >= 8 {
                out.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func writeHuffman(_ code: UInt32, bits: Int) {
            var reversed: UInt32 = 0
            for index in 0..<bits where code & (1 << UInt32(index)) != 0 { reversed |= 1 << UInt32(bits - 1 - index) }
            write(reversed, bits: bits)
        }

        /// A literal byte with the fixed code: 0–143 in 8 bits from 0x30, 144–255 in 9 bits from 0x190.
        mutating func writeFixedLiteral(_ byte: UInt8) {
            if byte < 144 {
                writeHuffman(0x30 + UInt32(byte), bits: 8)
            } else {
                writeHuffman(0x190 + UInt32(byte) - 144, bits: 9)
            }
        }

        /// A length of 3…258 with the fixed code of its symbol (257–285) and its extra bits.
        mutating func writeFixedLength(_ length: Int) {
            let bases = [
                3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
                195, 227, 258,
            ]
            let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
            let index = bases.lastIndex { $0 <= length } ?? 0
            let symbol = 257 + index
            // Symbols 256–279 have 7-bit codes from 0; 280–287 have 8-bit codes from 0xC0.
            if symbol < 280 {
                writeHuffman(UInt32(symbol - 256), bits: 7)
            } else {
                writeHuffman(0xC0 + UInt32(symbol - 280), bits: 8)
            }
            write(UInt32(length - bases[index]), bits: extras[index])
        }

        mutating func finish() -> Data {
            if count > 0 { out.append(UInt8(truncatingIfNeeded: buffer)) }
            buffer = 0
            count = 0
            return out
        }
    }
}

/// CRC-32 (ISO 3309, as gzip uses it), with zlib's `crc32_combine` so that a run of one byte
/// repeated 200 million times costs a few matrix squarings, not 200 million table lookups.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    /// The CRC of `byte` repeated `count` times, by doubling: crc(2n) = combine(crc(n), crc(n), n).
    static func run(of byte: UInt8, count: Int) -> UInt32 {
        var result = checksum([])
        var resultLength = 0
        var power = checksum([byte])
        var powerLength = 1
        var left = count
        while left > 0 {
            if left & 1 != 0 {
                result = resultLength == 0 ? power : combine(result, power, secondLength: powerLength)
                resultLength += powerLength
            }
            left >>= 1
            if left > 0 {
                power = combine(power, power, secondLength: powerLength)
                powerLength *= 2
            }
        }
        return result
    }

    /// The CRC of A followed by B from crc(A), crc(B) and B's length (zlib's crc32_combine).
    static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        guard secondLength > 0 else { return first }
        // The operator for one zero bit, then for two, four… zero bits by squaring.
        var odd = [UInt32](repeating: 0, count: 32)
        odd[0] = 0xEDB8_8320
        for index in 1..<32 { odd[index] = 1 << UInt32(index - 1) }
        var even = square(odd)  // two zero bits
        odd = square(even)  // four zero bits
        var crc = first
        var length = secondLength
        repeat {
            even = square(odd)
            if length & 1 != 0 { crc = times(even, crc) }
            length >>= 1
            if length == 0 { break }
            odd = square(even)
            if length & 1 != 0 { crc = times(odd, crc) }
            length >>= 1
        } while length != 0
        return crc ^ second
    }

    private static func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
        var sum: UInt32 = 0
        var vector = vector
        var index = 0
        while vector != 0 {
            if vector & 1 != 0 { sum ^= matrix[index] }
            vector >>= 1
            index += 1
        }
        return sum
    }

    private static func square(_ matrix: [UInt32]) -> [UInt32] {
        matrix.map { times(matrix, $0) }
    }
}

/// Adler-32 (RFC 1950), with a run of one repeated byte in closed form.
enum Adler32 {
    static let modulus: UInt64 = 65_521

    struct State {
        var a: UInt64 = 1
        var b: UInt64 = 0

        var value: UInt32 { UInt32(b << 16 | a) }

        mutating func update(_ bytes: [UInt8]) {
            for byte in bytes {
                a = (a + UInt64(byte)) % modulus
                b = (b + a) % modulus
            }
        }

        /// `byte` repeated `count` times: after k bytes a = a₀ + k·c, so b grows by
        /// Σₖ (a₀ + k·c) = count·a₀ + c·count·(count+1)/2.
        mutating func updateRun(of byte: UInt8, count: Int) {
            let n = UInt64(count)
            let c = UInt64(byte)
            let triangle =
                (n % 2 == 0 ? (n / 2) % modulus * ((n + 1) % modulus) : n % modulus * (((n + 1) / 2) % modulus))
            b = (b + n % modulus * a + c * (triangle % modulus)) % modulus
            a = (a + n % modulus * c) % modulus
        }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var state = State()
        state.update(bytes)
        return state.value
    }
}
