import ControllerKit
import Foundation

/// The SQL of docs/behaviour.md §4.2's crash marks, probation and quarantine, and one store's probation of a scene session.
struct Probation: Sendable {
    /// To tell a save of the same state from one the user moved on to.
    let restored: RestorableState
    /// The restored snapshot's strikes, which a save of the same state carries.
    let strikes: Int
    /// Tells this probation from a later one of the same store, for the period's timer.
    let number: Int

    /// The marks of one snapshot row, as stored, and what they mean now.
    struct Marks: Sendable, Hashable {
        var restoreStarted: Bool
        var probationStarted: Bool
        var storedStrikes: Int
        var quarantinedAt: Bool
        /// Who set the marks (``ProcessIdentity``); `nil` on marks from schema 6.
        var process: String?
        /// That process died restoring another scene session, whose crash mark already keeps
        /// restores off the snapshot that crashed, so this probation is no strike.
        var processDiedRestoringAnother = false

        private var processIsGone: Bool { process.map { !ProcessIdentity.isRunning($0) } ?? true }
        var isCrashMarked: Bool { restoreStarted && processIsGone }
        var isOnProbation: Bool { probationStarted && !restoreStarted && !processIsGone }
        /// Only then is ``processDiedRestoringAnother`` read.
        var isLeftByGoneProcess: Bool { probationStarted && !restoreStarted && processIsGone }
        /// A strike not yet written into the file.
        var hasUncountedStrike: Bool { isLeftByGoneProcess && !processDiedRestoringAnother }
        var strikes: Int { storedStrikes + (hasUncountedStrike ? 1 : 0) }
    }

    /// The columns ``marks(_:)`` reads, of the snapshot table as `s`.
    static let markColumns = """
        s.restore_started_at IS NOT NULL AS restore_started, s.probation_started_at IS NOT NULL AS probation_started,
        s.strikes, s.quarantined_at IS NOT NULL AS quarantined, s.restoring_process
        """

    static func marks(_ row: Statement) -> Marks {
        Marks(restoreStarted: row.integer(named: "restore_started") == 1,
              probationStarted: row.integer(named: "probation_started") == 1,
              storedStrikes: Int(row.integer(named: "strikes") ?? 0), quarantinedAt: row.integer(named: "quarantined") == 1,
              process: row.text(named: "restoring_process"))
    }

    private static let now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    /// Writes what the snapshots `seen` left by gone processes learned (their strikes, quarantine
    /// at `limit`), then the crash mark on `snapshot`; `false`, writing nothing, when another connection holds the lock.
    static func markRestoreStarted(_ snapshot: Int64, seen: [SnapshotSummary], quarantineAt limit: Int,
                                   in database: Database) throws -> Bool {
        try database.inTransactionWithoutWaiting {
            for summary in seen where summary.marks.isLeftByGoneProcess {
                // Only if nobody changed the row since it was read.
                try database.execute("""
                    UPDATE snapshot SET strikes = strikes + ?1, probation_started_at = NULL, restoring_process = NULL,
                           quarantined_at = CASE WHEN ?1 AND strikes + 1 >= ?2 THEN coalesce(quarantined_at, \(now))
                                                 ELSE quarantined_at END
                    WHERE id = ?3 AND probation_started_at IS NOT NULL AND restore_started_at IS NULL AND restoring_process IS ?4
                    """, [summary.marks.hasUncountedStrike, limit, summary.id, summary.marks.process])
            }
            try database.execute("UPDATE snapshot SET restore_started_at = \(now), restoring_process = ? WHERE id = ?",
                                 [ProcessIdentity.current, snapshot])
        }
    }

    /// Clears the crash mark and, when the restore restored anything, puts the snapshot on
    /// probation in this process's name; `false`, writing nothing, when another connection holds the lock.
    static func markRestoreEnded(_ snapshot: Int64, onProbation: Bool, in database: Database) throws -> Bool {
        try database.inTransactionWithoutWaiting {
            try database.execute("""
                UPDATE snapshot SET restore_started_at = NULL, probation_started_at = \(onProbation ? now : "NULL"),
                       restoring_process = ? WHERE id = ?
                """, [onProbation ? ProcessIdentity.current : nil, snapshot])
        }
    }

    /// Puts a snapshot just saved with the restored state on probation.
    static func carry(to snapshot: Int64, strikes: Int, in database: Database) throws {
        try database.execute("UPDATE snapshot SET probation_started_at = \(now), strikes = ?, restoring_process = ? WHERE id = ?",
                             [strikes, ProcessIdentity.current, snapshot])
    }

    /// The launch counted as good: the marks in this process's name go, with their snapshots' strikes; with `session`
    /// only that scene session's, and with `keepingCrashMarks` no crash mark, for a restore that may be under way.
    static func markLaunchGood(in database: Database, session: String? = nil, keepingCrashMarks: Bool = false) throws {
        try database.execute("""
            UPDATE snapshot SET restore_started_at = NULL, probation_started_at = NULL, strikes = 0, restoring_process = NULL
            WHERE restoring_process = ?1 AND (restore_started_at IS NULL OR NOT ?3)
              AND (?2 IS NULL OR session_id = (SELECT id FROM scene_session WHERE persistent_identifier = ?2))
            """, [ProcessIdentity.current, session, keepingCrashMarks])
    }

    /// Why a restore passes over a snapshot with `marks`, or `nil` when it does not.
    static func reasonToPassOver(_ marks: Marks, quarantineAt limit: Int, period: Duration?) -> String? {
        if marks.isCrashMarked { return "a restore of it crashed or was killed part-way" }
        guard marks.quarantinedAt || marks.strikes >= limit else { return nil }
        let milliseconds = period?.wholeMilliseconds ?? 0
        let within = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
        let when = period == nil ? "before its launch counted as good" : "within \(within) of restoring it"
        let times = marks.strikes == 2 ? "twice" : marks.strikes == 1 ? "once" : "\(marks.strikes) times"
        return "quarantined: the app crashed or was killed \(when), \(times)"
    }
}

/// What a save is compared with to tell whether the user moved on from the restored state: not
/// whether views were loaded or shown, which showing the restored screens changes by itself.
struct RestorableState: Sendable, Equatable {
    private let controllers: [ControllerRecord]
    private let objects: [ObjectRecord]
    private let applicationValues: [String: CodedValue]

    init(_ controllers: [ControllerRecord], _ objects: [ObjectRecord], _ applicationValues: [String: CodedValue]) {
        self.controllers = controllers.map { record in
            var record = record
            record.isViewLoaded = false
            record.appearance = .disappeared
            return record
        }
        self.objects = objects
        self.applicationValues = applicationValues
    }
}
