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
    /// The persistent identifier of its scene session (`default` without scenes); `nil` when that row is gone.
    public var session: String?
    var marks: Probation.Marks
    /// The key of the app's own keys' payload, if it wrote any.
    var applicationPayloadHash: Int64?

    /// Whether a restore of it crashed or was killed part-way, so restores skip it (docs/behaviour.md §4.2).
    public var isCrashMarked: Bool { marks.isCrashMarked }
    /// Whether a running process restored it and its launch has not counted as good yet (docs/behaviour.md §4.2).
    public var isOnProbation: Bool { marks.isOnProbation }
    /// How many processes crashed or were killed while it was on probation.
    public var strikes: Int { marks.strikes }
    /// Whether it is quarantined: restores skip it (docs/behaviour.md §4.2).
    public var isQuarantined: Bool { marks.quarantinedAt }
}

/// A snapshot as read back: its well-formed part, and what is wrong with the rest.
public struct LoadedSnapshot: Sendable {
    /// The controllers and objects that decoded and hang from a window root, parents first.
    public let snapshot: Snapshot
    /// Each controller's parent's (or presenter's) index in `snapshot.controllers`; `nil` for a root.
    let parentIndexes: [Int?]
    /// Every problem found; controllers with a dropping problem are not in `snapshot`.
    public let problems: [SnapshotProblem]
}

/// Reads snapshots back without the app's classes, trusting nothing in the file (docs/behaviour.md §4.7, §8.3).
enum SnapshotReader {
    // The largest text column and payload a file may hold (docs/schema.md, "Payload format").
    static let textLimit = 64 * 1024
    static let payloadLimit = 16 * 1024 * 1024

    /// Every snapshot's summary, newest first, or only scene session `session`'s, or only snapshot `id`'s. Without
    /// `sizes`, `byteCount`, `sharedPayloadCount` and `session` are left out: a restore needs neither them nor their cost.
    static func summaries(_ database: Database, sizes: Bool = true, session: String? = nil,
                          id: Int64? = nil) throws -> [SnapshotSummary] {
        let statement = try database.cachedStatement(sizes ? summariesWithSizes : summariesWithoutSizes)
        let columns = ResultColumns<SnapshotColumn>(statement)
        var result: [SnapshotSummary] = []
        try statement.forEachRow([session, id]) { row in
            result.append(try summary(row, columns, path: database.path))
        }
        // Rare (a process died with a probation), so asked only then rather than in every listing.
        for index in result.indices where result[index].marks.isLeftByGoneProcess {
            result[index].marks.processDiedRestoringAnother = try database.scalarInteger("""
                SELECT EXISTS (SELECT 1 FROM snapshot WHERE restoring_process = ? AND restore_started_at IS NOT NULL AND id <> ?)
                """, [result[index].marks.process, result[index].id]) == 1
        }
        return result
    }

    private static let summariesWithSizes = summariesSQL(sizeColumns: """
        (SELECT coalesce(sum(length(p.bytes)), 0) FROM payload p
          WHERE p.hash IN (SELECT payload_hash FROM controller WHERE snapshot_id = s.id)) AS byte_count,
        (SELECT count(*) FROM (SELECT DISTINCT payload_hash AS hash FROM controller WHERE snapshot_id = s.id) mine
          WHERE EXISTS (SELECT 1 FROM controller o WHERE o.payload_hash = mine.hash AND o.snapshot_id <> s.id))
          AS shared_payload_count,
        (SELECT persistent_identifier FROM scene_session WHERE id = s.session_id) AS session
        """)
    private static let summariesWithoutSizes = summariesSQL(
        sizeColumns: "0 AS byte_count, 0 AS shared_payload_count, NULL AS session")

