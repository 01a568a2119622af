import Foundation

/// The checksum every row carries: 64-bit FNV-1a over its columns, each length-prefixed with its
/// storage class, so no two different rows hash the same by shifting bytes between columns.
/// SQLite pages carry no checksum of their own; this turns a damaged byte into a reported
/// problem instead of a different value.
enum RowChecksum {
    static func of(_ columns: [any DatabaseValueConvertible]) -> Int64 {
        of(columns.map(\.databaseValue))
    }

    /// The same checksum, for values already in SQLite's terms.
    static func of(_ columns: [DatabaseValue]) -> Int64 {
        Int64(bitPattern: FNV1a(mixing: columns).hash)
    }

    /// The checksum of `prefix` (when given) followed by `row`'s `columns`, hashed where SQLite
    /// holds the bytes: the same value ``of(_:)`` gives for the same values, without copying a
    /// column or allocating.
    static func of(prefix: Int64?, row: RowColumns, columns: [Int]) -> Int64 {
        var hasher = FNV1a()
        if let prefix { hasher.mix(.integer(prefix)) }
        for column in columns {
            let read = row[column]
            switch read.kind {
            case .text, .blob:
                hasher.mix(byte: read.kind == .text ? 3 : 4)
                hasher.mix(word: UInt64(read.bytes.count))
                hasher.mix(read.bytes)
            case .integer: hasher.mix(.integer(read.integer))
            case .real: hasher.mix(.real(read.real))
            case .null: hasher.mix(.null)
            }
        }
        return Int64(bitPattern: hasher.hash)
    }

    /// 64-bit FNV-1a.
    struct FNV1a {
        private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

        init() {}

        /// The hash so far of `columns`, as ``RowChecksum/of(_:)`` mixes them: more may follow.
        init(mixing columns: [DatabaseValue]) {
            for column in columns { mix(column) }
        }

        mutating func mix(byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        /// Eight bytes, little-endian.
        mutating func mix(word: UInt64) {
            var value = word
            for _ in 0..<8 {
                mix(byte: UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
        }

        /// One column: its storage class, then its bytes (length-prefixed for text and blobs).
        mutating func mix(_ value: DatabaseValue) {
            switch value {
            case .null:
                mix(byte: 0)
            case .integer(let number):
                mix(byte: 1)
                mix(word: UInt64(bitPattern: number))
            case .real(let number):
                mix(byte: 2)
                mix(word: number.bitPattern)
            case .text(var text):
                mix(byte: 3)
                text.withUTF8 { bytes in
                    mix(word: UInt64(bytes.count))
                    mix(UnsafeRawBufferPointer(bytes))
                }
            case .blob(let data):
                mix(byte: 4)
                mix(word: UInt64(data.count))
                data.withUnsafeBytes { mix($0) }
            }
        }

        mutating func mix(_ bytes: UnsafeRawBufferPointer) {
            var value = hash
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = value
        }
    }
}

extension RowChecksum {
    /// Recomputes every row's checksum in place. For tests that edit rows on purpose to reach the
    /// structural checks behind the checksums; nothing in the library calls it.
    static func rewriteAll(in database: Database) throws {
        let snapshots = try database.prepare("""
            SELECT id, created_at, app_version, app_build, schema_version, platform, label, window_count, controller_count,
                   base_id FROM snapshot
            """)
        var updates: [(String, [any DatabaseValueConvertible])] = []
        try snapshots.forEachRow { row in
            updates.append(("UPDATE snapshot SET checksum = ? WHERE id = ?", [of((1...9).map { row.value(at: $0) }), row.value(at: 0)]))
        }
        let removed = try database.prepare("SELECT snapshot_id, node_id FROM removed_node")
        try removed.forEachRow { row in
            updates.append(("UPDATE removed_node SET checksum = ? WHERE snapshot_id = ? AND node_id = ?",
                            [of([row.value(at: 0), row.value(at: 1)]), row.value(at: 0), row.value(at: 1)]))
        }
        let states = try database.prepare("SELECT id, class_name, class_version, restoration_class, payload FROM controller_state")
        try states.forEachRow { row in
            updates.append(("UPDATE controller_state SET checksum = ? WHERE id = ?", [of((1...4).map { row.value(at: $0) }), row.value(at: 0)]))
        }
        let nodes = try database.prepare("""
            SELECT snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                   is_selected, is_collapsed, view_loaded, appearance, state_id FROM node
            """)
        try nodes.forEachRow { row in
            updates.append(("UPDATE node SET checksum = ? WHERE snapshot_id = ? AND node_id = ?",
                            [of((0...14).map { row.value(at: $0) }), row.value(at: 0), row.value(at: 1)]))
        }
        for (sql, arguments) in updates { try database.execute(sql, arguments) }
    }
}
