/// One controller's keyed values, in either of two forms: a table, or pairs sorted by key as a
/// saved payload stores them. Two are equal when they hold the same values, whatever their forms.
///
/// A restore decodes every controller's payload once and its `decodeRestorableState(with:)`
/// looks up about ten keys. A table hashed every key twice for that (once to insert, once to
/// look up; callgrind: about 300 instructions a hash, an eighth of a restore), while the payload
/// already lists its keys sorted: kept as pairs, a lookup compares only the keys of the same
/// length and first byte (when all are ASCII) or binary-searches, and nothing is hashed. Any
/// write turns the values into a table (``updateTable(_:)``).
@_spi(Restoration)
public struct KeyedValues: Sendable, Hashable {
    /// One key and its value.
    public struct Pair: Sendable, Hashable {
        /// The key, as written.
        public let key: String
        /// Its value.
        public let value: CodedValue
        /// The key's UTF-8 length and first byte, or 0 when it is not all ASCII (see
        /// ``KeyedValues/value(forKey:)``).
        let signature: UInt32

        /// `value` under `key`.
        public init(key: String, value: CodedValue) {
            self.key = key
            self.value = value
            signature = Self.signature(of: key)
        }

        /// A pair whose key was made from `utf8`, its exact UTF-8 bytes: a reader that holds
        /// them summarizes them directly, rather than asking the string for them again.
        public init(key: String, utf8: UnsafeRawBufferPointer, value: CodedValue) {
            self.key = key
            self.value = value
            signature = Self.signature(utf8: utf8)
        }

        /// A cheap summary of an ASCII string's bytes: equal strings have equal ones. 0 for a
        /// string that is not all ASCII, whose equal strings may hold other bytes.
        static func signature(of key: String) -> UInt32 {
            key.utf8.withContiguousStorageIfAvailable { signature(utf8: UnsafeRawBufferPointer($0)) } ?? 0
        }

        static func signature(utf8 bytes: UnsafeRawBufferPointer) -> UInt32 {
            var combined: UInt8 = 0
            for byte in bytes { combined |= byte }
            guard combined < 0x80 else { return 0 }
            return asciiSignature(count: bytes.count, first: bytes.first ?? 0)
        }

        /// The signature of an ASCII key of `count` bytes starting with `first`.
        @inline(__always)
        static func asciiSignature(count: Int, first: UInt8) -> UInt32 {
            1 << 31 | UInt32(truncatingIfNeeded: count) << 8 | UInt32(first)
        }

        // Key and value only: two spellings of one key are one key, whatever their summaries.
        public static func == (lhs: Pair, rhs: Pair) -> Bool {
            lhs.key == rhs.key && lhs.value == rhs.value
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    private enum Form: Sendable {
        case table([String: CodedValue])
        /// Strictly ascending by key, as `String` orders them (which also makes no two equal);
        /// and whether every key is ASCII.
        case sorted([Pair], allASCII: Bool)
    }

    private var form: Form

    /// The values of `table`.
    public init(_ table: [String: CodedValue] = [:]) {
        form = .table(table)
    }

    /// The values of `pairs`, which must be strictly ascending by key: callers check it as they
    /// read them (a payload's keys are written sorted), so it is not checked again here.
    public init(sortedPairs pairs: [Pair]) {
        form = .sorted(pairs, allASCII: !pairs.contains { $0.signature == 0 })
    }

    /// The values as a table.
    public var table: [String: CodedValue] {
        switch form {
        case .table(let table): return table
        case .sorted(let pairs, _): return Self.table(of: pairs)
        }
    }

    /// The values sorted by key.
    public var sortedPairs: [Pair] {
        switch form {
        case .table(let table): return table.map { Pair(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
        case .sorted(let pairs, _): return pairs
        }
    }

    /// How many keys hold a value.
    public var count: Int {
        switch form {
        case .table(let table): return table.count
        case .sorted(let pairs, _): return pairs.count
        }
    }

    /// Whether no key holds a value.
    public var isEmpty: Bool { count == 0 }

    /// The value under `key`, or `nil`.
    public func value(forKey key: String) -> CodedValue? {
        switch form {
        case .table(let table):
            return table[key]
        case .sorted(let pairs, let allASCII):
            // Two ASCII strings are equal exactly when their bytes are (no other spelling is
            // canonically equivalent to ASCII text), so when every key and the one asked for are
            // ASCII, only pairs of the same length and first byte need a comparison, usually
            // one. Otherwise canonically equivalent spellings count as one key (the Kelvin sign
            // is a "K"), and the search compares as `String` does.
            // Scanned only when short: a long list is searched.
            if allASCII, pairs.count <= 32 {
                // The key's length and first byte, as its signature would hold them were it ASCII,
                // without reading all its bytes: a pair that matches them and equals the key is
                // the one (keys are unique), and only a miss needs to know whether the key is
                // ASCII, when no other pair can equal it (callgrind: summarizing every key asked
                // for was a third of a lookup).
                let probe = Pair.asciiSignature(count: key.utf8.count, first: key.utf8.first ?? 0)
                let found = pairs.withUnsafeBufferPointer { pairs in
                    for pair in pairs where pair.signature == probe && pair.key == key { return Optional(pair.value) }
                    return nil
                }
                if let found { return found }
                if Pair.signature(of: key) != 0 { return nil }
            }
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
        var table = self.table
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
        if case .sorted(let left, _) = lhs.form, case .sorted(let right, _) = rhs.form {
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