    /// `?1` (a session) and `?2` (an id) filter when not `NULL`.
    private static func summariesSQL(sizeColumns: String) -> String {
        """
        SELECT s.id, \(SnapshotColumn.selecting(from: "s")), julianday(s.created_at) AS created_day,
               \(sizeColumns), \(Probation.markColumns)
        FROM snapshot s
        WHERE (?1 IS NULL OR s.session_id = (SELECT id FROM scene_session WHERE persistent_identifier = ?1))
          AND (?2 IS NULL OR s.id = ?2)
        ORDER BY s.id DESC
        """
    }

    private static func summary(_ statement: Statement, _ columns: ResultColumns<SnapshotColumn>,
                                path: String) throws -> SnapshotSummary {
        let id = statement.integer(named: "id") ?? 0
        func corrupt(_ reason: String) -> StoreError { .corruptSnapshot(path: path, snapshot: id, reason: reason) }
        let textColumns: [SnapshotColumn] = [.created_at, .app_version, .app_build, .schema_version, .platform, .label]
        let row = try checkedRow(statement, columns, sized: textColumns).mapError { corrupt($0.description) }.get()
        guard let date = Database.date(julianDay: statement.value(named: "created_day")) else {
            throw corrupt("created_at is not an ISO 8601 date")
        }
        guard let version = row.text(.app_version), let build = row.text(.app_build),
              let schema = row.integer(.schema_version), let platform = row.text(.platform),
              let label = row.text(.label), let windows = row.integer(.window_count),
              let controllers = row.integer(.controller_count) else {
            throw corrupt("its columns hold values of the wrong type")
        }
        let metadata = SnapshotMetadata(createdAt: date, appVersion: version, appBuild: build, schemaVersion: Int(schema),
                                        platform: platform, label: label)
        return SnapshotSummary(id: id, metadata: metadata, windowCount: Int(windows), controllerCount: Int(controllers),
                               byteCount: Int(statement.integer(named: "byte_count") ?? 0),
                               sharedPayloadCount: Int(statement.integer(named: "shared_payload_count") ?? 0),
                               session: statement.text(named: "session"), marks: Probation.marks(statement),
                               applicationPayloadHash: row.integer(.payload_hash))
    }

    /// Snapshot `id`, or the newest when `nil`, read in one transaction (docs/behaviour.md §4.1).
    static func load(idOrNewest id: Int64?, from database: Database) throws -> LoadedSnapshot {
        try database.inReadTransaction {
            guard let chosen = try id ?? database.scalarInteger("SELECT max(id) FROM snapshot") else {
                throw StoreError.noSnapshot(path: database.path)
            }
            guard let summary = try summaries(database, sizes: false, id: chosen).first else {
                throw StoreError.snapshotNotFound(path: database.path, id: chosen)
            }
            return try load(summary, from: database)
        }
    }

    /// The snapshot `summary` lists, its header as the listing checked it; call in the listing's read transaction.
    static func load(_ summary: SnapshotSummary, from database: Database) throws -> LoadedSnapshot {
        var problems: [SnapshotProblem] = []
        let textColumns: [ControllerColumn] = [.path, .identifier, .title, .relation, .style, .appearance, .class_name,
                                               .restoration_class]
        let controllers = try checkedRows(controllersSQL, of: summary.id, textColumns: textColumns, in: database,
                                          problems: &problems, place: controllerPlace, record: controller)
        let rowCount = controllers.records.count + problems.count
        let structure = SnapshotStructure(controllers.records, storedPaths: controllers.places,
                                          refusedRowIDs: Set(problems.compactMap(\.nodeID)))
        problems += structure.problems
        if rowCount != summary.controllerCount {
            // A damaged page can hide rows without any SQLite error; the checksummed count cannot.
            problems.append(SnapshotProblem(nodeID: nil, path: "/", reason: .rowsMissing(expected: summary.controllerCount, found: rowCount)))
        }
        let objects = try checkedRows(objectsSQL, of: summary.id, textColumns: [.identifier, .class_name], in: database,
                                      problems: &problems, place: objectPlace, record: object)
        var applicationValues: [String: CodedValue] = [:]
        if let hash = summary.applicationPayloadHash {
            try database.cachedStatement(applicationPayloadSQL).forEachRow([hash]) { row in
                do throws(SnapshotProblem.Reason) {
                    applicationValues = try payload(row, payloadColumns(row))
                } catch {
                    problems.append(SnapshotProblem(nodeID: nil, path: "the app's keys", reason: error))
                }
            }
        }
        let snapshot = Snapshot(id: summary.id, metadata: summary.metadata, windowCount: summary.windowCount,
                                controllers: structure.ordered, objects: objects.records, applicationValues: applicationValues)
        return LoadedSnapshot(snapshot: snapshot, parentIndexes: structure.parentIndexes, problems: problems)
    }

