import ControllerKit
import Foundation

/// A snapshot as rows: what ``SnapshotWriter`` inserts, from a save's capture or from a converted
/// snapshot of an earlier schema.
struct SnapshotRows {
    /// One controller or object row: its columns between the snapshot id and the payload hash,
    /// in ``TableColumn`` order, and its payload's bytes.
    struct Row {
        var columns: [DatabaseValue]
        var payload: Data
        /// `false` for a converted row whose old checksum did not match: it is written with a
        /// checksum that does not match either, so readers keep reporting it as damaged.
        var isIntact = true
    }

    /// The snapshot's id, or `nil` for the next free one.
    var id: Int64?
    /// The row id of the scene session it is the state of; `nil` for a snapshot converted
    /// before schema 8, which that migration gives the default session.
    var sessionID: Int64?
    /// `created_at` to `controller_count`, in ``SnapshotColumn`` order; a save's
    /// `created_at` is its date's seconds since 1970, which the writer turns into the file's
    /// timestamp text.
    var header: [DatabaseValue]
    /// The app's own keys, as a payload; `nil` when it wrote none.
    var applicationPayload: Data?
    var isHeaderIntact = true
    var restoreStartedAt: String?
    var controllers: [Row]
    var objects: [Row]
    /// Whether rows the schema's constraints refuse are skipped rather than failing the insert:
    /// for converted rows only, whose old format (schema 4's chunks) checked nothing.
    var skipsRefusedRows = false

    /// The rows of `captured`, its payloads encoded.
    init(_ captured: CapturedSnapshot) {
        let metadata = captured.metadata
        header = [.real(metadata.createdAt.timeIntervalSince1970), .text(metadata.appVersion), .text(metadata.appBuild),
                  .integer(Int64(metadata.schemaVersion)), .text(metadata.platform), .text(metadata.label),
                  .integer(Int64(captured.windowCount)), .integer(Int64(captured.controllers.count))]
        controllers = captured.controllers.map { record in
            // A detached record is refused before this (`refusal()`).
            let stored = record.relation.columns(window: record.windowIndex) ?? ("detached", 0, nil, false)
            let columns: [DatabaseValue] = [
                .integer(Int64(record.id)), record.parentID.databaseValue, .text(record.pathString), .text(record.identifier),
                record.title.databaseValue, .integer(Int64(record.windowIndex)), .text(stored.name),
                .integer(Int64(stored.position)), stored.style.databaseValue, stored.isSelected.databaseValue,
                record.isCollapsed.databaseValue, record.isViewLoaded.databaseValue, .text(record.appearance.rawValue),
                .text(record.className), .integer(Int64(record.classVersion)), record.restorationClassName.databaseValue,
            ]
            return Row(columns: columns, payload: PayloadCodec.encode(record.values))
        }
        objects = captured.objects.map { object in
            Row(columns: [.integer(Int64(object.id)), object.identifier.databaseValue, .text(object.className),
                          .integer(Int64(object.classVersion))],
                payload: PayloadCodec.encode(object.values))
        }
        applicationPayload = captured.applicationValues.isEmpty ? nil : PayloadCodec.encode(captured.applicationValues)
    }

    /// Converted rows (see ``Schema1To4Snapshots``).
    init(id: Int64?, header: [DatabaseValue], isHeaderIntact: Bool, restoreStartedAt: String?,
         controllers: [Row], objects: [Row]) {
        self.id = id
        applicationPayload = nil
        self.header = header
        self.isHeaderIntact = isHeaderIntact
        self.restoreStartedAt = restoreStartedAt
        self.controllers = controllers
        self.objects = objects
        skipsRefusedRows = true
    }
}

/// Writes snapshots as rows. Runs on any thread, in one transaction: a crash at any moment
/// leaves either the whole snapshot or none of it (`docs/behaviour.md`, "Saving").
enum SnapshotWriter {
    /// What an insert wrote.
    struct Written {
        var id: Int64
        /// Payloads no kept snapshot held yet, and their bytes: the rest were shared.
        var newPayloadCount = 0
        var newPayloadBytes = 0
    }

