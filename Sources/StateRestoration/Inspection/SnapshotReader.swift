@_spi(Restoration) import ControllerKit
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
    /// The bytes of its keyed values.
    public var byteCount: Int
    /// Whether a restore of it died part-way, so restores skip it.
    public var isCrashMarked: Bool
    /// How many of its controller states other snapshots share.
    public var sharedStateCount: Int
    /// For a delta: the full snapshot it overlays.
    public var baseSnapshotID: Int64?
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

/// Reads snapshots back without the app's classes. Every row is checked; nothing here trusts
/// the file, recurses on its links, or allocates by a length it claims.
enum SnapshotReader {
    /// The largest text a column may hold (paths, identifiers, titles, class names).
    static let textLimit = 64 * 1024
    /// The largest payload one controller or object may hold.
    static let payloadLimit = 16 * 1024 * 1024

    /// Every snapshot's summary, newest first. One statement, so already one consistent read.
    /// Without `sizes`, `byteCount` and `sharedStateCount` are 0: counting them scans every node
    /// of every snapshot, which a restore choosing its candidate does not need.
    static func summaries(_ database: Database, sizes: Bool = true) throws -> [SnapshotSummary] {
        let sizeColumns = sizes ? """
            (SELECT coalesce(sum(length(c.payload)), 0) FROM node n JOIN controller_state c ON c.id = n.state_id
              WHERE n.snapshot_id = s.id),
            (SELECT count(DISTINCT n.state_id) FROM node n WHERE n.snapshot_id = s.id
              AND EXISTS (SELECT 1 FROM node m WHERE m.state_id = n.state_id AND m.snapshot_id <> s.id))
            """ : "0, 0"
        let statement = try database.prepare("""
            SELECT s.id, s.created_at, s.app_version, s.app_build, s.schema_version, s.platform, s.label,
                   s.window_count, s.controller_count, s.restore_started_at IS NOT NULL,
                   \(sizeColumns),
                   s.checksum, s.base_id
            FROM snapshot s ORDER BY s.id DESC
            """)
        var result: [SnapshotSummary] = []
        // Schema 4's states are packed: counted from the records rather than by SQL.
        let packed = try sizes && hasChunks(database) ? packedSizes(database) : [:]
        try statement.forEachRow { row in
            let id = row.integer(at: 0) ?? 0
            try verifyHeader(row, HeaderColumns(firstMetadata: 1, windowCount: 7, controllerCount: 8, base: 13, checksum: 12),
                             snapshot: id, path: database.path)
            result.append(SnapshotSummary(
                id: id, metadata: try metadata(row, firstColumn: 1, snapshot: id, path: database.path),
                windowCount: Int(row.integer(at: 7) ?? 0), controllerCount: Int(row.integer(at: 8) ?? 0),
                byteCount: Int(row.integer(at: 10) ?? 0) + (packed[id]?.bytes ?? 0), isCrashMarked: row.integer(at: 9) == 1,
                sharedStateCount: Int(row.integer(at: 11) ?? 0) + (packed[id]?.shared ?? 0), baseSnapshotID: row.integer(at: 13)))
        }
        return result
    }

    /// Where a query put the snapshot row's checksummed columns.
    struct HeaderColumns {
        var firstMetadata: Int
        var windowCount: Int
        var controllerCount: Int
        var base: Int
        var checksum: Int
    }

    /// Checks the snapshot row against its checksum: the six metadata columns, then the window
    /// and controller counts, as the writer hashed them.
    static func verifyHeader(_ row: Statement, _ layout: HeaderColumns, snapshot: Int64, path: String) throws {
        let columns = (layout.firstMetadata..<(layout.firstMetadata + 6)).filter { row.byteCount(at: $0) <= textLimit }
        guard columns.count == 6 else { return }  // metadata() reports the oversized column
        let values = (columns + [layout.windowCount, layout.controllerCount, layout.base]).map { row.value(at: $0) }
        guard row.integer(at: layout.checksum) == RowChecksum.of(values) else {
            throw StoreError.corruptSnapshot(path: path, snapshot: snapshot,
                                             reason: "its snapshot row does not match its checksum (the file was damaged or edited)")
        }
    }

