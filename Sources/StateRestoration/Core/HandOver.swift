/// Carries a value into a closure that runs on another thread (a draft into the task that
/// writes it, a state into its bookkeeping, a value into the block that frees it), which takes
/// it out: the closure then holds the only reference, so changing the value copies nothing and
/// dropping it frees it there. Written once by the caller, taken once by the closure, never both
/// at once.
final class HandOver<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: consuming Value) { self.value = value }
    func take() -> Value? { value.take() }
}
