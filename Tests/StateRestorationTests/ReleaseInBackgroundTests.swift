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

    /// A witness released on a queue labelled `label`, held suspended until the caller has let
    /// go, so that the order does not depend on scheduling; the caller resumes it.
    @MainActor
    func releaseWitness(onSuspended label: String) -> (outcome: Outcome, queue: DispatchQueue) {
        let outcome = Outcome()
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.queueKey, value: label)
        queue.suspend()
        do {
            let witness = Witness { outcome.record($0) }
            releaseInBackground(consume witness, on: queue)
        }
        return (outcome, queue)
    }

    @Test @MainActor
    func theLastReferenceGoesOnTheQueueNotOnTheCaller() {
        let (outcome, queue) = releaseWitness(onSuspended: "release-test")
        #expect(outcome.freedOn == nil, "freed before the queue ran: the caller let go last")
        queue.resume()
        outcome.done.wait()
        #expect(outcome.freedOn == .some("release-test"))
    }

    @Test @MainActor
    func waitingForReleasesReturnsOnceTheQueuedOnesRan() {
        let (outcome, queue) = releaseWitness(onSuspended: "release-wait-test")
        // Polled, not waited for: the release is counted as pending while its queue holds it.
        #expect(pendingReleases.wait(timeout: .now()) == .timedOut, "a queued release is not counted")
        queue.resume()
        waitForBackgroundReleases()
        // No wait on the witness: returning from the wait means it was freed.
        #expect(outcome.freedOn == .some("release-wait-test"))
    }
}