    /// Reads the six metadata columns starting at `firstColumn`.
    static func metadata(_ row: Statement, firstColumn: Int, snapshot: Int64, path: String) throws -> SnapshotMetadata {
        if let column = (firstColumn..<(firstColumn + 6)).first(where: { row.byteCount(at: $0) > textLimit }) {
            throw StoreError.corruptSnapshot(path: path, snapshot: snapshot,
                                             reason: "a metadata column holds \(row.byteCount(at: column)) bytes, more than the \(textLimit) allowed")
        }
        guard let created = row.text(at: firstColumn), let date = Timestamp.date(from: created) else {
            throw StoreError.corruptSnapshot(path: path, snapshot: snapshot, reason: "created_at is not an ISO 8601 date")
        }
        guard let version = row.text(at: firstColumn + 1), let build = row.text(at: firstColumn + 2),
              let schema = row.integer(at: firstColumn + 3), let platform = row.text(at: firstColumn + 4),
              let label = row.text(at: firstColumn + 5) else {
            throw StoreError.corruptSnapshot(path: path, snapshot: snapshot, reason: "its metadata columns hold values of the wrong type")
        }
        return SnapshotMetadata(createdAt: date, appVersion: version, appBuild: build, schemaVersion: Int(schema),
                                platform: platform, label: label)
    }

    /// When a load decodes the records' payloads.
    enum PayloadDecoding {
        /// As each row parses: a load's second reading, after a payload decoded later did not.
        case whileParsing
        /// On the other cores beside the structural checks, every one before the load returns
        /// (``DeferredPayloads``).
        case besideChecks
        /// Left decoding when the load returns, for a restore (``PendingPayloads``).
        case leftPending
    }

    /// Snapshot `id`, or the newest when `nil`.
    static func load(idOrNewest id: Int64?, from database: Database) throws -> LoadedSnapshot {
        try load(idOrNewest: id, from: database, payloads: .besideChecks).loaded
    }

    /// Snapshot `id`, or the newest when `nil`, for a restore: its records without their keyed
    /// values, which still decode on the other cores when this returns (`pending`, whose
    /// records have none), so that the restore makes and attaches the controllers meanwhile.
    /// A payload that does not decode is then the restore's to report (``PendingPayloads``).
    static func loadForRestore(idOrNewest id: Int64?, from database: Database) throws
        -> (loaded: LoadedSnapshot, pending: UndecodedPayloads?) {
        try load(idOrNewest: id, from: database, payloads: .leftPending)
    }

    private static func load(idOrNewest id: Int64?, from database: Database, payloads: PayloadDecoding) throws
        -> (loaded: LoadedSnapshot, pending: UndecodedPayloads?) {
        // A snapshot spans several statements (header, nodes, its base's rows): one read
        // transaction keeps a writer's commits and prunes from showing through mid-read.
        try database.inReadTransaction {
            guard let chosen = try id ?? database.scalarInteger("SELECT max(id) FROM snapshot") else {
                throw StoreError.noSnapshot(path: database.path)
            }
            return try load(chosen, from: database, payloads: payloads)
        }
    }

