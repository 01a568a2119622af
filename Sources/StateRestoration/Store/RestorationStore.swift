@_spi(Restoration) import ControllerKit
import Foundation

/// A navstate database opened for saving and restoring.
///
/// Opening creates the file when missing and applies pending migrations. An app opens its store
/// with `recovery: .moveAside`, so that no file can stop it at launch; tools open without it, and
/// get the error. One connection serves the store, behind a lock, so a store can be shared across
/// tasks: a save reads the hierarchy on the main actor and writes wherever the caller is.
///
/// ```swift
/// let store = try RestorationStore(path: stateFile, configuration: StoreConfiguration(appVersion: "2.1", appBuild: "57"),
///                                  recovery: .moveAside)
/// if let recovery = store.recovery { print(recovery) }   // the unusable file, and where it went
/// // At launch, into a hidden window:
/// let report = try store.restore(into: window, registry: registry)
/// if !report.didRestore { window.rootViewController = makeFirstScreen() }
/// window.makeKeyAndVisible()
/// // When the app goes to the background:
/// try store.save(Application.shared, registry: registry)
/// ```
///
/// The store is the database file and, while it is open, the `-wal` and `-shm` files SQLite
/// keeps beside it; ``close()`` (or a normal exit) leaves the file alone holding every snapshot.
/// Crash marks, probation and quarantine follow docs/behaviour.md §4.2.
public final class RestorationStore: @unchecked Sendable {
    /// The database file.
    public let path: String
    /// How saves describe the app and how many snapshots they keep.
    public let configuration: StoreConfiguration
    /// What opening with `recovery:` did about a file it could not use; `nil` when there was none.
    public let recovery: StoreRecoveryReport?

    // Guarded by `lock`: a SQLite connection is not to be used from two threads at once. `nil`
    // once closed.
    private var database: Database?
    private let lock = NSLock()
    /// This process's probations until the launch counts as good, by session persistent identifier.
    private var probations: [String: Probation] = [:]
    private var probationCount = 0
    /// Whether a mark in this process's name may be in the file: cleared only once a good launch
    /// has removed them, whatever ``probations`` say (an extended restoration has a crash mark
    /// and no probation yet).
    private var hasMarks = false

    /// Opens the database at `path`, creating it whole (owner-only) or migrating it as needed.
    /// Without `recovery` (tools) it throws when the file cannot be used as it is (not a database,
    /// damaged, a newer or pre-0.1.0 schema, another application's), leaving it unchanged. With
    /// ``StoreRecovery/moveAside`` (apps) it moves such a file aside, with its `-wal` and `-shm`
    /// files, under a name that says why and when, and starts a fresh store; ``recovery`` says
    /// what it did. Nothing is deleted, so a newer app version's state survives a downgrade byte
    /// for byte; it throws only when a fresh store cannot be made either (the directory is not
    /// writable, the disk is full) or the file is busy.
    public init(path: String, configuration: StoreConfiguration = StoreConfiguration(),
                recovery: StoreRecovery? = nil) throws(StoreError) {
        self.path = path
        self.configuration = configuration
        let open = { () throws(StoreError) in try Self.open(path, configuration: configuration) }
        (database, self.recovery) = recovery == nil ? (try open(), nil) : try StoreRecoveryReport.opening(path, with: open)
        OpenStores.add(self)
    }

