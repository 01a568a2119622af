@testable import StateRestoration
import Testing

/// The reader's parallel map: the same elements in the same order as a plain map, whatever the
/// number of threads and chunk sizes.
@Suite struct ParallelMapTests {
    @Test(arguments: [0, 1, 255, 256, 511, 512, 1_000, 1_001])
    func matchesASequentialMap(count: Int) {
        for threads in 1...4 {
            for minimum in [1, 7, 256] {
                let result = parallelMap(count: count, maximumThreads: threads, minimumPerThread: minimum) { $0 * 3 + 1 }
                #expect(result == (0..<count).map { $0 * 3 + 1 }, "threads \(threads), at least \(minimum) a thread")
            }
        }
    }
}
