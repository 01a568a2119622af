import ControllerKit
import Foundation

/// Writes and deletes scene sessions' rows, in the caller's transaction.
enum SceneSessionWriter {
    private static let upsertSession = SceneSessionColumn.insert() + " ON CONFLICT (persistent_identifier) DO UPDATE SET "
        + (SceneSessionColumn.names.dropFirst() + ["checksum"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        + " RETURNING id"
    private static let insertActivity = SceneActivityColumn.insert("INSERT OR REPLACE")

    /// Writes `record`: a new session's row comes last in the order, a known one's is
    /// updated in place; its activity row is replaced (deleted when it has none). Its row's id.
    static func save(_ record: SceneSessionRecord, into database: Database) throws -> Int64 {
        let rows = try SceneSessionRows.columns(of: record)
        guard let id = try database.scalarInteger(upsertSession, rows.session + [.integer(Checksum.of(rows.session))]) else {
            throw StoreError.sessionNotFound(path: database.path, identifier: record.persistentIdentifier)
        }
        if let activity = rows.activity {
            let columns = [DatabaseValue.integer(id)] + activity
            try database.execute(insertActivity, columns + [.integer(Checksum.of(columns))])
        } else {
            try database.execute("DELETE FROM scene_activity WHERE session_id = ?", [id])
        }
        return id
    }

    /// The row id of the default session, where an app without scenes saves; written when missing.
    static func defaultSessionID(in database: Database) throws -> Int64 {
        let select = "SELECT id FROM scene_session WHERE persistent_identifier = ?"
        if let id = try database.scalarInteger(select, [RestorationStore.defaultSessionIdentifier]) { return id }
        // A new row without an activity: a plain insert, as every save into an emptied file makes one.
        let record = SceneSessionRecord(persistentIdentifier: RestorationStore.defaultSessionIdentifier)
        let columns = try SceneSessionRows.columns(of: record).session
        try database.execute(SceneSessionColumn.insert(), columns + [.integer(Checksum.of(columns))])
        return database.lastInsertedRowID
    }

    /// Deletes the sessions `identifiers` name, with their activities and snapshots, then the
    /// payloads no kept row uses; what went. Unknown identifiers are ignored.
    static func delete(_ identifiers: [String], from database: Database) throws -> PruneResult {
        var result = PruneResult()
        let select = "SELECT id FROM snapshot WHERE session_id = (SELECT id FROM scene_session WHERE persistent_identifier = ?)"
        for identifier in identifiers {
            try database.cachedStatement(select).forEachRow([identifier]) { row in
                if let id = row.integer(at: 0) { result.deletedSnapshotIDs.append(id) }
            }
            try database.execute("DELETE FROM scene_session WHERE persistent_identifier = ?", [identifier])
        }
        try SnapshotMaintenance.deleteUnusedPayloads(in: database, into: &result)
        result.deletedSnapshotIDs.sort()
        return result
    }

    /// The conversion of `0008_scene_sessions.sql`: every kept snapshot joins the default session,
    /// whose row's checksum only Swift computes. Its columns are schema 8's, spelled out as in the
    /// migration file, since a later schema may change `scene_session` after this step has run.
    static func convertToSessions(_ database: Database) throws {
        guard try database.scalarInteger("SELECT count(*) FROM snapshot") ?? 0 > 0 else { return }
        let columns: [DatabaseValue] = [.text("default"), .text("UIWindowSceneSessionRoleApplication"),
                                        .text("Default Configuration"), .null]
        try database.execute("""
            INSERT INTO scene_session (persistent_identifier, role, configuration_name, user_info, checksum)
            VALUES (?, ?, ?, ?, ?)
            """, columns + [.integer(Checksum.of(columns))])
        try database.execute("UPDATE snapshot SET session_id = ? WHERE session_id IS NULL", [database.lastInsertedRowID])
    }
}
