import RestorationTesting
import Testing

@Suite struct SeededRandomNumberGeneratorTests {
    @Test func producesTheReferenceSplitMix64Sequence() {
        // The published SplitMix64 outputs for seed 0: a replayed seed must give the same cases
        // on every platform and release, so the algorithm is pinned, not just "deterministic".
        var generator = SeededRandomNumberGenerator(seed: 0)
        let outputs = (0..<3).map { _ in generator.next() }
        #expect(outputs == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func theSameSeedReplaysAndAnotherSeedDiffers() {
        var first = SeededRandomNumberGenerator(seed: 42)
        var again = SeededRandomNumberGenerator(seed: 42)
        var other = SeededRandomNumberGenerator(seed: 43)
        let a = (0..<8).map { _ in first.next() }
        #expect(a == (0..<8).map { _ in again.next() })
        #expect(a != (0..<8).map { _ in other.next() })
    }
}
