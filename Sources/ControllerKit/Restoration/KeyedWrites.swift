/// A coder's writes in the order they were made, `nil` for a removal: what a controller's
/// `encodeRestorableState(with:)` said, before it is made into a table of values. The save
/// takes it from the coder on the main actor and builds the table or the payload elsewhere.
@_spi(Restoration)
public struct KeyedWrites: Sendable {
    /// One write: its key, and its value, `nil` for a removal. A write whose encoding is
    /// deferred holds a placeholder until it is encoded.
    struct Entry: Sendable {
        let key: String
        var value: CodedValue?
    }

    // One array of entries, not keys and values apart: a capture makes one per controller on
    // the main actor, and the second array's allocation was a seventh of a capture of 10,000
    // (callgrind).
    /// The writes, oldest first, when they are this log's own; empty while `shared` holds them.
    private var owned: [Entry] = []
    /// Where the writes are when a coder wrote them in place (see ``WriteBlock``): this log's
    /// are `sharedCount` slots from `start`.
    private var shared: WriteBlock?
    private var start = 0
    private var sharedCount = 0
    /// Whether this log may write past its end into `shared`: a coder's own log, on the coder's
    /// one thread. A log handed out (``Coder/takeUnreadWrites()``) copies its writes before any
    /// change.
    private var appendsInPlace = false
    /// The writes whose value is encoded later, on whatever thread takes the writes, in write
    /// order.
    private var deferred: [DeferredEncoding] = []

    /// A `Sendable` value to encode later, which needs nothing from the main actor, and where
    /// its write is. An existential rather than a closure: a small struct fits in its inline
    /// buffer, where a closure's context was an allocation per value (callgrind).
    struct DeferredEncoding: Sendable {
        var position: Int
        var value: any Encodable & Sendable

        /// The value as ``Coder/encodeEncodable(_:forKey:)`` stores it.
        func encoded(key: String, path: [String]) -> Result<CodedValue, CoderError> {
            CodableTree.stored(value, key: key, path: path)
        }
    }

    /// No writes.
    public init() {}

    /// A coder's empty log, which writes in place after the writes of `previous`, the log the
    /// same coder wrote before (taken from it since): one controller's writes after another's.
    init(writingAfter previous: KeyedWrites) {
        appendsInPlace = true
        guard let block = previous.shared else { return }
        shared = block
        start = previous.start + previous.sharedCount
    }

    /// A coder's empty log that writes in place, in blocks of its own.
    static var coderLog: KeyedWrites { KeyedWrites(writingAfter: KeyedWrites()) }

    /// This log as handed out of its coder: it reads its own writes where they are, and copies
    /// them before any change.
    var handedOut: KeyedWrites {
        var log = self
        log.appendsInPlace = false
        return log
    }

    /// Whether nothing was written.
    public var isEmpty: Bool { count == 0 }

    /// The block the writes are in, `nil` when they are this log's own: for tests that check
    /// that a coder's logs share blocks.
    var sharedBlock: ObjectIdentifier? { shared.map(ObjectIdentifier.init) }

    /// How many writes there are.
    private var count: Int { shared == nil ? owned.count : sharedCount }

    /// Whether some writes still wait for their values to be encoded.
    public var hasDeferredEncodings: Bool { !deferred.isEmpty }

    /// The writes, oldest first, wherever they are.
    private func withEntries<Result>(_ body: (UnsafeBufferPointer<Entry>) -> Result) -> Result {
        guard let shared else { return owned.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(start: shared.base + start, count: sharedCount))
    }

    mutating func append(_ value: consuming CodedValue?, forKey key: String) {
        append(Entry(key: key, value: value))
    }

    /// Logs a write of `value`, to be encoded later (``runDeferredEncodings(path:)``, or
    /// ``sortedValues(reusing:path:errors:)``).
    mutating func appendDeferred(_ value: any Encodable & Sendable, forKey key: String) {
        deferred.append(DeferredEncoding(position: count, value: value))
        // Not `nil`, which is a removal: replaced once encoded.
        append(Entry(key: key, value: .bool(false)))
    }

    private mutating func append(_ entry: consuming Entry) {
        guard appendsInPlace else {
            makeOwned()
            // A controller writes about ten keys: room for sixteen at once, not four reallocations.
            if owned.isEmpty { owned.reserveCapacity(16) }
            owned.append(entry)
            return
        }
        if let block = shared, start + sharedCount == block.count, block.count < block.capacity {
            block.append(entry)
            sharedCount += 1
            return
        }
        moveToNewBlock()
        shared?.append(entry)
        sharedCount += 1
    }

