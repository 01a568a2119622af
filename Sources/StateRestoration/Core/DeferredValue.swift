import Foundation

/// A value computed on a background thread, which whoever needs it first can compute instead:
/// the work runs once, on whichever thread gets to it first, and asking never waits for a thread
/// that has not started.
///
/// The store finishes its bookkeeping after a write this way: the caller of `write` gets its
/// report as soon as the transaction commits, and the next save, which needs the bookkeeping,
/// waits for it only while it is still running.
final class DeferredValue<Value>: @unchecked Sendable {
    private enum State {
        case pending(() -> Value)
        case running
        case done(Value)
        case taken
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var state: State

    /// Starts `work` on `queue`.
    init(on queue: DispatchQueue = .global(qos: .userInitiated), _ work: @escaping () -> Value) {
        state = .pending(work)
        queue.async { self.runIfPending(keeping: true) }
    }

    /// The value, moved out: computed here if no thread has started it, else waited for. `nil`
    /// once taken.
    func take() -> Value? {
        if let value = runIfPending(keeping: false) { return value }
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .done(let value):
                // Moved out, so the caller holds the only copy.
                state = .taken
                return value
            case .taken:
                return nil
            case .pending, .running:
                condition.wait()
            }
        }
    }

    /// Runs the work if nobody has. Keeps the value for `take()` when asked to, else returns it.
    @discardableResult
    private func runIfPending(keeping: Bool) -> Value? {
        condition.lock()
        guard case .pending(let work) = state else {
            condition.unlock()
            return nil
        }
        state = .running
        condition.unlock()
        let value = work()
        condition.lock()
        defer { condition.unlock() }
        guard keeping else {
            state = .taken
            condition.broadcast()
            return value
        }
        state = .done(value)
        condition.broadcast()
        return nil
    }
}
