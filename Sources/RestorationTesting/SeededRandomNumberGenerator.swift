import Foundation

/// A small, fast, seedable generator (SplitMix64) for randomized restore tests: print the seed
/// on failure and the same case replays from it.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seeds a randomized test runs: `defaultCount` consecutive seeds from `first`, as many
    /// as the environment variable `countVariable` says for a soak, or only the one in
    /// `replayVariable` to replay a failure.
    public static func seeds(first: UInt64, defaultCount: Int, countVariable: String, replayVariable: String) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment[replayVariable].flatMap(UInt64.init) { return [one] }
        let count = environment[countVariable].flatMap(Int.init) ?? defaultCount
        return (0..<UInt64(max(count, 0))).map { first &+ $0 }
    }
}