    private static func open(_ path: String, configuration: StoreConfiguration) throws(StoreError) -> Database {
        try StoreFileCreation.createIfMissing(at: path)
        let database = try StoreError.wrapping(path: path) {
            try Database(path: path, mode: .readWrite, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        }
        do {
            try Migrator.migrate(database)
        } catch {
            // Refused: left as it was, its write-ahead log included.
            database.keepWriteAheadLogOnClose()
            throw error
        }
        // SQLite copies the write-ahead log into the file itself once it holds this many pages.
        database.checkpointAutomatically(atPages: configuration.checkpointPages)
        return database
    }

    deinit {
        release()
        OpenStores.remove(self)
    }

    /// Counts the launch as good, copies the write-ahead log into the file and closes the
    /// connection: then the file alone holds every snapshot, and the store throws
    /// ``StoreError/closed(path:)`` when used. Closing twice does nothing.
    public func close() throws(StoreError) {
        lock.lock()
        defer { lock.unlock() }
        guard let database else { return }
        // Open until the marks are gone, so that a failed close can be tried again (or the exit
        // does it) and no mark of a living process outlives it.
        try StoreError.wrapping(path: path) { try endMarks(in: database) }
        self.database = nil
        try StoreError.wrapping(path: path) { try database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Lets go of the connection as releasing the store or a normal exit does: the launch counts
    /// as good, and the write-ahead log is copied in as the connection closes, unless this store
    /// wrote nothing while the log holds other connections' writes (docs/behaviour.md §8.5).
    func release() {
        lock.withLock {
            guard let database else { return }
            self.database = nil
            if hasMarks { try? Probation.markLaunchGood(in: database) }
            let log = (try? FileManager.default.attributesOfItem(atPath: database.path + "-wal")[.size] as? Int) ?? 0
            if !database.hasChangedRows, log > 0 { database.keepWriteAheadLogOnClose() }
        }
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { lock.withLock { database == nil } }

    func withDatabase<Result>(_ body: (Database) throws -> Result) throws(StoreError) -> Result {
        // Foundation's `withLock` does not carry typed throws.
        lock.lock()
        defer { lock.unlock() }
        guard let database else { throw StoreError.closed(path: path) }
        return try StoreError.wrapping(path: path) { try body(database) }
    }

    // MARK: - Saving

    /// Saves every shown window of `application` as one snapshot, synchronously. A save with no
    /// controller to save writes nothing, and its report says why, unless `allowingEmpty` (the
    /// next launch then restores nothing and builds its first screen).
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try save(windows: application.windows, registry: registry, label: label, allowingEmpty: allowingEmpty)
    }

    /// Saves `windows` as one snapshot, as ``save(_:registry:label:allowingEmpty:)`` does.
    @MainActor
    public func save(windows: [Window], registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try write(capture(windows: windows, registry: registry, label: label), allowingEmpty: allowingEmpty)
    }

    /// Saves every shown window of `application`: read on the main actor, written by a detached
    /// task while the main actor goes on. In an async context `try await store.save(…)` picks it.
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) async throws(StoreError) -> SaveReport {
        let captured = try capture(windows: application.windows, registry: registry, label: label)
        return try await Task.detached { [self] in
            Result { () throws(StoreError) in try write(captured, allowingEmpty: allowingEmpty) }
        }.value.get()
    }

    /// Reads `windows` into a captured snapshot: the only part of a save that needs the main actor.
    @MainActor
    public func capture(windows: [Window], registry: RestorationRegistry, label: String = "") throws(StoreError) -> CapturedSnapshot {
        try capture(windows: windows, registry: registry, label: label, requiringOptIn: false)
    }

    /// `requiringOptIn` captures only when the application's delegate says yes, as UIKit's own
    /// save in the background does.
    @MainActor
    func capture(windows: [Window], registry: RestorationRegistry, label: String, requiringOptIn: Bool) throws(StoreError) -> CapturedSnapshot {
        let metadata = SnapshotMetadata(appVersion: configuration.appVersion, appBuild: configuration.appBuild, label: label)
        return try SnapshotCapture(registry: registry).capture(windows, metadata: metadata, requiringOptIn: requiringOptIn)
    }

    /// Writes a captured snapshot in one transaction, sharing payloads a kept snapshot holds, and
    /// prunes to ``StoreConfiguration/keepCount``; without controllers, only if `allowingEmpty`.
    /// On probation, a state that differs from the restored one counts the launch as good, and
    /// the same state carries the probation (docs/behaviour.md §4.2).
    public func write(_ captured: CapturedSnapshot, allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try write(captured, allowingEmpty: allowingEmpty, session: nil)
    }

    /// The write of ``write(_:allowingEmpty:)`` as a snapshot of scene session `record`, written
    /// in the same transaction; of the default session when `nil`.
    func write(_ captured: CapturedSnapshot, allowingEmpty: Bool,
               session record: SceneSessionRecord?) throws(StoreError) -> SaveReport {
        let session = record?.persistentIdentifier ?? SceneSessionRows.defaultIdentifier
        var report = captured.report
        guard report.didSave else { return report }
        if captured.controllers.isEmpty, !allowingEmpty {
            report.refusal = "there is no controller to save (no shown window, or none with a restorationIdentifier), "
                + "and an empty snapshot would restore a blank window; pass allowingEmpty: true to save it anyway"
            return report
        }
        try withDatabase { database in
            let probation = probations[session]
            let movedOn = probation.map { open in
                open.restored != RestorableState(controllers: captured.controllers, objects: captured.objects,
                                                 applicationValues: captured.applicationValues)
            }
            try SnapshotWriter.save(captured, session: record, into: database, keeping: configuration.keepCount,
                                    carryingProbation: movedOn == false ? probation : nil,
                                    endingProbation: movedOn == true ? session : nil,
                                    report: &report)
            // Another session's marks may be left, so `hasMarks` stays.
            if movedOn == true { probations[session] = nil }
        }
        return report
    }

    // MARK: - Restoring

    /// Restores the newest restorable snapshot into `window`, which must be hidden.
    @MainActor
    public func restore(into window: Window, registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        timing: RestoreTiming? = nil, now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(into: [window], registry: registry, policy: policy, timing: timing, now: now)
    }

    /// Restores the newest restorable snapshot (docs/behaviour.md §4.1), window `i` of the
    /// snapshot into `windows[i]`, with `timing` (``StoreConfiguration/restoreTiming`` unless
    /// given). When nothing is restored, ``RestoreReport/didRestore`` is `false` with the reason,
    /// and the file is not changed.
    @MainActor
    public func restore(into windows: [Window], registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        timing: RestoreTiming? = nil, now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(into: windows, registry: registry, policy: policy, timing: timing, now: now, requiringOptIn: false)
    }

    /// `requiringOptIn` restores only when the application's delegate says yes, as UIKit's own
    /// restore at launch does; `session` is a scene session's persistent identifier. The restore
    /// ends (its crash mark cleared, its probation begun) before it returns, or when the app
    /// completes an extended restoration, or with `holdingEnd` when the caller calls the closure
    /// `holdingEnd` is given (a scene's restoration ends after its delegate's calls), which
    /// returns what could not be written.
    @MainActor
    func restore(into windows: [Window], registry: RestorationRegistry, policy: RestorePolicy, timing: RestoreTiming?,
                 now: Date, requiringOptIn: Bool, session: String = SceneSessionRows.defaultIdentifier,
                 holdingEnd: (@MainActor (@escaping @MainActor () -> [String]) -> Void)? = nil) throws(StoreError) -> RestoreReport {
        if let shown = windows.firstIndex(where: { !$0.isHidden }) {
            throw StoreError.invalidHierarchy(reason: "restore builds into hidden windows, and window \(shown) is shown")
        }
        let choice = try withDatabase { database in
            try SnapshotChoice.choose(in: database, session: session, policy: policy, configuration: configuration, now: now)
        }
        func notRestored(_ reason: String? = nil) -> RestoreReport {
            var report = RestoreReport()
            report.skipped = choice.skipped
            report.refusal = reason
            return report
        }
        guard let (candidate, loaded) = choice.chosen else { return notRestored(choice.refusal) }
        let application = windows.first?.application ?? .shared
        let decision = application.delegateDecision(shouldRestore: Coder(values: loaded.snapshot.applicationCoderValues,
                                                                         codingPath: ["application"]))
        if decision == false {
            return notRestored("snapshot \(candidate.id): the application's delegate declined to restore it")
        }
        if requiringOptIn, decision == nil {
            return notRestored("the application's delegate does not opt in to restoring state (application(_:shouldRestoreSecureApplicationState:))")
        }
        let marked = try withDatabase { database in
            let marked = try Probation.markRestoreStarted(candidate.id, seen: choice.summaries,
                                                          quarantineAt: configuration.quarantineStrikes, in: database)
            if marked { hasMarks = true }
            return marked
        }
        var report = SnapshotRestore.restore(loaded, into: windows, registry: registry, timing: timing ?? configuration.restoreTiming)
        report.skipped = choice.skipped
        if !marked {
            report.warnings.append("the crash mark was not written: another connection held the write lock, "
                                   + "so a crash during this restore would not keep the next launch from trying again")
        }
        let restored = RestorableState(controllers: loaded.snapshot.controllers, objects: loaded.snapshot.objects,
                                       applicationValues: loaded.snapshot.applicationValues)
        let didRestore = report.didRestore
        let end = { @MainActor [self] in
            finishRestore(candidate, didRestore: didRestore, marked: marked, restored: restored, session: session)
        }
        if let holdingEnd {
            holdingEnd(end)
        } else if application.isStateRestorationExtended {
            // Still restoring (`extendStateRestoration()`): the crash mark stays until it completes,
            // long after the report was returned, so what cannot be written goes to the app.
            application.whenStateRestorationCompletes { [path, weak application] in
                for warning in end() {
                    application?.report(Diagnostic(kind: .restorationNotRecorded, message: "\(path): \(warning)"))
                }
            }
        } else {
            report.warnings += end()
        }
        return report
    }

    /// Ends a restore of `candidate`: its crash mark cleared and, when it restored anything, the
    /// probation begun. The controllers are built: what cannot be written is returned as
    /// warnings, not thrown.
    private func finishRestore(_ candidate: SnapshotSummary, didRestore: Bool, marked: Bool, restored: RestorableState,
                               session: String) -> [String] {
        var warnings: [String] = []
        var ended = false
        do {
            ended = try withDatabase { database in
                let ended = try Probation.markRestoreEnded(candidate.id, onProbation: didRestore, in: database)
                if ended, didRestore { hasMarks = true }
                return ended
            }
            if !ended { warnings.append("the end of the restore was not written: another connection held the write lock") }
        } catch {
            warnings.append("the end of the restore was not written: \(error)")
        }
        if marked, !ended { warnings.append("the crash mark stays until the launch counts as good") }
        // Kept while a mark in this process's name may be in the file, so that a good launch clears it.
        let number = startProbation(didRestore || (marked && !ended) ? restored : nil, strikes: candidate.strikes, session: session)
        if didRestore, let period = configuration.probationPeriod {
            Task.detached { [weak self] in
                try? await Task.sleep(for: period)
                self?.endProbation(number: number, session: session)
            }
        }
        return warnings
    }

    // MARK: - Probation

    /// Says the launch went well: the restored snapshot, and those saved since with the same
    /// state, leave probation with their strikes cleared. Call it once the restored screens have
    /// shown and run for a moment; ``StoreConfiguration/probationPeriod`` passing, a save of a
    /// different state, ``close()`` and a normal exit do the same.
    public func launchSucceeded() throws(StoreError) {
        try withDatabase { database in try endMarks(in: database) }
    }

    /// Under the lock. A store that restored nothing writes nothing.
    private func endMarks(in database: Database) throws {
        if hasMarks { try Probation.markLaunchGood(in: database) }
        hasMarks = false
        probations = [:]
    }

    /// Starts this store's probation of scene session `session` for `restored` (`nil` ends it);
    /// its number.
    private func startProbation(_ restored: RestorableState?, strikes: Int, session: String) -> Int {
        lock.withLock {
            probationCount += 1
            probations[session] = restored.map { Probation(restored: $0, strikes: strikes, number: probationCount) }
            return probationCount
        }
    }

    /// Ends probation `number` of scene session `session`, if it is still that session's current
    /// one, as its period passed: only that session's launch counts as good, and no restore
    /// still under way loses its crash mark.
    func endProbation(number: Int, session: String) {
        try? withDatabase { database in
            guard probations[session]?.number == number else { return }
            try Probation.markLaunchGood(in: database, session: session, keepingCrashMarks: true)
            probations[session] = nil
        }
    }

    /// The number of scene session `session`'s current probation in this store, if it is on one.
    func probationNumber(of session: String) -> Int? { lock.withLock { probations[session]?.number } }

    // MARK: - Listing and housekeeping

    /// Every snapshot, newest first.
    public func snapshots() throws(StoreError) -> [SnapshotSummary] {
        try withDatabase { database in try SnapshotReader.summaries(database) }
    }

    /// Snapshot `id`, or the newest when `nil`.
    public func loadSnapshot(id: Int64? = nil) throws(StoreError) -> LoadedSnapshot {
        try withDatabase { database in try SnapshotReader.load(idOrNewest: id, from: database) }
    }

    /// Deletes every snapshot and scene session, as UIKit discards saved state when the user
    /// force-quits.
    public func discardAll() throws(StoreError) {
        try withDatabase { database in
            try database.inTransaction {
                try database.executeScript("DELETE FROM scene_session; DELETE FROM snapshot; DELETE FROM payload")
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
