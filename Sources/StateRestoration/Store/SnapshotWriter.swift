@_spi(Restoration) import ControllerKit
import Foundation

/// Writes a captured snapshot in one transaction: a crash at any moment leaves either the new
/// snapshot or none of it (`RESTORATION.md` §1.5). Runs on any thread.
enum SnapshotWriter {
    /// What a write produced.
    struct Written {
        var id: Int64
        var pruned: PruneResult
        /// The keys of the state records created for freshly encoded controllers, by node id.
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
    /// state records it shares.
    /// `besidePreparation` runs on this thread once the first chunks are being prepared; what
    /// it throws rolls the snapshot back.
    static func write(_ draft: SnapshotDraft, to database: Database, keep: Int,
                      besidePreparation: () throws -> Void = {}) throws -> Written {
        try checkRecords(draft.records)
        return try database.inTransaction {
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
            // State chunk ids are chosen here, before the chunks are prepared, so the preparing
            // threads can key each node's state; never an id a pruned chunk had (AUTOINCREMENT),
            // so a key remembered by another store cannot name a different state.
            let lastStateChunkID = max(
                try database.scalarInteger("SELECT max(id) FROM state_chunk") ?? 0,
                try database.scalarInteger("SELECT seq FROM sqlite_sequence WHERE name = 'state_chunk'") ?? 0)
            let insertStates = try database.cachedStatement("""
                INSERT INTO state_chunk (id, state_count, records, checksum) VALUES (?, ?, ?, ?)
                """)
            let insertNodes = try database.cachedStatement("""
                INSERT INTO node_chunk (snapshot_id, chunk, node_count, records, checksum) VALUES (?, ?, ?, ?, ?)
                """)
            // Encoding payloads, hashing records and packing chunks need nothing from the database
            // but the ids chosen above: done by the other cores a chunk ahead while this thread
            // inserts the chunk before (a connection is single-threaded), and by this thread when
            // they fall behind. A few chunks ahead at most bounds the memory.
            let records = draft.records, writes = draft.writes, reused = draft.reusedStateIDs
            let chunkCount = (records.count + preparedChunk - 1) / preparedChunk
            let preparing = BackgroundJobs<PreparedChunk>(workers: parallelThreadCount - 1, maximumQueued: .max,
                                                          byteBudget: .max)
            defer { preparing.close() }
            func submit(_ chunk: Int) {
                let range = chunk * preparedChunk..<min((chunk + 1) * preparedChunk, records.count)
                preparing.submit(bytes: 0) {
                    PreparedChunk(records[range], writes: writes.isEmpty ? nil : writes[range], reused: reused,
                                  snapshotID: snapshotID, chunk: chunk, stateChunkID: lastStateChunkID + 1 + Int64(chunk))
                }
            }
            for chunk in 0..<min(chunksAhead, chunkCount) { submit(chunk) }
            try besidePreparation()
            var newStateIDs: [Int: Int64] = [:]
            // Sized once: growing it rehashed every id at each doubling.
            newStateIDs.reserveCapacity(max(0, records.count - reused.count))
            var referencingIDs = Set<Int>()
            var warnings: [String] = []
            var usedStateChunks = Set(reused.values.map { $0 / PreparedChunk.stateKeyStride })
            for chunk in 0..<chunkCount {
                guard let prepared = preparing.output(of: chunk) else { throw PreparationLost(chunk: chunk) }
                if chunk + chunksAhead < chunkCount { submit(chunk + chunksAhead) }
                if let states = prepared.states {
                    try insertStates.execute(inPlace: [.integer(prepared.stateChunkID), prepared.newStateKeys.count.databaseValue,
                                                       .blob(states.bytes), .integer(states.frameChecksum)])
                    usedStateChunks.insert(prepared.stateChunkID)
                }
                try insertNodes.execute(inPlace: [.integer(snapshotID), chunk.databaseValue, prepared.nodeCount.databaseValue,
                                                  .blob(prepared.nodes.bytes), .integer(prepared.nodes.frameChecksum)])
                for (nodeID, key) in prepared.newStateKeys { newStateIDs[nodeID] = key }
                referencingIDs.formUnion(prepared.referencingIDs)
                warnings += prepared.warnings
            }
            // A state chunk another writer pruned fails this insert's foreign key: the store then
            // saves in full.
            let link = try database.cachedStatement("INSERT INTO snapshot_state_chunk (snapshot_id, state_chunk_id) VALUES (?, ?)")
            for stateChunk in usedStateChunks.sorted() { try link.execute(inPlace: [.integer(snapshotID), .integer(stateChunk)]) }
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

    /// Deletes each of `candidates` that `select` (bound to its id) still finds, by `delete`;
    /// `tally` says how many states and payload bytes the found row held.
    private static func deleteUnused(_ candidates: Set<Int64>, in database: Database, select: String, delete: String,
                                     tally: (Int64, Statement) -> (count: Int, bytes: Int)) throws -> (count: Int, bytes: Int) {
        let unused = try database.cachedStatement(select)
        // Stepped once per candidate: reset when done, so it holds no read of the table at commit.
        defer { unused.reset() }
        let remove = try database.cachedStatement(delete)
        var total = (count: 0, bytes: 0)
        for candidate in candidates {
            try unused.bind([candidate])
            guard try unused.step() else { continue }
            let found = tally(candidate, unused)
            total = (total.count + found.count, total.bytes + found.bytes)
            try remove.execute([candidate])
        }
        return total
    }

    /// Refuses what the `node` table's constraints refused while each controller had a row:
    /// records are packed now, and a draft is the caller's to change. Node ids must be positive
    /// and unique, windows and positions not negative. Ids are checked in a bitmap, not a set:
    /// a store numbers them from 1, so they are mostly dense, and hashing ten thousand would cost
    /// more than the rest of this check; ids far beyond the count (a store that saved for long)
    /// go to a set.
    static func checkRecords(_ records: [ControllerRecord]) throws(StoreError) {
        let bitmapWords = records.count / 16 + 64
        var bitmap = [UInt64](repeating: 0, count: bitmapWords)
        var beyond = Set<Int>()
        for record in records {
            let id = record.id
            guard id > 0, record.windowIndex >= 0, StoredRelation(record.relation).position >= 0 else {
                throw StoreError.invalidHierarchy(reason: "\(record.pathString) has node id \(id), window \(record.windowIndex) and \(record.relation); ids must be positive, windows and positions not negative")
            }
            let (word, bit) = id.quotientAndRemainder(dividingBy: 64)
            let isNew: Bool
            if word < bitmapWords {
                isNew = bitmap[word] & (1 << UInt64(bit)) == 0
                bitmap[word] |= 1 << UInt64(bit)
            } else {
                isNew = beyond.insert(id).inserted
            }
            guard isNew else {
                throw StoreError.invalidHierarchy(reason: "two controllers have node id \(id), \(record.pathString) the second")
            }
        }
    }

    /// Deletes all but the newest `keep` snapshots, except the anchors a kept delta overlays,
    /// then the controller states no kept snapshot uses any more. Call inside a transaction.
    /// The work is proportional to what is deleted: only the deleted snapshots' states are
    /// candidates, each checked through the `node(state_id)` index, or their state chunks
    /// through the `snapshot_state_chunk(state_chunk_id)` index.
    static func prune(_ database: Database, keeping keep: Int) throws -> PruneResult {
        let kept = "SELECT id FROM snapshot ORDER BY id DESC LIMIT \(max(keep, 1))"
        let doomed = "SELECT id FROM snapshot WHERE id NOT IN (\(kept)) AND id NOT IN (SELECT base_id FROM snapshot WHERE base_id IS NOT NULL AND id IN (\(kept)))"
        var deleted: [Int64] = []
        try database.cachedStatement(doomed + " ORDER BY id").forEachRow { row in
            if let id = row.integer(at: 0) { deleted.append(id) }
        }
        guard !deleted.isEmpty else { return PruneResult() }
        var candidates: [Int64] = [], chunkCandidates: [Int64] = []
        let states = try database.cachedStatement("SELECT DISTINCT state_id FROM node WHERE snapshot_id = ?")
        let chunks = try database.cachedStatement("SELECT state_chunk_id FROM snapshot_state_chunk WHERE snapshot_id = ?")
        for id in deleted {
            try states.forEachRow([id]) { row in
                if let state = row.integer(at: 0) { candidates.append(state) }
            }
            try chunks.forEachRow([id]) { row in
                if let chunk = row.integer(at: 0) { chunkCandidates.append(chunk) }
            }
        }
        let remove = try database.cachedStatement("DELETE FROM snapshot WHERE id = ?")
        // Newest first: a delta goes before the anchor it names (deltas are always newer).
        for id in deleted.reversed() { try remove.execute([id]) }
        var result = PruneResult(deletedSnapshotIDs: deleted)
        let freedStates = try deleteUnused(Set(candidates), in: database, select: """
            SELECT length(payload) FROM controller_state
            WHERE id = ? AND NOT EXISTS (SELECT 1 FROM node WHERE state_id = controller_state.id)
            """, delete: "DELETE FROM controller_state WHERE id = ?") { _, row in
            (1, Int(row.integer(at: 0) ?? 0))
        }
        // The same for the state chunks of schema 4, through the links the deleted snapshots
        // no longer hold.
        let freedChunks = try deleteUnused(Set(chunkCandidates), in: database, select: """
            SELECT state_count, records, checksum FROM state_chunk
            WHERE id = ? AND NOT EXISTS (SELECT 1 FROM snapshot_state_chunk WHERE state_chunk_id = state_chunk.id)
            """, delete: "DELETE FROM state_chunk WHERE id = ?") { chunk, row in
            let bytes = row.withBlob(at: 1) { bytes in
                // A chunk too damaged to read counts whole.
                SnapshotReader.payloadSizes(ofStateChunk: chunk, bytes, frameChecksum: row.integer(at: 2) ?? 0)?
                    .reduce(0, +) ?? bytes.count
            }
            return (Int(row.integer(at: 0) ?? 0), bytes ?? 0)
        }
        result.freedStateCount = freedStates.count + freedChunks.count
        result.freedPayloadBytes = freedStates.bytes + freedChunks.bytes
        return result
    }
}

/// What a store remembered of its last save no longer matches the file (another writer pruned
/// its anchor or the state chunks it shares); the save is made again in full.
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
