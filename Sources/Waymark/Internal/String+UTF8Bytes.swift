extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place for a native string (no copy, no retain
    /// of a local copy), through a contiguous copy otherwise (a bridged string).
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
