import Foundation

/// What ``RestorationStore`` and ``SnapshotInspector`` both read, snapshots and scene sessions, through one locked connection.
public class SnapshotDatabase: @unchecked Sendable {
    /// The database file.
    public let path: String
    let lock = NSLock()
    // Guarded by `lock`, as a SQLite connection is not for two threads at once; `nil` once a store is closed.
    var database: Database?

    init(path: String, database: Database) {
        self.path = path
        self.database = database
    }

    func withDatabase<Result>(_ body: (Database) throws -> Result) throws(StoreError) -> Result {
        // Foundation's `withLock` does not carry typed throws.
        lock.lock()
        defer { lock.unlock() }
        guard let database else { throw StoreError.closed(path: path) }
        return try StoreError.wrapping(path: path) { try body(database) }
    }

    /// Every snapshot, newest first; with `session`, that scene session's, which must exist.
    public func snapshots(session identifier: String? = nil) throws(StoreError) -> [SnapshotSummary] {
        try withDatabase { database in
            let sessionQuery = "SELECT count(*) FROM scene_session WHERE persistent_identifier = ?"
            if let identifier, try database.scalarInteger(sessionQuery, [identifier]) != 1 {
                throw StoreError.sessionNotFound(path: path, identifier: identifier)
            }
            return try SnapshotReader.summaries(database, session: identifier)
        }
    }

    /// Snapshot `id`, or the newest when `nil`, with every problem found in its rows.
    public func loadSnapshot(id: Int64? = nil) throws(StoreError) -> LoadedSnapshot {
        try withDatabase { database in try SnapshotReader.load(idOrNewest: id, from: database) }
    }

    /// Every scene session, in the order they were first saved, each read on its own: the session, or why its rows are damaged.
    public func sessions() throws(StoreError) -> [Result<StoredSession, StoreError>] {
        try withDatabase { database in try SceneSessionReader.sessions(database) }
    }

    /// The schema version of the file.
    public func schemaVersion() throws(StoreError) -> Int {
        try withDatabase { database in try Migrator.currentVersion(of: database) }
    }
}
