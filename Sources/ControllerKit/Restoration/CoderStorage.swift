/// A coder's values, in memory the coder owns (see ``Coder/storage``).
///
/// Writes are logged in order and turned into a table only when something reads: a controller's
/// `encodeRestorableState(with:)` then costs an append per key on the main actor, and a save can
/// take the log as it is (``Coder/takeUnreadWrites()``) and build the table, or the payload,
/// off the main actor. Hashing the keys into a table was the largest part of a capture
/// (callgrind: 29% of its instructions).
@usableFromInline
struct CoderStorage: @unchecked Sendable {
    // Unchecked: only the coder that made it reaches the pointer, on the main actor, and its
    // `deinit` releases it once nothing else can.
    @usableFromInline let contents: UnsafeMutablePointer<Contents>

    @usableFromInline
    struct Contents {
        /// The values as of the last read: as given (a restore gives them sorted), or a table
        /// once a write was applied.
        var values: KeyedValues
        /// Writes since then, oldest first.
        var writes: KeyedWrites
    }

    init(_ initial: KeyedValues) {
        contents = .allocate(capacity: 1)
        contents.initialize(to: Contents(values: initial, writes: KeyedWrites()))
    }

    func release() {
        contents.deinitialize(count: 1)
        contents.deallocate()
    }

    func write(_ value: CodedValue?, forKey key: String) {
        contents.pointee.writes.append(value, forKey: key)
    }

    /// Every value, the logged writes applied.
    var table: [String: CodedValue] {
        applyWrites()
        return contents.pointee.values.table
    }

    @usableFromInline
    func value(forKey key: String) -> CodedValue? {
        applyWrites()
        return contents.pointee.values.value(forKey: key)
    }

    @usableFromInline
    func applyWrites() {
        guard !contents.pointee.writes.isEmpty else { return }
        let writes = contents.pointee.writes
        contents.pointee.writes = KeyedWrites()
        contents.pointee.values.updateTable { writes.apply(to: &$0) }
    }

    /// The logged writes, moved out, when nothing was read or given at creation; else `nil`.
    func takeWritesIfUnread() -> KeyedWrites? {
        guard contents.pointee.values.isEmpty else { return nil }
        defer { contents.pointee.writes = KeyedWrites() }
        return contents.pointee.writes
    }
}
