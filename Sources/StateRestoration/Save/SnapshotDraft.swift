@_spi(Restoration) import ControllerKit
import Foundation

/// What the main actor hands to the writer: plain values, so the disk work can happen anywhere.
public struct SnapshotDraft: Sendable {
    /// The snapshot's metadata.
    public var metadata: SnapshotMetadata
    /// How many windows were walked.
    public var windowCount: Int
    /// The controllers to write, parents before children: all of them in a full snapshot, only
    /// those that differ from the anchor in a delta. Reading it fills in the values the coders
    /// wrote; the store reads `records` and `writes` and encodes the writes straight into
    /// payloads, never building the table. The coders' `Sendable` `Codable` values are encoded
    /// by ``RestorationStore/write(_:)``, which reports their errors; reading this before
    /// encodes them without reporting.
    public var controllers: [ControllerRecord] {
        get {
            // Not planned yet: the records are made from the walk on a copy.
            let records = walked?.recordsMade == false ? withRecordsMade.records : records
            guard !writes.isEmpty else { return records }
            var filled = records
            for index in filled.indices where !writes[index].isEmpty { filled[index].values = writes[index].table }
            return filled
        }
        set {
            makeRecordsIfNeeded()
            records = newValue
            writes = []
        }
    }
    /// The records, their values still in `writes` where a coder's writes were taken.
    var records: [ControllerRecord]
    /// Beside `records`, index for index (or empty when no record has any): the writes of each
    /// record's coder, taken unread so the main actor never hashed them into a table.
    var writes: [KeyedWrites] = []
    /// The other objects they reference.
    public var objects: [ObjectRecord]
    /// The report, without the snapshot id the writer assigns.
    public var report: SaveReport {
        get {
            // Before planning, the walk's lines are not in it yet: made on a copy.
            walked?.recordsMade == false ? withRecordsMade.capturedReport : capturedReport
        }
        set { capturedReport = newValue }
    }
    /// The report as captured: the walk's lines join it when the draft is planned.
    var capturedReport: SaveReport
    /// For a delta: the full snapshot it overlays.
    public var baseSnapshotID: Int64?
    /// How many controllers the snapshot holds once overlaid on its anchor.
    public var controllerCount: Int
    /// Controllers whose keyed values did not change: the key of the state they share, by node id.
    public var reusedStateIDs: [Int: Int64] = [:]
    /// The anchor's controllers a delta no longer holds.
    public var removedNodeIDs: [Int] = []
    /// What the store remembers once this draft is written.
    var pendingState: IncrementalState?

    /// Hands the pending state over, leaving none, so the store's copy is the only one.
    mutating func takePendingState() -> IncrementalState? {
        pendingState.take()
    }
    /// After a walk: the controllers found, for the bookkeeping ``plan()`` does off the main actor.
    var walked: WalkedControllers?

    /// Moves the coders' writes into the records' values, once, for readers of `controllers`;
    /// values left to encode later are encoded here and their errors reported.
    mutating func fillValues() {
        guard !writes.isEmpty else { return }
        for index in writes.indices where writes[index].hasDeferredEncodings {
            let pathText = records[index].pathString
            capturedReport.warnings += writes[index].runDeferredEncodings(path: records[index].path).map { SaveReport.warning($0, at: pathText) }
        }
        records = controllers
        writes = []
    }

    /// Whether only what changed is written.
    public var isDelta: Bool { baseSnapshotID != nil }
}
