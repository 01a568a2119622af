@_spi(Restoration) import ControllerKit
import Foundation

/// Up to ``SnapshotWriter/preparedChunk`` controllers of a save, packed: one node chunk, and one
/// state chunk for those whose states are new. Made by a preparing thread; the writer only
/// inserts it.
struct PreparedChunk: Sendable {
    /// A state's key is its chunk's id times this, plus its index in the chunk: one integer, as
    /// a `controller_state` row id was, that `IncrementalState` remembers and a node record holds.
    static let stateKeyStride = Int64(RowChunk.maximumRows)

    var nodes: RowChunk.Encoded
    var nodeCount: Int
    /// The new states, when any.
    var states: RowChunk.Encoded?
    var stateChunkID: Int64
    /// The key of each new state, by node id.
    var newStateKeys: [(nodeID: Int, key: Int64)] = []
    /// The controllers with new states whose payloads refer to objects.
    var referencingIDs: [Int] = []
    /// Values encoded here that failed (and were left out), as the report's warnings.
    var warnings: [String] = []

    /// Packs `records` (with their coders' `writes`, when the save deferred encoding), the
    /// `chunk`th of snapshot `snapshotID`. A record in `reused` keeps the state it names; the
    /// others' states go into state chunk `stateChunkID`.
    init(_ records: ArraySlice<ControllerRecord>, writes: ArraySlice<KeyedWrites>?, reused: [Int: Int64],
         snapshotID: Int64, chunk: Int, stateChunkID: Int64) {
        self.stateChunkID = stateChunkID
        // One per chunk, so no thread shares it.
        var orders = KeyedWrites.SortOrders()
        // Each record's columns go straight into its chunk, and every payload is encoded into one
        // buffer: an array per record and a `Data` per payload, each copied on into the chunk,
        // were a fifth of preparing a chunk (perf).
        var nodeRows = RowChunk.Builder(expectedRows: records.count)
        var stateRows = RowChunk.Builder(expectedRows: records.count)
        var payload = PayloadCodec.Writer()
        for position in records.indices {
            let record = records[position]
            let shared = reused[record.id]
            let key: Int64
            if let shared {
                key = shared
            } else {
                key = stateChunkID * Self.stateKeyStride + Int64(stateRows.rowCount)
                var errors: [CoderError] = []
                if let writes = writes?[position], !writes.isEmpty {
                    // The values a save's coder left to encode off the main actor are encoded
                    // here, on the preparing threads.
                    PayloadCodec.encode(writes, orders: &orders, path: record.path, errors: &errors, into: &payload)
                } else {
                    PayloadCodec.encode(record.values, into: &payload)
                }
                if !errors.isEmpty { warnings += errors.map { SaveReport.warning($0, at: record.pathString) } }
                payload.bytes.withUnsafeBytes { Self.appendState(of: record, payload: $0, to: &stateRows) }
                newStateKeys.append((record.id, key))
                if payload.wroteObjectReference { referencingIDs.append(record.id) }
            }
            Self.appendNode(of: record, stateKey: key, snapshotID: snapshotID, to: &nodeRows)
        }
        nodeCount = nodeRows.rowCount
        nodes = nodeRows.encoded(place: [.integer(snapshotID), .integer(Int64(chunk))], version: 2)
        states = stateRows.rowCount == 0 ? nil : stateRows.encoded(place: [.integer(stateChunkID)], version: 2)
    }

    /// A state record: class name, version, restoration class, payload, then its checksum (the
    /// hash of chunk format version 2 over the four).
    private static func appendState(of record: ControllerRecord, payload: UnsafeRawBufferPointer, to rows: inout RowChunk.Builder) {
        var hasher = RowChecksum.WordMix()
        rows.append(record.className.databaseValue, hashedInto: &hasher)
        rows.append(record.classVersion.databaseValue, hashedInto: &hasher)
        rows.append(record.restorationClassName.databaseValue, hashedInto: &hasher)
        hasher.mix(blob: payload)
        rows.append(blob: payload)
        rows.append(.integer(Int64(bitPattern: hasher.hash)))
        rows.endRow()
    }

    /// A node record, its state key and its checksum: the same as `RowChecksum.of([snapshotID]
    /// + node + [stateKey], kind: .wordMix)`, the columns a `node` row's checksum covers, so
    /// records and legacy rows are checked alike (each with its own hash).
    private static func appendNode(of record: ControllerRecord, stateKey: Int64, snapshotID: Int64,
                                   to rows: inout RowChunk.Builder) {
        let stored = StoredRelation(record.relation)
        var hasher = RowChecksum.WordMix()
        hasher.mix(.integer(snapshotID))
        rows.append(record.id.databaseValue, hashedInto: &hasher)
        rows.append(record.parentID.databaseValue, hashedInto: &hasher)
        rows.append(.text(record.pathString), hashedInto: &hasher)
        rows.append(.text(record.identifier), hashedInto: &hasher)
        rows.append(record.title.databaseValue, hashedInto: &hasher)
        rows.append(record.windowIndex.databaseValue, hashedInto: &hasher)
        rows.append(.text(stored.name), hashedInto: &hasher)
        rows.append(stored.position.databaseValue, hashedInto: &hasher)
        rows.append(stored.style.databaseValue, hashedInto: &hasher)
        rows.append(stored.isSelected.databaseValue, hashedInto: &hasher)
        rows.append(record.isCollapsed.databaseValue, hashedInto: &hasher)
        rows.append(record.isViewLoaded.databaseValue, hashedInto: &hasher)
        rows.append(.text(record.appearance.rawValue), hashedInto: &hasher)
        rows.append(.integer(stateKey), hashedInto: &hasher)
        rows.append(.integer(Int64(bitPattern: hasher.hash)))
        rows.endRow()
    }
}
