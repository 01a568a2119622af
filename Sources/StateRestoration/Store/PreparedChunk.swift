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
        var nodeRecords: [[DatabaseValue]] = [], stateRecords: [[DatabaseValue]] = []
        nodeRecords.reserveCapacity(records.count)
        for position in records.indices {
            let record = records[position]
            let shared = reused[record.id]
            var rows = PreparedRows(record, writes: writes?[position], snapshotID: snapshotID, reusesState: shared != nil,
                                    orders: &orders)
            let key: Int64
            if let shared {
                key = shared
            } else {
                key = stateChunkID * Self.stateKeyStride + Int64(stateRecords.count)
                stateRecords.append(rows.state)
                newStateKeys.append((record.id, key))
                if rows.refersToObject { referencingIDs.append(record.id) }
            }
            warnings += rows.warnings
            rows.nodeHasher.mix(.integer(key))
            rows.node.append(.integer(key))
            rows.node.append(.integer(Int64(bitPattern: rows.nodeHasher.hash)))
            nodeRecords.append(rows.node)
        }
        nodeCount = nodeRecords.count
        nodes = RowChunk.encode(nodeRecords, place: [.integer(snapshotID), .integer(Int64(chunk))], version: 2)
        states = stateRecords.isEmpty ? nil : RowChunk.encode(stateRecords, place: [.integer(stateChunkID)], version: 2)
    }
}

/// One controller's records, ready to pack: its state record with checksum (unless it shares
/// one), and its node record's columns up to the state key, with the checksum hashed that far.
struct PreparedRows: Sendable {
    var state: [DatabaseValue] = []
    var node: [DatabaseValue]
    /// The checksums of the records a save packs: the hash of chunk format version 2.
    var nodeHasher: RowChecksum.WordMix
    /// Whether the state record's payload refers to an object.
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
            state.append(.integer(RowChecksum.of(state, kind: .wordMix)))
        }
        let stored = StoredRelation(record.relation)
        node = []
        node.reserveCapacity(15)
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
        // Continued with the state key: the same as `RowChecksum.of([snapshotID] + node + [stateKey],
        // kind: .wordMix)`, the columns a `node` row's checksum covers, so records and legacy rows
        // are checked alike (each with its own hash).
        nodeHasher = RowChecksum.WordMix(mixing: [.integer(snapshotID)])
        for column in node { nodeHasher.mix(column) }
    }
}
