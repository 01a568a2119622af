/// One controller's keyed values, in either of two forms: a table, or pairs sorted by key as a
/// saved payload stores them. Two are equal when they hold the same values, whatever their forms.
///
/// A restore decodes every controller's payload once and its `decodeRestorableState(with:)`
/// looks up about ten keys. A table hashed every key twice for that (once to insert, once to
/// look up; callgrind: about 300 instructions a hash, an eighth of a restore), while the payload
/// already lists its keys sorted: kept as pairs, a lookup is a binary search over short keys,
/// and nothing is hashed. Any write turns the values into a table (``updateTable(_:)``).
@_spi(Restoration)
public struct KeyedValues: Sendable, Hashable {
    /// One key and its value.
    public struct Pair: Sendable, Hashable {
        public let key: String
        public let value: CodedValue

        public init(key: String, value: CodedValue) {
            self.key = key
            self.value = value
        }
    }

    private enum Form: Sendable {
        case table([String: CodedValue])
        /// Strictly ascending by key, as `String` orders them (which also makes no two equal).
        case sorted([Pair])
    }

    private var form: Form

    /// The values of `table`.
    public init(_ table: [String: CodedValue] = [:]) {
        form = .table(table)
    }

    /// The values of `pairs`, which must be strictly ascending by key: callers check it as they
    /// read them (a payload's keys are written sorted), so it is not checked again here.
    public init(sortedPairs pairs: [Pair]) {
        form = .sorted(pairs)
    }

    /// The values as a table.
    public var table: [String: CodedValue] {
        switch form {
        case .table(let table): return table
        case .sorted(let pairs): return Self.table(of: pairs)
        }
    }

    /// The values sorted by key.
    public var sortedPairs: [Pair] {
        switch form {
        case .table(let table): return table.map { Pair(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
        case .sorted(let pairs): return pairs
        }
    }

    /// How many keys hold a value.
    public var count: Int {
        switch form {
        case .table(let table): return table.count
        case .sorted(let pairs): return pairs.count
        }
    }

    /// Whether no key holds a value.
    public var isEmpty: Bool { count == 0 }

    /// The value under `key`, or `nil`.
    public func value(forKey key: String) -> CodedValue? {
        switch form {
        case .table(let table):
            return table[key]
        case .sorted(let pairs):
            return pairs.withUnsafeBufferPointer { pairs in
                // Keys of up to 15 ASCII bytes (nearly all of them) compare as two machine words.
                var low = 0
                var high = pairs.count
                while low < high {
                    let middle = (low &+ high) &>> 1
                    if pairs[middle].key < key { low = middle &+ 1 } else { high = middle }
                }
                return low < pairs.count && pairs[low].key == key ? pairs[low].value : nil
            }
        }
    }

    /// Runs `body` on the values as a table, changed in place: the values keep the table form.
    public mutating func updateTable<Result>(_ body: (inout [String: CodedValue]) throws -> Result) rethrows -> Result {
        var table: [String: CodedValue]
        switch form {
        case .table(let existing): table = existing
        case .sorted(let pairs): table = Self.table(of: pairs)
        }
        // Let go of the stored copy, so that `table` is the only reference and changes in place.
        form = .table([:])
        defer { form = .table(table) }
        return try body(&table)
    }

    private static func table(of pairs: [Pair]) -> [String: CodedValue] {
        var table: [String: CodedValue] = [:]
        table.reserveCapacity(pairs.count)
        for pair in pairs { table[pair.key] = pair.value }
        return table
    }

    public static func == (lhs: KeyedValues, rhs: KeyedValues) -> Bool {
        if case .sorted(let left) = lhs.form, case .sorted(let right) = rhs.form {
            // One order and unique keys: equal pair by pair exactly when equal as tables.
            return left == right
        }
        return lhs.table == rhs.table
    }

    public func hash(into hasher: inout Hasher) {
        // The table's hash does not depend on order, so both forms hash alike.
        hasher.combine(table)
    }
}
