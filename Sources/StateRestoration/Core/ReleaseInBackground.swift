import Dispatch

/// Lets go of `value` on `queue`, so that freeing a large value graph (a restore's thousand
/// records with their keyed values) does not hold the caller, usually the main actor.
///
/// Pass the caller's only reference (`releaseInBackground(consume value)`): the value is then
/// handed over to the block, which takes it and drops it, so it is freed there whatever the
/// timing. A block that kept a second reference instead freed nothing when it ran before the
/// caller let go.
func releaseInBackground<Value: Sendable>(_ value: consuming Value, on queue: DispatchQueue = .global(qos: .utility)) {
    let handOver = HandOver(value)
    queue.async(group: pendingReleases) { _ = handOver.take() }
}

/// The releases queued and not yet run, process-wide.
let pendingReleases = DispatchGroup()

/// Returns once every release queued so far has run: for a benchmark that must not time an
/// operation while an earlier one's values are still being freed beside it.
@_spi(Restoration)
public func waitForBackgroundReleases() {
    pendingReleases.wait()
}
