import Foundation

extension RowChunk {
    /// Lets SQL edit packed snapshots as rows: every chunk is unpacked into the `node` and
    /// `controller_state` rows of schema 3 (a state's id is its key), `edit` runs, and the rows
    /// are packed again with fresh frames but the checksums the rows hold, so an edit reaches the
    /// same per-record checks a damaged byte would. Rows carry FNV-1a checksums, as table rows
    /// do: a version-2 record's checksum is converted on the way out when it matches (a
    /// mismatch stays one), and the rows are packed again as version 1. For tests that tamper
    /// with files on purpose; nothing in the library calls it. A state row an edit deleted leaves an empty record in
    /// its place, so the keys of the others still hold.
    static func editingAsRows(_ database: Database, _ edit: () throws -> Void) throws {
        try database.inTransaction {
            try unpackAll(database)
            try edit()
            try packAll(database)
        }
    }

    private static func unpackAll(_ database: Database) throws {
        let insertState = try database.prepare("""
            INSERT INTO controller_state (id, class_name, class_version, restoration_class, payload, checksum) VALUES (?, ?, ?, ?, ?, ?)
            """)
        try database.prepare("SELECT id, records, checksum FROM state_chunk").forEachRow { row in
            let id = row.integer(at: 0) ?? 0
            try row.withBlob(at: 1) { bytes in
                let kind = checksumKind(of: bytes)
                for (slot, record) in try decode(bytes, frameChecksum: row.integer(at: 2) ?? 0, place: [.integer(id)],
                                                 width: SnapshotReader.stateRecordWidth).enumerated() {
                    let columns = try record.get()
                    var stored = values(columns, SnapshotReader.stateRecordWidth)
                    stored[4] = asFNV1a(columns, checksum: 4, prefix: nil, kind: kind)
                    try insertState.execute([id * PreparedChunk.stateKeyStride + Int64(slot)] + stored)
                }
            }
        }
        let insertNode = try database.prepare("""
            INSERT INTO node (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                              is_selected, is_collapsed, view_loaded, appearance, state_id, checksum)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try database.prepare("SELECT snapshot_id, chunk, records, checksum FROM node_chunk").forEachRow { row in
            let snapshot = row.integer(at: 0) ?? 0
            try row.withBlob(at: 2) { bytes in
                let kind = checksumKind(of: bytes)
                for record in try decode(bytes, frameChecksum: row.integer(at: 3) ?? 0,
                                         place: [.integer(snapshot), .integer(row.integer(at: 1) ?? 0)],
                                         width: SnapshotReader.nodeRecordWidth) {
                    let columns = try record.get()
                    var stored = values(columns, SnapshotReader.nodeRecordWidth)
                    stored[14] = asFNV1a(columns, checksum: 14, prefix: snapshot, kind: kind)
                    try insertNode.execute([snapshot] + stored)
                }
            }
        }
        try database.execute("DELETE FROM node_chunk")
        try database.execute("DELETE FROM snapshot_state_chunk")
        try database.execute("DELETE FROM state_chunk")
    }

    private static func packAll(_ database: Database) throws {
        var states: [Int64: [[DatabaseValue]]] = [:]
        try database.prepare("""
            SELECT id, class_name, class_version, restoration_class, payload, checksum FROM controller_state ORDER BY id
            """).forEachRow { row in
            let (chunk, slot) = (row.integer(at: 0) ?? 0).quotientAndRemainder(dividingBy: PreparedChunk.stateKeyStride)
            var records = states[chunk, default: []]
            while records.count < slot { records.append([]) }
            records.append((1...5).map { row.value(at: $0) })
            states[chunk] = records
        }
        let insertState = try database.prepare("INSERT INTO state_chunk (id, state_count, records, checksum) VALUES (?, ?, ?, ?)")
        for (id, records) in states {
            let encoded = encode(records, place: [.integer(id)], version: 1)
            try insertState.execute([id, records.count, encoded.bytes, encoded.frameChecksum])
        }
        var nodes: [Int64: [[DatabaseValue]]] = [:]
        try database.prepare("""
            SELECT snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation, position, style,
                   is_selected, is_collapsed, view_loaded, appearance, state_id, checksum FROM node ORDER BY snapshot_id, node_id
            """).forEachRow { row in
            nodes[row.integer(at: 0) ?? 0, default: []].append((1...15).map { row.value(at: $0) })
        }
        let insertNodes = try database.prepare("""
            INSERT INTO node_chunk (snapshot_id, chunk, node_count, records, checksum) VALUES (?, ?, ?, ?, ?)
            """)
        let link = try database.prepare("INSERT OR IGNORE INTO snapshot_state_chunk (snapshot_id, state_chunk_id) VALUES (?, ?)")
        for (snapshot, records) in nodes {
            for start in stride(from: 0, to: records.count, by: SnapshotWriter.preparedChunk) {
                let chunk = Array(records[start..<min(start + SnapshotWriter.preparedChunk, records.count)])
                let index = start / SnapshotWriter.preparedChunk
                let encoded = encode(chunk, place: [.integer(snapshot), .integer(Int64(index))], version: 1)
                try insertNodes.execute([snapshot, index, chunk.count, encoded.bytes, encoded.frameChecksum])
            }
            for key in Set(records.compactMap { record -> Int64? in
                if case .integer(let key) = record[13] { return key / PreparedChunk.stateKeyStride } else { return nil }
            }) where states[key] != nil {
                try link.execute([snapshot, key])
            }
        }
        try database.execute("DELETE FROM node")
        try database.execute("DELETE FROM controller_state")
    }

    /// Record `columns`' checksum (in column `checksum`, over `prefix` and the columns before
    /// it) as FNV-1a: recomputed when it matches under `kind`, kept when it does not (a damaged
    /// record stays damaged).
    private static func asFNV1a(_ columns: RowColumns, checksum: Int, prefix: Int64?, kind: RowChecksum.Kind) -> any DatabaseValueConvertible {
        let stored = columns.value(at: checksum)
        guard kind != .fnv1a, columns.integer(at: checksum) == RowChecksum.of(prefix: prefix, row: columns, columns: Array(0..<checksum), kind: kind) else {
            return stored
        }
        return RowChecksum.of(prefix: prefix, row: columns, columns: Array(0..<checksum), kind: .fnv1a)
    }

    private static func values(_ row: RowColumns, _ width: Int) -> [any DatabaseValueConvertible] {
        (0..<width).map { row.value(at: $0) }
    }
}
