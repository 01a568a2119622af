import ControllerKit
import Foundation

/// A navstate database opened for saving and restoring.
///
/// Opening creates the file when missing (owner-only, whole or not at all) and applies pending
/// migrations; a newer schema or another application's database is refused unchanged. One
/// connection serves the store, behind a lock, so a store can be shared across tasks: a save
/// reads the hierarchy on the main actor and writes wherever the caller is.
///
/// ```swift
/// let store = try RestorationStore(path: "state.sqlite",
///                                  configuration: StoreConfiguration(appVersion: "2.1", appBuild: "57"))
/// // When the app goes to the background:
/// let saved = try store.save(Application.shared, registry: registry)
/// // At the next launch, into a hidden window:
/// let report = try store.restore(into: window, registry: registry)
/// if !report.didRestore { window.rootViewController = makeFirstScreen() }
/// window.makeKeyAndVisible()
/// // Once the restored screens have run without a crash (else after `probationPeriod`):
/// try store.launchSucceeded()
/// ```
public final class RestorationStore: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// How saves describe the app and how many snapshots they keep.
    public let configuration: StoreConfiguration

    // Guarded by `lock`: a SQLite connection is not to be used from two threads at once.
    private let database: Database
    private let lock = NSLock()
    /// The probation this process is under since its restore, until the launch counts as good:
    /// saves meanwhile carry it, so a state saved just before a crash is not a way around it.
    private var probation: (startedAt: String, strikes: Int)?

    /// Opens (creating and migrating as needed) the database at `path`.
    public init(path: String, configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) {
        self.path = path
        self.configuration = configuration
        try StoreFileCreation.createIfMissing(at: path)
        database = try StoreError.wrapping(path: path) { try Database(path: path, mode: .readWrite) }
        try Migrator.migrate(database)
        // SQLite copies the write-ahead log into the file itself once it holds this many pages.
        try StoreError.wrapping(path: path) { try database.execute("PRAGMA wal_autocheckpoint = \(configuration.checkpointPages)") }
    }

    func withDatabase<Result>(_ body: (Database) throws -> Result) throws(StoreError) -> Result {
        // Foundation's `withLock` does not carry typed throws.
        lock.lock()
        defer { lock.unlock() }
        return try StoreError.wrapping(path: path) { try body(database) }
    }

    // MARK: - Saving

    /// Saves every shown window of `application` as one snapshot, synchronously.
    ///
    /// A save with no controller to save (no shown window, or none with a
    /// `restorationIdentifier`) writes nothing when the file holds a snapshot, and its report
    /// says why: an empty snapshot would replace a good one as the one to restore. Pass
    /// `allowingEmpty: true` when an empty state is what the next launch should restore.
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try save(windows: application.windows, registry: registry, label: label, allowingEmpty: allowingEmpty)
    }

    /// Saves `windows` as one snapshot, synchronously; an empty save is refused as
    /// ``save(_:registry:label:allowingEmpty:)`` says.
    @MainActor
    public func save(windows: [Window], registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try write(capture(windows: windows, registry: registry, label: label), allowingEmpty: allowingEmpty)
    }

    /// Saves every shown window of `application`, writing off the main actor: the hierarchy is
    /// read on the main actor, then written to SQLite by a detached task while the main actor
    /// goes on. In an async context `try await store.save(…)` picks this one.
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) async throws(StoreError) -> SaveReport {
        let draft = try capture(windows: application.windows, registry: registry, label: label)
        let written = await Task.detached { [self] () -> Result<SaveReport, StoreError> in
            do throws(StoreError) { return .success(try self.write(draft, allowingEmpty: allowingEmpty)) } catch { return .failure(error) }
        }.value
        return try written.get()
    }

    /// Reads `windows` into a draft: every controller that takes part encodes its state. The only
    /// part of a save that needs the main actor.
    @MainActor
    public func capture(windows: [Window], registry: RestorationRegistry, label: String = "") throws(StoreError) -> SnapshotDraft {
        let metadata = SnapshotMetadata(appVersion: configuration.appVersion, appBuild: configuration.appBuild, label: label)
        return try SnapshotCapture(registry: registry).capture(windows, metadata: metadata)
    }

    /// Writes a draft as one snapshot in one transaction and prunes to
    /// ``StoreConfiguration/keepCount``. Only payloads that no kept snapshot holds byte for byte
    /// are written; the others are shared. A draft without controllers is not written over a
    /// kept snapshot unless `allowingEmpty`.
    public func write(_ draft: SnapshotDraft, allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        guard draft.report.didSave else { return draft.report }
        if let refusal = draft.refusal() { throw StoreError.invalidHierarchy(reason: refusal) }
        let rows = SnapshotRows(draft)
        let keep = configuration.keepCount
        var report = draft.report
        let outcome = try withDatabase { database in
            try database.inTransaction { () -> (SnapshotWriter.Written, PruneResult)? in
                // Checked inside the write transaction, so no other process's save slips between.
                if draft.controllers.isEmpty, !allowingEmpty,
                   let newest = try database.scalarInteger("SELECT max(id) FROM snapshot") {
                    report.refusal = "there is no controller to save (no shown window, or none with a restorationIdentifier), "
                        + "and an empty snapshot would replace snapshot \(newest) as the one to restore; "
                        + "pass allowingEmpty: true to save it anyway"
                    return nil
                }
                let written = try SnapshotWriter.insert(rows, into: database)
                if let probation {
                    try database.execute("UPDATE snapshot SET probation_started_at = ?, strikes = ? WHERE id = ?",
                                         [probation.startedAt, probation.strikes, written.id])
                }
                return (written, try SnapshotWriter.prune(database, keeping: keep))
            }
        }
        guard let (written, pruned) = outcome else { return report }
        report.snapshotID = written.id
        report.prunedSnapshotCount = pruned.deletedSnapshotIDs.count
        report.writtenStateCount = written.newPayloadCount
        report.writtenPayloadBytes = written.newPayloadBytes
        return report
    }

    // MARK: - Restoring

    /// Restores the newest restorable snapshot into `window`, which must be hidden.
    @MainActor
    public func restore(into window: Window, registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        timing: RestoreTiming? = nil, now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(into: [window], registry: registry, policy: policy, timing: timing, now: now)
    }

    /// Restores the newest restorable snapshot, window `i` of the snapshot into `windows[i]`,
    /// with `timing` (``StoreConfiguration/restoreTiming`` unless given). Snapshots whose restore
    /// died part-way are skipped; a snapshot the policy or the application's delegate
    /// (`application(_:shouldRestoreSecureApplicationState:)`) refuses is not restored; nothing
    /// is ever deleted by a restore.
    @MainActor
    public func restore(into windows: [Window], registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        timing: RestoreTiming? = nil, now: Date = Date()) throws(StoreError) -> RestoreReport {
        if let shown = windows.firstIndex(where: { !$0.isHidden }) {
            throw StoreError.invalidHierarchy(reason: "restore builds into hidden windows, and window \(shown) is shown")
        }
        var skipped: [RestoreReport.Skipped] = []
        func notRestored(refusal: String? = nil) -> RestoreReport {
            var report = RestoreReport()
            report.skipped = skipped
            report.refusal = refusal
            return report
        }
        let ownProbation = withProbation { $0?.startedAt }
        let summaries = try withDatabase { database in
            try database.inTransaction {
                try Self.countStrikes(database, quarantineAt: configuration.quarantineStrikes, sparing: ownProbation)
                return try SnapshotReader.summaries(database, sizes: false)
            }
        }
        guard let candidate = summaries.first(where: { summary in
            if summary.isCrashMarked { skipped.append(.init(snapshotID: summary.id, reason: "a restore of it died part-way")) }
            if summary.isQuarantined {
                skipped.append(.init(snapshotID: summary.id, reason: "quarantined: the app died \(summary.strikes) times right after restoring it"))
            }
            return !summary.isCrashMarked && !summary.isQuarantined
        }) else {
            return notRestored()
        }
        if let refusal = policy.refusal(of: candidate.metadata, appVersion: configuration.appVersion, now: now) {
            return notRestored(refusal: "snapshot \(candidate.id): \(refusal)")
        }
        let loaded = try withDatabase { database in try SnapshotReader.load(idOrNewest: candidate.id, from: database) }
        let application = windows.first?.application ?? .shared
        if let delegate = application.delegate,
           !delegate.application(application, shouldRestoreSecureApplicationState: Coder(values: loaded.snapshot.applicationCoderValues,
                                                                                          codingPath: ["application"])) {
            return notRestored(refusal: "snapshot \(candidate.id): the application's delegate declined to restore it")
        }
        try withDatabase { database in
            try database.execute("UPDATE snapshot SET restore_started_at = ? WHERE id = ?", [try database.timestamp(), candidate.id])
        }
        var report = SnapshotRestore.restore(loaded, into: windows, registry: registry, timing: timing ?? configuration.restoreTiming)
        let startedAt = try withDatabase { database in
            let now = try database.timestamp() ?? ""
            try database.execute("UPDATE snapshot SET restore_started_at = NULL, probation_started_at = ? WHERE id = ?", [now, candidate.id])
            return now
        }
        withProbation { $0 = (startedAt, candidate.strikes) }
        if let period = configuration.probationPeriod {
            Task.detached { [weak self] in
                try? await Task.sleep(for: period)
                self?.endProbation(startedAt: startedAt)
            }
        }
        report.skipped = skipped
        return report
    }

    // MARK: - Probation

    /// Says the launch went well: the restored snapshot, and every snapshot saved since, leave
    /// probation with their strikes cleared. Call it once the restored screens have shown and
    /// run for a moment; without it, ``StoreConfiguration/probationPeriod`` after the restore
    /// does the same. A process that dies before either adds a strike to the snapshot, and at
    /// ``StoreConfiguration/quarantineStrikes`` strikes restores pass over it.
    public func launchSucceeded() throws(StoreError) {
        withProbation { $0 = nil }
        try withDatabase { database in
            try database.execute("UPDATE snapshot SET probation_started_at = NULL, strikes = 0 WHERE probation_started_at IS NOT NULL")
        }
    }

    /// Ends the probation that started at `startedAt`, if it is still the current one.
    private func endProbation(startedAt: String) {
        guard withProbation({ $0?.startedAt == startedAt }) else { return }
        try? launchSucceeded()
    }

    private func withProbation<Result>(_ body: (inout (startedAt: String, strikes: Int)?) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&probation)
    }

    /// A snapshot still on probation at a restore was restored by a process that died before
    /// its launch counted as good: one strike, and quarantine at `limit`. This process's own
    /// probation (`sparing`: it restores again, alive) is no strike.
    private static func countStrikes(_ database: Database, quarantineAt limit: Int, sparing own: String?) throws {
        try database.execute("""
            UPDATE snapshot SET strikes = strikes + 1, probation_started_at = NULL,
                   quarantined_at = CASE WHEN strikes + 1 >= ? THEN ? ELSE quarantined_at END
            WHERE probation_started_at IS NOT NULL AND probation_started_at IS NOT ?
            """, [limit, try database.timestamp(), own])
    }

    // MARK: - Listing and housekeeping

    /// Every snapshot, newest first.
    public func snapshots() throws(StoreError) -> [SnapshotSummary] {
        try withDatabase { database in try SnapshotReader.summaries(database) }
    }

    /// Snapshot `id`, or the newest when `nil`.
    public func loadSnapshot(id: Int64? = nil) throws(StoreError) -> LoadedSnapshot {
        try withDatabase { database in try SnapshotReader.load(idOrNewest: id, from: database) }
    }

    /// Deletes every snapshot, as UIKit discards saved state when the user force-quits.
    public func discardAll() throws(StoreError) {
        try withDatabase { database in
            try database.inTransaction {
                try database.execute("DELETE FROM snapshot")
                try database.execute("DELETE FROM payload")
            }
        }
    }

    /// Deletes all but the newest `count` snapshots in one transaction; says what went.
    @discardableResult
    public func prune(keeping count: Int) throws(StoreError) -> PruneResult {
        try withDatabase { database in try SnapshotMaintenance.prune(database, keeping: count) }
    }

    /// The schema version of the file.
    public func schemaVersion() throws(StoreError) -> Int {
        try withDatabase { try Migrator.currentVersion(of: $0) }
    }
}

extension StoreError {
    /// Runs `body` on the database at `path`, turning SQLite's and the reader's errors into
    /// store errors that name the file.
    static func wrapping<Result>(path: String, _ body: () throws -> Result) throws(StoreError) -> Result {
        do {
            return try body()
        } catch {
            throw converting(error, path: path)
        }
    }

    /// `error` as a store error: SQLite's wrapped, ours as they are.
    static func converting(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError { return .database(error) }
        return .database(DatabaseError(resultCode: 1, message: "\(error)", path: path))
    }
}
