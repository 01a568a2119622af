import Foundation

/// Reads every snapshot of schemas 1 to 4 as schema 5 rows, for the migration to schema 5: the
/// only code that knows the old layouts (a `node` row per controller joined with its
/// `controller_state`, deltas overlaying an anchor with `removed_node` tombstones, and the
/// packed chunks of schema 4).
///
/// Nothing is dropped: a row whose old checksum does not match is carried over marked as not
/// intact, so it is written with a checksum that does not match and stays reported as damaged.
/// Only records of a chunk whose frame is damaged cannot be read; the snapshot's controller
/// count then says rows are missing, as it did before.
enum Schema1To4Snapshots {
    /// The migration whose conversion this is: it replaces every table of schemas 1 to 4.
    static let migrationFileName = "0005_plain_rows.sql"

    /// Reads every old snapshot before the migration's SQL drops the old tables, then writes
    /// them back as rows of the new ones.
    static let conversion = Migration.Conversion { database in
        let snapshots = try read(database)
        return { database in
            for snapshot in snapshots { _ = try SnapshotWriter.insert(snapshot, into: database) }
        }
    }

    /// A controller's row in schema 5's columns, by its old node id.
    private typealias Controller = (nodeID: Int64, row: SnapshotRows.Row)
    /// A state record of schema 4: its columns, and whether its checksum matches.
    private typealias State = (columns: [DatabaseValue], isIntact: Bool)
    /// A missing state's columns: the row is kept, not intact.
    private static let missingState: [DatabaseValue] = [.text("?"), .integer(0), .null]

    static func read(_ database: Database) throws -> [SnapshotRows] {
        let hasChunks = try database.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'state_chunk'") == 1
        let states = hasChunks ? try stateRecords(database) : [:]
        var snapshots: [SnapshotRows] = []
        try database.prepare("""
            SELECT id, created_at, app_version, app_build, schema_version, platform, label, window_count,
                   controller_count, base_id, checksum, restore_started_at
            FROM snapshot ORDER BY id
            """).forEachRow { row in
            let id = row.integer(at: 0) ?? 0
            let old = (1...9).map { row.value(at: $0) }
            var hidden = Set<Int64>()
            try database.prepare("SELECT node_id FROM removed_node WHERE snapshot_id = ?").forEachRow([id]) { removed in
                if let node = removed.integer(at: 0) { hidden.insert(node) }
            }
            var controllers: [Controller] = []
            var chain = [id]
            if let base = row.integer(at: 9) { chain.append(base) }
            for snapshot in chain {
                var found = try nodeRows(database, snapshot: snapshot)
                if hasChunks { found += try chunkRows(database, snapshot: snapshot, states: states) }
                // A delta's own rows and tombstones hide its anchor's.
                controllers += found.filter { hidden.insert($0.nodeID).inserted }
            }
            snapshots.append(SnapshotRows(
                id: id, header: Array(old.prefix(8)), isHeaderIntact: row.integer(at: 10) == Checksum.of(old),
                restoreStartedAt: row.text(at: 11), controllers: controllers.sorted { $0.nodeID < $1.nodeID }.map(\.row),
                objects: try objectRows(database, snapshot: id)))
        }
        return snapshots
    }

    /// Schema 5's controller row from an old node's columns (`node_id` to `appearance`) and its
    /// state's (`class_name`, `class_version`, `restoration_class`).
    private static func controller(node: [DatabaseValue], state: [DatabaseValue], payload: DatabaseValue,
                                   isIntact: Bool) -> Controller {
        let nodeID: Int64 = if case .integer(let id) = node[0] { id } else { 0 }
        let bytes = if case .blob(let data) = payload { data } else { Data() }
        return (nodeID, SnapshotRows.Row(columns: node + state, payload: bytes, isIntact: isIntact))
    }

