import Foundation

/// Scene sessions, read-only: what `navstate sessions` lists and `--session` chooses from.
///
/// ```swift
/// let newestOfLeft = try SnapshotInspector(path: "state.sqlite").snapshots(session: "left").first
/// ```
extension SnapshotInspector {
    /// Every scene session, in the order they were first saved: each one read, or why its rows are damaged.
    public func sessions() throws(StoreError) -> [Result<StoredSession, StoreError>] {
        try withDatabase { database in try SceneSessionReader.sessions(database) }
    }

    /// The snapshots of scene session `identifier`, newest first; throws
    /// ``StoreError/sessionNotFound(path:identifier:)`` when no session has that identifier.
    public func snapshots(session identifier: String) throws(StoreError) -> [SnapshotSummary] {
        try withDatabase { database in
            guard try database.scalarInteger("SELECT count(*) FROM scene_session WHERE persistent_identifier = ?", [identifier]) == 1 else {
                throw StoreError.sessionNotFound(path: path, identifier: identifier)
            }
            return try SnapshotReader.summaries(database, session: identifier)
        }
    }
}
