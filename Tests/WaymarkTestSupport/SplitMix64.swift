/// SplitMix64 with the draws of the project's Python generators (`below`, `pick`, `chance`,
/// `shuffle`), so that a set generated here equals the one generated there for the same seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), as the Python generators draw it: the next value modulo
    /// the bound.
    public mutating func below(_ bound: Int) -> Int {
        // narrowing: the remainder is below `bound`, an `Int`.
        Int(next() % UInt64(bound))
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    /// `true` with probability `probability`, drawn in millionths.
    public mutating func chance(_ probability: Double) -> Bool {
        Double(below(1_000_000)) < probability * 1_000_000
    }

    /// Fisher–Yates from the end, as the Python generators shuffle.
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        var index = elements.count - 1
        while index > 0 {
            elements.swapAt(index, below(index + 1))
            index -= 1
        }
    }
}

/// The name the property tests use for a repeatable random number generator: the same seed gives the
/// same sequence on every machine, so a failing property test can be replayed from the seed in its
/// message.
public typealias SeededGenerator = SplitMix64
