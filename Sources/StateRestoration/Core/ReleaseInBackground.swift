import Dispatch

/// Lets go of `value` on `queue`, so that freeing a large value graph (a restore's thousand
/// records with their keyed values) does not hold the caller, usually the main actor.
///
/// The block keeps its own reference: whichever side lets go last frees the value, in practice
/// the block, which runs after the caller has moved on. Nothing else is shared, so either is safe.
func releaseInBackground<Value: Sendable>(_ value: Value, on queue: DispatchQueue = .global(qos: .utility)) {
    queue.async { withExtendedLifetime(value) {} }
}