    /// Decodes the payloads as `decoding` says; `pending` holds them when left decoding. Should
    /// one decoded beside the checks not decode, the snapshot is read again decoding as it goes.
    private static func load(_ id: Int64, from database: Database, payloads decoding: PayloadDecoding) throws
        -> (loaded: LoadedSnapshot, pending: UndecodedPayloads?) {
        let header = try database.prepare("""
            SELECT created_at, app_version, app_build, schema_version, platform, label, window_count,
                   restore_started_at IS NOT NULL, controller_count, checksum, base_id
            FROM snapshot WHERE id = ?
            """)
        try header.bind([id])
        guard try header.step() else { throw StoreError.snapshotNotFound(path: database.path, id: id) }
        let metadata = try metadata(header, firstColumn: 0, snapshot: id, path: database.path)
        let layout = HeaderColumns(firstMetadata: 0, windowCount: 6, controllerCount: 8, base: 10, checksum: 9)
        try verifyHeader(header, layout, snapshot: id, path: database.path)
        // A delta overlays a full snapshot: its own rows and tombstones first, then the anchor's.
        var chain = [id]
        if let base = header.integer(at: 10) {
            try header.bind([base])
            guard try header.step() else {
                throw StoreError.corruptSnapshot(path: database.path, snapshot: id, reason: "its anchor, snapshot \(base), is missing")
            }
            try verifyHeader(header, layout, snapshot: base, path: database.path)
            guard header.value(at: 10) == .null else {
                throw StoreError.corruptSnapshot(path: database.path, snapshot: id,
                                                 reason: "its anchor, snapshot \(base), is itself a delta")
            }
            chain.append(base)
            try header.bind([id])
            _ = try header.step()
        }
        let windowCount = Int(header.integer(at: 6) ?? 0)
        let isCrashMarked = header.integer(at: 7) == 1
        let controllerCount = Int(header.integer(at: 8) ?? 0)

        var problems: [SnapshotProblem] = []
        var rowCount = 0
        var seen = Set<Int>()
        // The checksummed count is only a hint for capacity here: a lie costs memory, never safety.
        let expected = min(max(controllerCount, 0), 1 << 20)
        seen.reserveCapacity(expected)
        let removed = try database.prepare("SELECT node_id, checksum FROM removed_node WHERE snapshot_id = ?")
        try removed.forEachRow([id]) { row in
            guard let nodeID = row.integer(at: 0),
                  row.integer(at: 1) == RowChecksum.of([DatabaseValue.integer(id), DatabaseValue.integer(nodeID)]) else {
                problems.append(SnapshotProblem(nodeID: nil, path: "/", reason: .checksumMismatch(table: "removed_node")))
                return
            }
            seen.insert(Int(nodeID))
        }
        let rows = try database.prepare("""
            SELECT n.node_id, n.parent_id, n.path, n.identifier, n.window_index, n.relation, n.position, n.style,
                   n.is_selected, n.is_collapsed, n.view_loaded, n.appearance,
                   s.class_name, s.class_version, s.restoration_class, s.payload, n.state_id, n.title,
                   n.checksum, s.checksum
            FROM node n LEFT JOIN controller_state s ON s.id = n.state_id
            WHERE n.snapshot_id = ? ORDER BY n.node_id
            """)
        // Parsing (sizes, checksums, payloads, records) is most of a load and needs nothing but
        // the copied rows: batches are parsed on the other cores while this thread reads the
        // next ones, and on this thread too once reading is done. Results keep row order.
        var row = RowColumns(count: rowWidth)
        var batch = RowBatch(width: rowWidth, expectedRows: min(expected, readBatch), limit: sizeLimit)
        let parsing = BackgroundJobs<[ParsedRow]>(workers: parallelThreadCount - 1, maximumQueued: 4,
                                                  byteBudget: readBatchBytes)
        // A read that fails part-way must still let the workers go.
        defer { parsing.close() }
        func submitBatch() {
            guard batch.count > 0 else { return }
            let full = UncheckedSendable(batch)
            parsing.submit(bytes: full.value.byteCount) {
                full.value.withRows { rows in
                    var results: [ParsedRow] = []
                    results.reserveCapacity(rows.count)
                    // One per batch: it is not for two threads.
                    let shortStrings = ShortStrings()
                    for (index, row) in rows.enumerated() {
                        results.append(parseRow(row, snapshot: full.value.snapshots[index], shortStrings: shortStrings))
                    }
                    return results
                }
            }
            batch = RowBatch(width: rowWidth, expectedRows: min(expected, readBatch), limit: sizeLimit)
        }
        for rowSnapshot in chain {
            try rows.forEachRow([rowSnapshot]) { statement in
                row.read(statement)
                // A delta's own row (or tombstone) hides the anchor's.
                if let nodeID = row.integer(at: 0).map(Int.init), !seen.insert(nodeID).inserted { return }
                rowCount += 1
                batch.append(row, snapshot: rowSnapshot)
                // Large payloads end a batch early: copies stay within a few times the limit.
                if batch.count == readBatch || batch.byteCount >= readBatchBytes / 4 { submitBatch() }
            }
        }
        submitBatch()
        var finished = parsing.finish()
        // Schema 4: the same rows, packed (`RowChunk`), parsed on every core as whole chunks. A
        // delta's records hide its anchor's here, after parsing rather than while reading.
        // A file of an earlier schema (the inspector reads files without migrating them) has none.
        // `stateChunks` keeps the bytes of the payloads left to decode.
        var stateChunks: StateChunks?
        var packedRows: [[ParsedRow]] = []
        if try hasChunks(database) {
            let packed = try parsePackedRows(database, chain: chain, problems: &problems,
                                             deferringPayloads: decoding != .whileParsing)
            stateChunks = packed.states
            packedRows = packed.rows
        }
        // Moved, so the collected records hold the only reference to each record: `structure`
        // then sets every path in place instead of copying each record's storage (callgrind: a
        // seventh of the structural checks, and as many allocations as rows).
        var collected = CollectedRows(capacity: expected)
        // Table rows were checked against `seen` as they were read.
        var unchecked: Set<Int>?
        for index in finished.indices { _ = collected.take(&finished[index], unlessSeenIn: &unchecked) }
        var checked: Set<Int>? = consume seen
        for index in packedRows.indices { rowCount += collected.take(&packedRows[index], unlessSeenIn: &checked) }
        finished = []
        packedRows = []
        problems += collected.problems
        let payloads = collected.payloads
        let deferred = collected.deferredCount > 0 ? DeferredPayloads(payloads, owner: stateChunks) : nil
        var structured = structure(&collected.records, summaries: collected.summaries, storedPaths: collected.storedPaths,
                                   failedIDs: collected.failedIDs)
        var pending: UndecodedPayloads?
        if let deferred, decoding == .leftPending {
            var present: [Bool] = []
            present.reserveCapacity(structured.indices.count)
            for index in structured.indices { present.append(payloads[index] != nil) }
            pending = UndecodedPayloads(decoding: deferred, slots: structured.indices, present: present)
        } else if let deferred {
            let decoded = withExtendedLifetime(stateChunks) { deferred.finish() }
            guard let decoded else { return try load(id, from: database, payloads: .whileParsing) }
            // Let go, so each ordered record is the only reference to its storage: its values
            // are then set in place.
            collected.records = []
            for (position, index) in structured.indices.enumerated() {
                if let values = decoded[index] { structured.ordered[position].setKeyedValues(values) }
            }
        }
        stateChunks = nil
        problems += structured.problems
        if rowCount != controllerCount {
            // A damaged page can hide rows without any SQLite error; the checksummed count cannot.
            problems.append(SnapshotProblem(nodeID: nil, path: "/", reason: .rowsMissing(expected: controllerCount, found: rowCount)))
        }

        var objects: [ObjectRecord] = []
        let objectRows = try database.prepare("""
            SELECT object_id, class_name, class_version, payload, checksum FROM object WHERE snapshot_id = ? ORDER BY object_id
            """)
        try objectRows.forEachRow([id]) { row in
            let objectID = row.integer(at: 0).map(Int.init)
            guard let objectID, row.byteCount(at: 1) <= textLimit, row.byteCount(at: 3) <= payloadLimit,
                  let className = row.text(at: 1), let version = row.integer(at: 2), let payload = row.blob(at: 3) else {
                problems.append(SnapshotProblem(nodeID: objectID, path: "object \(objectID.map(String.init) ?? "?")",
                                                reason: .wrongColumnType("object")))
                return
            }
            guard row.integer(at: 4) == RowChecksum.of([DatabaseValue.integer(id)] + (0..<4).map { row.value(at: $0) }) else {
                problems.append(SnapshotProblem(nodeID: objectID, path: "object \(objectID)", reason: .checksumMismatch(table: "object")))
                return
            }
            switch Result(catching: { () throws(PayloadError) in try PayloadCodec.decode(payload) }) {
            case .success(let values):
                objects.append(ObjectRecord(id: objectID, className: className, classVersion: Int(version), values: values))
            case .failure(let error):
                problems.append(SnapshotProblem(nodeID: objectID, path: "object \(objectID)", reason: .malformedPayload(error)))
            }
        }
        let snapshot = Snapshot(id: id, metadata: metadata, windowCount: windowCount,
                                controllers: structured.ordered, objects: objects)
        return (LoadedSnapshot(snapshot: snapshot, problems: problems, isCrashMarked: isCrashMarked), pending)
    }

