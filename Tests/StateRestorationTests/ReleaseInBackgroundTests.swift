import Dispatch
import Foundation
@_spi(Restoration) @testable import StateRestoration
import Testing

/// Freeing a restore's records off the caller's thread.
@Suite struct ReleaseInBackgroundTests {
    static let queueKey = DispatchSpecificKey<String>()

    /// Reports, once, on which queue it was freed.
    final class Witness: Sendable {
        let freed: @Sendable (String?) -> Void
        init(freed: @escaping @Sendable (String?) -> Void) { self.freed = freed }
        deinit { freed(DispatchQueue.getSpecific(key: ReleaseInBackgroundTests.queueKey)) }
    }

    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var queueName: String??
        let done = DispatchSemaphore(value: 0)
        func record(_ name: String?) {
            lock.withLock { queueName = .some(name) }
            done.signal()
        }
        /// `nil` while not freed; then the label of the queue it was freed on, if any.
        var freedOn: String?? { lock.withLock { queueName } }
    }

    @Test @MainActor
    func theLastReferenceGoesOnTheQueueNotOnTheCaller() {
        let outcome = Outcome()
        let queue = DispatchQueue(label: "release-test")
        queue.setSpecific(key: Self.queueKey, value: "release-test")
        // Held until the caller has let go, so the order does not depend on scheduling.
        queue.suspend()
        do {
            let witness = Witness { outcome.record($0) }
            releaseInBackground(consume witness, on: queue)
        }
        #expect(outcome.freedOn == nil, "freed before the queue ran: the caller let go last")
        queue.resume()
        outcome.done.wait()
        #expect(outcome.freedOn == .some("release-test"))
    }

    @Test @MainActor
    func waitingForReleasesReturnsOnceTheQueuedOnesRan() {
        let outcome = Outcome()
        let queue = DispatchQueue(label: "release-wait-test")
        queue.setSpecific(key: Self.queueKey, value: "release-wait-test")
        queue.suspend()
        do {
            let witness = Witness { outcome.record($0) }
            releaseInBackground(consume witness, on: queue)
        }
        // Polled, not waited for: the release is counted as pending while its queue holds it.
        #expect(pendingReleases.wait(timeout: .now()) == .timedOut, "a queued release is not counted")
        queue.resume()
        waitForBackgroundReleases()
        // No wait on the witness: returning from the wait means it was freed.
        #expect(outcome.freedOn == .some("release-wait-test"))
    }
}
