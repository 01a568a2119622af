import ControllerKit
import Foundation

/// One line of a snapshot listing.
public struct SnapshotSummary: Sendable, Hashable {
    /// The snapshot's id.
    public var id: Int64
    /// Its metadata.
    public var metadata: SnapshotMetadata
    /// How many windows it holds.
    public var windowCount: Int
    /// How many controllers it holds.
    public var controllerCount: Int
    /// The bytes of its controllers' keyed values (each distinct payload counted once).
    public var byteCount: Int
    /// How many of its payloads other snapshots share.
    public var sharedPayloadCount: Int
    /// Its crash mark, probation and strikes, as stored.
    var marks: Probation.Marks

    /// Whether a restore of it crashed or was killed part-way, so restores skip it.
    public var isCrashMarked: Bool { marks.isCrashMarked }
    /// Whether a process that is still running restored it and its launch has not counted as
    /// good yet.
    public var isOnProbation: Bool { marks.isOnProbation }
    /// How many processes crashed or were killed while it was on probation.
    public var strikes: Int { marks.strikes }
    /// Whether a restore recorded it as quarantined: enough processes crashed right after
    /// restoring it that restores skip it.
    public var isQuarantined: Bool { marks.quarantinedAt }
}

/// A snapshot as read back: its well-formed part, and what is wrong with the rest.
public struct LoadedSnapshot: Sendable {
    /// The controllers and objects that decoded and hang from a window root, parents first.
    public var snapshot: Snapshot
    /// Every problem found; controllers with a dropping problem are not in `snapshot`.
    public var problems: [SnapshotProblem]
    /// Whether a restore of it died part-way.
    public var isCrashMarked: Bool
}

extension SnapshotProblem.Reason {
    /// Whether the problem leaves the controller out (the others are reported only).
    public var dropsController: Bool {
        if case .positionsNotDense = self { return false }
        return true
    }
}

/// Reads snapshots back without the app's classes. Every row is checked against its checksum
/// and every payload against its key before anything is decoded; nothing here trusts the file,
/// recurses on its links, or reads a column larger than the format allows.
enum SnapshotReader {
    /// The largest text a column may hold (paths, identifiers, titles, class names).
    static let textLimit = 64 * 1024
    /// The largest payload one controller or object may hold.
    static let payloadLimit = 16 * 1024 * 1024

    /// Every snapshot's summary, newest first; without `sizes`, `byteCount` and
    /// `sharedPayloadCount` are 0 (a restore choosing its snapshot does not need them).
    static func summaries(_ database: Database, sizes: Bool = true) throws -> [SnapshotSummary] {
        let sizeColumns = sizes ? """
            (SELECT coalesce(sum(length(p.bytes)), 0) FROM payload p
              WHERE p.hash IN (SELECT payload_hash FROM controller WHERE snapshot_id = s.id)),
            (SELECT count(*) FROM (SELECT DISTINCT payload_hash AS hash FROM controller WHERE snapshot_id = s.id) mine
              WHERE EXISTS (SELECT 1 FROM controller o WHERE o.payload_hash = mine.hash AND o.snapshot_id <> s.id))
            """ : "0, 0"
        let statement = try database.cachedStatement("""
            SELECT s.id, s.created_at, s.app_version, s.app_build, s.schema_version, s.platform, s.label,
                   s.window_count, s.controller_count, s.payload_hash, s.checksum, julianday(s.created_at),
                   \(sizeColumns), \(Probation.markColumns)
            FROM snapshot s ORDER BY s.id DESC
            """)
        var result: [SnapshotSummary] = []
        try statement.forEachRow { row in
            let id = row.integer(at: 0) ?? 0
            let header = try header(row, firstColumn: 1, snapshot: id, path: database.path)
            result.append(SnapshotSummary(
                id: id, metadata: header.metadata, windowCount: header.windowCount, controllerCount: header.controllerCount,
                byteCount: Int(row.integer(at: 12) ?? 0), sharedPayloadCount: Int(row.integer(at: 13) ?? 0),
                marks: Probation.marks(row, from: 14)))
        }
        return result
    }

    /// The snapshot row's columns from `created_at` to `checksum` (`payload_hash` before it),
    /// starting at `firstColumn`, checked against the checksum, then `julianday(created_at)`.
    static func header(_ row: Statement, firstColumn first: Int, snapshot: Int64,
                       path: String) throws -> (metadata: SnapshotMetadata, windowCount: Int, controllerCount: Int) {
        func corrupt(_ reason: String) -> StoreError { .corruptSnapshot(path: path, snapshot: snapshot, reason: reason) }
        if let column = (first..<(first + 6)).first(where: { row.byteCount(at: $0) > textLimit }) {
            throw corrupt("a metadata column holds \(row.byteCount(at: column)) bytes, more than the \(textLimit) allowed")
        }
        let columns = (first..<(first + 9)).map { row.value(at: $0) }
        guard row.integer(at: first + 9) == Checksum.of(columns) else {
            throw corrupt("its snapshot row does not match its checksum (the file was damaged or edited)")
        }
        guard let date = Database.date(julianDay: row.value(at: first + 10)) else {
            throw corrupt("created_at is not an ISO 8601 date")
        }
        guard let version = row.text(at: first + 1), let build = row.text(at: first + 2),
              let schema = row.integer(at: first + 3), let platform = row.text(at: first + 4),
              let label = row.text(at: first + 5), let windows = row.integer(at: first + 6),
              let controllers = row.integer(at: first + 7) else {
            throw corrupt("its columns hold values of the wrong type")
        }
        let metadata = SnapshotMetadata(createdAt: date, appVersion: version, appBuild: build, schemaVersion: Int(schema),
                                        platform: platform, label: label)
        return (metadata, Int(windows), Int(controllers))
    }

