/// Hands a value to other threads where the caller guarantees they do not race.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
