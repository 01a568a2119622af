import Foundation

/// Reading the packed records of schema 4 (`node_chunk`, `state_chunk`): each node record is
/// joined with the state record its key names into the same columns a legacy `node` row joined
/// with its `controller_state` row has, so both layouts are checked and parsed by one path.
extension SnapshotReader {
    /// Columns in a node record: `node`'s columns after the snapshot id, in the order the writer
    /// hashes them, then the state key and the checksum.
    static let nodeRecordWidth = 15
    /// Columns in a state record: `controller_state`'s, without the id.
    static let stateRecordWidth = 5
    /// Where each node record column goes in the row query's columns.
    private static let nodeRecordColumns = [0, 1, 2, 3, 17, 4, 5, 6, 7, 8, 9, 10, 11, 16, 18]
    /// Where each state record column goes.
    private static let stateRecordColumns = [12, 13, 14, 15, 19]

    /// Whether the file has the tables of schema 4.
    static func hasChunks(_ database: Database) throws -> Bool {
        try Migrator.currentVersion(of: database) >= 4
    }

    /// Bytes copied out of SQLite, owned until the last reader lets go: the records of a chunk
    /// point into them while other threads parse them.
    final class CopiedBytes: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        init(_ source: UnsafeRawBufferPointer) {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 8)
            copy.copyMemory(from: source)
            bytes = UnsafeRawBufferPointer(copy)
        }

        deinit { bytes.deallocate() }
    }

    /// The state chunks a snapshot links, by id: their bytes and where each record is in them,
    /// their frames checked. Filled by the reading thread while node chunks already parse on
    /// others: looking up a chunk not read yet waits until it is, or until reading is over.
    final class StateChunks: @unchecked Sendable {
        typealias Chunk = (bytes: CopiedBytes, records: [Range<Int>], checksums: RowChecksum.Kind)
        // Guarded by `condition`.
        private let condition = NSCondition()
        private var chunks: [Int64: Chunk] = [:]
        private var isComplete = false

        /// Whether chunk `id` was read (for the reading thread, which alone adds them).
        func contains(_ id: Int64) -> Bool {
            condition.withLock { chunks[id] != nil }
        }

        fileprivate func insert(_ chunk: Chunk, id: Int64) {
            condition.withLock { chunks[id] = chunk }
            condition.broadcast()
        }

        /// Every chunk is read (or reading stopped): lookups wait no more.
        func finishReading() {
            condition.withLock { isComplete = true }
            condition.broadcast()
        }

        /// Chunk `id`, waiting for it while reading goes on; `nil` when it is not there.
        func chunk(_ id: Int64) -> Chunk? {
            condition.lock()
            defer { condition.unlock() }
            while chunks[id] == nil, !isComplete { condition.wait() }
            return chunks[id]
        }
    }

    /// What parsing one node chunk gave.
    private struct ParsedChunk {
        var rows: [ParsedRow] = []
        var problems: [SnapshotProblem] = []
    }

    /// Reads the node chunks of `chain` (a snapshot, then its anchor) and the state chunks they
    /// link, and parses every record on every core: the rows of each chunk in order, chunks in
    /// chain order. Chunks and records that do not decode are reported in `problems`; the
    /// controllers keyed to a missing state are parsed as rows without one, which says so.
    /// With `deferringPayloads`, payloads are left to decode later (``ParsedRow/payload``), from
    /// bytes the returned state chunks keep.
    ///
    /// State and node chunks are read in turn, one of each, so the first node chunks parse while
    /// the state chunks are still read (reading them all first kept the other cores idle for 2
    /// to 3.5 ms of a restore of 10,000 controllers). A node chunk's job waits for the state
    /// chunks its records name; in a full snapshot that is the one read just before it. This
    /// thread therefore runs no job itself until every state chunk is read.
    static func parsePackedRows(_ database: Database, chain: [Int64], problems: inout [SnapshotProblem],
                                deferringPayloads: Bool) throws -> (rows: [[ParsedRow]], states: StateChunks) {
        let states = StateChunks()
        let parsing = BackgroundJobs<ParsedChunk>(workers: parallelThreadCount - 1, maximumQueued: 4,
                                                  byteBudget: 2 * payloadLimit)
        // In this order: a job waiting for a state chunk must be let go before the jobs are.
        defer {
            states.finishReading()
            parsing.close()
        }
        var stateRows = ChainedRows(try database.prepare(linkedStateChunksSQL), snapshots: chain)
        var nodeRows = ChainedRows(try database.prepare(nodeChunksSQL), snapshots: chain)
        var statesRead = false
        func submitNodeChunk(_ row: Statement, snapshot: Int64) {
            let chunk = row.integer(at: 0) ?? -1
            let place = "node_chunk \(chunk) of snapshot \(snapshot)"
            guard let checksum = row.integer(at: 2), let copy = row.withBlob(at: 1, CopiedBytes.init) else {
                problems.append(SnapshotProblem(nodeID: nil, path: place, reason: .wrongColumnType("node_chunk.records")))
                return
            }
            parsing.submit(bytes: copy.bytes.count, runningOverflowHere: statesRead) {
                parseNodeChunk(copy, snapshot: snapshot, chunk: chunk, checksum: checksum, place: place, states: states,
                               deferringPayloads: deferringPayloads)
            }
        }
        while !statesRead {
            if try stateRows.next() != nil {
                readStateChunk(stateRows.statement, into: states, problems: &problems)
            } else {
                statesRead = true
                states.finishReading()
            }
            if let snapshot = try nodeRows.next() { submitNodeChunk(nodeRows.statement, snapshot: snapshot) }
        }
        while let snapshot = try nodeRows.next() { submitNodeChunk(nodeRows.statement, snapshot: snapshot) }
        let parsed = parsing.finish()
        for chunk in parsed { problems += chunk.problems }
        return (parsed.map(\.rows), states)
    }

    /// A statement's rows for each of `snapshots` in turn, stepped by the caller.
    private struct ChainedRows {
        let statement: Statement
        let snapshots: [Int64]
        private var position = -1

        init(_ statement: Statement, snapshots: [Int64]) {
            self.statement = statement
            self.snapshots = snapshots
        }

        /// Steps to the next row; the snapshot it belongs to, or `nil` when every snapshot's
        /// rows are done.
        mutating func next() throws -> Int64? {
            while position < snapshots.count {
                if position >= 0, try statement.step() { return snapshots[position] }
                position += 1
                if position < snapshots.count { try statement.bind([snapshots[position]]) }
            }
            return nil
        }
    }

    private static func parseNodeChunk(_ copy: CopiedBytes, snapshot: Int64, chunk: Int64, checksum: Int64, place: String,
                                       states: StateChunks, deferringPayloads: Bool) -> ParsedChunk {
        var result = ParsedChunk()
        let records: [Result<RowColumns, PayloadError>]
        do throws(RowChunk.Failure) {
            records = try RowChunk.decode(copy.bytes, frameChecksum: checksum, place: [.integer(snapshot), .integer(chunk)],
                                          width: nodeRecordWidth)
        } catch {
            result.problems.append(SnapshotProblem(nodeID: nil, path: place,
                                                   reason: .damagedChunk(table: "node_chunk", detail: error.description)))
            return result
        }
        result.rows.reserveCapacity(records.count)
        // One per chunk: it is not for two threads.
        let shortStrings = ShortStrings()
        var joined = JoinedRows()
        let nodeChecksums = RowChunk.checksumKind(of: copy.bytes)
        for (index, record) in records.enumerated() {
            switch record {
            case .success(let node):
                let row: RowColumns
                do throws(PayloadError) {
                    row = try joined.row(node: node, stateKey: node.integer(at: 13), states: states)
                } catch {
                    let key = node.integer(at: 13) ?? -1
                    result.problems.append(SnapshotProblem(
                        nodeID: nil, path: "state_chunk \(key / PreparedChunk.stateKeyStride) record \(key % PreparedChunk.stateKeyStride)",
                        reason: .malformedRecord(table: "state_chunk", error)))
                    row = joined.row(node: node)
                }
                result.rows.append(parseRow(row, snapshot: snapshot, shortStrings: shortStrings, deferringPayload: deferringPayloads,
                                            checksums: (nodeChecksums, joined.stateChecksums)))
            case .failure(let error):
                result.problems.append(SnapshotProblem(nodeID: nil, path: "\(place) record \(index)",
                                                       reason: .malformedRecord(table: "node_chunk", error)))
            }
        }
        return result
    }

    /// A snapshot's node chunks in order, read along the table's primary key.
    static let nodeChunksSQL = "SELECT chunk, records, checksum FROM node_chunk WHERE snapshot_id = ? ORDER BY chunk"

    /// The state chunks a snapshot links, by id. Ordered by the link's key, which is the chunk's
    /// id: SQLite then walks the link's primary key in order. `ORDER BY c.id` copied every
    /// chunk's records into a temporary B-tree to sort them (callgrind: an eighth of a restore's
    /// instructions at 10,000 controllers).
    static let linkedStateChunksSQL = """
        SELECT c.id, c.records, c.checksum FROM snapshot_state_chunk l JOIN state_chunk c ON c.id = l.state_chunk_id
        WHERE l.snapshot_id = ? ORDER BY l.state_chunk_id
        """

    /// Adds the state chunk in `row` (of ``linkedStateChunksSQL``), copied, its frame checked,
    /// unless an earlier snapshot of the chain linked it too; a chunk whose frame does not check
    /// is reported in `problems` (the controllers keyed to it are reported again when parsed:
    /// their state is missing).
    private static func readStateChunk(_ row: Statement, into states: StateChunks, problems: inout [SnapshotProblem]) {
        guard let id = row.integer(at: 0), !states.contains(id) else { return }
        guard let checksum = row.integer(at: 2), let copy = row.withBlob(at: 1, CopiedBytes.init) else {
            problems.append(SnapshotProblem(nodeID: nil, path: "state_chunk \(id)", reason: .wrongColumnType("state_chunk.records")))
            return
        }
        do throws(RowChunk.Failure) {
            let records = try RowChunk.recordRanges(copy.bytes, frameChecksum: checksum, place: [.integer(id)])
            states.insert((copy, records, RowChunk.checksumKind(of: copy.bytes)), id: id)
        } catch {
            problems.append(SnapshotProblem(nodeID: nil, path: "state_chunk \(id)",
                                            reason: .damagedChunk(table: "state_chunk", detail: error.description)))
        }
    }

    /// For each packed snapshot: the payload bytes of the states its own node records use (a
    /// delta's, not its anchor's), and how many of those states another snapshot's records use
    /// too; what the legacy rows give by SQL. Damaged chunks count as empty (`verify` reports them).
    static func packedSizes(_ database: Database) throws -> [Int64: (bytes: Int, shared: Int)] {
        var keysBySnapshot: [Int64: Set<Int64>] = [:]
        try database.prepare("SELECT snapshot_id, chunk, records, checksum FROM node_chunk").forEachRow { row in
            guard let snapshot = row.integer(at: 0), let chunk = row.integer(at: 1), let checksum = row.integer(at: 3) else { return }
            row.withBlob(at: 2) { bytes in
                let records = (try? RowChunk.decode(bytes, frameChecksum: checksum, place: [.integer(snapshot), .integer(chunk)],
                                                    width: nodeRecordWidth)) ?? []
                for case .success(let record) in records {
                    if let key = record.integer(at: 13) { keysBySnapshot[snapshot, default: []].insert(key) }
                }
            }
        }
        var users: [Int64: Int] = [:]
        for keys in keysBySnapshot.values {
            for key in keys { users[key, default: 0] += 1 }
        }
        var payloadBytes: [Int64: Int] = [:]
        try database.prepare("SELECT id, records, checksum FROM state_chunk").forEachRow { row in
            guard let id = row.integer(at: 0), let checksum = row.integer(at: 2) else { return }
            let sizes = row.withBlob(at: 1) { payloadSizes(ofStateChunk: id, $0, frameChecksum: checksum) } ?? nil
            for (slot, size) in (sizes ?? []).enumerated() {
                payloadBytes[id * PreparedChunk.stateKeyStride + Int64(slot)] = size
            }
        }
        return keysBySnapshot.mapValues { keys in
            (keys.reduce(0) { $0 + (payloadBytes[$1] ?? 0) }, keys.filter { (users[$0] ?? 0) > 1 }.count)
        }
    }

    /// The payload size of each state record in state chunk `id` (0 for a record that does not
    /// decode), or `nil` when the chunk's frame does not.
    static func payloadSizes(ofStateChunk id: Int64, _ bytes: UnsafeRawBufferPointer, frameChecksum: Int64) -> [Int]? {
        guard let records = try? RowChunk.decode(bytes, frameChecksum: frameChecksum, place: [.integer(id)],
                                                 width: stateRecordWidth) else { return nil }
        return records.map { (try? $0.get().byteCount(at: 3)) ?? 0 }
    }

    /// Builds rows of the row query's columns from records, reusing one buffer of columns.
    struct JoinedRows {
        private var columns = [RowColumns.Column](repeating: RowColumns.Column(), count: rowWidth)
        private var state: [RowColumns.Column] = []

        /// `node` joined with the state record `stateKey` names; the state's columns are null
        /// when it is missing, as a left join leaves them.
        mutating func row(node: RowColumns, stateKey: Int64?, states: StateChunks) throws(PayloadError) -> RowColumns {
            state.removeAll(keepingCapacity: true)
            let found = try appendState(forKey: stateKey, from: states)
            for (index, column) in stateRecordColumns.enumerated() {
                columns[column] = found ? state[index] : RowColumns.Column()
            }
            return row(node: node, keepingState: true)
        }

        /// The chunk the last key named: consecutive records name the same one, and a lookup
        /// takes the table's lock.
        private var lastChunk: (id: Int64, chunk: StateChunks.Chunk)?

        /// The hash of the checksum of the state the last row joined (its chunk's version's).
        var stateChecksums: RowChecksum.Kind { lastChunk?.chunk.checksums ?? .fnv1a }

        /// Appends the columns of the state record `key` names to `state`; `false` when it is
        /// not there, `PayloadError` when it does not decode.
        private mutating func appendState(forKey key: Int64?, from states: StateChunks) throws(PayloadError) -> Bool {
            guard let key, key >= 0 else { return false }
            let (id, slot) = key.quotientAndRemainder(dividingBy: PreparedChunk.stateKeyStride)
            if lastChunk?.id != id { lastChunk = states.chunk(id).map { (id, $0) } }
            guard let found = lastChunk?.chunk, slot < found.records.count else { return false }
            try RowChunk.decodeRecord(found.bytes.bytes, range: found.records[Int(slot)], width: stateRecordWidth, into: &state)
            return true
        }

        /// `node` without a state.
        mutating func row(node: RowColumns, keepingState: Bool = false) -> RowColumns {
            for (index, column) in nodeRecordColumns.enumerated() { columns[column] = node[index] }
            if !keepingState {
                for column in stateRecordColumns { columns[column] = RowColumns.Column() }
            }
            return RowColumns(slice: columns[...])
        }
    }
}
