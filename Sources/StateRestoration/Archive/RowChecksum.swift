import Foundation

/// The checksum every row carries: a 64-bit hash over its columns, each length-prefixed with its
/// storage class, so no two different rows hash the same by shifting bytes between columns.
/// SQLite pages carry no checksum of their own; this turns a damaged byte into a reported
/// problem instead of a different value.
///
/// Two hashes (``Kind``): FNV-1a, which every table row and the records of version-1 chunks
/// carry, and ``WordMix``, which the records of version-2 chunks carry (``RowChunk``).
enum RowChecksum {
    /// Which hash a row's checksum is.
    enum Kind: Sendable, Hashable {
        /// 64-bit FNV-1a, a byte a step: table rows, and the records of version-1 chunks.
        case fnv1a
        /// ``WordMix``, eight bytes a step: the records of version-2 chunks.
        case wordMix
    }

    static func of(_ columns: [any DatabaseValueConvertible]) -> Int64 {
        of(columns.map(\.databaseValue))
    }

    /// The same checksum, for values already in SQLite's terms.
    static func of(_ columns: [DatabaseValue], kind: Kind = .fnv1a) -> Int64 {
        switch kind {
        case .fnv1a: Int64(bitPattern: FNV1a(mixing: columns).hash)
        case .wordMix: Int64(bitPattern: WordMix(mixing: columns).hash)
        }
    }

    /// The checksum of `prefix` (when given) followed by `row`'s `columns`, hashed where SQLite
    /// holds the bytes: the same value ``of(_:kind:)`` gives for the same values, without
    /// copying a column or allocating.
    static func of(prefix: Int64?, row: RowColumns, columns: [Int], kind: Kind = .fnv1a) -> Int64 {
        switch kind {
        case .fnv1a: of(prefix: prefix, row: row, columns: columns, using: FNV1a.self)
        case .wordMix: of(prefix: prefix, row: row, columns: columns, using: WordMix.self)
        }
    }

    private static func of<Hasher: RowHasher>(prefix: Int64?, row: RowColumns, columns: [Int], using: Hasher.Type) -> Int64 {
        var hasher = Hasher()
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
