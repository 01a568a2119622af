import CSQLite

/// Told, after each commit of a connection, how many frames its write-ahead log holds.
/// Called on the committing thread, inside the commit: it must not use the connection.
final class CommitObserver: @unchecked Sendable {
    private let committed: (_ logFrames: Int) -> Void

    init(_ committed: @escaping (_ logFrames: Int) -> Void) {
        self.committed = committed
    }

    fileprivate func tell(_ logFrames: Int) { committed(logFrames) }
}

extension Database {
    /// Calls `observer` after every commit of this connection with the write-ahead log's size in
    /// frames (pages), and turns off SQLite's automatic checkpoint, which the same hook drives:
    /// whoever observes decides when to checkpoint (``checkpointPassively()``), as a store's
    /// ``Checkpointer`` does, off the committing thread.
    func observeCommits(_ observer: CommitObserver) {
        commitObserver = observer
        sqlite3_wal_hook(handle, { context, _, _, frames in
            guard let context else { return SQLITE_OK }
            Unmanaged<CommitObserver>.fromOpaque(context).takeUnretainedValue().tell(Int(frames))
            return SQLITE_OK
        }, Unmanaged.passUnretained(observer).toOpaque())
    }

    /// Copies into the database file what the write-ahead log holds and no reader still needs,
    /// without waiting for any lock (SQLite's passive checkpoint, the kind the automatic one
    /// runs). Says how many frames the log holds and how many of them are now in the file.
    @discardableResult
    func checkpointPassively() throws(DatabaseError) -> (logFrames: Int, checkpointedFrames: Int) {
        var logFrames: Int32 = 0
        var checkpointed: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &checkpointed)
        guard code == SQLITE_OK else { throw error(code: code, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        return (Int(logFrames), Int(checkpointed))
    }
}
