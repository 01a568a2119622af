/// Why the store refused or failed: always naming the file, and the snapshot, key or path at fault.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite failed (busy, not a database, disk full…).
    case database(DatabaseError)
    /// The file's schema is newer than this library; the file was not changed.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file is a SQLite database of some other application; it was not changed.
    case notANavstateDatabase(path: String, reason: String)
    /// A migration failed and was rolled back.
    case migrationFailed(path: String, migration: String, reason: String)
    /// There is no snapshot to read.
    case noSnapshot(path: String)
    /// No snapshot has this id.
    case snapshotNotFound(path: String, id: Int64)
    /// A snapshot's rows break the schema's rules (tampered or corrupted); the file was not changed.
    case corruptSnapshot(path: String, snapshot: Int64, reason: String)
    /// A scene session's rows break the schema's rules (tampered or corrupted); `session` is its
    /// row's `id`.
    case corruptSession(path: String, session: Int64, reason: String)
    /// No scene session has this persistent identifier.
    case sessionNotFound(path: String, identifier: String)
    /// The hierarchy cannot be saved as it is.
    case invalidHierarchy(reason: String)
    /// The store was closed (``RestorationStore/close()``) and cannot be used any more.
    case closed(path: String)

    public var description: String {
        switch self {
        case .database(let error):
            return error.description
        case .newerSchema(let path, let found, let supported):
            return "\(path): the database has schema version \(found), newer than version \(supported) that this navstate reads; it was not changed"
        case .notANavstateDatabase(let path, let reason):
            return "\(path): not a navstate database: \(reason)"
        case .migrationFailed(let path, let migration, let reason):
            return "\(path): migration \(migration) failed and was rolled back: \(reason)"
        case .noSnapshot(let path):
            return "\(path): the database holds no snapshot"
        case .snapshotNotFound(let path, let id):
            return "\(path): there is no snapshot \(id)"
        case .corruptSnapshot(let path, let snapshot, let reason):
            return "\(path): snapshot \(snapshot) is damaged: \(reason)"
        case .corruptSession(let path, let session, let reason):
            return "\(path): scene session \(session) is damaged: \(reason)"
        case .sessionNotFound(let path, let identifier):
            return "\(path): there is no scene session \(identifier)"
        case .invalidHierarchy(let reason):
            return "cannot save the hierarchy: \(reason)"
        case .closed(let path):
            return "\(path): the store was closed; open the file again to use it"
        }
    }
}

extension StoreError {
    /// Runs `body` on the database at `path`, turning SQLite's and the reader's errors into
    /// store errors that name the file.
    static func wrapping<Result>(path: String, _ body: () throws -> Result) throws(StoreError) -> Result {
        do {
            return try body()
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw .database(error)
        } catch {
            throw .database(DatabaseError(resultCode: 1, message: "\(error)", path: path))
        }
    }
}