    /// Moves the writes into a new block with room for more: sixteen for a coder's first
    /// controller, up to a thousand and twenty-four after (about a hundred controllers' writes),
    /// and twice the log for a log longer than that.
    private mutating func moveToNewBlock() {
        let previous = shared?.capacity ?? 4
        let block = WriteBlock(capacity: max(min(previous * 4, 1_024), 2 * count))
        withEntries { entries in
            for entry in entries { block.append(entry) }
        }
        owned = []
        shared = block
        start = 0
    }

    /// Copies the writes out of a shared block into this log's own array, before a change
    /// other than an append in place.
    private mutating func makeOwned() {
        guard shared != nil else { return }
        owned = withEntries { Array($0) }
        shared = nil
        start = 0
        sharedCount = 0
    }

    /// Encodes the deferred writes' values in place; `path` is the coder's, for errors. A value
    /// that fails to encode leaves its write out, as if it had not been made (an earlier write
    /// of the key stands), and its error is returned, oldest first.
    public mutating func runDeferredEncodings(path: [String]) -> [CoderError] {
        guard !deferred.isEmpty else { return [] }
        var errors: [CoderError] = []
        let encodedValues = encodeDeferred(path: path, errors: &errors)
        makeOwned()
        // Written in place no more: the writes after these are not this log's.
        appendsInPlace = false
        var failed: [Int] = []
        for (slot, entry) in deferred.enumerated() {
            if let value = encodedValues[slot] { owned[entry.position].value = value } else { failed.append(entry.position) }
        }
        deferred = []
        for position in failed.reversed() { owned.remove(at: position) }
        return errors
    }

    /// Each deferred value encoded, in write order (so errors come oldest first), `nil` where it
    /// failed; the errors appended to `errors`.
    private func encodeDeferred(path: [String], errors: inout [CoderError]) -> [CodedValue?] {
        var encodedValues: [CodedValue?] = []
        encodedValues.reserveCapacity(deferred.count)
        withEntries { entries in
            for entry in deferred {
                switch entry.encoded(key: entries[entry.position].key, path: path) {
                case .success(let value): encodedValues.append(value)
                case .failure(let error):
                    errors.append(error)
                    encodedValues.append(nil)
                }
            }
        }
        return encodedValues
    }

    /// The values these writes leave, applied over `table`: the last write of a key wins.
    /// Deferred values are encoded on a copy, their errors not kept: whoever reports encoding
    /// errors encodes first.
    public func apply(to table: inout [String: CodedValue]) {
        guard deferred.isEmpty else {
            var encoded = self
            _ = encoded.runDeferredEncodings(path: [])
            return encoded.apply(to: &table)
        }
        withEntries { entries in
            if table.isEmpty { table.reserveCapacity(entries.count) }
            for index in entries.indices { table[entries[index].key] = entries[index].value }
        }
    }

    /// The values these writes leave, as a table.
    public var table: [String: CodedValue] {
        var table: [String: CodedValue] = [:]
        apply(to: &table)
        return table
    }

    /// The values these writes leave, sorted by key, without building a table: the last write
    /// of a key wins and a removal drops it.
    public var sortedValues: [(key: String, value: CodedValue)] {
        var orders = SortOrders()
        return sortedValues(reusing: &orders)
    }

    /// ``sortedValues``, sorting the keys only when `orders` has not seen them in this order.
    /// Deferred values are encoded on the way, their errors not kept: whoever reports encoding
    /// errors uses ``sortedValues(reusing:path:errors:)``.
    public func sortedValues(reusing orders: inout SortOrders) -> [(key: String, value: CodedValue)] {
        var ignored: [CoderError] = []
        return sortedValues(reusing: &orders, path: [], errors: &ignored)
    }

    /// ``sortedValues(reusing:)`` with the deferred values encoded on the way, without copying
    /// the writes; a value that fails to encode is left out as if never written, and its error
    /// (with `path`) appended to `errors`.
    public func sortedValues(reusing orders: inout SortOrders, path: [String],
                             errors: inout [CoderError]) -> [(key: String, value: CodedValue)] {
        guard !deferred.isEmpty else {
            return withEntries { entries in Self.sortedValues(entries, order: orders.order(of: entries)) { entries[$0].value } }
        }
        let encodedValues = encodeDeferred(path: path, errors: &errors)
        return withEntries { entries in
            Self.sortedValues(entries, order: orders.order(of: entries)) { index -> CodedValue?? in
                // Few deferred writes to a coder (usually one): a scan, not a table.
                guard let slot = deferred.firstIndex(where: { $0.position == index }) else { return entries[index].value }
                // A failed encoding is no write at all: `.none`, where a removal is `.some(nil)`.
                return encodedValues[slot].map { .some($0) }
            }
        }
    }

