@_spi(Restoration) import ControllerKit
import Foundation

/// A navstate database opened for saving and restoring.
///
/// Opening creates the file when missing (owner-only) and applies pending migrations; a newer
/// schema or another application's database is refused unchanged. One connection serves the
/// store, behind a lock, so a store can be shared across tasks: capture runs on the main actor,
/// writing wherever the caller is.
public final class RestorationStore: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// How saves describe the app and how many snapshots they keep.
    public let configuration: StoreConfiguration

    // Guarded by `lock`: SQLite connections are not to be used from two threads at once; and
    // what the last save wrote, so the next one writes only what changed.
    private let database: Database
    private let lock = NSLock()
    private var storedIncremental = IncrementalState()
    /// Copies the write-ahead log into the file once a commit filled it past
    /// ``StoreConfiguration/checkpointPages``, on a thread and connection of its own.
    let checkpointer: Checkpointer
    /// The last write's bookkeeping (``IncrementalState/commit``), while it may still run on
    /// another thread: a few milliseconds at 10,000 controllers that the caller of `write` need
    /// not wait for. Whoever reads the state next settles it first.
    private var committing: DeferredValue<IncrementalState>?

    /// What the last save wrote; waits for its bookkeeping first. Call with `lock` held.
    private var incremental: IncrementalState {
        get {
            if let committing {
                self.committing = nil
                // Taken once, so this cannot be empty; a fresh state would only make the next
                // save full.
                storedIncremental = committing.take() ?? IncrementalState()
            }
            return storedIncremental
        }
        set {
            // A pending bookkeeping is for a state this one replaces: it is not waited for.
            committing = nil
            storedIncremental = newValue
        }
    }

    /// Opens (creating and migrating as needed) the database at `path`.
    public init(path: String, configuration: StoreConfiguration = StoreConfiguration()) throws(StoreError) {
        self.path = path
        self.configuration = configuration
        database = try StoreError.wrapping(path: path) { try Database(path: path, mode: .readWrite) }
        try Migrator.migrate(database)
        let checkpointer = Checkpointer(path: path)
        self.checkpointer = checkpointer
        let threshold = configuration.checkpointPages
        database.observeCommits(CommitObserver { logFrames in
            if logFrames >= threshold { checkpointer.schedule() }
        })
    }

    /// Waits until everything the saves so far left running on other threads is done: their
    /// bookkeeping (see ``write(_:)``), the freeing of what they wrote, and their checkpoints
    /// (see ``Checkpointer``); says how long the checkpoints that ran since the last call took on
    /// their thread. For a benchmark, so that a timed restore right after a timed save does not
    /// share the cores with the save's leftovers, which an app's launch restore never meets, and
    /// so that it shows the checkpoints' time apart.
    @_spi(Restoration)
    public func waitForBackgroundWork() -> [Duration] {
        // Reading the state settles the bookkeeping: run here if no thread started it, else
        // waited for. It queues the freeing of the values it took, so that is waited for after.
        lock.withLock { _ = incremental }
        waitForBackgroundReleases()
        return checkpointer.takeDurations()
    }

    func withDatabase<Result>(_ body: (Database) throws -> Result) throws(StoreError) -> Result {
        // Foundation's `withLock` does not carry typed throws.
        lock.lock()
        defer { lock.unlock() }
        return try StoreError.wrapping(path: path) { try body(database) }
    }

    // MARK: - Saving

    /// Saves every shown window of `application` as one snapshot, synchronously.
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "") throws(StoreError) -> SaveReport {
        try save(windows: application.windows, registry: registry, label: label)
    }

    /// Saves `windows` as one snapshot, synchronously.
    @MainActor
    public func save(windows: [Window], registry: RestorationRegistry, label: String = "") throws(StoreError) -> SaveReport {
        do {
            return try write(capture(windows: windows, registry: registry, label: label))
        } catch .staleIncrementalState {
            // Another writer changed the file under this store's memory: save everything.
            return try write(capture(windows: windows, registry: registry, label: label))
        }
    }

    /// Saves every shown window of `application`: the hierarchy is read on the main actor,
    /// then written off it.
    @MainActor
    public func saveInBackground(_ application: Application, registry: RestorationRegistry, label: String = "") async throws -> SaveReport {
        do {
            return try await writeDetached(capture(windows: application.windows, registry: registry, label: label))
        } catch StoreError.staleIncrementalState {
            return try await writeDetached(capture(windows: application.windows, registry: registry, label: label))
        }
    }

    /// Writes `draft` on a detached task, handing it over: a draft the task's closure still held
    /// would make the writer copy every record it keeps.
    private func writeDetached(_ draft: consuming SnapshotDraft) async throws -> SaveReport {
        let handOver = HandOver(draft)
        return try await Task.detached { [self] in
            guard let draft = handOver.take() else { throw StoreError.invalidHierarchy(reason: "a draft was written twice") }
            return try self.write(draft)
        }.value
    }

    /// Reads `windows` into a draft; the only part of a save that needs the main actor. After
    /// an earlier save of this store, only controllers that invalidated their state (or are new)
    /// are encoded. The rest of the planning (the report's list of saved paths, whether the
    /// snapshot becomes a delta over the last full one) happens in ``write(_:)``, off the main
    /// actor when the caller is.
    @MainActor
    public func capture(windows: [Window], registry: RestorationRegistry, label: String = "") throws(StoreError) -> SnapshotDraft {
        let metadata = SnapshotMetadata(appVersion: configuration.appVersion, appBuild: configuration.appBuild, label: label)
        return try SnapshotCapture(registry: registry).capture(windows, metadata: metadata, state: incrementalState)
    }

    private var incrementalState: IncrementalState {
        lock.withLock { incremental }
    }

    /// How many keyed values the store still holds between saves; they live in the written state
    /// rows, so after a save this is 0. For tests.
    var retainedValueCount: Int {
        lock.withLock { incremental.allEntries.values.reduce(0) { $0 + $1.record.values.count } }
    }

    /// Writes a draft as one snapshot in one transaction and prunes to ``StoreConfiguration/keepCount``.
    public func write(_ captured: consuming SnapshotDraft) throws(StoreError) -> SaveReport {
        var draft = consume captured
        // A save that cannot become a delta writes the records it has whatever the planning
        // finds: planned here while the other cores prepare its first chunks, where the cores
        // sat idle for it before (a sixth of a save's time at 1,000 controllers, perf). One that
        // may become a delta is planned first, since planning decides what it writes.
        let plansBesideWriting = !draft.mayBecomeDelta
        if plansBesideWriting { draft.makeRecordsIfNeeded() } else { try draft.plan() }
        var planningFailure: StoreError?
        let written: SnapshotWriter.Written
        do {
            lock.lock()
            defer { lock.unlock() }
            let toWrite = draft
            written = try SnapshotWriter.write(toWrite, to: database, keep: configuration.keepCount) {
                guard plansBesideWriting else { return }
                do throws(StoreError) {
                    try draft.plan()
                } catch {
                    planningFailure = error
                    throw error
                }
            }
        } catch {
            // Refused by the planning (rolled back): as if refused before writing.
            if let planningFailure { throw planningFailure }
            // What this store remembers may no longer match the file: the next save is full.
            lock.withLock { incremental = IncrementalState() }
            let stale = error is StaleIncrementalState
                || ((error as? DatabaseError).map { $0.resultCode == 787 } ?? false)  // SQLITE_CONSTRAINT_FOREIGNKEY
            if stale, draft.pendingState?.lastSnapshotID != nil { throw StoreError.staleIncrementalState }
            throw StoreError.converting(error, path: path)
        }
        var report = draft.report
        report.snapshotID = written.id
        report.prunedSnapshotCount = written.pruned.deletedSnapshotIDs.count
        report.writtenControllerCount = draft.records.count
        report.writtenStateCount = written.newStateIDs.count
        report.baseSnapshotID = draft.baseSnapshotID
        report.warnings += written.warnings
        // The written records are let go before the store keeps them, so dropping their values
        // changes them in place instead of copying each; the written values are freed elsewhere.
        draft.records = []
        if !draft.writes.isEmpty {
            var writes: [KeyedWrites] = []
            swap(&writes, &draft.writes)
            releaseInBackground(consume writes)
        }
        if let state = draft.takePendingState() {
            let isDelta = draft.isDelta
            let handOver = HandOver(consume state)
            // The snapshot is committed: the report goes back now, and the bookkeeping (visiting
            // every controller's entry after a walk) finishes on another thread.
            let bookkeeping = DeferredValue { [written] in
                var committed = handOver.take() ?? IncrementalState()
                committed.commit(isDelta: isDelta, snapshotID: written.id, newStateIDs: written.newStateIDs,
                                 referencingIDs: written.referencingIDs)
                return committed
            }
            lock.withLock {
                // An earlier write's bookkeeping finishes first, so states are kept in write order.
                _ = incremental
                committing = bookkeeping
            }
        }
        return report
    }

    // MARK: - Restoring

    /// Restores the newest restorable snapshot into `window`, which must be hidden.
    @MainActor
    public func restore(into window: Window, registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(into: [window], registry: registry, policy: policy, now: now)
    }

    /// Restores the newest restorable snapshot, window `i` of the snapshot into `windows[i]`.
    /// Snapshots whose restore died part-way are skipped; a snapshot the policy refuses is not
    /// restored; nothing is ever deleted by a restore.
    @MainActor
    public func restore(into windows: [Window], registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        now: Date = Date()) throws(StoreError) -> RestoreReport {
        if let shown = windows.firstIndex(where: { !$0.isHidden }) {
            throw StoreError.invalidHierarchy(reason: "restore builds into hidden windows, and window \(shown) is shown")
        }
        var report = RestoreReport()
        let summaries = try withDatabase { database in try SnapshotReader.summaries(database, sizes: false) }
        guard let candidate = summaries.first(where: { summary in
            if summary.isCrashMarked {
                report.skipped.append(.init(snapshotID: summary.id, reason: "a restore of it died part-way"))
                return false
            }
            return true
        }) else {
            return report
        }
        if let refusal = policy.refusal(of: candidate.metadata, now: now) {
            report.refusal = "snapshot \(candidate.id): \(refusal)"
            return report
        }
        let (loaded, undecoded) = try withDatabase { database in
            try SnapshotReader.loadForRestore(idOrNewest: candidate.id, from: database)
        }
        try markRestore(of: candidate.id, started: true)
        let payloads = undecoded.map(PendingPayloads.init)
        var result = SnapshotRestore.restore(loaded, payloads: payloads, into: windows, registry: registry)
        try markRestore(of: candidate.id, started: false)
        result.skipped = report.skipped
        // Freeing the records was a tenth of a restore's main-actor time at 1,000 controllers;
        // the decoded payloads are as many values again.
        releaseInBackground(consume loaded)
        releaseInBackground(consume payloads)
        return result
    }

    /// The crash rule: the mark is committed before a restore builds anything and cleared after,
    /// so a process that dies in between leaves it set.
    private func markRestore(of id: Int64, started: Bool) throws(StoreError) {
        try withDatabase { database in
            try database.execute("UPDATE snapshot SET restore_started_at = ? WHERE id = ?",
                                 [started ? Timestamp.now() : nil, id])
        }
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
                try database.execute("DELETE FROM snapshot WHERE base_id IS NOT NULL")
                try database.execute("DELETE FROM snapshot")
                try database.execute("DELETE FROM controller_state")
                try database.execute("DELETE FROM state_chunk")
            }
        }
        lock.withLock { incremental = IncrementalState() }
    }

    /// Deletes all but the newest `count` snapshots (and the anchors they overlay) in one
    /// transaction; says what went.
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
