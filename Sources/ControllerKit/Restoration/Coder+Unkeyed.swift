/// `NSCoder`'s unkeyed calls, for code written before keyed archiving: values are read back in
/// the order they were written. Each is kept under the key `$0`, `$1`, … of the same coder, so
/// tools show them; mixing them with keyed values of those names is not supported.
///
/// ```swift
/// coder.encode("draft")
/// coder.encode(3)
/// // At restore, in the same order:
/// let name = coder.decodeObject() as? String   // "draft"
/// let count = coder.decodeObject() as? Int     // 3
/// ```
extension Coder {
    /// Writes `value` after the unkeyed values written so far, as `NSCoder.encode(_:)`.
    public func encode(_ value: Any?) {
        encode(value, forKey: "$\(unkeyedWritten)")
        unkeyedWritten += 1
    }

    /// The next unkeyed value, as `NSCoder.decodeObject()`: `nil` once they are all read.
    public func decodeObject() -> Any? {
        defer { unkeyedRead += 1 }
        return decodeObject(forKey: "$\(unkeyedRead)")
    }
}
