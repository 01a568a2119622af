import CSQLite
import Foundation

/// What opening a store does with a file it cannot use (docs/behaviour.md §8.5).
public enum StoreRecovery: Sendable, Hashable {
    /// Moves the file, with its `-wal` and `-shm` files, aside and starts a fresh store.
    case moveAside
}

/// What ``StoreRecovery/moveAside`` did about a file it could not use (``RestorationStore/recovery``).
public struct StoreRecoveryReport: Sendable, Hashable, CustomStringConvertible {
    /// Why the file could not be used: the error a plain open throws.
    public var error: StoreError
    /// Where the database file went, its `-wal` and `-shm` files to the same name, so that SQLite reads it whole.
    public var movedTo: String
    /// Every file moved, by its new path.
    public var movedFiles: [String]

    public var description: String {
        let extras = movedFiles.count > 1 ? " (with its \(movedFiles.dropFirst().map { $0.dropFirst(movedTo.count) }.joined(separator: " and ")))" : ""
        return "\(error); moved it aside to \(movedTo)\(extras) and started a fresh store"
    }

    /// Opens `path` with `open`; when that fails because of the file itself, or the file is
    /// damaged (`PRAGMA quick_check`), moves the file aside and opens again.
    static func opening(_ path: String,
                        with open: () throws(StoreError) -> Database) throws(StoreError) -> (Database, StoreRecoveryReport?) {
        let unusable: (error: StoreError, reason: String)
        do {
            let database = try open()
            guard let damage = quickCheck(database) else { return (database, nil) }
            database.keepWriteAheadLogOnClose()
            unusable = (.database(damage), "damaged")
        } catch {
            guard let reason = reason(error) else { throw error }
            unusable = (error, reason)
        }
        let moved = try moveAside(path, reason: unusable.reason)
        return (try open(), StoreRecoveryReport(error: unusable.error, movedTo: moved[0], movedFiles: moved))
    }

    /// What is wrong with the file as SQLite checks it cheaply, or `nil` when it is sound.
    private static func quickCheck(_ database: Database) -> DatabaseError? {
        do {
            let statement = try database.prepare("PRAGMA quick_check(1)")
            guard try statement.step(), let result = statement.text(at: 0) else { return nil }
            return result == "ok" ? nil : DatabaseError(resultCode: SQLITE_CORRUPT, message: "the file is damaged: \(result)", path: database.path)
        } catch {
            return error.isCorruption ? error : nil
        }
    }

    /// The word a moved-aside file's name gives for `error`, or `nil` when the error is not the
    /// file's fault (busy, permissions, a full disk) and moving it would not help.
    private static func reason(_ error: StoreError) -> String? {
        switch error {
        case .newerSchema: return "newer-schema"
        case .unsupportedSchema: return "older-schema"
        case .notANavstateDatabase: return "not-navstate"
        case .migrationFailed: return "migration-failed"
        case .database(let error) where error.primaryResultCode == SQLITE_NOTADB: return "not-a-database"
        case .database(let error) where error.primaryResultCode == SQLITE_CORRUPT: return "damaged"
        default: return nil
        }
    }

    /// Renames `path` and the files SQLite keeps beside it to `<path>.<reason>-<UTC time>`
    /// (numbered when taken); the new paths, the database file's first.
    private static func moveAside(_ path: String, reason: String) throws(StoreError) -> [String] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let base = "\(path).\(reason)-\(formatter.string(from: Date()))"
        let target = (1...).lazy.map { $0 == 1 ? base : "\(base)-\($0)" }.first { name in
            ["", "-wal", "-shm"].allSatisfy { !FileManager.default.fileExists(atPath: name + $0) }
        } ?? base
        var moved: [String] = []
        for suffix in ["", "-wal", "-shm", "-journal"] where suffix.isEmpty || FileManager.default.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, target + suffix) == 0 else {
                throw StoreError.database(DatabaseError(resultCode: SQLITE_CANTOPEN,
                                                        message: "cannot move the unusable file aside to \(target + suffix): \(String(cString: strerror(errno)))",
                                                        path: path + suffix))
            }
            moved.append(target + suffix)
        }
        return moved
    }
}
