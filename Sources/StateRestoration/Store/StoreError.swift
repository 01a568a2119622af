/// Why the store refused or failed: always naming the file, and the snapshot, key or path at fault.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite failed (busy, not a database, disk full…).
    case database(DatabaseError)
    /// The file's schema is newer than this library; the file was not changed.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file's schema predates the oldest this library opens; the file was not changed.
    case unsupportedSchema(path: String, found: Int, oldestSupported: Int)
    /// The file is a SQLite database of some other application; it was not changed.
    case notANavstateDatabase(path: String, reason: String)
    /// A migration failed; it and every migration pending with it were rolled back.
    case migrationFailed(path: String, migration: String, reason: String)
    /// There is no snapshot to read.
    case noSnapshot(path: String)
    /// No snapshot has this id.
    case snapshotNotFound(path: String, id: Int64)
    /// A snapshot's rows break the schema's rules (tampered or corrupted); the file was not changed.
    case corruptSnapshot(path: String, snapshot: Int64, reason: String)
    /// A scene session's rows (`session` is its row's `id`) break the schema's rules.
    case corruptSession(path: String, session: Int64, reason: String)
    /// No scene session has this persistent identifier.
    case sessionNotFound(path: String, identifier: String)
    /// The hierarchy cannot be saved as it is.
    case invalidHierarchy(reason: String)
    /// The store was closed (``RestorationStore/close()``) and cannot be used any more.
    case closed(path: String)

    public var description: String {
        switch self {
        case .database(let error): error.description
        case .newerSchema(let path, let found, let supported):
            "\(path): the database has schema version \(found), newer than version \(supported) that this navstate reads; "
                + "it was not changed"
        case .unsupportedSchema(let path, let found, let oldest):
            "\(path): the database has schema version \(found), older than version \(oldest), the oldest this navstate reads; "
                + "it was not changed. navstate 0.1.0's `navstate migrate` converts it; an app opening it with "
                + "`recovery: .moveAside` moves it aside and starts afresh"
        case .notANavstateDatabase(let path, let reason): "\(path): not a navstate database: \(reason)"
        case .migrationFailed(let path, let migration, let reason):
            "\(path): migration \(migration) failed; every pending migration was rolled back: \(reason)"
        case .noSnapshot(let path): "\(path): the database holds no snapshot"
        case .snapshotNotFound(let path, let id): "\(path): there is no snapshot \(id)"
        case .corruptSnapshot(let path, let snapshot, let reason): "\(path): snapshot \(snapshot) is damaged: \(reason)"
        case .corruptSession(let path, let session, let reason): "\(path): scene session \(session) is damaged: \(reason)"
        case .sessionNotFound(let path, let identifier): "\(path): there is no scene session \(identifier)"
        case .invalidHierarchy(let reason): "cannot save the hierarchy: \(reason)"
        case .closed(let path): "\(path): the store was closed; open the file again to use it"
        }
    }

    /// Runs `body`, turning SQLite's and the reader's errors into store errors that name the file at `path`.
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