    /// The sorted values of `entries`, reading each write's value through `value`: `.some(nil)`
    /// for a removal, `nil` for a write to skip.
    private static func sortedValues(_ entries: UnsafeBufferPointer<Entry>, order: [Int],
                                     value: (Int) -> CodedValue??) -> [(key: String, value: CodedValue)] {
        // Each run of equal keys (in the order written) ends as a table would: the last value,
        // under the spelling of the first write since the last removal (canonically equivalent
        // spellings are one key, and a table keeps the spelling it was first given).
        var result: [(key: String, value: CodedValue)] = []
        result.reserveCapacity(order.count)
        var spelling: String?
        var current: CodedValue?
        for (position, index) in order.enumerated() {
            switch value(index) {
            case .some(.some(let written)):
                if spelling == nil { spelling = entries[index].key }
                current = written
            case .some(.none):
                (spelling, current) = (nil, nil)
            case .none:
                break
            }
            if position + 1 < order.count, entries[order[position + 1]].key == entries[index].key { continue }
            if let spelling, let current { result.append((spelling, current)) }
            (spelling, current) = (nil, nil)
        }
        return result
    }

    /// The orders the last few sequences of keys sorted in. Controllers of one class write the
    /// same keys in the same order, so a save sorts each sequence about once: sorting every
    /// coder's keys was a tenth of a save's instructions (callgrind). Keys from the same string
    /// literal compare equal without reading their bytes. For one thread.
    public struct SortOrders {
        private var remembered: [(keys: [String], order: [Int])] = []
        /// Where the next sequence goes once full: the oldest one.
        private var nextSlot = 0
        /// Enough for the classes that alternate within a chunk of a hierarchy.
        private static let capacity = 4

        /// No orders yet.
        public init() {}

        /// Positions of the keys of `entries` in stable key order.
        mutating func order(of entries: UnsafeBufferPointer<Entry>) -> [Int] {
            for slot in remembered.indices where Self.keys(remembered[slot].keys, match: entries) {
                return remembered[slot].order
            }
            var keys: [String] = []
            keys.reserveCapacity(entries.count)
            for entry in entries { keys.append(entry.key) }
            let order = Self.stableOrder(of: keys)
            if remembered.count < Self.capacity {
                remembered.append((keys, order))
            } else {
                remembered[nextSlot] = (keys, order)
                nextSlot = (nextSlot + 1) % Self.capacity
            }
            return order
        }

        /// Whether `entries` have `keys`, in that order.
        private static func keys(_ keys: [String], match entries: UnsafeBufferPointer<Entry>) -> Bool {
            guard keys.count == entries.count else { return false }
            for index in keys.indices where keys[index] != entries[index].key { return false }
            return true
        }

        /// Positions sorted stably by key, so the last write of a key ends its run. An
        /// insertion sort of the keys alone for the usual ten: `sorted` on the entries spent
        /// three times as long as the table's sort did, moving the entries themselves.
        private static func stableOrder(of keys: [String]) -> [Int] {
            var order = Array(keys.indices)
            if order.count <= 32 {
                for position in order.indices.dropFirst() {
                    let moving = order[position]
                    var slot = position
                    while slot > 0, keys[moving] < keys[order[slot - 1]] {
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    order[slot] = moving
                }
            } else {
                order.sort { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
            }
            return order
        }
    }
}

/// Storage for the writes of a coder's logs, one after another: a coder writes each controller's
/// values after the last controller's, so that a capture allocates a block for about a hundred
/// controllers instead of an array for each (callgrind: the arrays' allocations were a tenth of a
/// capture of 10,000 on the main actor, and slow there, freed on other threads).
///
/// A slot is written once and never changed while the block lives. Only the log at the block's
/// end that may append in place (a coder's own, on the coder's thread) writes, past every other
/// log's slots; a log handed out reads only its own slots, written before it was handed over.
final class WriteBlock: @unchecked Sendable {
    let base: UnsafeMutablePointer<KeyedWrites.Entry>
    let capacity: Int
    /// The slots written so far.
    // Unchecked exclusivity: written by one thread, as above, by `append` alone, which calls
    // nothing while it lasts; each access was otherwise checked at run time.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Writes `entry` into the next slot; the caller checked there is one.
    func append(_ entry: consuming KeyedWrites.Entry) {
        (base + count).initialize(to: entry)
        count += 1
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