    /// A parsed row: its node id, its path text (or what stands for it in problems), its record.
    struct ParsedRow {
        var nodeID: Int?
        var path: String
        var record: Result<ControllerRecord, SnapshotProblem.Reason>
        /// What the structural checks read of the record, when it parsed.
        var summary: StructureSummary?
        /// The payload's bytes, when the record parsed without decoding them (its values are
        /// then empty until ``DeferredPayloads`` decodes them).
        var payload: UnsafeRawBufferPointer?
    }

    /// Parses one row. With `deferringPayload`, the payload is checked only for its type and
    /// size (its row's checksum covers its bytes) and left for ``DeferredPayloads``; the bytes
    /// must then stay valid until that has run.
    /// `checksums` are the hashes of the row's node and state checksums: FNV-1a for table rows,
    /// and for records what their chunks' versions say.
    static func parseRow(_ row: RowColumns, snapshot: Int64, shortStrings: ShortStrings,
                         deferringPayload: Bool = false,
                         checksums: (node: RowChecksum.Kind, state: RowChecksum.Kind) = (.fnv1a, .fnv1a)) -> ParsedRow {
        let storedPath = row.byteCount(at: 2) <= textLimit ? row.text(at: 2) : nil
        let path = storedPath ?? (row.byteCount(at: 2) > textLimit ? "(path of \(row.byteCount(at: 2)) bytes)" : "?")
        let record = parse(row, snapshot: snapshot, path: storedPath, shortStrings: shortStrings, deferringPayload: deferringPayload,
                           checksums: checksums)
        var summary: StructureSummary?
        var payload: UnsafeRawBufferPointer?
        if case .success(let parsed) = record, let storedPath {
            summary = StructureSummary(parsed, component: SnapshotPath.lastComponent(storedPath))
            if deferringPayload { payload = row[15].bytes }
        }
        return ParsedRow(nodeID: row.integer(at: 0).map(Int.init), path: path, record: record, summary: summary, payload: payload)
    }

