/// A coder's writes in the order they were made, `nil` for a removal: what a controller's
/// `encodeRestorableState(with:)` said, before it is made into a table of values. The save
/// takes it from the coder on the main actor and builds the table or the payload elsewhere.
@_spi(Restoration)
public struct KeyedWrites: Sendable {
    // Keys and values apart: sorting and matching key sequences read the keys alone, where
    // reading a key out of a (key, value) pair copied the value too (callgrind).
    /// Each write's key, oldest first.
    public private(set) var keys: [String] = []
    /// Each write's value, `nil` for a removal, in the order of ``keys``.
    public private(set) var values: [CodedValue?] = []

    /// No writes.
    public init() {}

    /// Whether nothing was written.
    public var isEmpty: Bool { keys.isEmpty }

    mutating func append(_ value: CodedValue?, forKey key: String) {
        // A controller writes about ten keys: room for sixteen at once, not four reallocations.
        if keys.isEmpty {
            keys.reserveCapacity(16)
            values.reserveCapacity(16)
        }
        keys.append(key)
        values.append(value)
    }

    /// The values these writes leave, applied over `table`: the last write of a key wins.
    public func apply(to table: inout [String: CodedValue]) {
        if table.isEmpty { table.reserveCapacity(keys.count) }
        for index in keys.indices { table[keys[index]] = values[index] }
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
    public func sortedValues(reusing orders: inout SortOrders) -> [(key: String, value: CodedValue)] {
        let order = orders.order(of: keys)
        // Each run of equal keys (in the order written) ends as a table would: the last value,
        // under the spelling of the first write since the last removal (canonically equivalent
        // spellings are one key, and a table keeps the spelling it was first given).
        var result: [(key: String, value: CodedValue)] = []
        result.reserveCapacity(order.count)
        var spelling: String?
        var current: CodedValue?
        for (position, index) in order.enumerated() {
            if let value = values[index] {
                if spelling == nil { spelling = keys[index] }
                current = value
            } else {
                (spelling, current) = (nil, nil)
            }
            if position + 1 < order.count, keys[order[position + 1]] == keys[index] { continue }
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

        /// Positions of `keys` in stable key order.
        mutating func order(of keys: [String]) -> [Int] {
            for slot in remembered.indices where remembered[slot].keys == keys {
                return remembered[slot].order
            }
            let order = Self.stableOrder(of: keys)
            if remembered.count < Self.capacity {
                remembered.append((keys, order))
            } else {
                remembered[nextSlot] = (keys, order)
                nextSlot = (nextSlot + 1) % Self.capacity
            }
            return order
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
