import Dispatch

/// Lets go of `value` on `queue`, so that freeing a large value graph (a restore's thousand
/// records with their keyed values) does not hold the caller, usually the main actor.
///
/// Pass the caller's only reference (`releaseInBackground(consume value)`): the value then
/// lives in a box that only the block empties, so it is freed there whatever the timing. A block
/// that kept a second reference instead freed nothing when it ran before the caller let go.
func releaseInBackground<Value: Sendable>(_ value: consuming Value, on queue: DispatchQueue = .global(qos: .utility)) {
    let box = ReleaseBox(value)
    queue.async { box.empty() }
}

/// Holds a value until ``empty()``. Only the releasing block touches it after its creation.
private final class ReleaseBox<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    init(_ value: consuming Value) { self.value = value }
    func empty() { value = nil }
}
