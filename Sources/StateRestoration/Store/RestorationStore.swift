@_spi(Restoration) import ControllerKit
import Foundation

/// A navstate database opened for saving and restoring: what an app uses. One connection behind a lock, so tasks may
/// share it. Its files: docs/behaviour.md §8.5; crash marks and probation: §4.2; scene sessions: docs/scenes.md.
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
public final class RestorationStore: SnapshotDatabase, @unchecked Sendable {
    /// The scene session of an app without scenes (and of snapshots older than scene sessions).
    public static let defaultSessionIdentifier = "default"

    /// How saves describe the app and how many snapshots they keep.
    public let configuration: StoreConfiguration
    /// What opening with `recovery:` did about a file it could not use; `nil` when there was none.
    public let recovery: StoreRecoveryReport?

    // Guarded by `lock`. This process's probations, by scene session.
    private var probations: [String: Probation] = [:]
    private var probationCount = 0
    // Whether a mark in this process's name may be in the file, even with no probation (an extended restoration's).
    private var hasMarks = false

    /// Opens the database at `path`, creating or migrating it as needed. An unusable file throws
    /// without `recovery` (tools) and is moved aside with it (apps): docs/behaviour.md §8.5.
    public init(path: String, configuration: StoreConfiguration = StoreConfiguration(),
                recovery: StoreRecovery? = nil) throws(StoreError) {
        self.configuration = configuration
        let open = { () throws(StoreError) in try Self.open(path, configuration: configuration) }
        let (database, report) = recovery == nil ? (try open(), nil) : try StoreRecoveryReport.opening(path, with: open)
        self.recovery = report
        super.init(path: path, database: database)
        OpenStores.add(self)
    }

    private static func open(_ path: String, configuration: StoreConfiguration) throws(StoreError) -> Database {
        try StoreFileCreation.createIfMissing(at: path)
        let database = try StoreError.wrapping(path: path) {
            try Database(path: path, mode: .readWrite,
                         busyTimeoutMilliseconds: Int32(clamping: configuration.busyTimeout.wholeMilliseconds))
        }
        do {
            try Migrator.migrate(database)
        } catch {
            // Refused: left as it was, its write-ahead log included.
            database.keepWriteAheadLogOnClose()
            throw error
        }
        return database
    }

    deinit {
        release()
        OpenStores.remove(self)
    }

