import Foundation

/// How many threads the parallel paths use: the active processor count, read once. Foundation
/// reads it from the system on every call (cgroup and /proc files on Linux), which cost a
/// sixtieth of a restore when asked per batch (perf).
let parallelThreadCount = ProcessInfo.processInfo.activeProcessorCount

/// Runs `transform` over `0..<count` on up to `maximumThreads` threads, in contiguous chunks,
/// and returns the results in order. Below `minimumPerThread` items a chunk, one thread does it all.
func parallelMap<Element>(count: Int, maximumThreads: Int, minimumPerThread: Int,
                          _ transform: (Int) -> Element) -> [Element] {
    let threads = max(1, min(maximumThreads, count / max(minimumPerThread, 1)))
    guard threads > 1 else { return (0..<count).map(transform) }
    let chunks = UnsafeMutableBufferPointer<[Element]>.allocate(capacity: threads)
    chunks.initialize(repeating: [])
    defer {
        _ = chunks.deinitialize()
        chunks.deallocate()
    }
    // Each thread writes only its own slot; the closure is not escaping and returns after all.
    withoutActuallyEscaping(transform) { transform in
        let shared = UncheckedSendable((chunks, transform))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let (chunks, transform) = shared.value
            let lower = count * thread / threads
            let upper = count * (thread + 1) / threads
            chunks[thread] = (lower..<upper).map(transform)
        }
    }
    return Array(chunks.joined())
}

/// Hands a value to `concurrentPerform`'s threads where the caller guarantees they do not race.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