    /// The rows `sql` selects for snapshot `id` that pass ``checkedRow(_:_:sized:limit:)`` and whose
    /// payload matches its key; each row that fails is a problem at its `place` instead.
    private static func checkedRows<Column: TableColumn, Record>(
        _ sql: String, of id: Int64, textColumns: [Column], in database: Database, problems: inout [SnapshotProblem],
        place: (Statement, ResultColumns<Column>) -> (id: Int?, path: String),
        record: (Row<Column>, [String: CodedValue]) throws(SnapshotProblem.Reason) -> Record
    ) throws -> (records: [Record], places: [String]) {
        let statement = try database.cachedStatement(sql)
        let columns = ResultColumns<Column>(statement)
        let payloadColumns = Self.payloadColumns(statement)
        var records: [Record] = []
        var places: [String] = []
        try statement.forEachRow([id]) { row in
            let (id, path) = place(row, columns)
            do throws(SnapshotProblem.Reason) {
                let verified = try checkedRow(row, columns, sized: textColumns).get()
                records.append(try record(verified, try payload(row, payloadColumns)))
                places.append(path)
            } catch {
                problems.append(SnapshotProblem(nodeID: id, path: path, reason: error))
            }
        }
        return (records, places)
    }

    /// The current row if none of its `sized` columns is larger than `limit` says (checked first: a
    /// tampered row must not make us copy 100 MB to refuse it) and it matches its checksum.
    static func checkedRow<Column: TableColumn>(
        _ row: Statement, _ columns: ResultColumns<Column>, sized: [Column], limit: (Column) -> Int = { _ in textLimit }
    ) -> Result<Row<Column>, SnapshotProblem.Reason> {
        if let column = sized.first(where: { columns.byteCount($0, in: row) > limit($0) }) {
            return .failure(.tooLarge(column: column.name, bytes: columns.byteCount(column, in: row), limit: limit(column)))
        }
        return columns.verifiedRow(row).map { .success($0) } ?? .failure(.checksumMismatch(table: Column.table))
    }

    /// A payload's size, and its bytes only when the format allows its size (a huge one is never read).
    private static let payloadSQL = """
        length(p.bytes) AS payload_length, CASE WHEN length(p.bytes) <= \(payloadLimit) THEN p.bytes END AS payload_bytes
        """
    private static let controllersSQL = """
        SELECT \(ControllerColumn.selecting(from: "c")), \(payloadSQL)
        FROM controller c LEFT JOIN payload p ON p.hash = c.payload_hash
        WHERE c.snapshot_id = ? ORDER BY c.node_id
        """
    private static let objectsSQL = """
        SELECT \(ObjectColumn.selecting(from: "o")), \(payloadSQL)
        FROM object o LEFT JOIN payload p ON p.hash = o.payload_hash
        WHERE o.snapshot_id = ? ORDER BY o.object_id
        """
    /// One row, with `NULL` payload columns when the payload is missing.
    private static let applicationPayloadSQL = """
        SELECT ?1 AS payload_hash, \(payloadSQL) FROM (SELECT 1) LEFT JOIN payload p ON p.hash = ?1
        """

    /// Where a statement holds `payload_hash` and the columns of ``payloadSQL``, found once per statement.
    private static func payloadColumns(_ statement: Statement) -> (hash: Int?, length: Int?, bytes: Int?) {
        (statement.index(ofColumn: "payload_hash"), statement.index(ofColumn: "payload_length"),
         statement.index(ofColumn: "payload_bytes"))
    }