    /// Counts the launch as good and closes, copying the write-ahead log in (docs/behaviour.md §8.5); again, does nothing.
    public func close() throws(StoreError) {
        lock.lock()
        defer { lock.unlock() }
        guard let database else { return }
        // Open until the marks are gone, so that a failed close can be retried and no living process's mark outlives it.
        try StoreError.wrapping(path: path) { try endMarks(in: database) }
        self.database = nil
        try StoreError.wrapping(path: path) { try database.executeScript("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// Lets go of the connection as releasing the store or a normal exit does (docs/behaviour.md §8.5).
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

    /// Saves every shown window of `application` as one snapshot; an empty one only if `allowingEmpty` (docs/behaviour.md §3.3).
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try save(windows: application.windows, registry: registry, label: label, allowingEmpty: allowingEmpty)
    }

    /// Saves `windows` as one snapshot, of scene session `session` when given (docs/scenes.md).
    @MainActor
    public func save(session: SceneSessionRecord? = nil, windows: [Window], registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) throws(StoreError) -> SaveReport {
        try write(capture(windows: windows, registry: registry, label: label), allowingEmpty: allowingEmpty, session: session)
    }

    /// Saves every shown window of `application`, written off the main actor (`try await store.save(…)`).
    @MainActor
    public func save(_ application: Application, registry: RestorationRegistry, label: String = "",
                     allowingEmpty: Bool = false) async throws(StoreError) -> SaveReport {
        let captured = try capture(windows: application.windows, registry: registry, label: label)
        return try await Task.detached { [self] in
            Result { () throws(StoreError) in try write(captured, allowingEmpty: allowingEmpty) }
        }.value.get()
    }

    /// Reads `windows` into a captured snapshot: the only part of a save that needs the main actor.
    /// With `requiringOptIn`, only when the application's delegate opts in, as UIKit's own save does.
    @MainActor
    public func capture(windows: [Window], registry: RestorationRegistry, label: String = "",
                        requiringOptIn: Bool = false) throws(StoreError) -> CapturedSnapshot {
        let metadata = SnapshotMetadata(appVersion: configuration.appVersion, appBuild: configuration.appBuild, label: label)
        return try SnapshotCapture(registry: registry).capture(windows, metadata: metadata, requiringOptIn: requiringOptIn)
    }

    /// Writes a captured snapshot (docs/behaviour.md §3.5), without controllers only if `allowingEmpty`;
    /// `session`'s row goes in the same transaction, or alone when the snapshot is refused or fails.
    public func write(_ captured: CapturedSnapshot, allowingEmpty: Bool = false,
                      session record: SceneSessionRecord? = nil) throws(StoreError) -> SaveReport {
        let session = record?.persistentIdentifier ?? Self.defaultSessionIdentifier
        var report = captured.report
        if report.didSave, captured.controllers.isEmpty, !allowingEmpty {
            report.refusal = "there is no controller to save (no shown window, or none with a restorationIdentifier), "
                + "and an empty snapshot would restore a blank window; pass allowingEmpty: true to save it anyway"
        }
        func saveSessionAlone() throws(StoreError) {
            guard let record else { return }
            _ = try withDatabase { database in
                try database.inTransaction { try SceneSessionWriter.save(record, into: database) }
            }
        }
        guard report.didSave else {
            try saveSessionAlone()
            return report
        }
        do {
            try withDatabase { database in
                let probation = probations[session]
                let movedOn = probation.map { open in
                    open.restored != RestorableState(captured.controllers, captured.objects, captured.applicationValues)
                } ?? false
                try SnapshotWriter.save(captured, session: record, into: database, keeping: configuration.keepCount,
                                        carryingProbation: movedOn ? nil : probation, endingProbation: movedOn ? session : nil,
                                        report: &report)
                // Another session's marks may be left, so `hasMarks` stays.
                if movedOn { probations[session] = nil }
            }
        } catch {
            if case .closed = error { throw error }
            try saveSessionAlone()
            throw error
        }
        return report
    }

    /// Restores the newest restorable snapshot into `window`, which must be hidden.
    @MainActor
    public func restore(into window: Window, registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(),
                        timing: RestoreTiming? = nil, now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(into: [window], registry: registry, policy: policy, timing: timing, now: now)
    }

    /// Restores `session`'s newest restorable snapshot (docs/behaviour.md §4.1), window `i` into hidden `windows[i]`.
    @MainActor
    public func restore(session: String = RestorationStore.defaultSessionIdentifier, into windows: [Window],
                        registry: RestorationRegistry, policy: RestorePolicy = RestorePolicy(), timing: RestoreTiming? = nil,
                        now: Date = Date()) throws(StoreError) -> RestoreReport {
        try restore(session: session, into: windows, registry: registry, policy: policy, timing: timing, now: now,
                    requiringOptIn: false)
    }

    /// `requiringOptIn` restores only when the application's delegate opts in, as UIKit's launch does. The restore ends
    /// (crash mark cleared, probation begun) on return, when an extended restoration completes, or with `holdingEnd` when
    /// the caller calls the closure it is given (after a scene delegate's calls), which returns what could not be written.
    @MainActor
    func restore(session: String = defaultSessionIdentifier, into windows: [Window], registry: RestorationRegistry,
                 policy: RestorePolicy, timing: RestoreTiming? = nil, now: Date = Date(), requiringOptIn: Bool,
                 holdingEnd: (@MainActor (@escaping @MainActor () -> [String]) -> Void)? = nil) throws(StoreError) -> RestoreReport {
        if let shown = windows.firstIndex(where: { !$0.isHidden }) {
            throw StoreError.invalidHierarchy(reason: "restore builds into hidden windows, and window \(shown) is shown")
        }
        let choice = try withDatabase { database in
            try SnapshotChoice.choose(in: database, session: session, policy: policy, configuration: configuration, now: now)
        }
        func notRestored(_ reason: String?) -> RestoreReport { RestoreReport(skipped: choice.skipped, refusal: reason) }
        guard let (candidate, loaded) = choice.chosen else { return notRestored(choice.refusal) }
        let application = windows.first?.application ?? .shared
        let decision = application.delegateDecision(shouldRestore: Coder(values: loaded.snapshot.applicationCoderValues,
                                                                         codingPath: ["application"]))
        if decision == false { return notRestored("snapshot \(candidate.id): the application's delegate declined to restore it") }
        if requiringOptIn, decision == nil {
            return notRestored("the application's delegate does not opt in to restoring state (application(_:shouldRestoreSecureApplicationState:))")
        }
        let marked = try withDatabase { database in
            let marked = try Probation.markRestoreStarted(candidate.id, seen: choice.summaries,
                                                          quarantineAt: configuration.quarantineStrikes, in: database)
            if marked { hasMarks = true }
            return marked
        }
        var report = loaded.restore(into: windows, registry: registry, timing: timing ?? configuration.restoreTiming)
        report.skipped = choice.skipped
        if !marked {
            report.warnings.append("the crash mark was not written: another connection held the write lock, "
                                   + "so a crash during this restore would not keep the next launch from trying again")
        }
        let restored = RestorableState(loaded.snapshot.controllers, loaded.snapshot.objects, loaded.snapshot.applicationValues)
        let end = { @MainActor [self, didRestore = report.didRestore] in
            endRestore(candidate, didRestore: didRestore, marked: marked, restored: restored, session: session)
        }
        if let holdingEnd {
            holdingEnd(end)
        } else if application.isStateRestorationExtended {
            // The mark stays until the extended restoration completes, after the return: what is not written goes to the app.
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

    /// Clears `candidate`'s crash mark and, when it restored anything, begins its probation; the
    /// controllers are built, so what cannot be written is returned as warnings, not thrown.
    private func endRestore(_ candidate: SnapshotSummary, didRestore: Bool, marked: Bool, restored: RestorableState,
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
        let kept = didRestore || (marked && !ended) ? restored : nil
        let number = lock.withLock {
            probationCount += 1
            probations[session] = kept.map { Probation(restored: $0, strikes: candidate.strikes, number: probationCount) }
            return probationCount
        }
        if didRestore, let period = configuration.probationPeriod {
            Task.detached { [weak self] in
                try? await Task.sleep(for: period)
                self?.endProbation(number: number, session: session)
            }
        }
        return warnings
    }

    /// Says the launch went well, once the restored screens have run a moment (docs/behaviour.md §4.2).
    public func launchSucceeded() throws(StoreError) {
        try withDatabase { database in try endMarks(in: database) }
    }

    /// Under the lock. A store that restored nothing writes nothing.
    private func endMarks(in database: Database) throws {
        if hasMarks { try Probation.markLaunchGood(in: database) }
        hasMarks = false
        probations = [:]
    }

    /// Ends `session`'s probation `number` as its period passed, if still current, keeping any restore's crash mark.
    func endProbation(number: Int, session: String) {
        try? withDatabase { database in
            guard probations[session]?.number == number else { return }
            try Probation.markLaunchGood(in: database, session: session, keepingCrashMarks: true)
            probations[session] = nil
        }
    }

    func probationNumber(of session: String) -> Int? { lock.withLock { probations[session]?.number } }

    /// Deletes every snapshot and scene session, as UIKit does when the user force-quits.
    public func discardAll() throws(StoreError) {
        try withDatabase { database in
            try database.inTransaction {
                try database.executeScript("DELETE FROM scene_session; DELETE FROM snapshot; DELETE FROM payload")
            }
        }
    }

    /// Deletes scene sessions `identifiers` with their snapshots in one transaction; says what went.
    @discardableResult
    public func discardSessions(_ identifiers: [String]) throws(StoreError) -> PruneResult {
        try withDatabase { database in
            try database.inTransaction { try SceneSessionWriter.delete(identifiers, from: database) }
        }
    }

    /// Deletes all but the newest `count` snapshots in one transaction; says what went.
    @discardableResult
    public func prune(keeping count: Int) throws(StoreError) -> PruneResult {
        try withDatabase { database in try SnapshotMaintenance.prune(database, keeping: count) }
    }
}