    /// How many rows, or a quarter of how many bytes, are copied before they are parsed: small
    /// batches, so that parsing starts early and overlaps the reading. The bytes waiting to be
    /// parsed stay within `readBatchBytes` (see `BackgroundJobs`).
    private static let readBatch = 256
    private static let readBatchBytes = 2 * payloadLimit

    /// Columns in the row query.
    static let rowWidth = 20

    /// The most bytes a row query column may hold: the payload's limit for the payload, the text
    /// limit for every other column (numbers included, should a damaged file hold bytes there).
    private static func sizeLimit(_ column: Int) -> Int { column == 15 ? payloadLimit : textLimit }

    // The row query's columns, as constants: array literals in `parse` allocated on every row.
    /// The text columns whose size is checked before anything is copied, and their names.
    private static let textColumns = [(2, "path"), (3, "identifier"), (5, "relation"), (7, "style"), (11, "appearance"),
                                      (12, "class_name"), (14, "restoration_class"), (17, "title")]
    /// The columns that hold numbers, and their names.
    private static let numberColumns = [(0, "node_id"), (1, "parent_id"), (4, "window_index"), (6, "position"),
                                        (8, "is_selected"), (9, "is_collapsed"), (10, "view_loaded"), (13, "class_version"),
                                        (16, "state_id"), (18, "checksum"), (19, "controller_state.checksum")]
    /// The `node` columns in the order the writer hashes them (after the snapshot id).
    private static let nodeChecksumColumns = [0, 1, 2, 3, 17, 4, 5, 6, 7, 8, 9, 10, 11, 16]
    /// The `controller_state` columns in the order the writer hashes them.
    private static let stateChecksumColumns = [12, 13, 14, 15]

    /// One `node` row joined with its state, or what is wrong with it. The record's `path` is
    /// empty here: ``structure(_:summaries:storedPaths:failedIDs:)`` sets it to its parent's
    /// plus the row's own component (its summary's), which saves splitting every row's whole
    /// path text. An array of that one component, made here, was replaced there: an allocation
    /// on a parsing thread freed on the loading one, about a tenth of the checks' time (perf).
    /// `path` is the row's path text, already read (`nil` when the column holds no text).
    /// `shortStrings` hands out strings its batch's payloads held before.
    private static func parse(_ row: RowColumns, snapshot: Int64, path: String?, shortStrings: ShortStrings,
                              deferringPayload: Bool, checksums: (node: RowChecksum.Kind, state: RowChecksum.Kind))
        -> Result<ControllerRecord, SnapshotProblem.Reason> {
        // Sizes first: a tampered row must not make us copy 100 MB to refuse it.
        for (column, name) in textColumns where row.byteCount(at: column) > textLimit {
            return .failure(.tooLarge(column: name, bytes: row.byteCount(at: column), limit: textLimit))
        }
        if row.byteCount(at: 15) > payloadLimit {
            return .failure(.tooLarge(column: "payload", bytes: row.byteCount(at: 15), limit: payloadLimit))
        }
        // Bytes where a number belongs: refused before hashing, as a batch does not copy them.
        for (column, name) in numberColumns where row.byteCount(at: column) > textLimit {
            return .failure(.tooLarge(column: name, bytes: row.byteCount(at: column), limit: textLimit))
        }
        let nodeChecksum = RowChecksum.of(prefix: snapshot, row: row, columns: nodeChecksumColumns, kind: checksums.node)
        guard row.integer(at: 18) == nodeChecksum else { return .failure(.checksumMismatch(table: "node")) }
        if row.kind(at: 16) != .null, row.kind(at: 12) != .null,
           row.integer(at: 19) != RowChecksum.of(prefix: nil, row: row, columns: stateChecksumColumns, kind: checksums.state) {
            return .failure(.checksumMismatch(table: "controller_state"))
        }
        do {
            return .success(try record(row, path: path, shortStrings: shortStrings, deferringPayload: deferringPayload))
        } catch {
            return .failure(error)
        }
    }

