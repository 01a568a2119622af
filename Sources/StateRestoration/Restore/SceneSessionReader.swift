import ControllerKit
import Foundation

/// One scene session as a store keeps it: what the app restores it from, and its snapshots.
public struct StoredSession: Sendable, Hashable {
    /// Its place in the order the sessions were first saved (the row's id).
    public var id: Int64
    /// The session, its user info and the activity it restores with.
    public var record: SceneSessionRecord
    /// How many snapshots of it are kept.
    public var snapshotCount: Int
    /// Its newest snapshot's id; `nil` when it has none (its app saves no controllers, or not yet).
    public var newestSnapshotID: Int64?
    /// When its newest snapshot was saved.
    public var newestSnapshotDate: Date?
}

/// Reads scene sessions back, each row checked against the format's sizes and its checksum first.
enum SceneSessionReader {
    /// Every session in the order they were first saved, read in one read transaction, or why it cannot be.
    static func sessions(_ database: Database) throws -> [Result<StoredSession, StoreError>] {
        try database.inReadTransaction {
            var activities: [Int64: Result<Row<SceneActivityColumn>, SceneSessionRows.Damage>] = [:]
            let activityRows = try database.cachedStatement("SELECT \(SceneActivityColumn.selecting(from: "a")) FROM scene_activity a")
            let activityColumns = ResultColumns<SceneActivityColumn>(activityRows)
            try activityRows.forEachRow { row in
                let session = row.integer(named: "session_id") ?? 0
                activities[session] = checkedRow(row, activityColumns).mapError { .init(reason: "its activity: \($0.reason)") }
            }
            // SQLite takes the bare column `created_at` from the row max(id) picked.
            let sessionRows = try database.cachedStatement("""
                SELECT t.id, \(SceneSessionColumn.selecting(from: "t")), k.snapshot_count, k.newest_id, k.newest_day
                FROM scene_session t LEFT JOIN (
                    SELECT session_id, count(*) AS snapshot_count, max(id) AS newest_id, julianday(created_at) AS newest_day
                    FROM snapshot GROUP BY session_id) k ON k.session_id = t.id
                ORDER BY t.id
                """)
            let sessionColumns = ResultColumns<SceneSessionColumn>(sessionRows)
            var result: [Result<StoredSession, StoreError>] = []
            try sessionRows.forEachRow { row in
                let id = row.integer(named: "id") ?? 0
                result.append(Result { () throws(SceneSessionRows.Damage) in
                    let record = try SceneSessionRows.record(session: try checkedRow(row, sessionColumns).get(),
                                                             activity: try activities[id]?.get())
                    return StoredSession(id: id, record: record, snapshotCount: Int(row.integer(named: "snapshot_count") ?? 0),
                                         newestSnapshotID: row.integer(named: "newest_id"),
                                         newestSnapshotDate: Database.date(julianDay: row.value(named: "newest_day")))
                }.mapError { .corruptSession(path: database.path, session: id, reason: $0.reason) })
            }
            return result
        }
    }

    /// The current row as ``SnapshotReader/checkedRow(_:_:sized:limit:)`` checks it, JSON columns to a payload's limit.
    private static func checkedRow<Column: TableColumn>(_ statement: Statement,
                                                        _ columns: ResultColumns<Column>) -> Result<Row<Column>, SceneSessionRows.Damage> {
        SnapshotReader.checkedRow(statement, columns, sized: Column.allCases) { column in
            jsonColumns.contains(column.name) ? SnapshotReader.payloadLimit : SnapshotReader.textLimit
        }.mapError { .init(reason: $0.description) }
    }
    private static let jsonColumns: Set<String> = ["user_info", "required_user_info_keys", "keywords"]
}
