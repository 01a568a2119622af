import ControllerKit
import CSQLite
import Foundation

/// Writes snapshots as rows in one transaction (docs/behaviour.md §3.5), each row inserted as it
/// is made, so a save never holds every row's columns and payload at once.
struct SnapshotWriter {
    private let database: Database
    private let insertPayload: Statement
    /// The save's report, filled in as rows are written.
    private var report: SaveReport

    private static let insertSnapshot = SnapshotColumn.insert(leading: ["session_id"])
    private static let insertController = ControllerColumn.insert()
    private static let insertObject = ObjectColumn.insert()

    /// A save's one transaction: `session`'s row (`nil`: the default one's), `captured` as its new
    /// snapshot, the restored state's `probation` carried to it (a save of that state) or session
    /// `endingProbation`'s ended as a good launch (``Probation``), then all but `count` pruned.
    static func save(_ captured: CapturedSnapshot, session: SceneSessionRecord?, into database: Database, keeping count: Int,
                     carryingProbation probation: Probation?, endingProbation: String?, report: inout SaveReport) throws {
        try database.inTransaction {
            let sessionID = try session.map { try SceneSessionWriter.save($0, into: database) }
                ?? SceneSessionWriter.defaultSessionID(in: database)
            let insertPayload = try database.cachedStatement("INSERT OR IGNORE INTO payload (hash, bytes) VALUES (?, ?)")
            var writer = SnapshotWriter(database: database, insertPayload: insertPayload, report: report)
            try writer.insert(captured, session: sessionID)
            if let probation {
                try Probation.carry(to: writer.report.snapshotID, strikes: probation.strikes, in: database)
            } else if let endingProbation {
                try Probation.markLaunchGood(in: database, session: endingProbation)
            }
            let pruned = try SnapshotMaintenance.prune(inTransaction: database, keeping: count, session: sessionID)
            report = writer.report
            report.prunedSnapshotCount = pruned.deletedSnapshotIDs.count
        }
    }

    private mutating func insert(_ captured: CapturedSnapshot, session: Int64) throws {
        let metadata = captured.metadata
        guard let createdAt = try database.timestamp(metadata.createdAt) else {
            throw StoreError.invalidHierarchy(reason: "its date \(metadata.createdAt) is outside the years 0000 to 9999")
        }
        let applicationValues = captured.applicationValues
        let applicationPayload = try applicationValues.isEmpty ? nil : insert(PayloadCodec.encode(applicationValues))
        let header: [DatabaseValue] = [
            .text(createdAt), .text(metadata.appVersion), .text(metadata.appBuild), .integer(Int64(metadata.schemaVersion)),
            .text(metadata.platform), .text(metadata.label), .integer(Int64(captured.windowCount)),
            .integer(Int64(captured.controllers.count)), applicationPayload.databaseValue,
        ]
        try database.cachedStatement(Self.insertSnapshot).execute([.integer(session)] + header + [.integer(Checksum.of(header))])
        report.snapshotID = database.lastInsertedRowID
        let insertController = try database.cachedStatement(Self.insertController)
        // What this write inserts, whatever a tool's capture listed.
        report.saved = []
        for record in captured.controllers {
            let path = record.pathString
            guard let stored = record.relation.columns(window: record.windowIndex) else {
                throw StoreError.invalidHierarchy(reason: "\(path) is detached: "
                                                      + "a snapshot holds window roots and what hangs from them")
            }
            let row: [DatabaseValue] = [
                .integer(report.snapshotID), .integer(Int64(record.id)), record.parentID.databaseValue, .text(path),
                .text(record.identifier), record.title.databaseValue, .integer(Int64(record.windowIndex)), .text(stored.name),
                .integer(Int64(stored.position)), stored.style.databaseValue, stored.isSelected.databaseValue,
                record.isCollapsed.databaseValue, record.isViewLoaded.databaseValue, .text(record.appearance.rawValue),
                .text(record.className), .integer(Int64(record.classVersion)), record.restorationClassName.databaseValue,
                .integer(try insert(PayloadCodec.encode(record.values))),
            ]
            // The schema checks ids and positions: a capture numbers them right, a changed one may not.
            let isInRange = record.id > 0 && record.windowIndex >= 0 && stored.position >= 0
            try insert(row, with: insertController, refusal: isInRange
                ? "two controllers have node id \(record.id), \(path) the second"
                : "\(path) has node id \(record.id), window \(record.windowIndex) and \(record.relation); "
                    + "ids must be positive, windows and positions not negative")
            report.saved.append(.init(path: path, className: record.className))
        }
        let insertObject = try database.cachedStatement(Self.insertObject)
        for object in captured.objects {
            let row: [DatabaseValue] = [.integer(report.snapshotID), .integer(Int64(object.id)), object.identifier.databaseValue,
                                        .text(object.className), .integer(Int64(object.classVersion)),
                                        .integer(try insert(PayloadCodec.encode(object.values)))]
            try insert(row, with: insertObject, refusal: "object \(object.id) has an id that is not positive or not unique")
        }
        // References also need object ids apart from controllers' ids.
        let controllerIDs = captured.objects.isEmpty ? [] : Set(captured.controllers.map(\.id))
        if let clash = captured.objects.first(where: { controllerIDs.contains($0.id) }) {
            throw StoreError.invalidHierarchy(reason: "object \(clash.id) has the id of a controller")
        }
    }

    /// Inserts `row` of the new snapshot and its checksum with `statement`; a constraint it breaks
    /// is a hierarchy no capture makes, which `refusal` names.
    private func insert(_ row: consuming [DatabaseValue], with statement: Statement, refusal: @autoclosure () -> String) throws {
        row.append(.integer(Checksum.of(row)))
        do {
            try statement.execute(row)
        } catch {
            guard error.primaryResultCode == SQLITE_CONSTRAINT else { throw error }
            throw StoreError.invalidHierarchy(reason: refusal())
        }
    }

    /// Inserts `payload` unless a kept row holds it already (the report counts only those); its key.
    private mutating func insert(_ payload: Data) throws(DatabaseError) -> Int64 {
        let hash = Checksum.of(payload: payload)
        try insertPayload.execute([.integer(hash), .blob(payload)])
        if database.changedRowCount > 0 {
            report.writtenPayloadCount += 1
            report.writtenPayloadBytes += payload.count
        }
        return hash
    }
}