    /// Snapshot `id`, or the newest when `nil`, read in one transaction: a writer's commits and
    /// prunes never show through mid-read.
    static func load(idOrNewest id: Int64?, from database: Database) throws -> LoadedSnapshot {
        try database.inReadTransaction {
            guard let chosen = try id ?? database.scalarInteger("SELECT max(id) FROM snapshot") else {
                throw StoreError.noSnapshot(path: database.path)
            }
            return try load(chosen, from: database)
        }
    }

    private static func load(_ id: Int64, from database: Database) throws -> LoadedSnapshot {
        let headerRow = try database.cachedStatement("""
            SELECT created_at, app_version, app_build, schema_version, platform, label, window_count, controller_count,
                   payload_hash, checksum, julianday(created_at), \(Probation.markColumns)
            FROM snapshot WHERE id = ?
            """)
        // Reset when done, or the kept statement would hold this connection's read open.
        defer { headerRow.reset() }
        try headerRow.bind([id])
        guard try headerRow.step() else { throw StoreError.snapshotNotFound(path: database.path, id: id) }
        let header = try header(headerRow, firstColumn: 0, snapshot: id, path: database.path)
        let isCrashMarked = Probation.marks(headerRow, from: 11).isCrashMarked
        let applicationPayload = headerRow.integer(at: 8)

        var problems: [SnapshotProblem] = []
        var records: [ControllerRecord] = []
        var storedPaths: [String] = []
        var rowIDs = Set<Int>()
        var rowCount = 0
        // The payload only when the format allows its size: a huge one is never read.
        let rows = try database.cachedStatement("""
            SELECT c.node_id, c.parent_id, c.path, c.identifier, c.title, c.window_index, c.relation, c.position, c.style,
                   c.is_selected, c.is_collapsed, c.view_loaded, c.appearance, c.class_name, c.class_version,
                   c.restoration_class, c.payload_hash, c.checksum, length(p.bytes),
                   CASE WHEN length(p.bytes) <= \(payloadLimit) THEN p.bytes END
            FROM controller c LEFT JOIN payload p ON p.hash = c.payload_hash
            WHERE c.snapshot_id = ? ORDER BY c.node_id
            """)
        try rows.forEachRow([id]) { row in
            rowCount += 1
            let nodeID = row.integer(at: 0).map(Int.init)
            if let nodeID { rowIDs.insert(nodeID) }
            let path = row.byteCount(at: 2) <= textLimit ? row.text(at: 2) ?? "?" : "(path of \(row.byteCount(at: 2)) bytes)"
            do throws(SnapshotProblem.Reason) {
                records.append(try controller(row, snapshot: id))
                storedPaths.append(path)
            } catch {
                problems.append(SnapshotProblem(nodeID: nodeID, path: path, reason: error))
            }
        }
        var structured = SnapshotStructure(records, storedPaths: storedPaths, rowIDs: rowIDs)
        problems += structured.problems
        if rowCount != header.controllerCount {
            // A damaged page can hide rows without any SQLite error; the checksummed count cannot.
            problems.append(SnapshotProblem(nodeID: nil, path: "/", reason: .rowsMissing(expected: header.controllerCount, found: rowCount)))
        }

        var objects: [ObjectRecord] = []
        let objectRows = try database.cachedStatement("""
            SELECT o.object_id, o.identifier, o.class_name, o.class_version, o.payload_hash, o.checksum, length(p.bytes),
                   CASE WHEN length(p.bytes) <= \(payloadLimit) THEN p.bytes END
            FROM object o LEFT JOIN payload p ON p.hash = o.payload_hash
            WHERE o.snapshot_id = ? ORDER BY o.object_id
            """)
        try objectRows.forEachRow([id]) { row in
            let objectID = row.integer(at: 0).map(Int.init)
            let place = "object \(objectID.map(String.init) ?? "?")"
            do throws(SnapshotProblem.Reason) {
                guard let objectID, row.byteCount(at: 1) <= textLimit, row.byteCount(at: 2) <= textLimit,
                      let className = row.text(at: 2), let version = row.integer(at: 3) else { throw .wrongColumnType("object") }
                _ = try verified(row, columns: 0..<5, checksum: 5, prefix: id, table: "object")
                let values = try payload(row, hash: 4, length: 6, bytes: 7)
                objects.append(ObjectRecord(id: objectID, identifier: row.text(at: 1), className: className,
                                            classVersion: Int(version), values: values))
            } catch {
                problems.append(SnapshotProblem(nodeID: objectID, path: place, reason: error))
            }
        }
        var applicationValues: [String: CodedValue] = [:]
        if let applicationPayload {
            let payloadRow = try database.cachedStatement("""
                SELECT ?, length(bytes), CASE WHEN length(bytes) <= \(payloadLimit) THEN bytes END FROM payload WHERE hash = ?
                """)
            defer { payloadRow.reset() }
            try payloadRow.bind([applicationPayload, applicationPayload])
            let found = try payloadRow.step()
            do throws(SnapshotProblem.Reason) {
                guard found else { throw .missingPayload(hash: applicationPayload) }
                applicationValues = try payload(payloadRow, hash: 0, length: 1, bytes: 2)
            } catch {
                problems.append(SnapshotProblem(nodeID: nil, path: "the app's keys", reason: error))
            }
        }
        let snapshot = Snapshot(id: id, metadata: header.metadata, windowCount: header.windowCount,
                                controllers: structured.takeOrdered(), objects: objects, applicationValues: applicationValues)
        return LoadedSnapshot(snapshot: snapshot, problems: problems, isCrashMarked: isCrashMarked)
    }