    /// A save's one transaction: `rows` inserted as a new snapshot of scene session `session`
    /// (its persistent identifier), the probation of the restored state carried to it (a save of
    /// that same state) or the session's ended as a good launch (a save the user moved on to; see
    /// ``Probation``), then the snapshots beyond `count` pruned.
    static func save(_ rows: SnapshotRows, session: String, into database: Database, keeping count: Int,
                     carryingProbation probation: Probation?, endingProbation: Bool) throws -> (Written, PruneResult) {
        try database.inTransaction {
            var rows = rows
            rows.sessionID = try SceneSessionWriter.id(of: session, in: database)
            let written = try insert(rows, into: database)
            if let probation {
                try Probation.carry(to: written.id, strikes: probation.strikes, in: database)
            } else if endingProbation {
                try Probation.markLaunchGood(in: database, session: session)
            }
            return (written, try SnapshotMaintenance.prune(inTransaction: database, keeping: count, session: rows.sessionID))
        }
    }

    private static let insertSnapshot = SnapshotColumn.insert(leading: ["id", "restore_started_at"])
    private static let insertSessionSnapshot = SnapshotColumn.insert(leading: ["id", "restore_started_at", "session_id"])
    private static let insertController = ControllerColumn.insert()
    private static let insertObject = ObjectColumn.insert()

    /// Inserts `rows` as a new snapshot, in the caller's transaction.
    static func insert(_ rows: SnapshotRows, into database: Database) throws -> Written {
        var written = Written(id: 0)
        let insertPayload = try database.cachedStatement("INSERT OR IGNORE INTO payload (hash, bytes) VALUES (?, ?)")
        /// Inserts `payload` unless a kept row holds it already; its key.
        func insert(_ payload: Data) throws(DatabaseError) -> Int64 {
            let hash = Checksum.of(payload: payload)
            try insertPayload.execute([DatabaseValue.integer(hash), .blob(payload)])
            if database.changedRowCount > 0 {
                written.newPayloadCount += 1
                written.newPayloadBytes += payload.count
            }
            return hash
        }
        var header = rows.header + [try rows.applicationPayload.map(insert).databaseValue]
        if case .real(let seconds) = header[0] {
            let date = Date(timeIntervalSince1970: seconds)
            guard let text = try database.timestamp(date) else {
                throw StoreError.invalidHierarchy(reason: "its date \(date) is outside the years 0000 to 9999")
            }
            header[0] = .text(text)
        }
        let headerChecksum = Checksum.of(header)
        let checksum = [DatabaseValue.integer(rows.isHeaderIntact ? headerChecksum : ~headerChecksum)]
        // Converted snapshots are inserted before schema 8 made the column.
        if let session = rows.sessionID {
            try database.execute(Self.insertSessionSnapshot, [rows.id, rows.restoreStartedAt, session] + header + checksum)
        } else {
            try database.execute(Self.insertSnapshot, [rows.id, rows.restoreStartedAt] + header + checksum)
        }
        written.id = database.lastInsertedRowID
        func insert(_ row: SnapshotRows.Row, with statement: Statement) throws(DatabaseError) {
            let hash = try insert(row.payload)
            var values: [DatabaseValue] = []
            values.reserveCapacity(row.columns.count + 3)
            values.append(.integer(written.id))
            values += row.columns
            values.append(.integer(hash))
            let checksum = Checksum.of(values)
            values.append(.integer(row.isIntact ? checksum : ~checksum))
            try statement.execute(values)
        }
        let insertController = try database.cachedStatement(rows.skipsRefusedRows ? ControllerColumn.insert("INSERT OR IGNORE")
                                                                                  : Self.insertController)
        for row in rows.controllers { try insert(row, with: insertController) }
        let insertObject = try database.cachedStatement(rows.skipsRefusedRows ? ObjectColumn.insert("INSERT OR IGNORE")
                                                                          : Self.insertObject)
        for row in rows.objects { try insert(row, with: insertObject) }
        return written
    }
}
