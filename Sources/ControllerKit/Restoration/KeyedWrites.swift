/// A coder's writes in the order they were made, `nil` for a removal: what a controller's
/// `encodeRestorableState(with:)` said, before it is made into a table of values. The save
/// takes it from the coder on the main actor and builds the table or the payload elsewhere.
@_spi(Restoration)
public struct KeyedWrites: Sendable {
    /// Each write, oldest first.
    public private(set) var entries: [(key: String, value: CodedValue?)] = []

    /// No writes.
    public init() {}

    /// Whether nothing was written.
    public var isEmpty: Bool { entries.isEmpty }

    mutating func append(_ value: CodedValue?, forKey key: String) {
        // A controller writes about ten keys: room for sixteen at once, not four reallocations.
        if entries.isEmpty { entries.reserveCapacity(16) }
        entries.append((key, value))
    }

    /// The values these writes leave, applied over `table`: the last write of a key wins.
    public func apply(to table: inout [String: CodedValue]) {
        if table.isEmpty { table.reserveCapacity(entries.count) }
        for (key, value) in entries { table[key] = value }
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
        // Positions sorted stably by key, so the last write of a key ends its run. An insertion
        // sort of the keys alone for the usual ten: `sorted` on the entries spent three times
        // as long as the table's sort did, moving the entries themselves (callgrind).
        var keys: [String] = []
        keys.reserveCapacity(entries.count)
        for entry in entries { keys.append(entry.key) }
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
        // Each run of equal keys (in the order written) ends as a table would: the last value,
        // under the spelling of the first write since the last removal (canonically equivalent
        // spellings are one key, and a table keeps the spelling it was first given).
        var values: [(key: String, value: CodedValue)] = []
        values.reserveCapacity(order.count)
        var spelling: String?
        var current: CodedValue?
        for (position, index) in order.enumerated() {
            if let value = entries[index].value {
                if spelling == nil { spelling = keys[index] }
                current = value
            } else {
                (spelling, current) = (nil, nil)
            }
            if position + 1 < order.count, keys[order[position + 1]] == keys[index] { continue }
            if let spelling, let current { values.append((spelling, current)) }
            (spelling, current) = (nil, nil)
        }
        return values
    }
}
