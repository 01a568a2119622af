import Foundation

/// A navstate database opened read-only, for tools: it never creates a missing file, never
/// migrates, never writes, and reads snapshots without the app's classes.
public final class SnapshotInspector: @unchecked Sendable {
    /// The database file.
    public let path: String

    // Guarded by `lock`.
    private let database: Database
    private let lock = NSLock()

    /// Opens `path` read-only. Refuses a missing file, a directory, a file that is not a
    /// database, another application's database and a newer schema, naming the file.
    public init(path: String) throws(StoreError) {
        self.path = path
        database = try StoreError.wrapping(path: path) { try Database(path: path, mode: .readOnly) }
        try Migrator.validate(database)
        let version = try StoreError.wrapping(path: path) { try Migrator.currentVersion(of: database) }
        guard version > 0 else {
            throw StoreError.notANavstateDatabase(path: path, reason: "it holds no navstate schema (an empty database)")
        }
    }

    private func withDatabase<Result>(_ body: (Database) throws -> Result) throws(StoreError) -> Result {
        // Foundation's `withLock` does not carry typed throws.
        lock.lock()
        defer { lock.unlock() }
        return try StoreError.wrapping(path: path) { try body(database) }
    }

    /// The schema version of the file.
    public func schemaVersion() throws(StoreError) -> Int {
        try withDatabase { try Migrator.currentVersion(of: $0) }
    }

    /// The migrations this library would apply to the file.
    public func pendingMigrations() throws(StoreError) -> [Migration] {
        try Migrator.pendingMigrations(in: database)
    }

    /// Every snapshot, newest first.
    public func snapshots() throws(StoreError) -> [SnapshotSummary] {
        try withDatabase { database in try SnapshotReader.summaries(database) }
    }

    /// Snapshot `id`, or the newest when `nil`, with every problem found in its rows.
    public func loadSnapshot(id: Int64? = nil) throws(StoreError) -> LoadedSnapshot {
        try withDatabase { database in try SnapshotReader.load(idOrNewest: id, from: database) }
    }

    /// SQLite's `PRAGMA integrity_check`: empty when the file is sound, else its findings.
    public func integrityProblems() throws(StoreError) -> [String] {
        try withDatabase { database in
            var findings: [String] = []
            try database.prepare("PRAGMA integrity_check").forEachRow { row in
                if let line = row.text(at: 0), line != "ok" { findings.append(line) }
            }
            return findings
        }
    }
}
