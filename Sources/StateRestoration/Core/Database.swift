import CSQLite
import Foundation

/// One SQLite connection, configured as docs/behaviour.md §8.1 says (WAL, a busy timeout, foreign
/// keys, owner-only files), used from one thread at a time (``RestorationStore`` serializes access).
public final class Database {
    /// How to open the file.
    public enum Mode: Sendable {
        /// Read and write, creating the file (owner-only) when missing.
        case readWrite
        /// Read only; a missing file is an error and is never created.
        case readOnly
    }

    /// The file this connection opened.
    public let path: String
    let handle: OpaquePointer
    private var cachedStatements: [String: Statement] = [:]
    /// Whether the file is read as immutable, without locks, because its directory cannot hold
    /// SQLite's shared-memory file: a save by another process meanwhile would not be seen.
    public private(set) var isReadWithoutLocks = false

    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`,
    /// unless the connection is opened with another timeout.
    public static let busyTimeoutMilliseconds: Int32 = 5_000
    private let busyTimeout: Int32

    /// Opens `path`, whose statements wait `busyTimeoutMilliseconds` for a lock (0: fail at once). A
    /// read-write open creates a missing file with mode 0600, which SQLite gives its -wal and -shm too.
    public init(path: String, mode: Mode, busyTimeoutMilliseconds: Int32 = busyTimeoutMilliseconds) throws(DatabaseError) {
        self.path = path
        busyTimeout = max(busyTimeoutMilliseconds, 0)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue {
            throw DatabaseError(resultCode: SQLITE_CANTOPEN, message: "is a directory, not a database file", path: path)
        }
        if !exists {
            guard mode == .readWrite else {
                throw DatabaseError(resultCode: SQLITE_CANTOPEN, message: "no such file", path: path)
            }
            let descriptor = open(path, O_CREAT | O_EXCL | O_RDWR, 0o600)
            if descriptor >= 0 {
                close(descriptor)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw DatabaseError(resultCode: SQLITE_CANTOPEN, message: "cannot create the file: \(reason)", path: path)
            }
        }
        // A read-only look at a file without a write-ahead log opens read-write with writes
        // refused (`query_only`): SQLite then deletes the -wal and -shm files it makes for the
        // read when the connection closes, where a read-only connection would leave them behind.
        let leavesNoLog = mode == .readOnly && !FileManager.default.fileExists(atPath: path + "-wal")
        let flags = leavesNoLog || mode == .readWrite ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY
        let first = try Self.connect(path, flags: flags, busyTimeout: busyTimeout, path: path)
        do {
            try Self.readSchema(first, readOnly: mode == .readOnly, path: path)
            handle = first
        } catch {
            // A directory that cannot hold the -shm file (read-only media, a sealed bundle) fails
            // the first read, not the open: with no -wal, the file alone is the whole database,
            // and SQLite can read it as immutable.
            guard [SQLITE_READONLY, SQLITE_CANTOPEN].contains(error.primaryResultCode), mode == .readOnly else { throw error }
            guard leavesNoLog else {
                throw DatabaseError(resultCode: error.resultCode, message: """
                    cannot be read where it is: its directory is read-only, and its write-ahead log \
                    (\(URL(fileURLWithPath: path).lastPathComponent)-wal) can only be read through a -shm file \
                    beside it; copy the file and its -wal to a writable directory
                    """, path: path)
            }
            let uri = URL(fileURLWithPath: path).absoluteString + "?immutable=1"
            let immutable = try Self.connect(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, busyTimeout: busyTimeout,
                                             path: path)
            try Self.readSchema(immutable, readOnly: true, path: path)
            handle = immutable
            isReadWithoutLocks = true
        }
    }

    private static func connect(_ name: String, flags: Int32, busyTimeout: Int32,
                                path: String) throws(DatabaseError) -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(name, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: code, message: message, path: path)
        }
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, busyTimeout)
        return opened
    }

    /// Turns foreign keys on, sets `synchronous = NORMAL` (docs/behaviour.md §8.1) or refuses
    /// writes, and reads the schema in one `sqlite3_exec`: the first thing that touches the file's
    /// contents, so a file that is not a database fails here, clearly. Closes `handle` on failure.
    /// The migrator sets the journal mode, which the file keeps: not at every open.
    private static func readSchema(_ handle: OpaquePointer, readOnly: Bool, path: String) throws(DatabaseError) {
        navstate_enable_foreign_keys(handle)
        let setting = readOnly ? "PRAGMA query_only = ON" : "PRAGMA synchronous = NORMAL"
        guard sqlite3_exec(handle, setting + "; SELECT count(*) FROM sqlite_master", nil, nil, nil) != SQLITE_OK else { return }
        let message = String(cString: sqlite3_errmsg(handle))
        let error = DatabaseError(resultCode: sqlite3_extended_errcode(handle), message: message, path: path)
        sqlite3_close_v2(handle)
        throw error
    }

    /// Deletes the database at `path` and SQLite's -wal, -shm and -journal files beside it, if there.
    public static func removeFiles(atPath path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Whether this connection changed any row since it opened.
    var hasChangedRows: Bool { sqlite3_total_changes64(handle) > 0 }

    /// Leaves the -wal file as it is when this connection closes, instead of copying it in (docs/behaviour.md §8.5).
    func keepWriteAheadLogOnClose() { navstate_keep_wal_on_close(handle) }

    deinit {
        // Finalized first, so that the connection closes now rather than when they go.
        cachedStatements = [:]
        sqlite3_close_v2(handle)
    }

    /// Prepares `sql`.
    public func prepare(_ sql: String) throws(DatabaseError) -> Statement { try Statement(database: self, sql: sql) }

    /// The statement for `sql`, reset and unbound, compiled once per connection (compiling costs
    /// more than a small statement's run); not while another use of the text still reads rows.
    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = cachedStatements[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        // A caller running texts it builds each time must not make the cache grow without end.
        if cachedStatements.count >= 64 { cachedStatements = [:] }
        cachedStatements[sql] = statement
        return statement
    }

    /// Runs `sql` with `arguments` bound, ignoring rows.
    public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws(DatabaseError) {
        try cachedStatement(sql).execute(arguments.map(\.databaseValue))
    }

    /// Runs a script of several statements without arguments (migrations).
    public func executeScript(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
    }

    /// The first column of the first row when it is an integer, else `nil`.
    public func scalarInteger(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws(DatabaseError) -> Int64? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments.map(\.databaseValue))
        return try statement.step() ? statement.integer(at: 0) : nil
    }

    /// The row id of the last insert.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last statement changed.
    public var changedRowCount: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in an immediate transaction, committed when it returns, rolled back when it throws.
    public func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in an immediate transaction unless another connection holds the write lock, not
    /// waiting for it (a restore never waits for a writer); `false`, having written nothing, when it did not run.
    func inTransactionWithoutWaiting(_ body: () throws -> Void) throws -> Bool {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, busyTimeout) }
        do {
            try inTransaction(body)
            return true
        } catch let error as DatabaseError where error.isBusy {
            return false
        }
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a read transaction, so that its statements see one committed state whatever
    /// writers commit meanwhile; inside an open transaction, simply in it.
    public func inReadTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        if isInTransaction { return try body() }
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// The error SQLite reports on this connection for a failed `code`.
    func error(code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        return DatabaseError(resultCode: extended != 0 ? extended : code, message: message, sql: sql, path: path)
    }
}
