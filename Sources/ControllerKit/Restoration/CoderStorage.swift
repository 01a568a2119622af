/// A coder's values (see ``Coder/storage``).
///
/// Writes are logged in order and turned into a table only when something reads: a controller's
/// `encodeRestorableState(with:)` then costs an append per key on the main actor, and a save can
/// take the log as it is (``Coder/takeUnreadWrites()``) and build the table, or the payload,
/// off the main actor. Hashing the keys into a table was the largest part of a capture
/// (callgrind: 29% of its instructions).
struct CoderStorage {
    /// The values as of the last read: as given (a restore gives them sorted), or a table once a
    /// write was applied.
    private var values: KeyedValues
    /// Writes since then, oldest first, written in place after the last log taken from it.
    private var writes = KeyedWrites.coderLog
    /// Where the values come from when they were not at hand as the coder was made, and which
    /// of its values: asked once, before anything reads (see ``KeyedValuesSource``).
    private var source: (any KeyedValuesSource)?
    private var sourceIndex = 0

    init(_ initial: KeyedValues) {
        values = initial
    }

    init(source: any KeyedValuesSource, index: Int) {
        values = KeyedValues()
        self.source = source
        sourceIndex = index
    }

    /// Empties it for values `index` of `source`, as ``init(source:index:)`` makes it, field by
    /// field: assigning a new storage copied the whole value and destroyed it twice (callgrind:
    /// about 450 instructions, most of reusing a coder).
    mutating func reset(source: any KeyedValuesSource, index: Int) {
        if !values.isEmpty { values = KeyedValues() }
        if hasWrites {
            writes = KeyedWrites.coderLog
            hasWrites = false
        }
        self.source = source
        sourceIndex = index
    }

    /// Whether it holds no values and no writes, as a new coder's does.
    var isEmpty: Bool { values.isEmpty && writes.isEmpty && source == nil }

    /// Whether anything was ever written, applied to the values since or not.
    private(set) var hasWrites = false

    /// Whether something must happen before a read: values to take from the source, or
    /// writes whose values wait to be encoded.
    var needsPreparation: Bool { source != nil || writes.hasDeferredEncodings }

    /// Takes the values from the source, once; the error to record when it has none. Writes
    /// logged before apply on top of them, as writes after a coder was made do.
    @MainActor
    mutating func takeFromSource() -> CoderError? {
        guard let source else { return nil }
        self.source = nil
        switch source.keyedValues(at: sourceIndex) {
        case .success(let taken):
            values = taken
            return nil
        case .failure(let error):
            return error
        }
    }

    mutating func write(_ value: consuming CodedValue?, forKey key: String) {
        hasWrites = true
        writes.append(value, forKey: key)
    }

    /// Logs a write of `value` to encode later: by whoever takes the writes, or before anything
    /// reads (``Coder`` runs ``runDeferredEncodings(path:)`` first, to report errors).
    mutating func writeDeferred(_ value: any Encodable & Sendable, forKey key: String) {
        hasWrites = true
        writes.appendDeferred(value, forKey: key)
    }

    /// Whether some writes still wait for their values to be encoded.
    var hasDeferredEncodings: Bool { writes.hasDeferredEncodings }

    /// Encodes the deferred values now; the errors of those that failed, oldest first.
    mutating func runDeferredEncodings(path: [String]) -> [CoderError] {
        writes.runDeferredEncodings(path: path)
    }

    /// Every value, the logged writes applied.
    var table: [String: CodedValue] {
        mutating get {
            applyWrites()
            return values.table
        }
    }

    mutating func value(forKey key: String) -> CodedValue? {
        applyWrites()
        return values.value(forKey: key)
    }

    mutating func applyWrites() {
        guard !writes.isEmpty else { return }
        let applying = writes
        writes = KeyedWrites.coderLog
        values.updateTable { applying.apply(to: &$0) }
    }

    /// The logged writes, moved out, when nothing was read or given at creation; else `nil`.
    mutating func takeWritesIfUnread() -> KeyedWrites? {
        guard values.isEmpty, source == nil else { return nil }
        // The next controller's writes go after these, in the same block.
        defer { writes = KeyedWrites(writingAfter: writes) }
        return writes.handedOut
    }
}
