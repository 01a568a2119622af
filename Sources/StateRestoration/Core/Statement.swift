import CSQLite
import Foundation

/// SQLite's marker for "copy the bound bytes now"; not imported into Swift.
private let transientDestructor = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A prepared statement, finalized when released. Values only ever reach SQL as bound
/// parameters.
public final class Statement {
    /// The SQL text.
    public let sql: String
    private let handle: OpaquePointer
    private unowned let database: Database

    init(database: Database, sql: String) throws(DatabaseError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw database.error(code: code, sql: sql)
        }
        self.sql = sql
        self.handle = prepared
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The index of the result column `name` (an `AS` alias, or the column's name, exactly as the
    /// SQL spells it), the leftmost of a repeated name, as GRDB finds it; `nil` when there is none.
    /// A scan rather than GRDB's dictionary: a name is looked up once per statement, and most
    /// statements run once per connection.
    func index(ofColumn name: String) -> Int? {
        name.withCString { wanted in
            (0..<Int(sqlite3_column_count(handle))).first { index in
                sqlite3_column_name(handle, Int32(index)).map { strcmp($0, wanted) == 0 } ?? false
            }
        }
    }

    /// Ends the current run, releasing what it holds (a read lock while rows remain), and
    /// clears the bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to the parameters, in order, replacing earlier bindings.
    public func bind(_ values: [any DatabaseValueConvertible]) throws(DatabaseError) {
        try bind(values.map(\.databaseValue))
    }

    /// Binds `values` to the parameters, in order, replacing earlier bindings: the writer's rows,
    /// already SQLite's values.
    func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
        // Every parameter is bound again below (the count is checked), so the old bindings need
        // no clearing first.
        sqlite3_reset(handle)
        try checkArgumentCount(values.count)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds `value` at `index`; SQLite copies text and blobs.
    private func bind(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let number):
            code = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // With its byte count, so text holding a NUL binds whole.
            code = sqlite3_bind_text64(handle, index, text, sqlite3_uint64(text.utf8.count), transientDestructor, UInt8(SQLITE_UTF8))
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                // A zero-length blob still binds as a blob, not NULL.
                sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                    sqlite3_uint64(bytes.count), transientDestructor)
            }
        }
        try check(code)
    }

    private func check(_ code: Int32) throws(DatabaseError) {
        guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
    }

    private func checkArgumentCount(_ count: Int) throws(DatabaseError) {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard count == expected else {
            throw DatabaseError(resultCode: SQLITE_RANGE, message: "expected \(expected) arguments, got \(count)",
                                sql: sql, path: database.path)
        }
    }

    /// Runs the statement to completion with `values` bound, ignoring rows. Reset when a step
    /// fails, so a kept statement holds nothing after.
    public func execute(_ values: [any DatabaseValueConvertible] = []) throws(DatabaseError) {
        try execute(values.map(\.databaseValue))
    }

    /// Runs the statement to completion with `values` bound, as ``execute(_:)`` does.
    func execute(_ values: [DatabaseValue]) throws(DatabaseError) {
        try bind(values)
        do {
            while try step() {}
        } catch {
            reset()
            throw error
        }
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

    /// Calls `body` for every row. Reset when `body` throws, so it holds no read lock after.
    public func forEachRow(_ values: [any DatabaseValueConvertible] = [], _ body: (Statement) throws -> Void) throws {
        try bind(values)
        do {
            while try step() { try body(self) }
        } catch {
            reset()
            throw error
        }
    }

    // MARK: - Columns of the current row

    /// The column's value, whatever its storage class.
    public func value(at column: Int) -> DatabaseValue {
        let index = Int32(column)
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(text(at: column) ?? "")
        case SQLITE_BLOB: return .blob(blob(at: column) ?? Data())
        default: return .null
        }
    }

    /// The column's size in bytes (text or blob), read without copying it.
    public func byteCount(at column: Int) -> Int {
        Int(sqlite3_column_bytes(handle, Int32(column)))
    }

    /// The column as an integer when it holds one, else `nil`.
    public func integer(at column: Int) -> Int64? {
        guard sqlite3_column_type(handle, Int32(column)) == SQLITE_INTEGER else { return nil }
        return sqlite3_column_int64(handle, Int32(column))
    }

    /// The column as text when it holds text, else `nil`.
    public func text(at column: Int) -> String? {
        let index = Int32(column)
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT, let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as bytes when it holds a blob (empty for an empty one), else `nil`.
    public func blob(at column: Int) -> Data? {
        let index = Int32(column)
        guard sqlite3_column_type(handle, index) == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

// MARK: - Columns by name

extension Statement {
    /// The column `name`'s value, whatever its storage class; `.null` when the statement has no
    /// such column.
    func value(named name: String) -> DatabaseValue {
        index(ofColumn: name).map(value(at:)) ?? .null
    }

    /// The column `name` as an integer when it holds one, else `nil`.
    func integer(named name: String) -> Int64? {
        index(ofColumn: name).flatMap(integer(at:))
    }

    /// The column `name` as text when it holds text, else `nil`.
    func text(named name: String) -> String? {
        index(ofColumn: name).flatMap(text(at:))
    }
}

/// Where a statement's result holds each column of a table, and its `checksum`, found by name
/// once per statement rather than at every row.
struct ResultColumns<Column: TableColumn> {
    private let indexes: [Int?]
    /// The `checksum` column's index.
    let checksum: Int?

    init(_ statement: Statement) {
        indexes = Column.allCases.map { statement.index(ofColumn: $0.name) }
        checksum = statement.index(ofColumn: "checksum")
    }

    /// The index of `column` in the result, or `nil` when the statement does not select it.
    subscript(column: Column) -> Int? { indexes[column.rawValue] }

    /// The current row of `statement`: every column of the table, read once.
    func row(_ statement: Statement) -> Row<Column> {
        Row(values: indexes.map { $0.map(statement.value(at:)) ?? .null })
    }

    /// Whether the current row's columns match its `checksum`; the row, read once.
    func verifiedRow(_ statement: Statement) -> Row<Column>? {
        let row = row(statement)
        return checksum.flatMap(statement.integer(at:)) == Checksum.of(row.values) ? row : nil
    }

    /// The size in bytes of `column` in the current row, read without copying it.
    func byteCount(_ column: Column, in statement: Statement) -> Int {
        self[column].map(statement.byteCount(at:)) ?? 0
    }
}

/// One row's columns of a table, read once: what its checksum covers (``values``, in the
/// table's column order) and what the reader decodes, by column.
struct Row<Column: TableColumn> {
    /// Every column's value, in ``TableColumn`` order.
    let values: [DatabaseValue]

    /// The value of `column`.
    subscript(column: Column) -> DatabaseValue { values[column.rawValue] }

    /// `column` as an integer when it holds one.
    func integer(_ column: Column) -> Int64? {
        if case .integer(let value) = self[column] { value } else { nil }
    }

    /// `column` as text when it holds text.
    func text(_ column: Column) -> String? {
        if case .text(let value) = self[column] { value } else { nil }
    }
}
