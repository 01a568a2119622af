import CSQLite
import Foundation

/// SQLite's marker for "copy the bound bytes now"; not imported into Swift.
private let transientDestructor = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A prepared statement, finalized when released. Values only ever reach SQL as bound parameters.
public final class Statement {
    /// The SQL text.
    public let sql: String
    private let handle: OpaquePointer
    private unowned let database: Database

    init(database: Database, sql: String) throws(DatabaseError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw database.error(code: code, sql: sql) }
        self.sql = sql
        self.handle = prepared
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// The index of the leftmost result column named `name` as the SQL spells it, as in GRDB (a scan: few columns).
    func index(ofColumn name: String) -> Int? {
        name.withCString { wanted in
            (0..<Int(sqlite3_column_count(handle))).first { index in
                sqlite3_column_name(handle, Int32(index)).map { strcmp($0, wanted) == 0 } ?? false
            }
        }
    }

    /// Ends the current run, releasing what it holds (a read lock while rows remain), and clears the bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to the parameters of a fresh or reset statement, in order, replacing earlier bindings.
    public func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
        // Every parameter is bound again below (the count is checked): no clearing needed first.
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw DatabaseError(resultCode: SQLITE_RANGE, message: "expected \(expected) arguments, got \(values.count)",
                                sql: sql, path: database.path)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            case .real(let number): sqlite3_bind_double(handle, index, number)
            // With its byte count, so text holding a NUL binds whole; SQLite copies text and blobs.
            case .text(let text):
                sqlite3_bind_text64(handle, index, text, sqlite3_uint64(text.utf8.count), transientDestructor, UInt8(SQLITE_UTF8))
            case .blob(let data):
                data.withUnsafeBytes { bytes in
                    // A zero-length blob still binds as a blob, not NULL.
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                        sqlite3_uint64(bytes.count), transientDestructor)
                }
            }
            guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
        }
    }

    /// Runs the statement to completion with `values` bound, ignoring rows.
    func execute(_ values: [DatabaseValue]) throws(DatabaseError) {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Advances to the next row; `false` when done.
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code: code, sql: sql)
        }
    }

    /// Calls `body` for every row, then resets, so that a throw leaves no read lock held.
    public func forEachRow(_ values: [any DatabaseValueConvertible] = [], _ body: (Statement) throws -> Void) throws {
        try bind(values.map(\.databaseValue))
        defer { sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    /// The column's value, whatever its storage class.
    public func value(at column: Int) -> DatabaseValue {
        switch sqlite3_column_type(handle, Int32(column)) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, Int32(column)))
        case SQLITE_FLOAT: .real(sqlite3_column_double(handle, Int32(column)))
        case SQLITE_TEXT: .text(text(at: column) ?? "")
        case SQLITE_BLOB: .blob(blob(at: column) ?? Data())
        default: .null
        }
    }

    /// The column's size in bytes (text or blob), read without copying it.
    public func byteCount(at column: Int) -> Int { Int(sqlite3_column_bytes(handle, Int32(column))) }

    /// The column as an integer when it holds one, else `nil`.
    public func integer(at column: Int) -> Int64? {
        guard sqlite3_column_type(handle, Int32(column)) == SQLITE_INTEGER else { return nil }
        return sqlite3_column_int64(handle, Int32(column))
    }

    /// The column as text when it holds text, else `nil`.
    public func text(at column: Int) -> String? {
        guard sqlite3_column_type(handle, Int32(column)) == SQLITE_TEXT else { return nil }
        guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: byteCount(at: column)), as: UTF8.self)
    }

    /// The column as bytes when it holds a blob (empty for an empty one), else `nil`.
    public func blob(at column: Int) -> Data? {
        guard sqlite3_column_type(handle, Int32(column)) == SQLITE_BLOB else { return nil }
        let count = byteCount(at: column)
        guard count > 0, let bytes = sqlite3_column_blob(handle, Int32(column)) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The column `name`'s value, whatever its storage class; `.null` when there is no such column.
    func value(named name: String) -> DatabaseValue { index(ofColumn: name).map(value(at:)) ?? .null }
    func integer(named name: String) -> Int64? { index(ofColumn: name).flatMap(integer(at:)) }
    func text(named name: String) -> String? { index(ofColumn: name).flatMap(text(at:)) }
}

/// Where a statement's result holds each column of a table, and its `checksum`, found by name
/// once per statement rather than at every row.
struct ResultColumns<Column: TableColumn> {
    private let indexes: [Int?]
    private let checksum: Int?

    init(_ statement: Statement) {
        indexes = Column.allCases.map { statement.index(ofColumn: $0.name) }
        checksum = statement.index(ofColumn: "checksum")
    }

    /// The index of `column` in the result, or `nil` when the statement does not select it.
    subscript(column: Column) -> Int? { indexes[column.rawValue] }

    /// The current row of `statement`, every column read once, if its columns match its `checksum`.
    func verifiedRow(_ statement: Statement) -> Row<Column>? {
        let row = Row<Column>(values: indexes.map { $0.map(statement.value(at:)) ?? .null })
        return checksum.flatMap(statement.integer(at:)) == Checksum.of(row.values) ? row : nil
    }

    /// The size in bytes of `column` in the current row, read without copying it.
    func byteCount(_ column: Column, in statement: Statement) -> Int { self[column].map(statement.byteCount(at:)) ?? 0 }
}

/// One row's columns of a table, in ``TableColumn`` order: what its checksum covers.
struct Row<Column: TableColumn> {
    let values: [DatabaseValue]

    subscript(column: Column) -> DatabaseValue { values[column.rawValue] }

    func integer(_ column: Column) -> Int64? { if case .integer(let value) = self[column] { value } else { nil } }
    func text(_ column: Column) -> String? { if case .text(let value) = self[column] { value } else { nil } }
}