    private static func nodeRows(_ database: Database, snapshot: Int64) throws -> [Controller] {
        var found: [Controller] = []
        try database.prepare("""
            SELECT n.node_id, n.parent_id, n.path, n.identifier, n.title, n.window_index, n.relation, n.position, n.style,
                   n.is_selected, n.is_collapsed, n.view_loaded, n.appearance, n.state_id, n.checksum,
                   s.class_name, s.class_version, s.restoration_class, s.payload, s.checksum, s.id IS NOT NULL
            FROM node n LEFT JOIN controller_state s ON s.id = n.state_id WHERE n.snapshot_id = ?
            """).forEachRow([snapshot]) { row in
            let node = (0...12).map { row.value(at: $0) }
            let hasState = row.integer(at: 20) == 1
            let state = hasState ? (15...17).map { row.value(at: $0) } : missingState
            let nodeChecksum = Checksum.of([DatabaseValue.integer(snapshot)] + node + [row.value(at: 13)])
            let stateChecksum = Checksum.of((15...18).map { row.value(at: $0) })
            let isIntact = hasState && row.integer(at: 14) == nodeChecksum && row.integer(at: 19) == stateChecksum
            found.append(controller(node: node, state: state, payload: row.value(at: 18), isIntact: isIntact))
        }
        return found
    }

    /// Every state record of schema 4 by its key (the chunk's id times 4096 plus its index).
    private static func stateRecords(_ database: Database) throws -> [Int64: State] {
        var states: [Int64: State] = [:]
        try database.prepare("SELECT id, records, checksum FROM state_chunk").forEachRow { row in
            guard let id = row.integer(at: 0), let checksum = row.integer(at: 2), let bytes = row.blob(at: 1),
                  let chunk = Schema4Chunk([UInt8](bytes), frameChecksum: checksum, place: [.integer(id)], width: 5)
            else { return }
            for case let (slot, record?) in chunk.records.enumerated() {
                states[id * 4096 + Int64(slot)] = (record, chunk.matches(record[4], columns: Array(record[0..<4])))
            }
        }
        return states
    }

    private static func chunkRows(_ database: Database, snapshot: Int64, states: [Int64: State]) throws -> [Controller] {
        var found: [Controller] = []
        let chunks = try database.prepare("SELECT chunk, records, checksum FROM node_chunk WHERE snapshot_id = ?")
        try chunks.forEachRow([snapshot]) { row in
            guard let index = row.integer(at: 0), let checksum = row.integer(at: 2), let bytes = row.blob(at: 1),
                  let chunk = Schema4Chunk([UInt8](bytes), frameChecksum: checksum,
                                          place: [.integer(snapshot), .integer(index)], width: 15) else { return }
            for case let record? in chunk.records {
                let node = Array(record[0..<13])
                let isNodeIntact = chunk.matches(record[14], columns: [.integer(snapshot)] + record[0..<14])
                guard case .integer(let key) = record[13], let state = states[key] else {
                    found.append(controller(node: node, state: missingState, payload: .null, isIntact: false))
                    continue
                }
                found.append(controller(node: node, state: Array(state.columns[0..<3]), payload: state.columns[3],
                                        isIntact: isNodeIntact && state.isIntact))
            }
        }
        return found
    }

    private static func objectRows(_ database: Database, snapshot: Int64) throws -> [SnapshotRows.Row] {
        var objects: [SnapshotRows.Row] = []
        try database.prepare("""
            SELECT object_id, class_name, class_version, payload, checksum FROM object WHERE snapshot_id = ? ORDER BY object_id
            """).forEachRow([snapshot]) { row in
            let old = (0...2).map { row.value(at: $0) }
            let isIntact = row.integer(at: 4) == Checksum.of([DatabaseValue.integer(snapshot)] + old + [row.value(at: 3)])
            // Schema 5's columns: the id, no identifier, the class and its version.
            let columns = [old[0], .null, old[1], old[2]]
            objects.append(SnapshotRows.Row(columns: columns, payload: row.blob(at: 3) ?? Data(), isIntact: isIntact))
        }
        return objects
    }
}
