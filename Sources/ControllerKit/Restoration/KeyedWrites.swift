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
    /// The writes, oldest first.
    private var entries: [Entry] = []
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

    /// Whether nothing was written.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether some writes still wait for their values to be encoded.
    public var hasDeferredEncodings: Bool { !deferred.isEmpty }

    mutating func append(_ value: consuming CodedValue?, forKey key: String) {
        reserveOnFirstWrite()
        entries.append(Entry(key: key, value: value))
    }

    /// Logs a write of `value`, to be encoded later (``runDeferredEncodings(path:)``, or
    /// ``sortedValues(reusing:path:errors:)``).
    mutating func appendDeferred(_ value: any Encodable & Sendable, forKey key: String) {
        reserveOnFirstWrite()
        deferred.append(DeferredEncoding(position: entries.count, value: value))
        // Not `nil`, which is a removal: replaced once encoded.
        entries.append(Entry(key: key, value: .bool(false)))
    }

    private mutating func reserveOnFirstWrite() {
        // A controller writes about ten keys: room for sixteen at once, not four reallocations.
        if entries.isEmpty { entries.reserveCapacity(16) }
    }

    /// Encodes the deferred writes' values in place; `path` is the coder's, for errors. A value
    /// that fails to encode leaves its write out, as if it had not been made (an earlier write
    /// of the key stands), and its error is returned, oldest first.
    public mutating func runDeferredEncodings(path: [String]) -> [CoderError] {
        guard !deferred.isEmpty else { return [] }
        var errors: [CoderError] = []
        let encodedValues = encodeDeferred(path: path, errors: &errors)
        var failed: [Int] = []
        for (slot, entry) in deferred.enumerated() {
            if let value = encodedValues[slot] { entries[entry.position].value = value } else { failed.append(entry.position) }
        }
        deferred = []
        for position in failed.reversed() { entries.remove(at: position) }
        return errors
    }

    /// Each deferred value encoded, in write order (so errors come oldest first), `nil` where it
    /// failed; the errors appended to `errors`.
    private func encodeDeferred(path: [String], errors: inout [CoderError]) -> [CodedValue?] {
        var encodedValues: [CodedValue?] = []
        encodedValues.reserveCapacity(deferred.count)
        for entry in deferred {
            switch entry.encoded(key: entries[entry.position].key, path: path) {
            case .success(let value): encodedValues.append(value)
            case .failure(let error):
                errors.append(error)
                encodedValues.append(nil)
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
        if table.isEmpty { table.reserveCapacity(entries.count) }
        for index in entries.indices { table[entries[index].key] = entries[index].value }
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
        guard !deferred.isEmpty else { return sortedValues(order: orders.order(of: entries)) { entries[$0].value } }
        let encodedValues = encodeDeferred(path: path, errors: &errors)
        return sortedValues(order: orders.order(of: entries)) { index -> CodedValue?? in
            // Few deferred writes to a coder (usually one): a scan, not a table.
            guard let slot = deferred.firstIndex(where: { $0.position == index }) else { return entries[index].value }
            // A failed encoding is no write at all: `.none`, where a removal is `.some(nil)`.
            return encodedValues[slot].map { .some($0) }
        }
    }

    /// The sorted values, reading each write's value through `value`: `.some(nil)` for a removal,
    /// `nil` for a write to skip.
    private func sortedValues(order: [Int], value: (Int) -> CodedValue??) -> [(key: String, value: CodedValue)] {
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
        mutating func order(of entries: [Entry]) -> [Int] {
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
        private static func keys(_ keys: [String], match entries: [Entry]) -> Bool {
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