    /// `columns` of `row`, read once, checked with `prefix` (the snapshot id) before them
    /// against the row's checksum column.
    private static func verified(_ row: Statement, columns: Range<Int>, checksum: Int, prefix: Int64,
                                 table: String) throws(SnapshotProblem.Reason) -> [DatabaseValue] {
        let values = columns.map { row.value(at: $0) }
        guard row.integer(at: checksum) == Checksum.of([.integer(prefix)] + values) else { throw .checksumMismatch(table: table) }
        return values
    }

    /// The keyed values of the payload a row names, checked against its key first.
    private static func payload(_ row: Statement, hash: Int, length: Int, bytes: Int) throws(SnapshotProblem.Reason) -> [String: CodedValue] {
        guard let key = row.integer(at: hash) else { throw .wrongColumnType("payload_hash") }
        guard let size = row.integer(at: length) else { throw .missingPayload(hash: key) }
        guard size <= payloadLimit else { throw .tooLarge(column: "payload", bytes: Int(size), limit: payloadLimit) }
        guard let data = row.blob(at: bytes) else { throw .wrongColumnType("payload.bytes") }
        guard Checksum.of(payload: data) == key else { throw .checksumMismatch(table: "payload") }
        do {
            return try PayloadCodec.decode(data)
        } catch {
            throw .malformedPayload(error)
        }
    }

    /// The text columns of a controller row, by index and name.
    private static let textColumns = [(2, "path"), (3, "identifier"), (4, "title"), (6, "relation"), (8, "style"),
                                      (12, "appearance"), (13, "class_name"), (15, "restoration_class")]

    /// One `controller` row and its payload, or what is wrong with it. Its `path` holds only the
    /// row's own last component: ``SnapshotStructure`` makes the whole path from the parents'.
    private static func controller(_ row: Statement, snapshot: Int64) throws(SnapshotProblem.Reason) -> ControllerRecord {
        // Sizes first: a tampered row must not make us copy 100 MB to refuse it.
        for (column, name) in textColumns where row.byteCount(at: column) > textLimit {
            throw .tooLarge(column: name, bytes: row.byteCount(at: column), limit: textLimit)
        }
        let columns = try verified(row, columns: 0..<17, checksum: 17, prefix: snapshot, table: "controller")
        func int(_ column: Int, _ name: String) throws(SnapshotProblem.Reason) -> Int {
            guard case .integer(let value) = columns[column] else { throw .wrongColumnType(name) }
            return Int(value)
        }
        func text(_ column: Int, _ name: String) throws(SnapshotProblem.Reason) -> String {
            guard let value = optionalText(column) else { throw .wrongColumnType(name) }
            return value
        }
        func optionalText(_ column: Int) -> String? {
            if case .text(let value) = columns[column] { value } else { nil }
        }
        let nodeID = try int(0, "node_id")
        let parentID: Int? = columns[1] == .null ? nil : try int(1, "parent_id")
        let path = try text(2, "path")
        let window = try int(5, "window_index")
        let relationName = try text(6, "relation")
        let position = try int(7, "position")
        guard position >= 0 else { throw .negativePosition(relation: relationName, position: position) }
        let relation = try ControllerRelation.fromColumns(name: relationName, position: position, style: optionalText(8),
                                                          isSelected: try int(9, "is_selected") == 1).get()
        let appearanceName = try text(12, "appearance")
        guard let appearance = AppearanceState(rawValue: appearanceName) else { throw .unknownAppearance(appearanceName) }
        return ControllerRecord(
            id: nodeID, parentID: parentID, path: [SnapshotPath.lastComponent(path)], identifier: try text(3, "identifier"),
            title: optionalText(4), windowIndex: window, relation: relation, className: try text(13, "class_name"),
            classVersion: try int(14, "class_version"), restorationClassName: optionalText(15),
            isViewLoaded: try int(11, "view_loaded") == 1, appearance: appearance, isCollapsed: try int(10, "is_collapsed") == 1,
            values: try payload(row, hash: 16, length: 18, bytes: 19))
    }
}