    /// The keyed values of the payload a row names, checked against its key first.
    private static func payload(_ row: Statement, _ columns: (hash: Int?, length: Int?, bytes: Int?))
        throws(SnapshotProblem.Reason) -> [String: CodedValue] {
        guard let key = columns.hash.flatMap(row.integer(at:)) else { throw .wrongColumnType("payload_hash") }
        guard let size = columns.length.flatMap(row.integer(at:)) else { throw .missingPayload(hash: key) }
        guard size <= payloadLimit else { throw .tooLarge(column: "payload", bytes: Int(size), limit: payloadLimit) }
        guard let data = columns.bytes.flatMap(row.blob(at:)) else { throw .wrongColumnType("payload.bytes") }
        guard Checksum.of(payload: data) == key else { throw .checksumMismatch(table: "payload") }
        do {
            return try PayloadCodec.decode(data)
        } catch {
            throw .malformedPayload(error)
        }
    }

    private static func controllerPlace(_ row: Statement,
                                        _ columns: ResultColumns<ControllerColumn>) -> (id: Int?, path: String) {
        let size = columns.byteCount(.path, in: row)
        let path = size <= textLimit ? columns[.path].flatMap(row.text(at:)) ?? "?" : "(path of \(size) bytes)"
        return (columns[.node_id].flatMap(row.integer(at:)).map(Int.init), path)
    }

    private static func objectPlace(_ row: Statement, _ columns: ResultColumns<ObjectColumn>) -> (id: Int?, path: String) {
        let id = columns[.object_id].flatMap(row.integer(at:)).map(Int.init)
        return (id, "object \(id.map(String.init) ?? "?")")
    }

    private static func object(_ row: Row<ObjectColumn>,
                               _ values: [String: CodedValue]) throws(SnapshotProblem.Reason) -> ObjectRecord {
        guard let id = row.integer(.object_id), let className = row.text(.class_name),
              let version = row.integer(.class_version) else {
            throw .wrongColumnType("object")
        }
        return ObjectRecord(id: Int(id), identifier: row.text(.identifier), className: className, classVersion: Int(version),
                            values: values)
    }

    /// A checked `controller` row as a record whose `path` is the row's last component (``SnapshotStructure`` adds the rest).
    private static func controller(_ row: Row<ControllerColumn>,
                                   _ values: [String: CodedValue]) throws(SnapshotProblem.Reason) -> ControllerRecord {
        func int(_ column: ControllerColumn) throws(SnapshotProblem.Reason) -> Int {
            if let value = row.integer(column) { Int(value) } else { throw .wrongColumnType(column.name) }
        }
        func text(_ column: ControllerColumn) throws(SnapshotProblem.Reason) -> String {
            if let value = row.text(column) { value } else { throw .wrongColumnType(column.name) }
        }
        let nodeID = try int(.node_id)
        let parentID: Int? = row[.parent_id] == .null ? nil : try int(.parent_id)
        let path = try text(.path)
        let relationName = try text(.relation)
        let position = try int(.position)
        guard position >= 0 else { throw .negativePosition(relation: relationName, position: position) }
        let relation = try ControllerRelation.fromColumns(name: relationName, position: position, style: row.text(.style),
                                                          isSelected: try int(.is_selected) == 1)
        let appearanceName = try text(.appearance)
        guard let appearance = AppearanceState(rawValue: appearanceName) else { throw .unknownAppearance(appearanceName) }
        return ControllerRecord(
            id: nodeID, parentID: parentID, path: [SnapshotPath.lastComponent(path)], identifier: try text(.identifier),
            title: row.text(.title), windowIndex: try int(.window_index), relation: relation, className: try text(.class_name),
            classVersion: try int(.class_version), restorationClassName: row.text(.restoration_class),
            isViewLoaded: try int(.view_loaded) == 1, appearance: appearance, isCollapsed: try int(.is_collapsed) == 1,
            values: values)
    }
}
