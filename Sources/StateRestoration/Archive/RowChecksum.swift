import Foundation

/// The checksum every row carries: 64-bit FNV-1a over its columns, each length-prefixed with its
/// storage class, so no two different rows hash the same by shifting bytes between columns.
/// SQLite pages carry no checksum of their own; this turns a damaged byte into a reported
/// problem instead of a different value.
enum RowChecksum {
    static func of(_ columns: [any DatabaseValueConvertible]) -> Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        func mixLength(_ count: Int) {
            withUnsafeBytes(of: UInt64(count).littleEndian) { mix($0) }
        }
        for column in columns {
            switch column.databaseValue {
            case .null:
                mix([0])
            case .integer(let number):
                mix([1])
                withUnsafeBytes(of: number.littleEndian) { mix($0) }
            case .real(let number):
                mix([2])
                withUnsafeBytes(of: number.bitPattern.littleEndian) { mix($0) }
            case .text(let text):
                mix([3])
                mixLength(text.utf8.count)
                mix(text.utf8)
            case .blob(let data):
                mix([4])
                mixLength(data.count)
                mix(data)
            }
        }
        return Int64(bitPattern: hash)
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
