@_spi(Restoration) import ControllerKit
import Foundation

/// Writes a captured snapshot in one transaction: a crash at any moment leaves either the new
/// snapshot or none of it (`RESTORATION.md` §1.5). Runs on any thread.
enum SnapshotWriter {
    /// What a write produced.
    struct Written {
        var id: Int64
        var pruned: PruneResult
        /// The state rows created for freshly encoded controllers, by node id.
        var newStateIDs: [Int: Int64]
        /// The freshly encoded controllers whose payloads refer to objects.
        var referencingIDs: Set<Int>
        /// Values encoded here that failed (and were left out), as the report's warnings.
        var warnings: [String] = []
    }

    /// How many controllers' rows one preparing job makes.
    static let preparedChunk = 256
    /// How many chunks may be prepared ahead of the one being written.
    static let chunksAhead = 4

    /// A prepared chunk went missing: cannot happen while the writer keeps its jobs open.
    struct PreparationLost: Error, CustomStringConvertible {
        var chunk: Int
        var description: String { "the rows of chunk \(chunk) were never prepared" }
    }

    /// Writes `draft` and prunes to the newest `keep` snapshots. Only the rows the draft holds
    /// are written: a delta's unchanged controllers live in its anchor, unchanged values in the
    /// state rows it shares.
    static func write(_ draft: SnapshotDraft, to database: Database, keep: Int) throws -> Written {
        try database.inTransaction {
            // Another writer may have pruned what this store's last save left: then the delta
            // or the shared rows are stale, and the store saves in full instead.
            if let base = draft.baseSnapshotID,
               try database.scalarInteger("SELECT count(*) FROM snapshot WHERE id = ? AND base_id IS NULL", [base]) != 1 {
                throw StaleIncrementalState()
            }
            let metadata = draft.metadata
            let header: [any DatabaseValueConvertible] = [
                Timestamp.string(from: metadata.createdAt), metadata.appVersion, metadata.appBuild,
                metadata.schemaVersion, metadata.platform, metadata.label, draft.windowCount, draft.controllerCount,
                draft.baseSnapshotID,
            ]
            try database.execute("""
                INSERT INTO snapshot (created_at, app_version, app_build, schema_version, platform, label, window_count,
                                      controller_count, base_id, checksum)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, header + [RowChecksum.of(header)])
            let snapshotID = database.lastInsertedRowID
            let insertState = try database.cachedStatement("""
                INSERT INTO controller_state (class_name, class_version, restoration_class, payload, checksum)
                VALUES (?, ?, ?, ?, ?)
                """)
            let insertNode = try database.cachedStatement("""
                INSERT INTO node (snapshot_id, node_id, parent_id, path, identifier, title, window_index, relation,
                                  position, style, is_selected, is_collapsed, view_loaded, appearance, state_id, checksum)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            // Encoding payloads and hashing rows need nothing from the database but the snapshot id:
            // done by the other cores a chunk ahead while this thread binds and steps the chunk
            // before (a connection is single-threaded), and by this thread when they fall behind.
            // A few chunks ahead at most bounds the memory.
            let records = draft.records, writes = draft.writes, reused = draft.reusedStateIDs
            let chunkCount = (records.count + preparedChunk - 1) / preparedChunk
            let preparing = BackgroundJobs<[PreparedRows]>(workers: parallelThreadCount - 1, maximumQueued: .max,
                                                            byteBudget: .max)
            defer { preparing.close() }
            func submit(_ chunk: Int) {
                let range = chunk * preparedChunk..<min((chunk + 1) * preparedChunk, records.count)
                preparing.submit(bytes: 0) {
                    // One per chunk, so no thread shares it.
                    var orders = KeyedWrites.SortOrders()
                    var rows: [PreparedRows] = []
                    rows.reserveCapacity(range.count)
                    for position in range {
                        rows.append(PreparedRows(records[position], writes: writes.isEmpty ? nil : writes[position],
                                                 snapshotID: snapshotID, reusesState: reused[records[position].id] != nil,
                                                 orders: &orders))
                    }
                    return rows
                }
            }
            for chunk in 0..<min(chunksAhead, chunkCount) { submit(chunk) }
            var newStateIDs: [Int: Int64] = [:]
            // Sized once: growing it rehashed every id at each doubling.
            newStateIDs.reserveCapacity(max(0, records.count - reused.count))
            var referencingIDs = Set<Int>()
            var warnings: [String] = []
            for chunk in 0..<chunkCount {
                guard var prepared = preparing.output(of: chunk) else { throw PreparationLost(chunk: chunk) }
                if chunk + chunksAhead < chunkCount { submit(chunk + chunksAhead) }
                for offset in prepared.indices {
                    let record = records[chunk * preparedChunk + offset]
                    let stateID: Int64
                    if let shared = reused[record.id] {
                        stateID = shared
                    } else {
                        try insertState.execute(inPlace: prepared[offset].state)
                        stateID = database.lastInsertedRowID
                        newStateIDs[record.id] = stateID
                        if prepared[offset].refersToObject { referencingIDs.insert(record.id) }
                    }
                    warnings += prepared[offset].warnings
                    var nodeHasher = prepared[offset].nodeHasher
                    nodeHasher.mix(.integer(stateID))
                    // Moved out, so the two last columns append in place (room was reserved).
                    var node: [DatabaseValue] = []
                    swap(&node, &prepared[offset].node)
                    node.append(.integer(stateID))
                    node.append(.integer(Int64(bitPattern: nodeHasher.hash)))
                    try insertNode.execute(inPlace: node)
                }
            }
            let insertRemoved = try database.cachedStatement("INSERT INTO removed_node (snapshot_id, node_id, checksum) VALUES (?, ?, ?)")
            for nodeID in draft.removedNodeIDs {
                let row: [any DatabaseValueConvertible] = [snapshotID, nodeID]
                try insertRemoved.execute(row + [RowChecksum.of(row)])
            }
            let insertObject = try database.cachedStatement("""
                INSERT INTO object (snapshot_id, object_id, class_name, class_version, payload, checksum) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for object in draft.objects {
                let row: [any DatabaseValueConvertible] = [snapshotID, object.id, object.className, object.classVersion,
                                                           PayloadCodec.encode(object.values)]
                try insertObject.execute(row + [RowChecksum.of(row)])
            }
            let pruned = try prune(database, keeping: keep)
            return Written(id: snapshotID, pruned: pruned, newStateIDs: newStateIDs, referencingIDs: referencingIDs,
                           warnings: warnings)
        }
    }

    /// Deletes all but the newest `keep` snapshots, except the anchors a kept delta overlays,
    /// then the controller states no kept snapshot uses any more. Call inside a transaction.
    /// The work is proportional to what is deleted: only the deleted snapshots' states are
    /// candidates, each checked through the `node(state_id)` index.
    static func prune(_ database: Database, keeping keep: Int) throws -> PruneResult {
        let kept = "SELECT id FROM snapshot ORDER BY id DESC LIMIT \(max(keep, 1))"
        let doomed = "SELECT id FROM snapshot WHERE id NOT IN (\(kept)) AND id NOT IN (SELECT base_id FROM snapshot WHERE base_id IS NOT NULL AND id IN (\(kept)))"
        var deleted: [Int64] = []
        try database.cachedStatement(doomed + " ORDER BY id").forEachRow { row in
            if let id = row.integer(at: 0) { deleted.append(id) }
        }
        guard !deleted.isEmpty else { return PruneResult() }
        var candidates: [Int64] = []
        let states = try database.cachedStatement("SELECT DISTINCT state_id FROM node WHERE snapshot_id = ?")
        for id in deleted {
            try states.forEachRow([id]) { row in
                if let state = row.integer(at: 0) { candidates.append(state) }
            }
        }
        let remove = try database.cachedStatement("DELETE FROM snapshot WHERE id = ?")
        // Newest first: a delta goes before the anchor it names (deltas are always newer).
        for id in deleted.reversed() { try remove.execute([id]) }
        var result = PruneResult(deletedSnapshotIDs: deleted)
        let orphan = try database.cachedStatement("""
            SELECT length(payload) FROM controller_state
            WHERE id = ? AND NOT EXISTS (SELECT 1 FROM node WHERE state_id = controller_state.id)
            """)
        // Stepped once per state: reset when done, so it holds no read of the table at commit.
        defer { orphan.reset() }
        let deleteState = try database.cachedStatement("DELETE FROM controller_state WHERE id = ?")
        for state in Set(candidates) {
            try orphan.bind([state])
            guard try orphan.step() else { continue }
            result.freedPayloadBytes += Int(orphan.integer(at: 0) ?? 0)
            result.freedStateCount += 1
            try deleteState.execute([state])
        }
        return result
    }
}

/// One controller's rows, ready to bind: its state row with checksum (unless it shares one),
/// and its node row's columns up to the state id, with the checksum hashed that far.
struct PreparedRows: Sendable {
    var state: [DatabaseValue] = []
    var node: [DatabaseValue]
    var nodeHasher: RowChecksum.FNV1a
    /// Whether the state row's payload refers to an object.
    var refersToObject = false
    /// The values the coder left to encode here that failed, as the report's warnings.
    var warnings: [String] = []

    /// `writes`, when not empty, are the record's values as its coder wrote them: encoded
    /// straight into the payload.
    /// `orders` remembers how the keys of earlier writes sorted (see ``KeyedWrites/SortOrders``).
    init(_ record: ControllerRecord, writes: KeyedWrites?, snapshotID: Int64, reusesState: Bool,
         orders: inout KeyedWrites.SortOrders) {
        if !reusesState {
            let encoded: PayloadCodec.Encoded
            if let writes, !writes.isEmpty {
                // The values a save's coder left to encode off the main actor are encoded here,
                // on the preparing threads.
                var errors: [CoderError] = []
                encoded = PayloadCodec.encoded(writes, orders: &orders, path: record.path, errors: &errors)
                if !errors.isEmpty { warnings = errors.map { SaveReport.warning($0, at: record.pathString) } }
            } else {
                encoded = PayloadCodec.encoded(record.values)
            }
            refersToObject = encoded.refersToObject
            // Appended one by one: `+= [...]` built a temporary array and copied it (callgrind:
            // a tenth of preparing a row).
            state.reserveCapacity(5)
            state.append(record.className.databaseValue)
            state.append(record.classVersion.databaseValue)
            state.append(record.restorationClassName.databaseValue)
            state.append(.blob(encoded.payload))
            state.append(.integer(RowChecksum.of(state)))
        }
        let stored = StoredRelation(record.relation)
        node = []
        node.reserveCapacity(16)
        node.append(.integer(snapshotID))
        node.append(record.id.databaseValue)
        node.append(record.parentID.databaseValue)
        node.append(.text(record.pathString))
        node.append(.text(record.identifier))
        node.append(record.title.databaseValue)
        node.append(record.windowIndex.databaseValue)
        node.append(.text(stored.name))
        node.append(stored.position.databaseValue)
        node.append(stored.style.databaseValue)
        node.append(stored.isSelected.databaseValue)
        node.append(record.isCollapsed.databaseValue)
        node.append(record.isViewLoaded.databaseValue)
        node.append(.text(record.appearance.rawValue))
        // Continued with the state id by the writer: the same as `RowChecksum.of(node + [stateID])`.
        nodeHasher = RowChecksum.FNV1a(mixing: node)
    }
}

/// What a store remembered of its last save no longer matches the file (another writer pruned
/// its anchor or the state rows it shares); the save is made again in full.
struct StaleIncrementalState: Error {}

/// A relation as the `node` table's columns hold it.
struct StoredRelation {
    var name: String
    var position: Int
    var style: String?
    var isSelected: Bool

    init(_ relation: SavedRelation) {
        switch relation {
        case .windowRoot(let window): (name, position, style, isSelected) = ("root", window, nil, false)
        case .stack(let index): (name, position, style, isSelected) = ("stack", index, nil, false)
        case .tab(let index, let selected): (name, position, style, isSelected) = ("tab", index, nil, selected)
        case .column(let column): (name, position, style, isSelected) = ("column", column == .primary ? 0 : 1, nil, false)
        case .child(let index): (name, position, style, isSelected) = ("child", index, nil, false)
        case .presented(let presentation): (name, position, style, isSelected) = ("presented", 0, presentation.rawValue, false)
        }
    }

    /// The relation these columns describe, or why they describe none.
    static func relation(name: String, position: Int, style: String?, isSelected: Bool, window: Int) -> Result<SavedRelation, SnapshotProblem.Reason> {
        switch name {
        case "root": return .success(.windowRoot(window: window))
        case "stack": return .success(.stack(index: position))
        case "tab": return .success(.tab(index: position, isSelected: isSelected))
        case "child": return .success(.child(index: position))
        case "column":
            guard position == 0 || position == 1 else { return .failure(.badColumn(position)) }
            return .success(.column(position == 0 ? .primary : .secondary))
        case "presented":
            guard let style, let presentation = ModalPresentationStyle(rawValue: style) else {
                return .failure(.unknownStyle(style ?? "NULL"))
            }
            return .success(.presented(style: presentation))
        default:
            return .failure(.unknownRelation(name))
        }
    }
}
