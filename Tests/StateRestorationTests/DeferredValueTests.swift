import Dispatch
import Foundation
@testable import StateRestoration
import Testing

/// The store's bookkeeping after a write: computed once, on whichever thread gets to it first.
@Suite struct DeferredValueTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// No thread has started it (the queue is held): the caller computes it, and the queue's
    /// turn later does nothing.
    @Test func theCallerComputesWhatNoThreadStarted() {
        let queue = DispatchQueue(label: "deferred-held")
        queue.suspend()
        let runs = Counter()
        let deferred = DeferredValue(on: queue) { () -> Int in
            runs.increment()
            return 42
        }
        #expect(deferred.take() == 42)
        #expect(deferred.take() == nil, "taken once")
        queue.resume()
        queue.sync {}
        #expect(runs.value == 1)
    }

    /// Started elsewhere: the caller gets that result, whether it asks while the work runs (it
    /// waits) or after, and the work is not run again.
    @Test func workStartedElsewhereIsNotComputedAgain() {
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let runs = Counter()
        let deferred = DeferredValue(on: DispatchQueue(label: "deferred-running")) { () -> [Int] in
            runs.increment()
            started.signal()
            release.wait()
            return [1, 2, 3]
        }
        started.wait()
        let taken = DispatchSemaphore(value: 0)
        let result = ResultBox()
        DispatchQueue.global().async {
            result.set(deferred.take())
            taken.signal()
        }
        release.signal()
        taken.wait()
        #expect(result.value == [1, 2, 3])
        #expect(runs.value == 1)
        #expect(deferred.take() == nil)
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Int]?
        func set(_ value: [Int]?) { lock.withLock { stored = value } }
        var value: [Int]? { lock.withLock { stored } }
    }
}
