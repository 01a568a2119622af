import CSQLite

/// Every failure of the SQLite layer: the SQLite result code, its message, the SQL that failed,
/// and the file, so an error always says where it comes from.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended SQLite result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, `SQLITE_NOTADB`, …).
    public let resultCode: Int32
    /// SQLite's message, or ours for failures SQLite does not report.
    public let message: String
    /// The statement that failed, when one did.
    public internal(set) var sql: String?
    /// The database file.
    public let path: String

    /// The primary result code, without the extended bits.
    public var primaryResultCode: Int32 { resultCode & 0xFF }

    /// Whether another connection holds the lock the operation needed.
    public var isBusy: Bool { primaryResultCode == SQLITE_BUSY || primaryResultCode == SQLITE_LOCKED }

    /// Whether the disk (full, failing, read-only), memory or permissions failed, not the file (docs/behaviour.md §8.5).
    public var isEnvironmental: Bool {
        [SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_NOMEM, SQLITE_CANTOPEN, SQLITE_PERM].contains(primaryResultCode)
    }

    /// Whether SQLite found the file not to be a database, or damaged.
    public var isCorruption: Bool { primaryResultCode == SQLITE_CORRUPT || primaryResultCode == SQLITE_NOTADB }

    public var description: String {
        let name = sqlite3_errstr(resultCode).map { ": " + String(cString: $0) } ?? ""
        return "\(path): \(message) (SQLite error \(resultCode)\(name))" + (sql.map { " while executing: \($0)" } ?? "")
    }
}
