import ControllerKit
import Foundation

/// Scene sessions: each session's snapshots are kept, chosen, marked and pruned apart, so two
/// windows restore to their own screens and one window's crash loop quarantines only its own
/// state. An app without scenes uses the session ``RestorationStore/defaultSessionIdentifier``,
/// which also holds every snapshot saved before schema 8. ``StatePreservation`` makes these
/// calls at UIKit's moments for a scene app.
///
/// ```swift
/// try store.save(session: SceneSessionRecord(persistentIdentifier: "left"), windows: [window], registry: registry)
/// let report = try store.restore(session: "left", into: [Window()], registry: registry)
/// try store.discardSessions(["left"])
/// ```
extension RestorationStore {
    /// The persistent identifier of the session an app without scenes saves into and restores
    /// from, and that holds the snapshots saved before scene sessions were stored.
    public static let defaultSessionIdentifier = SceneSessionRows.defaultIdentifier

    /// Every scene session, in the order they were first saved; throws when a session's rows are damaged.
    public func sessions() throws(StoreError) -> [StoredSession] {
        try sessionResults().map { result throws(StoreError) in try result.get() }
    }

    /// Every scene session, in the order they were first saved: each one read, or why its rows are damaged.
    func sessionResults() throws(StoreError) -> [Result<StoredSession, StoreError>] {
        try withDatabase { database in try SceneSessionReader.sessions(database) }
    }

    /// The snapshots of scene session `identifier`, newest first.
    public func snapshots(session identifier: String) throws(StoreError) -> [SnapshotSummary] {
        try withDatabase { database in try SnapshotReader.summaries(database, session: identifier) }
    }

    /// Saves scene session `record` (its row and its activity) and `windows` as one snapshot of
    /// it. A new session comes last in the order. The session is saved even when the
    /// snapshot is not (an empty save, as ``save(windows:registry:label:allowingEmpty:)`` says).
    @MainActor
    public func save(session record: SceneSessionRecord, windows: [Window], registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try save(session: record, capture(windows: windows, registry: registry, label: label), allowingEmpty: allowingEmpty)
    }

    /// Writes scene session `record` and `captured` as its snapshot in one transaction, so a
    /// crash leaves both as they were or both new; the session alone when the save is refused
    /// or fails (its activity is kept whatever happens to the controllers), then the error.
    func save(session record: SceneSessionRecord, _ captured: CapturedSnapshot, allowingEmpty: Bool) throws(StoreError) -> SaveReport {
        let report: SaveReport
        do {
            report = try write(captured, allowingEmpty: allowingEmpty, session: record)
        } catch {
            if case .closed = error { throw error }
            try saveAlone(record)
            throw error
        }
        if !report.didSave { try saveAlone(record) }
        return report
    }

    private func saveAlone(_ record: SceneSessionRecord) throws(StoreError) {
        _ = try withDatabase { database in
            try database.inTransaction { try SceneSessionWriter.save(record, into: database) }
        }
    }

    /// Restores the newest restorable snapshot of scene session `identifier` into `windows`
    /// (hidden), as ``restore(into:registry:policy:timing:now:)`` does; other sessions'
    /// snapshots are never considered.
    @MainActor
    public func restore(session identifier: String, into windows: [Window], registry: RestorationRegistry,
                        policy: RestorePolicy = RestorePolicy(), timing: RestoreTiming? = nil,
                        now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(into: windows, registry: registry, policy: policy, timing: timing, now: now, requiringOptIn: false,
                    session: identifier)
    }

    /// Deletes scene sessions `identifiers` with their activities and snapshots, and the
    /// payloads no kept snapshot uses, in one transaction; what went. Unknown identifiers are
    /// ignored.
    @discardableResult
    public func discardSessions(_ identifiers: [String]) throws(StoreError) -> PruneResult {
        try withDatabase { database in
            try database.inTransaction { try SceneSessionWriter.delete(identifiers, from: database) }
        }
    }
}