    private static func record(_ row: RowColumns, path: String?, shortStrings: ShortStrings,
                               deferringPayload: Bool) throws(SnapshotProblem.Reason) -> ControllerRecord {
        func int(_ column: Int, _ name: String) throws(SnapshotProblem.Reason) -> Int {
            guard let value = row.integer(at: column) else { throw .wrongColumnType(name) }
            return Int(value)
        }
        func text(_ column: Int, _ name: String) throws(SnapshotProblem.Reason) -> String {
            guard let value = row.text(at: column) else { throw .wrongColumnType(name) }
            return value
        }
        // Names that rows repeat, made once per batch (see `ShortStrings.repeatedText`).
        func repeatedText(_ column: Int) -> String? {
            row.kind(at: column) == .text ? shortStrings.repeatedText(row[column].bytes) : nil
        }
        func repeatedText(_ column: Int, _ name: String) throws(SnapshotProblem.Reason) -> String {
            guard let value = repeatedText(column) else { throw .wrongColumnType(name) }
            return value
        }
        let nodeID = try int(0, "node_id")
        let parentID: Int? = row.kind(at: 1) == .null ? nil : try int(1, "parent_id")
        guard path != nil else { throw .wrongColumnType("path") }
        let identifier = try text(3, "identifier")
        let window = try int(4, "window_index")
        let relationName = try repeatedText(5, "relation")
        let position = try int(6, "position")
        let style = repeatedText(7)
        let isSelected = try int(8, "is_selected") == 1
        let isCollapsed = try int(9, "is_collapsed") == 1
        let viewLoaded = try int(10, "view_loaded") == 1
        let appearanceName = try repeatedText(11, "appearance")
        guard row.kind(at: 16) != .null, row.kind(at: 12) != .null else {
            throw .wrongColumnType("state_id (no such controller state)")
        }
        // Records of one class repeat its name: made once per batch, not once per record.
        guard row.kind(at: 12) == .text else { throw .wrongColumnType("class_name") }
        let className = shortStrings.repeatedText(row[12].bytes)
        let classVersion = try int(13, "class_version")
        let restorationClass = row.text(at: 14)
        guard row.kind(at: 15) == .blob else { throw .wrongColumnType("payload") }
        guard position >= 0 else { throw .positionsNotDense(relation: relationName, found: [position]) }
        let relation = try StoredRelation.relation(name: relationName, position: position, style: style,
                                                   isSelected: isSelected, window: window).get()
        guard let appearance = AppearanceState(rawValue: appearanceName) else { throw .unknownAppearance(appearanceName) }
        // Decoded where SQLite holds the bytes: no copy of the payload.
        var values = KeyedValues()
        if !deferringPayload {
            do {
                values = try PayloadCodec.decodeKeyedValues(row[15].bytes, shortStrings: shortStrings)
            } catch {
                throw .malformedPayload(error)
            }
        }
        return ControllerRecord(
            id: nodeID, parentID: parentID, path: [], identifier: identifier,
            title: row.text(at: 17), windowIndex: window, relation: relation, className: className,
            classVersion: classVersion, restorationClassName: restorationClass, isViewLoaded: viewLoaded,
            appearance: appearance, isCollapsed: isCollapsed, keyedValues: values)
    }
}
